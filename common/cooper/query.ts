// The Cooper Index pages' query parameters: the market table's order, the markets compared on the chart and
// how the chart reads. A value the pages do not know is ignored, with a note for the visitor where it matters.
export const MAX_COMPARED_MARKETS = 4

export const MARKET_SORTS = ['market', 'level', 'yoy', 'pairs'] as const
export type MarketSort = (typeof MARKET_SORTS)[number]
export type SortDirection = 'asc' | 'desc'
export type ChartUnitChoice = 'index' | 'dollars'

export type CooperQuery = {
  sort: MarketSort
  dir: SortDirection
  /** Market keys to compare, in the order asked, without repeats; at most MAX_COMPARED_MARKETS. */
  compare: string[]
  unit: ChartUnitChoice
  /** Sentences about parameters that were ignored. */
  notices: string[]
}

const MARKET_KEY = /^[a-z0-9-]{1,120}$/

/** The direction a column sorts in when first chosen: names A to Z, figures largest first. */
export function defaultDirection(sort: MarketSort): SortDirection {
  return sort === 'market' ? 'asc' : 'desc'
}

export function parseCooperQuery(params: URLSearchParams): CooperQuery {
  const notices: string[] = []
  const rawSort = params.get('sort')
  const sort = (MARKET_SORTS as readonly string[]).includes(rawSort ?? '') ? (rawSort as MarketSort) : 'market'
  if (rawSort !== null && rawSort !== sort)
    notices.push('The table can be sorted by market, level, change over a year or pairs; it is sorted by market.')
  const rawDir = params.get('dir')
  const dir: SortDirection = rawDir === 'asc' || rawDir === 'desc' ? rawDir : defaultDirection(sort)

  const keys: string[] = []
  for (const value of params.getAll('compare')) {
    for (const part of value.split(',')) {
      const key = part.trim().toLowerCase()
      if (key && MARKET_KEY.test(key) && !keys.includes(key)) keys.push(key)
    }
  }
  if (keys.length > MAX_COMPARED_MARKETS) {
    notices.push(`Up to ${MAX_COMPARED_MARKETS} markets can be compared at once; the chart shows the first ${MAX_COMPARED_MARKETS} chosen.`)
  }
  const unit: ChartUnitChoice = params.get('unit') === 'dollars' ? 'dollars' : 'index'
  return { sort, dir, compare: keys.slice(0, MAX_COMPARED_MARKETS), unit, notices }
}

/** A /cooper URL with these choices, leaving out the defaults. */
export function cooperHref(
  query: { sort?: MarketSort; dir?: SortDirection; compare?: string[]; unit?: ChartUnitChoice },
  hash = '',
): string {
  const params = new URLSearchParams()
  if (query.compare && query.compare.length > 0) params.set('compare', query.compare.join(','))
  if (query.unit === 'dollars') params.set('unit', 'dollars')
  if (query.sort && query.sort !== 'market') params.set('sort', query.sort)
  if (query.sort && query.dir && query.dir !== defaultDirection(query.sort)) params.set('dir', query.dir)
  const search = params.toString()
  return `/cooper${search ? `?${search.replaceAll('%2C', ',')}` : ''}${hash}`
}
