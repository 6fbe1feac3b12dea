// The operator console's navigation and page header, shared by every /admin page: its sections in one
// row (wrapping on a phone), the current one marked, with a count beside a section where one is given.
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export type ConsoleSection = 'home' | 'people' | 'listings' | 'reports' | 'audit' | 'content' | 'cooper'

export const CONSOLE_SECTIONS: { id: ConsoleSection; to: string; label: string }[] = [
  { id: 'home', to: '/admin', label: 'Console' },
  { id: 'people', to: '/admin/people', label: 'People' },
  { id: 'listings', to: '/admin/listings', label: 'Listings' },
  { id: 'reports', to: '/admin/reports', label: 'Reports' },
  { id: 'audit', to: '/admin/audit', label: 'Audit log' },
  { id: 'content', to: '/admin/content', label: 'Content' },
  { id: 'cooper', to: '/admin/cooper', label: 'Cooper Index' },
]

export function ConsoleNav({ current, counts = {} }: { current: ConsoleSection; counts?: Partial<Record<ConsoleSection, number>> }) {
  return (
    <nav aria-label="Console" className="border-b border-gray-200 pb-3">
      <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
        {CONSOLE_SECTIONS.map((section) => {
          const count = counts[section.id]
          return (
            <li key={section.id}>
              <Link
                to={section.to}
                aria-current={section.id === current ? 'page' : undefined}
                className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {section.label}
                {count ? (
                  <span className="rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                    {count > 99 ? '99+' : count}
                    <span className="sr-only"> open</span>
                  </span>
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** The page header under the console's navigation: the "Admin" eyebrow, the title, a line of text. */
export function ConsoleHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header>
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Admin</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-ink sm:text-3xl">{title}</h1>
      {children ? <div className="mt-2 max-w-3xl text-ink-soft">{children}</div> : null}
    </header>
  )
}

export const utcTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`
