// A listing's booking rules as its owner reads and saves them. To anyone else the listing's rules do
// not exist here (404); guests read the public part with the calendar.
import { stayRulesSchema, type StayRules } from '#common/stays/rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayRules } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { readStayListing, type StayListing } from './listing.server.ts'

export type StayRulesView = { listingId: number; rules: StayRules; isListingOwn: boolean; nightlyCents: number; minNights: number }

/** The listing, if the viewer owns it; to anyone else it is not found. */
export async function readOwnStayListing(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }): Promise<StayListing> {
  const home = await readStayListing(db, { listingId, viewerId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not-found') throw new AppError('not-found', 'No such listing of yours.')
    throw error
  })
  if (home.ownerId !== viewerId) throw new AppError('not-found', 'No such listing of yours.')
  return home
}

const viewOf = (home: StayListing): StayRulesView => ({
  listingId: home.id,
  rules: home.rules,
  isListingOwn: home.hasOwnRules,
  nightlyCents: home.nightlyCents,
  minNights: home.minNights,
})

export async function findStayRules(db: Db, args: { viewerId: string; listingId: number }): Promise<StayRulesView> {
  return viewOf(await readOwnStayListing(db, args))
}

/** Saves the whole set of rules; the calendar's export address (the iCal token) is left as it is. */
export async function saveStayRules(
  db: Db,
  { viewerId, listingId, input }: { viewerId: string; listingId: number; input: unknown },
): Promise<StayRulesView> {
  const rules = parseOrThrow(stayRulesSchema, input)
  const home = await readOwnStayListing(db, { viewerId, listingId })
  if (rules.maxNights < home.minNights) {
    const message = `Maximum nights must be at least the listing's minimum stay (${home.minNights} nights).`
    throw new AppError('invalid', message, { maxNights: [message] })
  }
  await db
    .insert(stayRules)
    .values({ listingId, ...rules })
    .onConflictDoUpdate({ target: stayRules.listingId, set: { ...rules, updatedAt: new Date() } })
  return findStayRules(db, { viewerId, listingId })
}
