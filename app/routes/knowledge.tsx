// /knowledge: search (a plain GET form, results as you type with JavaScript), the categories, the
// newest and the most-read articles.
import type { Route } from './+types/knowledge'
import { ArticleCards, ArticleTitles } from '#app/components/knowledge/article-list.tsx'
import { CategoryList } from '#app/components/knowledge/category-list.tsx'
import { KnowledgeSearchForm } from '#app/components/knowledge/search-form.tsx'
import { countSentence, SearchResults } from '#app/components/knowledge/search-results.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { KNOWLEDGE_FEED_PATH } from '#common/content/knowledge.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'
import { loadKnowledgeHome } from './knowledge.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadKnowledgeHome(services.database.db, request, publicOrigin(services.config, request))
}

export function meta({ loaderData }: Route.MetaArgs) {
  const isSearch = Boolean(loaderData?.q)
  return [
    ...pageMeta(
      isSearch ? `“${loaderData!.q}” in the Knowledge Base` : 'Knowledge Base',
      'Plain-language guides for renters and landlords: monthly costs, leases, deposits, moving, scams, listing a home and the Cooper Index.',
    ),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: `${siteConfig.name} knowledge base`,
      href: KNOWLEDGE_FEED_PATH,
    },
    ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl }] : []),
    // A search's results are for the visitor, not for search engines.
    ...(isSearch ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}

export default function Knowledge({ loaderData }: Route.ComponentProps) {
  const { q, error, counts, result, newest, mostRead } = loaderData
  return (
    <div className="space-y-10">
      <PageHeader kicker="Guides for renters and landlords" title="Knowledge Base">
        <p>Plain-language guides to renting and letting a home, from reading a monthly cost to move-in day.</p>
      </PageHeader>

      <div className="max-w-3xl">
        <KnowledgeSearchForm q={q} error={error} />
      </div>

      {/* Announced as the results change while someone types. */}
      <p role="status" className={result ? 'font-medium text-ink' : 'sr-only'}>
        {result ? countSentence(result.total, q, result.hits.length) : ''}
      </p>

      {result ? (
        <section aria-labelledby="results-heading" className="max-w-3xl">
          <h2 id="results-heading" className="sr-only">
            Search results
          </h2>
          <SearchResults q={q} result={result} />
        </section>
      ) : null}

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-semibold text-ink">
          Categories
        </h2>
        <div className="mt-4">
          <CategoryList counts={counts} />
        </div>
      </section>

      {result || error ? null : (
        <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
          <section aria-labelledby="newest-heading">
            <h2 id="newest-heading" className="text-xl font-semibold text-ink">
              Newest articles
            </h2>
            <div className="mt-4">
              {newest.length === 0 ? <p className="text-ink-soft">There are no articles yet.</p> : <ArticleCards articles={newest} />}
            </div>
          </section>
          <section aria-labelledby="most-read-heading">
            <h2 id="most-read-heading" className="text-xl font-semibold text-ink">
              Most read
            </h2>
            <div className="mt-4 rounded-2xl border border-gray-200 bg-white p-5">
              {mostRead.length === 0 ? <p className="text-ink-soft">Nothing read yet.</p> : <ArticleTitles articles={mostRead} isRanked />}
            </div>
            <p className="mt-4 text-sm">
              <a href={KNOWLEDGE_FEED_PATH} className="font-medium text-brand-700 underline">
                Follow new articles (Atom feed)
              </a>
            </p>
          </section>
        </div>
      )}
    </div>
  )
}
