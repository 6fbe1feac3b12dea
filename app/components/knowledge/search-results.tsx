// What a search found: how many, each article with its matched words marked, or help when nothing matched.
import { Link } from 'react-router'
import { articlePath, categoryLabel, categoryPath, type ArticleSearchResult } from '#common/content/knowledge.ts'
import { ARTICLE_CATEGORIES } from '#common/content/vocabulary.ts'
import { HighlightedText } from './highlighted-text.tsx'

export function countSentence(total: number, q: string, shown: number): string {
  if (total === 0) return `No articles match “${q}”.`
  const found = `${total} ${total === 1 ? 'article matches' : 'articles match'} “${q}”`
  return shown < total ? `${found}; the ${shown} best are shown.` : `${found}.`
}

export function SearchResults({ q, result }: { q: string; result: ArticleSearchResult }) {
  if (result.hits.length === 0) {
    return (
      <div className="rounded-2xl border border-gray-200 bg-white p-6">
        <p className="font-semibold text-ink">Nothing found for these words.</p>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-ink-soft">
          <li>Check the spelling, or try fewer or more general words (“deposit” rather than “deposit refund deadline”).</li>
          <li>Leave out quotes and minus signs.</li>
          <li>
            Or browse a category:{' '}
            {ARTICLE_CATEGORIES.map((category, index) => (
              <span key={category.slug}>
                {index > 0 ? ', ' : ''}
                <Link to={categoryPath(category.slug)} className="font-medium text-brand-700 underline">
                  {category.label}
                </Link>
              </span>
            ))}
            .
          </li>
        </ul>
        <p className="mt-3 text-ink-soft">
          Still stuck? The{' '}
          <Link to="/faq" className="font-medium text-brand-700 underline">
            FAQ
          </Link>{' '}
          answers questions about the site itself.
        </p>
      </div>
    )
  }
  return (
    <ol className="space-y-4" aria-label={`Search results for “${q}”`}>
      {result.hits.map((hit) => (
        <li key={hit.slug} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-ink">
            <Link to={articlePath(hit.slug)} className="hover:text-brand-700 hover:underline">
              <HighlightedText parts={hit.highlightedTitle} />
            </Link>
          </h3>
          <p className="mt-1 text-sm text-ink-soft">{categoryLabel(hit.category)}</p>
          <p className="mt-2 leading-7 text-ink-soft">
            <HighlightedText parts={hit.snippet} />
          </p>
        </li>
      ))}
    </ol>
  )
}
