import { Link } from 'react-router'
import type { Route } from './+types/knowledge-article'
import { ErrorPage } from '#app/components/error-page.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { findArticleBySlug } from '#server/content/index.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const article = await findArticleBySlug(services.database.db, params.slug)
  if (!article) throw new Response('Not Found', { status: 404 })
  return {
    article: {
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      publishedAt: article.publishedAt,
      paragraphs: toParagraphs(article.body),
    },
  }
}

/** Article bodies are plain text; a blank line starts a new paragraph. */
export function toParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return pageMeta('Article not found', 'This knowledge-base article does not exist.')
  return pageMeta(data.article.title, data.article.summary)
}

export default function KnowledgeArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData
  return (
    <article className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-2 text-ink-soft">
          <li>
            <Link to="/knowledge" className="font-medium text-brand-700 hover:underline">
              Knowledge Base
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate">
            {article.title}
          </li>
        </ol>
      </nav>
      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
        <p className="mt-3 text-sm text-ink-soft">
          Published <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
        </p>
        <p className="mt-6 text-xl leading-8 text-ink-soft">{article.summary}</p>
      </header>
      <div className="mt-8 space-y-5 border-t border-gray-200 pt-8 text-lg leading-8">
        {article.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p className="mt-12 border-t border-gray-200 pt-6">
        <Link to="/knowledge" className="font-semibold text-brand-700 hover:underline">
          ← All articles
        </Link>
      </p>
    </article>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} related={{ to: '/knowledge', label: 'Browse the knowledge base' }} />
}
