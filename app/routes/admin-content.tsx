// /admin/content: what administrators keep on the site, drafts and scheduled items included: the
// knowledge-base articles, the FAQ by topic and the versions of the Terms of Use, each with a link to
// edit it and a way to add one. Anyone else gets 403 (a visitor is sent to log in first).
import { Link } from 'react-router'
import type { Route } from './+types/admin-content'
import { StandingText } from '#app/components/admin/standing.tsx'
import { adminEditPath, standingOf, utcTime } from '#common/content/admin-types.ts'
import { FAQ_TOPICS, type ContentKind } from '#common/content/vocabulary.ts'
import { siteConfig } from '#common/site-config.ts'
import { listContentOverview } from '#server/content/index.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { requireContentEditor } from './admin-guard.server.ts'

export function meta() {
  return [{ title: `Site content · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireContentEditor(services, request)
  return withPageErrors(() => listContentOverview(services.database.db, { viewerId: current.userId }))
}

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2'
const tableClass = 'w-full min-w-[36rem] border-collapse text-left text-sm'
const headClass = 'border-b border-gray-300 px-2 py-2 font-semibold text-ink'
const cellClass = 'border-b border-gray-200 px-2 py-2 align-top text-ink'

function SectionHead({ id, title, kind, count }: { id: string; title: string; kind: ContentKind; count: number }) {
  const noun = { article: 'article', faq: 'FAQ entry', terms: 'terms version' }[kind]
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-3">
      <h2 id={id} className="text-xl font-bold text-ink">
        {title} ({count})
      </h2>
      <Link
        to={adminEditPath(kind, 'new')}
        className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        New {noun}
      </Link>
    </div>
  )
}

/** A wide table scrolls sideways on a phone; the region is focusable so keyboards can scroll it. */
function TableScroller({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto">
      {children}
    </div>
  )
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { articles, faq, terms } = loaderData
  return (
    <div className="space-y-10">
      <header>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Site content</h1>
        <p className="mt-2 max-w-3xl text-ink-soft">
          Write and publish the knowledge base, the FAQ and the Terms of Use. Every save keeps a revision you can compare and restore. Times
          are in UTC.
        </p>
      </header>

      <section aria-labelledby="articles-title">
        <SectionHead id="articles-title" title="Articles" kind="article" count={articles.length} />
        <TableScroller label="Articles">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headClass}>
                  Title
                </th>
                <th scope="col" className={headClass}>
                  Status
                </th>
                <th scope="col" className={headClass}>
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {articles.map((row) => (
                <tr key={row.id}>
                  <td className={cellClass}>
                    <Link to={adminEditPath('article', row.id)} className={linkClass}>
                      {row.title}
                    </Link>
                    <span className="block text-xs text-ink-soft">/knowledge/{row.slug}</span>
                  </td>
                  <td className={cellClass}>
                    <StandingText standing={standingOf(row.status, row.publishedAt)} />
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{utcTime(row.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        {articles.length === 0 ? <p className="mt-2 text-ink-soft">No articles yet.</p> : null}
      </section>

      <section aria-labelledby="faq-title">
        <SectionHead id="faq-title" title="FAQ entries" kind="faq" count={faq.length} />
        {faq.length === 0 ? <p className="mt-2 text-ink-soft">No FAQ entries yet.</p> : null}
        {FAQ_TOPICS.map((topic) => {
          const entries = faq.filter((entry) => entry.topic === topic.slug)
          if (entries.length === 0) return null
          return (
            <div key={topic.slug} className="mt-4">
              <h3 className="font-semibold text-ink">{topic.label}</h3>
              <ul className="mt-1 divide-y divide-gray-200 border-y border-gray-200">
                {entries.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <Link to={adminEditPath('faq', entry.id)} className={linkClass}>
                      {entry.question}
                    </Link>
                    <StandingText standing={standingOf(entry.status, entry.publishedAt)} />
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </section>

      <section aria-labelledby="terms-title">
        <SectionHead id="terms-title" title="Terms of Use versions" kind="terms" count={terms.length} />
        <TableScroller label="Terms of Use versions">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headClass}>
                  Label
                </th>
                <th scope="col" className={headClass}>
                  Effective from
                </th>
                <th scope="col" className={headClass}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {terms.map((row) => (
                <tr key={row.id}>
                  <td className={cellClass}>
                    <Link to={adminEditPath('terms', row.id)} className={linkClass}>
                      {row.label}
                    </Link>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{utcTime(row.effectiveAt)}</td>
                  <td className={cellClass}>
                    <StandingText standing={standingOf(row.status, row.effectiveAt)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        {terms.length === 0 ? <p className="mt-2 text-ink-soft">No terms versions yet.</p> : null}
      </section>
    </div>
  )
}
