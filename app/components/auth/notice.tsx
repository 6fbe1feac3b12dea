// A short message inside an account page: a confirmation, a piece of information or a problem.
import type { ReactNode } from 'react'

const tones = {
  success: 'border-brand-700 bg-brand-50 text-brand-800',
  info: 'border-slate-400 bg-slate-50 text-ink',
  error: 'border-red-700 bg-red-50 text-red-800',
} as const

export function Notice({
  tone = 'info',
  title,
  children,
  live = false,
}: {
  tone?: keyof typeof tones
  title?: string
  children?: ReactNode
  /** Announce it when it appears (an answer to something the user just did). */
  live?: boolean
}) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined
  return (
    <div role={role} className={`rounded-lg border-l-4 p-4 text-sm ${tones[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1 space-y-2' : 'space-y-2'}>{children}</div> : null}
    </div>
  )
}
