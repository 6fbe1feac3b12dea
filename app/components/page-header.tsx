import type { ReactNode } from 'react'

/** A page's <h1> with an optional kicker above it and a lead paragraph below. */
export function PageHeader({ kicker, title, children }: { kicker?: string; title: string; children?: ReactNode }) {
  return (
    <header className="max-w-3xl">
      {kicker ? <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{kicker}</p> : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 text-lg leading-8 text-ink-soft">{children}</div> : null}
    </header>
  )
}
