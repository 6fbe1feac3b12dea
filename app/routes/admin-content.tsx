// /admin/content: what administrators keep on the site, drafts and scheduled items included: the
// knowledge-base articles, the FAQ by topic, the versions of the Terms of Use and the lease templates,
// each with a link to edit it and a way to add one. Anyone else gets 403 (a visitor is sent to log in first).
import { Link } from 'react-router'
import { ConsoleNav } from '#app/components/admin/console-nav.tsx'
import type { Route } from './+types/admin-content'
import { StandingText } from '#app/components/admin/standing.tsx'
import { adminEditPath, KIND_NOUNS, standingOf, utcTime } from '#common/content/admin-types.ts'
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
const rowClass = 'flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5 text-sm'
const metaClass = 'flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-soft'

function SectionHead({ id, title, kind, count }: { id: string; title: string; kind: ContentKind; count: number }) {
  const noun = KIND_NOUNS[kind]
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

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { articles, faq, terms, leaseTemplates } = loaderData
  // The version in force: the published one that took effect last (the list is newest first).
  const inForceId = terms.find((row) => row.status === 'published' && new Date(row.effectiveAt) <= new Date())?.id
  // New leases are written from the template published last (drafts, never published, lead the list).
  const currentTemplateId = leaseTemplates.find(
    (row) => row.status === 'published' && row.publishedAt && new Date(row.publishedAt) <= new Date(),
  )?.id
  return (
    <div className="space-y-10">
      <ConsoleNav current="content" />
      <header>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Site content</h1>
        <p className="mt-2 max-w-3xl text-ink-soft">
          Write and publish the knowledge base, the FAQ, the Terms of Use and the lease template new leases are written from. Every save
          keeps a revision you can compare and restore. Times are in UTC. The Cooper Index's runs, and a recompute on request, are under{' '}
          <Link to="/admin/cooper" className={linkClass}>
            Cooper Index runs
          </Link>
          .
        </p>
      </header>

      <section aria-labelledby="articles-title">
        <SectionHead id="articles-title" title="Articles" kind="article" count={articles.length} />
        <ul className="mt-3 divide-y divide-gray-200 border-y border-gray-200">
          {articles.map((row) => (
            <li key={row.id} className={rowClass}>
              <div className="min-w-0">
                <Link to={adminEditPath('article', row.id)} className={linkClass}>
                  {row.title}
                </Link>
                <span className="block text-xs break-all text-ink-soft">/knowledge/{row.slug}</span>
              </div>
              <div className={metaClass}>
                <StandingText standing={standingOf(row.status, row.publishedAt)} />
                <span>Updated {utcTime(row.updatedAt)}</span>
              </div>
            </li>
          ))}
        </ul>
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
                  <li key={entry.id} className={rowClass}>
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
        <ul className="mt-3 divide-y divide-gray-200 border-y border-gray-200">
          {terms.map((row) => (
            <li key={row.id} className={rowClass}>
              <Link to={adminEditPath('terms', row.id)} className={linkClass}>
                {row.label}
              </Link>
              <div className={metaClass}>
                <StandingText standing={standingOf(row.status, row.effectiveAt)} />
                {row.id === inForceId ? <span className="font-semibold text-ink">In force</span> : null}
                <span>Effective from {utcTime(row.effectiveAt)}</span>
              </div>
            </li>
          ))}
        </ul>
        {terms.length === 0 ? <p className="mt-2 text-ink-soft">No terms versions yet.</p> : null}
      </section>

      <section aria-labelledby="lease-templates-title">
        <SectionHead id="lease-templates-title" title="Lease templates" kind="lease_template" count={leaseTemplates.length} />
        <ul className="mt-3 divide-y divide-gray-200 border-y border-gray-200">
          {leaseTemplates.map((row) => (
            <li key={row.id} className={rowClass}>
              <div className="min-w-0">
                <Link to={adminEditPath('lease_template', row.id)} className={linkClass}>
                  {row.label}
                </Link>
                <span className="block text-xs break-words text-ink-soft">{row.title}</span>
              </div>
              <div className={metaClass}>
                <StandingText standing={standingOf(row.status, row.publishedAt)} />
                {row.id === currentTemplateId ? <span className="font-semibold text-ink">Used for new leases</span> : null}
                <span>Updated {utcTime(row.updatedAt)}</span>
              </div>
            </li>
          ))}
        </ul>
        {leaseTemplates.length === 0 ? <p className="mt-2 text-ink-soft">No lease templates yet.</p> : null}
      </section>
    </div>
  )
}
