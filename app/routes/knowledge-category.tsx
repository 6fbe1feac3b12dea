// /knowledge/category/:category: the public articles of one category, newest first.
import { Link } from 'react-router'
import type { Route } from './+types/knowledge-category'
import { ErrorPage } from '#app/components/error-page.tsx'
import { ArticleCards } from '#app/components/knowledge/article-list.tsx'
import { CategoryList } from '#app/components/knowledge/category-list.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { categoryLabel, categoryPath, isArticleCategory } from '#common/content/knowledge.ts'
import { countArticlesByCategory, findArticlesInCategory } from '#server/content/index.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'
import { Breadcrumb } from '#app/components/knowledge/breadcrumb.tsx'

const DESCRIPTIONS = {
  'renting-basics': 'Finding a home, comparing what it really costs each month and staying safe from scams.',
  'leases-and-contracts': 'What a lease should say, security deposits, renewals, breaking a lease and subletting.',
  moving: 'Inspections, move-in and move-out, utilities and the practical side of changing homes.',
  'for-landlords': 'Writing a listing that rents, photos, fair screening and running a tenancy well.',
  'market-data': 'How the Cooper Index is made and how to read rents and trends.',
} as const

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { db } = services.database
  if (!isArticleCategory(params.category)) throw new Response('Not Found', { status: 404 })
  const category = params.category
  const [articles, counts] = await Promise.all([findArticlesInCategory(db, category), countArticlesByCategory(db)])
  const canonicalUrl = `${publicOrigin(services.config, request)}${categoryPath(category)}`
  return { category, label: categoryLabel(category), description: DESCRIPTIONS[category], articles, counts, canonicalUrl }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return pageMeta('Category not found', 'This knowledge-base category does not exist.')
  return [...pageMeta(`${data.label} · Knowledge Base`, data.description), { tagName: 'link', rel: 'canonical', href: data.canonicalUrl }]
}

export default function KnowledgeCategory({ loaderData }: Route.ComponentProps) {
  const { category, label, description, articles, counts } = loaderData
  return (
    <div className="space-y-10">
      <Breadcrumb trail={[{ label: 'Knowledge Base', to: '/knowledge' }, { label }]} />
      <PageHeader kicker="Knowledge Base" title={label}>
        <p>{description}</p>
      </PageHeader>
      <section aria-labelledby="category-articles-heading">
        <h2 id="category-articles-heading" className="sr-only">
          Articles in {label}
        </h2>
        {articles.length === 0 ? (
          <p className="text-ink-soft">
            There are no articles in this category yet.{' '}
            <Link to="/knowledge" className="font-medium text-brand-700 underline">
              Search the knowledge base
            </Link>
            .
          </p>
        ) : (
          <ArticleCards articles={articles} />
        )}
      </section>
      <section aria-labelledby="other-categories-heading">
        <h2 id="other-categories-heading" className="text-xl font-semibold text-ink">
          All categories
        </h2>
        <div className="mt-4">
          <CategoryList counts={counts} current={category} />
        </div>
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} related={{ to: '/knowledge', label: 'Browse the knowledge base' }} />
}
