import type { ReactNode } from 'react'

/**
 * A page's <h1> with an optional kicker above it and a lead paragraph below. A compact header (the
 * search page's) is smaller on a wide screen, where the results and the map need the height.
 */
export function PageHeader({
  kicker,
  title,
  children,
  isCompact = false,
}: {
  kicker?: string
  title: string
  children?: ReactNode
  isCompact?: boolean
}) {
  return (
    <header className="max-w-3xl">
      {kicker ? <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{kicker}</p> : null}
      <h1 className={`mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl ${isCompact ? 'lg:mt-1 lg:text-3xl' : ''}`}>{title}</h1>
      {children ? (
        <div className={`mt-4 text-lg leading-8 text-ink-soft ${isCompact ? 'lg:mt-1 lg:text-base' : ''}`}>{children}</div>
      ) : null}
    </header>
  )
}
