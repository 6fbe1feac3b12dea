// /knowledge/:slug: one article with its table of contents, reading time, updated date, related
// articles and "Was this helpful?".
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/knowledge-article'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Breadcrumb } from '#app/components/knowledge/breadcrumb.tsx'
import { MarkdownBody } from '#app/components/content/markdown-body.tsx'
import { ArticleTitles } from '#app/components/knowledge/article-list.tsx'
import { articleJsonLd } from '#app/components/knowledge/article-seo.ts'
import { HelpfulVote } from '#app/components/knowledge/helpful-vote.tsx'
import { TableOfContents } from '#app/components/knowledge/table-of-contents.tsx'
import { scriptSafeJson } from '#app/components/listings/detail/seo.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { categoryLabel, categoryPath, KNOWLEDGE_FEED_PATH } from '#common/content/knowledge.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { answerArticleVote, loadArticlePage } from './knowledge-article.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadArticlePage(services, request, context, params.slug)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  return answerArticleVote(services, request, context, params.slug)
}

// A vote answers through its own form; reloading the article would count another read.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === 'POST') return false
  return defaultShouldRevalidate
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return pageMeta('Article not found', 'This knowledge-base article does not exist.')
  const { article, canonicalUrl } = data
  return [
    ...pageMeta(article.title, article.summary),
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: canonicalUrl },
    { property: 'article:published_time', content: article.publishedAt.toISOString() },
    { property: 'article:modified_time', content: article.updatedAt.toISOString() },
    { tagName: 'link', rel: 'canonical', href: canonicalUrl },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: `${siteConfig.name} knowledge base`,
      href: KNOWLEDGE_FEED_PATH,
    },
  ]
}

export default function KnowledgeArticle({ loaderData }: Route.ComponentProps) {
  const { article, related, vote, canonicalUrl, origin } = loaderData
  const isUpdated = isoDate(article.updatedAt) !== isoDate(article.publishedAt)
  const jsonLd = articleJsonLd({ ...article, url: canonicalUrl, origin, siteName: siteConfig.name })
  return (
    <article className="mx-auto max-w-6xl">
      <script
        type="application/ld+json"
        // Escaped by scriptSafeJson, so the article's text cannot close the element.
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(jsonLd) }}
      />
      <Breadcrumb
        trail={[
          { label: 'Knowledge Base', to: '/knowledge' },
          { label: categoryLabel(article.category), to: categoryPath(article.category) },
          { label: article.title },
        ]}
      />

      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{article.title}</h1>
        <p className="mt-4 text-xl leading-8 text-ink-soft">{article.summary}</p>
        <dl className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft">
          <div className="flex gap-1.5">
            <dt>{isUpdated ? 'Updated' : 'Published'}</dt>
            <dd>
              <time dateTime={isoDate(isUpdated ? article.updatedAt : article.publishedAt)}>
                {formatDate(isUpdated ? article.updatedAt : article.publishedAt)}
              </time>
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="sr-only">Reading time</dt>
            <dd>{article.readingMinutes} min read</dd>
          </div>
          {article.authorName ? (
            <div className="flex gap-1.5">
              <dt>By</dt>
              <dd>{article.authorName}</dd>
            </div>
          ) : null}
        </dl>
      </header>

      <div className="mt-8 grid gap-10 border-t border-gray-200 pt-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 lg:order-2">
          <div className="lg:sticky lg:top-24">
            <TableOfContents headings={article.headings} />
          </div>
        </div>
        <div className="max-w-3xl min-w-0 lg:order-1">
          <MarkdownBody html={article.html} look="article" />

          {article.tags.length > 0 ? (
            <div className="mt-10">
              <h2 className="text-sm font-semibold tracking-wider text-ink-soft uppercase">Tags</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/knowledge?${new URLSearchParams({ q: tag })}`}
                      className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:underline"
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <div className="mt-10">
            <HelpfulVote vote={vote} />
          </div>

          {related.length > 0 ? (
            <section aria-labelledby="related-heading" className="mt-10">
              <h2 id="related-heading" className="text-xl font-semibold text-ink">
                Related articles
              </h2>
              <div className="mt-4">
                <ArticleTitles articles={related} />
              </div>
            </section>
          ) : null}

          <p className="mt-12 border-t border-gray-200 pt-6">
            <Link to="/knowledge" className="font-semibold text-brand-700 hover:underline">
              ← All articles
            </Link>
          </p>
        </div>
      </div>
    </article>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} related={{ to: '/knowledge', label: 'Browse the knowledge base' }} />
}
