// Where a knowledge-base page sits: Knowledge Base / category / article, the last one the page itself.
import { Fragment } from 'react'
import { Link } from 'react-router'

export type Crumb = { label: string; to?: string }

export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-ink-soft">
        {trail.map((crumb, index) => (
          <Fragment key={`${index}:${crumb.label}`}>
            {index > 0 ? <li aria-hidden="true">/</li> : null}
            {crumb.to ? (
              <li>
                <Link to={crumb.to} className="font-medium text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              </li>
            ) : (
              <li aria-current="page" className="max-w-full truncate">
                {crumb.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  )
}
