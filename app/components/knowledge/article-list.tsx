// Lists of knowledge-base articles: cards (a category, the newest) and a compact list (most read, related).
import { Link } from 'react-router'
import { articlePath, categoryLabel, categoryPath, type ArticleCard } from '#common/content/knowledge.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'

export function ArticleCards({ articles }: { articles: ArticleCard[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {articles.map((article) => (
        <li key={article.slug}>
          <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <p className="text-sm text-ink-soft">
              <Link to={categoryPath(article.category)} className="font-medium text-brand-700 hover:underline">
                {categoryLabel(article.category)}
              </Link>
              <span aria-hidden="true"> · </span>
              <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
            </p>
            <h3 className="mt-2 text-lg font-semibold text-ink">
              <Link to={articlePath(article.slug)} className="hover:text-brand-700 hover:underline">
                {article.title}
              </Link>
            </h3>
            <p className="mt-2 flex-1 leading-7 text-ink-soft">{article.summary}</p>
          </article>
        </li>
      ))}
    </ul>
  )
}

/** Titles only, numbered when the order means something (most read). */
export function ArticleTitles({ articles, isRanked = false }: { articles: ArticleCard[]; isRanked?: boolean }) {
  const List = isRanked ? 'ol' : 'ul'
  return (
    <List className={`space-y-3 ${isRanked ? 'list-decimal pl-6 marker:font-semibold marker:text-brand-700' : ''}`}>
      {articles.map((article) => (
        <li key={article.slug} className="leading-6">
          <Link to={articlePath(article.slug)} className="font-medium text-ink hover:text-brand-700 hover:underline">
            {article.title}
          </Link>
          <span className="block text-sm text-ink-soft">{categoryLabel(article.category)}</span>
        </li>
      ))}
    </List>
  )
}
