// The host's side of a listing's calendar sync: the private export address (made, replaced, revoked)
// and the calendars of other platforms imported into it (added, listed with how they fare, removed).
// Only the listing's owner reaches any of it; to anyone else the listing does not exist.
import crypto from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import { addFeedSchema, MAX_FEEDS_PER_LISTING, type CalendarSync, type FeedView } from '#common/stays/ical.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, stayCalendarFeed, stayHold, stayRules } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { listingTimeZone } from '#server/listings/index.server.ts'
import { type CalendarFetchPolicy, refusalOfUrl } from './ical-policy.server.ts'

/** The listing the viewer owns, offered short-term; a 404 for anyone else's, a 409 for one not offered for stays. */
export async function ownedStayListing(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  const [row] = await db
    .select({
      id: listing.id,
      ownerId: listing.ownerId,
      title: listing.title,
      nightlyCents: listing.nightlyCents,
      timeZone: listing.timeZone,
      latitude: listing.latitude,
      longitude: listing.longitude,
    })
    .from(listing)
    .where(and(eq(listing.id, listingId), eq(listing.ownerId, viewerId)))
  if (!row) throw new AppError('not-found', 'No such listing.')
  if (row.nightlyCents === null)
    throw new AppError('conflict', 'This listing is not offered for short stays, so it has no calendar to share.')
  return { ...row, timeZone: listingTimeZone(row) }
}

/** The address a token's calendar is served at. */
export const exportUrlOf = (publicUrl: string, token: string) => `${publicUrl}/stays/calendar/${token}.ics`

/** 32 random bytes, base64url: 43 characters nobody can guess. */
export const newExportToken = () => crypto.randomBytes(32).toString('base64url')

/**
 * A new export token, replacing any before it (whose address then answers 404). A listing whose host never
 * saved booking rules gets a row of the defaults it already books on, for the token to live on.
 */
export async function createExportToken(db: Db, args: { viewerId: string; listingId: number }): Promise<string> {
  const { id } = await ownedStayListing(db, args)
  const token = newExportToken()
  await db
    .insert(stayRules)
    .values({ listingId: id, ...DEFAULT_STAY_RULES, icalExportToken: token })
    .onConflictDoUpdate({ target: stayRules.listingId, set: { icalExportToken: token, updatedAt: sql`now()` } })
  return token
}

/** The export address stops answering. */
export async function revokeExportToken(db: Db, args: { viewerId: string; listingId: number }): Promise<void> {
  const { id } = await ownedStayListing(db, args)
  await db
    .update(stayRules)
    .set({ icalExportToken: null, updatedAt: sql`now()` })
    .where(eq(stayRules.listingId, id))
}

/** The listing a (well-formed, current) export token opens, or null. */
export async function listingOfExportToken(db: Db, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  const [row] = await db.select({ listingId: stayRules.listingId }).from(stayRules).where(eq(stayRules.icalExportToken, token))
  return row?.listingId ?? null
}

type FeedRow = typeof stayCalendarFeed.$inferSelect

function feedViewOf(row: FeedRow, nights: number): FeedView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.lastError ? 'failing' : row.lastImportedAt ? 'ok' : 'pending',
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastImportedAt: row.lastImportedAt?.toISOString() ?? null,
    lastError: row.lastError,
    nights,
    conflicts: row.conflicts,
  }
}

async function feedViewsOf(db: Db, listingId: number, feedId?: number): Promise<FeedView[]> {
  const rows = await db
    .select()
    .from(stayCalendarFeed)
    .where(and(eq(stayCalendarFeed.listingId, listingId), feedId === undefined ? undefined : eq(stayCalendarFeed.id, feedId)))
    .orderBy(asc(stayCalendarFeed.id))
  const counts = await db
    .select({ feedId: stayHold.feedId, nights: sql<number>`coalesce(sum(upper(${stayHold.nights}) - lower(${stayHold.nights})), 0)::int` })
    .from(stayHold)
    .where(and(eq(stayHold.listingId, listingId), eq(stayHold.kind, 'import')))
    .groupBy(stayHold.feedId)
  const nightsOf = new Map(counts.map((c) => [c.feedId, Number(c.nights)]))
  return rows.map((row) => feedViewOf(row, nightsOf.get(row.id) ?? 0))
}

/** One feed of the viewer's listing as the host sees it (404 for any other). */
export async function readFeed(db: Db, args: { viewerId: string; listingId: number; feedId: number }): Promise<FeedView> {
  const { id } = await ownedStayListing(db, args)
  const [feed] = await feedViewsOf(db, id, args.feedId)
  if (!feed) throw new AppError('not-found', 'No such calendar.')
  return feed
}

/** The export address and the imported calendars of the viewer's listing. */
export async function readCalendarSync(
  db: Db,
  args: { viewerId: string; listingId: number; publicUrl: string; policy: CalendarFetchPolicy },
): Promise<CalendarSync> {
  const found = await ownedStayListing(db, args)
  const [rules] = await db.select({ token: stayRules.icalExportToken }).from(stayRules).where(eq(stayRules.listingId, found.id))
  return {
    listingId: found.id,
    timeZone: found.timeZone,
    exportUrl: rules?.token ? exportUrlOf(args.publicUrl, rules.token) : null,
    feeds: await feedViewsOf(db, found.id),
    allowedHosts: [...args.policy.hosts],
  }
}

/** The address as it is fetched: webcal:// is how platforms offer https:// calendars to calendar apps. */
const normalisedUrl = (value: string) => value.replace(/^webcals?:\/\//i, 'https://')

/** A calendar of another platform added to the viewer's listing; not fetched yet (the caller fetches it). */
export async function addFeed(
  db: Db,
  policy: CalendarFetchPolicy,
  { viewerId, listingId, input }: { viewerId: string; listingId: number; input: unknown },
): Promise<number> {
  const found = await ownedStayListing(db, { viewerId, listingId })
  const { name, url: given } = parseOrThrow(addFeedSchema, input)
  let url: URL
  try {
    url = new URL(normalisedUrl(given))
  } catch {
    throw new AppError('invalid', 'The address is not a web address.', { url: ['Give the full address, starting with https://.'] })
  }
  const refusal = refusalOfUrl(policy, url)
  if (refusal) throw new AppError('invalid', refusal, { url: [refusal] })
  const href = url.href
  return db.transaction(async (tx) => {
    // The listing's row, locked, makes two additions at once count one after the other.
    await tx.select({ id: listing.id }).from(listing).where(eq(listing.id, found.id)).for('update')
    const existing = await tx.select({ url: stayCalendarFeed.url }).from(stayCalendarFeed).where(eq(stayCalendarFeed.listingId, found.id))
    if (existing.some((row) => row.url === href)) throw new AppError('conflict', 'This calendar is already imported into the listing.')
    if (existing.length >= MAX_FEEDS_PER_LISTING) {
      throw new AppError('conflict', `A listing imports at most ${MAX_FEEDS_PER_LISTING} calendars. Remove one first.`)
    }
    const [row] = await tx.insert(stayCalendarFeed).values({ listingId: found.id, name, url: href }).returning({ id: stayCalendarFeed.id })
    return row!.id
  })
}

/** The calendar and every night it held go. */
export async function removeFeed(db: Db, args: { viewerId: string; listingId: number; feedId: number }): Promise<void> {
  const { id } = await ownedStayListing(db, args)
  const removed = await db
    .delete(stayCalendarFeed)
    .where(and(eq(stayCalendarFeed.id, args.feedId), eq(stayCalendarFeed.listingId, id)))
    .returning({ id: stayCalendarFeed.id })
  if (removed.length === 0) throw new AppError('not-found', 'No such calendar.')
}
