// The demo renter's saved searches: one heard of instantly in Wilmington, and one weekly digest of
// Philadelphia homes listed well below the Cooper Index typical rent. Added once, when they have none.
import { count, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { savedSearch, user } from '#server/db/schema.ts'
import { savedQueryOf } from '#common/alerts/saved-query.ts'

const DEMO_RENTER = 'demo-renter'

const DEMO_SEARCHES = [
  {
    name: 'Wilmington 2br under $2,400',
    params: { q: 'Wilmington, DE', beds: '2', maxPrice: '2400' },
    frequency: 'instant',
    belowIndexPercent: null,
  },
  {
    name: 'Philadelphia bargains',
    params: { q: 'Philadelphia, PA', beds: '1', offer: 'lease' },
    frequency: 'weekly',
    belowIndexPercent: 10,
  },
] as const

/** Gives the demo renter their saved searches; how many were added (0 when they have some or do not exist). */
export async function seedDemoSavedSearches(db: Db): Promise<number> {
  const [renter] = await db.select({ id: user.id }).from(user).where(eq(user.id, DEMO_RENTER))
  if (!renter) return 0
  const [kept] = await db.select({ n: count() }).from(savedSearch).where(eq(savedSearch.userId, DEMO_RENTER))
  if ((kept?.n ?? 0) > 0) return 0
  await db.insert(savedSearch).values(
    DEMO_SEARCHES.map((search) => ({
      userId: DEMO_RENTER,
      name: search.name,
      query: savedQueryOf(new URLSearchParams(search.params)),
      frequency: search.frequency,
      belowIndexPercent: search.belowIndexPercent,
    })),
  )
  return DEMO_SEARCHES.length
}
