// The `listing-alert` job: one listing change told to everyone it concerns. The saved searches that
// match it now (published, price lowered) and the people who saved the home (every change) each get
// one alert per person and change, however many of their searches match; the listing's owner never
// does. A listing is announced as new once per saved search (saved_search_hit's partial unique
// index). Then each person's unread count goes out live and those with an alert due an instant e-mail
// have their e-mail job queued (one waiting per person, instant-email.server.ts). Idempotent: run
// twice, the unique indexes keep every row once and the e-mail's claim sends each alert once.
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, alertPreference, listingAlertChange, profile, savedListing, savedSearchHit } from '#server/db/schema.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import type { ListingMatch } from '#common/alerts/types.ts'
import type { AlertKind, ListingAlertChange } from '#common/alerts/vocabulary.ts'
import { matchListing } from '../matching/match.server.ts'
import type { QueueJobs } from './changes-queue.server.ts'
import { INSTANT_EMAIL_JOB, instantEmailOptions } from './instant-email.server.ts'

export type ListingAlertContext = {
  db: Db
  publish: (news: PublicNews) => Promise<void>
  /** Queues jobs of one kind, many at once (one insert), with each one's options. */
  queue: QueueJobs
}

type Change = typeof listingAlertChange.$inferSelect

/** One person's news of the change before it is written: their matching searches, and whether they saved the home. */
type Recipient = { userId: string; matches: ListingMatch[]; hasSaved: boolean }

const SAVED_KINDS: Partial<Record<ListingAlertChange, AlertKind>> = {
  'price-drop': 'saved-price-drop',
  leased: 'saved-leased',
  withdrawn: 'saved-withdrawn',
}
const MATCH_KINDS: Partial<Record<ListingAlertChange, AlertKind>> = { published: 'new-match', 'price-drop': 'match-price-drop' }

/** What the person is told: news of a home they saved comes first; else a match's; null when neither applies. */
function kindFor(change: ListingAlertChange, recipient: Recipient): AlertKind | null {
  if (recipient.hasSaved && SAVED_KINDS[change]) return SAVED_KINDS[change]
  if (recipient.matches.length > 0 && MATCH_KINDS[change]) return MATCH_KINDS[change]
  return null
}

/**
 * The people who saved the listing (saved_listing is keyed by e-mail), but not its owner. A deleted
 * listing's savers are those its delete's trigger kept on the change (the cascade removed the rows).
 */
async function findSavers(db: Db, change: Change): Promise<string[]> {
  if (change.saverEmails !== null) {
    if (change.saverEmails.length === 0) return []
    const kept = await db
      .select({ userId: profile.userId })
      .from(profile)
      .where(and(inArray(profile.email, change.saverEmails), ne(profile.userId, change.ownerId)))
    return kept.map((row) => row.userId)
  }
  const rows = await db
    .select({ userId: profile.userId })
    .from(savedListing)
    .innerJoin(profile, eq(profile.email, savedListing.email))
    .where(and(eq(savedListing.listingId, change.listingId), ne(profile.userId, change.ownerId)))
  return rows.map((row) => row.userId)
}

async function recipientsOf(db: Db, change: Change): Promise<Recipient[]> {
  const matches = MATCH_KINDS[change.kind as ListingAlertChange] ? await matchListing(db, { listingId: change.listingId }) : []
  const savers = new Set(await findSavers(db, change))
  const byUser = new Map<string, Recipient>()
  for (const match of matches) {
    if (match.userId === change.ownerId) continue
    const recipient = byUser.get(match.userId) ?? { userId: match.userId, matches: [], hasSaved: savers.has(match.userId) }
    recipient.matches.push(match)
    byUser.set(match.userId, recipient)
  }
  for (const userId of savers) if (!byUser.has(userId)) byUser.set(userId, { userId, matches: [], hasSaved: true })
  return [...byUser.values()]
}

/** Renters' counts in one news: an id and a count are some 50 bytes, and a NOTIFY carries 8,000. */
const COUNTS_PER_NEWS = 120

/** Rows a statement writes at once: far below PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_STATEMENT = 2_000

const chunksOf = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / ROWS_PER_STATEMENT) }, (_, k) =>
    items.slice(k * ROWS_PER_STATEMENT, (k + 1) * ROWS_PER_STATEMENT),
  )

/** One person's alert as written: its id, the searches it names, its kind. */
type Written = { id: number; userId: string; kind: AlertKind; savedSearchIds: number[] }

/**
 * Writes every recipient's alert and their searches' hits in one transaction, a few statements for all
 * of them however many there are (a home a thousand searches match is one insert of alerts and one of
 * hits, not a thousand transactions). A 'new-match' whose every search had already announced the home
 * is no alert at all; a rerun finds the alerts already there and tells them again (e-mailed at most once).
 */
async function writeAlerts(db: Db, change: Change, told: { recipient: Recipient; kind: AlertKind }[]): Promise<Written[]> {
  return db.transaction(async (tx) => {
    const allSearchIds = told.flatMap(({ recipient }) => recipient.matches.map((m) => m.savedSearchId))
    // A lower price that brings the home into a search that never announced it is news of a new home to that search.
    const toldBefore = new Set<number>()
    if (change.kind === 'price-drop') {
      for (const ids of chunksOf(allSearchIds)) {
        const rows = await tx
          .select({ id: savedSearchHit.savedSearchId })
          .from(savedSearchHit)
          .where(
            and(
              eq(savedSearchHit.listingId, change.listingId),
              eq(savedSearchHit.kind, 'new-match'),
              inArray(savedSearchHit.savedSearchId, ids),
            ),
          )
        for (const row of rows) toldBefore.add(row.id)
      }
    }
    const isNewTo = (searchId: number) => change.kind === 'published' || !toldBefore.has(searchId)
    const planned = told.map(({ recipient, kind }) => {
      const searchIds = recipient.matches.map((m) => m.savedSearchId)
      return {
        recipient,
        searchIds,
        kind: kind === 'match-price-drop' && searchIds.every(isNewTo) ? ('new-match' as const) : kind,
        belowIndex: recipient.matches.find((m) => m.belowIndex)?.belowIndex ?? null,
      }
    })
    const alertIds = new Map<string, number>()
    for (const rows of chunksOf(planned)) {
      const inserted = await tx
        .insert(alert)
        .values(
          rows.map((row) => ({
            userId: row.recipient.userId,
            changeId: change.id,
            listingId: change.listingId,
            kind: row.kind,
            belowIndex: row.belowIndex,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: alert.id, userId: alert.userId })
      for (const row of inserted) alertIds.set(row.userId, row.id)
    }
    // Written by an earlier run of this job (stopped before it finished): told again, e-mailed at most once.
    const rerun = planned.filter((row) => !alertIds.has(row.recipient.userId))
    const existing =
      rerun.length === 0
        ? []
        : await tx
            .select({ id: alert.id, userId: alert.userId, kind: alert.kind, savedSearchIds: alert.savedSearchIds })
            .from(alert)
            .where(eq(alert.changeId, change.id))
    const existingByUser = new Map(existing.map((row) => [row.userId, row]))
    const hitRows = planned.flatMap((row) => {
      const alertId = alertIds.get(row.recipient.userId)
      if (alertId === undefined) return []
      return row.searchIds.map((savedSearchId) => ({
        savedSearchId,
        listingId: change.listingId,
        alertId,
        kind: isNewTo(savedSearchId) ? 'new-match' : 'match-price-drop',
      }))
    })
    const announced = new Map<number, number[]>()
    for (const rows of chunksOf(hitRows)) {
      const hits = await tx
        .insert(savedSearchHit)
        .values(rows)
        .onConflictDoNothing()
        .returning({ savedSearchId: savedSearchHit.savedSearchId, alertId: savedSearchHit.alertId })
      for (const hit of hits) announced.set(hit.alertId, [...(announced.get(hit.alertId) ?? []), hit.savedSearchId])
    }
    const written: Written[] = []
    const unannounced: number[] = []
    const named: { id: number; ids: number[] }[] = []
    for (const row of planned) {
      const id = alertIds.get(row.recipient.userId)
      if (id === undefined) {
        const before = existingByUser.get(row.recipient.userId)
        if (before)
          written.push({ id: before.id, userId: before.userId, kind: before.kind as AlertKind, savedSearchIds: before.savedSearchIds })
        continue
      }
      const ids = (announced.get(id) ?? []).sort((a, b) => a - b)
      if (row.kind === 'new-match' && ids.length === 0) {
        unannounced.push(id)
        continue
      }
      if (ids.length > 0) named.push({ id, ids })
      written.push({ id, userId: row.recipient.userId, kind: row.kind, savedSearchIds: ids })
    }
    for (const ids of chunksOf(unannounced)) await tx.delete(alert).where(inArray(alert.id, ids))
    for (const rows of chunksOf(named)) {
      await tx.execute(sql`
        update alert set saved_search_ids = named.ids
        from (select (item->>'id')::bigint as id, array(select jsonb_array_elements_text(item->'ids')::bigint) as ids
              from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as item) as named
        where alert.id = named.id`)
    }
    return written
  })
}

/** The alerts due an e-mail at once: a matched search is instant, or it is saved-home news and those are instant; never to a bounced address. */
async function dueInstantly(db: Db, written: Written[], byUser: Map<string, Recipient>): Promise<Written[]> {
  const preferences = new Map<string, { savedHomes: string; bouncedAt: Date | null }>()
  for (const rows of chunksOf(written)) {
    const found = await db
      .select({ userId: alertPreference.userId, savedHomes: alertPreference.savedHomesFrequency, bouncedAt: alertPreference.bouncedAt })
      .from(alertPreference)
      .where(
        inArray(
          alertPreference.userId,
          rows.map((row) => row.userId),
        ),
      )
    for (const row of found) preferences.set(row.userId, row)
  }
  return written.filter((row) => {
    const preference = preferences.get(row.userId)
    if (preference?.bouncedAt) return false
    const ids = new Set(row.savedSearchIds)
    if (byUser.get(row.userId)?.matches.some((m) => ids.has(m.savedSearchId) && m.frequency === 'instant')) return true
    return row.kind.startsWith('saved-') && (preference?.savedHomes ?? 'instant') === 'instant'
  })
}

/** Each person's unread alerts, counted in one query. */
async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]))
  for (const ids of chunksOf(userIds)) {
    const rows = await db
      .select({ userId: alert.userId, n: count() })
      .from(alert)
      .where(and(inArray(alert.userId, ids), isNull(alert.readAt)))
      .groupBy(alert.userId)
    for (const row of rows) counts.set(row.userId, Number(row.n))
  }
  return counts
}

/** What a job did with one change: the people it matched or concerned, the alerts written, how long it took. */
export type ChangeWorked = { changeId: number; listingId: number; recipients: number; alerts: number; ms: number }

/**
 * Works a batch of listing changes (the job's handler): each change's recipients found and its alerts
 * and hits written (a few statements a change, in its own transaction), then, once for the whole
 * batch, every person's unread count sent live, the e-mail jobs of those due an instant e-mail queued
 * (one insert, each person once) and the changes marked worked (one update). A change already worked,
 * or gone, is left alone.
 */
export async function processListingChanges(
  context: ListingAlertContext,
  changeIds: number[],
): Promise<{ alerts: number; emails: number; worked: ChangeWorked[] }> {
  const { db } = context
  if (changeIds.length === 0) return { alerts: 0, emails: 0, worked: [] }
  const changes = await db
    .select()
    .from(listingAlertChange)
    .where(and(inArray(listingAlertChange.id, changeIds), isNull(listingAlertChange.processedAt)))
    .orderBy(listingAlertChange.id)
  const worked: ChangeWorked[] = []
  const dueUsers = new Set<string>()
  const toldUsers = new Set<string>()
  let alerts = 0
  for (const change of changes) {
    const started = performance.now()
    const recipients = await recipientsOf(db, change)
    const byUser = new Map(recipients.map((recipient) => [recipient.userId, recipient]))
    const told = recipients.flatMap((recipient) => {
      const kind = kindFor(change.kind as ListingAlertChange, recipient)
      return kind ? [{ recipient, kind }] : []
    })
    const written = told.length === 0 ? [] : await writeAlerts(db, change, told)
    for (const row of written) toldUsers.add(row.userId)
    for (const row of await dueInstantly(db, written, byUser)) dueUsers.add(row.userId)
    alerts += written.length
    worked.push({
      changeId: change.id,
      listingId: change.listingId,
      recipients: recipients.length,
      alerts: written.length,
      ms: Math.round(performance.now() - started),
    })
  }
  const unread = await unreadCounts(db, [...toldUsers])
  const counts = [...unread].map(([userId, n]) => ({ userId, unread: n }))
  for (let k = 0; k < counts.length; k += COUNTS_PER_NEWS)
    await context.publish({ kind: 'alerts', counts: counts.slice(k, k + COUNTS_PER_NEWS) })
  if (dueUsers.size > 0)
    await context.queue(
      INSTANT_EMAIL_JOB,
      [...dueUsers].map((userId) => ({ userId })),
      instantEmailOptions,
    )
  if (changes.length > 0)
    await db
      .update(listingAlertChange)
      .set({ processedAt: new Date() })
      .where(
        inArray(
          listingAlertChange.id,
          changes.map((change) => change.id),
        ),
      )
  return { alerts, emails: dueUsers.size, worked }
}
