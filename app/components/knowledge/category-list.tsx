// The knowledge base's categories as links to their pages, with how many articles each holds.
import { Link } from 'react-router'
import { categoryPath } from '#common/content/knowledge.ts'
import { ARTICLE_CATEGORIES, type ArticleCategory } from '#common/content/vocabulary.ts'

export function CategoryList({ counts, current }: { counts: Partial<Record<ArticleCategory, number>>; current?: ArticleCategory }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {ARTICLE_CATEGORIES.map((category) => {
        const n = counts[category.slug] ?? 0
        const isCurrent = category.slug === current
        return (
          <li key={category.slug}>
            <Link
              to={categoryPath(category.slug)}
              aria-current={isCurrent ? 'page' : undefined}
              className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold ${
                isCurrent
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700'
              }`}
            >
              {category.label}
              <span className={`text-xs font-normal ${isCurrent ? 'text-white' : 'text-ink-soft'}`}>
                {n} {n === 1 ? 'article' : 'articles'}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
