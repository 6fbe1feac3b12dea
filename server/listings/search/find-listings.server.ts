// The search renters run: a page of published, recently confirmed listings with its total.
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { encodeCursor, listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { TOTAL_CAP, type ListingPage } from '#common/listings/types.ts'
import { summariesWithPhotos } from '../read.server.ts'
import { buildListingSearch, examineSearchText, type TextStrategy } from './plan.server.ts'

/**
 * A page of published, recently confirmed listings. The total is counted only for the first page
 * (or when asked with `total`), by a second query with the same filters that stops at TOTAL_CAP + 1
 * rows: an exact broad count over a large table costs far more than the page itself.
 */
export async function findListings(
  db: Db,
  { search: input, strategy }: { viewerId?: string | null; search: ListingSearchInput | Record<string, unknown>; strategy?: TextStrategy },
): Promise<ListingPage> {
  const parsed = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const examined = await examineSearchText(db, parsed)
  // Tests force a strategy to check that both give the same answers.
  const facts = strategy ? { ...examined, strategy: { page: strategy, count: strategy } } : examined
  const { search, page, total } = buildListingSearch(db, input, facts)
  const [rows, totalRows] = await Promise.all([page, total ?? Promise.resolve(null)])
  const hasMore = rows.length > search.limit
  const items = rows.slice(0, search.limit)
  const last = items.at(-1)
  return {
    items: await summariesWithPhotos(db, items),
    nextCursor: hasMore && last ? encodeCursor({ sort: search.sort, key: last.sortKey, id: last.id }) : null,
    total: totalRows ? Math.min(totalRows[0]?.n ?? 0, TOTAL_CAP) : null,
    isTotalCapped: (totalRows?.[0]?.n ?? 0) > TOTAL_CAP,
  }
}
