import { Link } from 'react-router'
import type { Route } from './+types/knowledge'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { findArticles } from '#server/content/index.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return { articles: await findArticles(services.database.db) }
}

export function meta() {
  return pageMeta(
    'Knowledge Base',
    'Plain-language guides for renters and landlords: monthly costs, security deposits, leases, listing photos, move-in day and rental scams.',
  )
}

export default function Knowledge({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData
  return (
    <div className="space-y-10">
      <PageHeader kicker="Guides for renters and landlords" title="Knowledge Base">
        <p>Plain-language guides to renting and letting a home, from reading a monthly cost to move-in day.</p>
      </PageHeader>

      {articles.length === 0 ? (
        <p className="text-ink-soft">There are no articles yet.</p>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug}>
              <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
                <p className="text-sm text-ink-soft">
                  <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
                </p>
                <h2 className="mt-2 text-lg font-semibold text-ink">
                  <Link to={`/knowledge/${article.slug}`} className="hover:text-brand-700 hover:underline">
                    {article.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 leading-7 text-ink-soft">{article.summary}</p>
                <Link
                  to={`/knowledge/${article.slug}`}
                  className="mt-5 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:underline"
                >
                  Read the article<span className="sr-only">: {article.title}</span>
                  <ArrowRightIcon className="size-4" />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
