// A renter's saved searches: save one from a /properties search, list them with what each finds now
// and how many homes were announced since they last looked, and change, pause or delete one. Every
// read and write names its renter in the query, so a saved search of someone else is "not found".
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alertPreference, savedSearch, savedSearchHit, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { countListings, findListings } from '#server/listings/index.server.ts'
import { readSavedQuery, savedQueryOf, searchInputOf } from '#common/alerts/saved-query.ts'
import type { SaveSearchInput, SavedSearchSettings, SavedSearchSummary } from '#common/alerts/schemas.ts'
import { searchNameOf, searchWordsOf } from '#common/alerts/summary.ts'
import { MAX_SAVED_SEARCHES, type AlertFrequency } from '#common/alerts/vocabulary.ts'

export const SAVED_SEARCH_NOT_FOUND = 'That saved search does not exist.'
export const TOO_MANY_SAVED_SEARCHES = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one you no longer need to save another.`

type SavedSearchRow = typeof savedSearch.$inferSelect

/** An id no saved search can have (a tampered form's) is not found, like anyone else's. */
function checkId(id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not-found', SAVED_SEARCH_NOT_FOUND)
}

/** The query to store for a /properties address's parameters, refused with the search's own words when it does not read. */
function storableQuery(params: URLSearchParams): string {
  const query = savedQueryOf(params)
  const reading = readSavedQuery(query)
  if (!reading.ok) throw new AppError('invalid', `This search cannot be saved: ${reading.problems.join(' ')}`)
  return query
}

/** The place the search's text names, as the page spells it ("Austin, TX"); null when none. */
async function placeOf(db: Db, query: string): Promise<string | null> {
  if (!new URLSearchParams(query).get('q')) return null
  const page = await findListings(db, { search: { ...searchInputOf(query), limit: 1, total: false } })
  return page.reading?.place ?? null
}

/**
 * Saves the search of a /properties address for the renter (at most MAX_SAVED_SEARCHES each),
 * named as typed or after the search; the browser's time zone becomes the renter's for digests
 * unless they have alert settings already.
 */
export async function createSavedSearch(
  db: Db,
  { userId, params, input }: { userId: string; params: URLSearchParams; input: SaveSearchInput },
): Promise<{ id: number; name: string }> {
  const query = storableQuery(params)
  const name = input.name || searchNameOf(query, await placeOf(db, query))
  return db.transaction(async (tx) => {
    // The renter's row, locked: two saves at once still keep the limit.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update')
    const [kept] = await tx.select({ n: count() }).from(savedSearch).where(eq(savedSearch.userId, userId))
    if ((kept?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new AppError('conflict', TOO_MANY_SAVED_SEARCHES)
    const [row] = await tx
      .insert(savedSearch)
      .values({ userId, name, query, frequency: input.frequency, belowIndexPercent: input.belowIndexPercent })
      .returning({ id: savedSearch.id, name: savedSearch.name })
    if (input.timeZone) await tx.insert(alertPreference).values({ userId, timeZone: input.timeZone }).onConflictDoNothing()
    return row!
  })
}

/** How many homes each of the renter's saved searches announced after it was last opened. */
async function countNewSinceSeen(db: Db, userId: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: savedSearch.id, n: count(savedSearchHit.id) })
    .from(savedSearch)
    .innerJoin(savedSearchHit, and(eq(savedSearchHit.savedSearchId, savedSearch.id), gt(savedSearchHit.createdAt, savedSearch.lastSeenAt)))
    .where(and(eq(savedSearch.userId, userId), inArray(savedSearch.id, ids)))
    .groupBy(savedSearch.id)
  return new Map(rows.map((row) => [row.id, Number(row.n)]))
}

/** The saved searches as the pages show them: each one's homes now (all counted together), and its news since last seen. */
async function summariesOf(db: Db, userId: string, rows: SavedSearchRow[]): Promise<SavedSearchSummary[]> {
  const readings = rows.map((row) => readSavedQuery(row.query))
  const readable = rows.filter((_, i) => readings[i]!.ok)
  const [counts, fresh, places] = await Promise.all([
    countListings(
      db,
      readable.map((row) => searchInputOf(row.query)),
    ),
    countNewSinceSeen(
      db,
      userId,
      rows.map((row) => row.id),
    ),
    // Each text's place as the search spells it ("Austin, TX"): one page of one home each, from the index.
    Promise.all(readable.map(async (row) => [row.id, await placeOf(db, row.query)] as const)).then((pairs) => new Map(pairs)),
  ])
  const countOf = new Map(readable.map((row, i) => [row.id, counts[i]!]))
  return rows.map((row, i) => {
    const reading = readings[i]!
    return {
      id: row.id,
      name: row.name,
      query: row.query,
      words: searchWordsOf(row.query, places.get(row.id) ?? null),
      frequency: row.frequency as AlertFrequency,
      belowIndexPercent: row.belowIndexPercent,
      isPaused: row.isPaused,
      homesNow: countOf.get(row.id) ?? null,
      newSinceSeen: fresh.get(row.id) ?? 0,
      problems: reading.ok ? [] : reading.problems,
      lastSeenAt: row.lastSeenAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    }
  })
}

/** The renter's saved searches, oldest first, as /searches lists them. */
export async function findSavedSearches(db: Db, { userId }: { userId: string }): Promise<SavedSearchSummary[]> {
  const rows = await db
    .select()
    .from(savedSearch)
    .where(eq(savedSearch.userId, userId))
    .orderBy(asc(savedSearch.createdAt), asc(savedSearch.id))
  return summariesOf(db, userId, rows)
}

/** The renter's own saved search row; anyone else's (or none) is not found, never forbidden. */
async function ownRow(db: Db, userId: string, id: number): Promise<SavedSearchRow> {
  checkId(id)
  const [row] = await db
    .select()
    .from(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
  if (!row) throw new AppError('not-found', SAVED_SEARCH_NOT_FOUND)
  return row
}

/** The name of one of the renter's saved searches (a page opened from it says so); null when it is not theirs. */
export async function findSavedSearchName(
  db: Db,
  { userId, id }: { userId: string; id: number },
): Promise<{ id: number; name: string } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null
  const [row] = await db
    .select({ id: savedSearch.id, name: savedSearch.name })
    .from(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
  return row ?? null
}

/** One of the renter's saved searches. */
export async function findSavedSearch(db: Db, { userId, id }: { userId: string; id: number }): Promise<SavedSearchSummary> {
  const row = await ownRow(db, userId, id)
  const [summary] = await summariesOf(db, userId, [row])
  return summary!
}

/** Changes a saved search of the renter with `changes`; not found when it is not theirs. */
async function updateOwn(db: Db, userId: string, id: number, changes: Partial<typeof savedSearch.$inferInsert>) {
  checkId(id)
  const [row] = await db
    .update(savedSearch)
    .set(changes)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id, name: savedSearch.name, query: savedSearch.query })
  if (!row) throw new AppError('not-found', SAVED_SEARCH_NOT_FOUND)
  return row
}

/** Renames a saved search, and sets how often its renter hears and its Cooper Index condition. */
export function changeSavedSearch(db: Db, { userId, id, settings }: { userId: string; id: number; settings: SavedSearchSettings }) {
  return updateOwn(db, userId, id, {
    name: settings.name,
    frequency: settings.frequency,
    belowIndexPercent: settings.belowIndexPercent,
  })
}

/** Replaces a saved search's query with the search of a /properties address (its name and settings kept). */
export function replaceSavedSearchQuery(db: Db, { userId, id, params }: { userId: string; id: number; params: URLSearchParams }) {
  return updateOwn(db, userId, id, { query: storableQuery(params) })
}

/** Pauses a saved search (it announces nothing) or resumes it. */
export function pauseSavedSearch(db: Db, { userId, id, isPaused }: { userId: string; id: number; isPaused: boolean }) {
  return updateOwn(db, userId, id, { isPaused })
}

/** Opening a saved search: its homes announced until now are no longer new. Gives its query. */
export function markSavedSearchSeen(db: Db, { userId, id }: { userId: string; id: number }) {
  return updateOwn(db, userId, id, { lastSeenAt: new Date() })
}

/** Deletes a saved search of the renter (its homes' news stays on the notifications page). */
export async function deleteSavedSearch(db: Db, { userId, id }: { userId: string; id: number }): Promise<{ name: string }> {
  checkId(id)
  const [row] = await db
    .delete(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ name: savedSearch.name })
  if (!row) throw new AppError('not-found', SAVED_SEARCH_NOT_FOUND)
  return row
}
