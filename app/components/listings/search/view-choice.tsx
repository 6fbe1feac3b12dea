// How /properties shows its results: the choice between the list and the map, and whether the screen is
// wide enough for the map to stand beside the list.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { viewHref, type SearchView } from './search-url.ts'

/** Whether the screen is as wide as the layout that puts the map beside the list (Tailwind's `lg`); false until hydrated. */
export function useIsWide() {
  const [isWide, setIsWide] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(min-width: 64rem)')
    setIsWide(query.matches)
    const onChange = () => setIsWide(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return isWide
}

/** The links between the views, the current one marked; each keeps the search and the scroll. */
export function ViewChoice({
  params,
  options,
  className,
}: {
  params: URLSearchParams
  options: { view: SearchView; label: string; isCurrent: boolean }[]
  className: string
}) {
  return (
    <nav aria-label="View" className={`flex rounded-lg border border-gray-400 bg-white p-0.5 ${className}`}>
      {options.map((option) => (
        <Link
          key={option.view}
          to={viewHref(params, option.view)}
          aria-current={option.isCurrent ? 'true' : undefined}
          preventScrollReset
          className={`rounded-md px-3 py-1.5 text-sm font-semibold ${option.isCurrent ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  )
}
