// The `listing-alert` job: one listing change told to everyone it concerns. The saved searches that
// match it now (published, price lowered) and the people who saved the home (every change) each get
// one alert per person and change, however many of their searches match; the listing's owner never
// does. A listing is announced as new once per saved search (saved_search_hit's partial unique
// index). Then each person's unread count goes out live and the alerts due an instant e-mail are
// queued. Idempotent: run twice, the unique indexes keep every row once and nothing is queued twice.
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, alertPreference, listingAlertChange, profile, savedListing, savedSearchHit } from '#server/db/schema.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import type { BelowIndex, ListingMatch } from '#common/alerts/types.ts'
import type { AlertKind, ListingAlertChange } from '#common/alerts/vocabulary.ts'
import { matchListing } from '../matching/match.server.ts'
import type { QueueJob } from './changes-queue.server.ts'
import { countUnreadAlerts } from '../notifications.server.ts'

export const ALERT_EMAIL_JOB = 'alert-email'

export type ListingAlertContext = {
  db: Db
  publish: (news: PublicNews) => Promise<void>
  queue: QueueJob
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

/**
 * Writes one person's alert and their searches' hits in one transaction. A 'new-match' whose every
 * search had already announced the home is no alert at all; a rerun finds the alert already there.
 * Resolves to the alert's id and the searches it names, or null when there is nothing to tell.
 */
async function writeAlert(db: Db, change: Change, recipient: Recipient, kind: AlertKind) {
  const belowIndex: BelowIndex | null = recipient.matches.find((m) => m.belowIndex)?.belowIndex ?? null
  const searchIds = recipient.matches.map((m) => m.savedSearchId)
  return db.transaction(async (tx) => {
    // A lower price that brings the home into a search that never announced it is news of a new home to that search.
    const toldBefore = new Set(
      change.kind === 'price-drop' && searchIds.length > 0
        ? (
            await tx
              .select({ id: savedSearchHit.savedSearchId })
              .from(savedSearchHit)
              .where(
                and(
                  eq(savedSearchHit.listingId, change.listingId),
                  eq(savedSearchHit.kind, 'new-match'),
                  inArray(savedSearchHit.savedSearchId, searchIds),
                ),
              )
          ).map((row) => row.id)
        : [],
    )
    const isNewTo = (searchId: number) => change.kind === 'published' || !toldBefore.has(searchId)
    const told: AlertKind = kind === 'match-price-drop' && searchIds.every(isNewTo) ? 'new-match' : kind
    const [written] = await tx
      .insert(alert)
      .values({ userId: recipient.userId, changeId: change.id, listingId: change.listingId, kind: told, belowIndex })
      .onConflictDoNothing()
      .returning({ id: alert.id })
    // Written by an earlier run of this job (stopped before it finished): told again, e-mailed at most once.
    if (!written) {
      const [existing] = await tx
        .select({ id: alert.id, savedSearchIds: alert.savedSearchIds })
        .from(alert)
        .where(and(eq(alert.userId, recipient.userId), eq(alert.changeId, change.id)))
      return existing ?? null
    }
    const hits =
      searchIds.length === 0
        ? []
        : await tx
            .insert(savedSearchHit)
            .values(
              searchIds.map((savedSearchId) => ({
                savedSearchId,
                listingId: change.listingId,
                alertId: written.id,
                kind: isNewTo(savedSearchId) ? 'new-match' : 'match-price-drop',
              })),
            )
            .onConflictDoNothing()
            .returning({ savedSearchId: savedSearchHit.savedSearchId })
    const announced = hits.map((h) => h.savedSearchId).sort((a, b) => a - b)
    if (told === 'new-match' && announced.length === 0) {
      await tx.delete(alert).where(eq(alert.id, written.id))
      return null
    }
    if (announced.length > 0) await tx.update(alert).set({ savedSearchIds: announced }).where(eq(alert.id, written.id))
    return { id: written.id, savedSearchIds: announced }
  })
}

/** Whether the alert is due an e-mail at once: a matched search is instant, or it is saved-home news and those are instant. */
async function isDueInstantly(db: Db, recipient: Recipient, kind: AlertKind, savedSearchIds: number[]): Promise<boolean> {
  const [preference] = await db
    .select({ savedHomes: alertPreference.savedHomesFrequency, bouncedAt: alertPreference.bouncedAt })
    .from(alertPreference)
    .where(eq(alertPreference.userId, recipient.userId))
  if (preference?.bouncedAt) return false
  const ids = new Set(savedSearchIds)
  if (recipient.matches.some((m) => ids.has(m.savedSearchId) && m.frequency === 'instant')) return true
  return kind.startsWith('saved-') && (preference?.savedHomes ?? 'instant') === 'instant'
}

/** Works one listing change (the job's handler); a change already worked, or gone, is left alone. */
export async function processListingChange(context: ListingAlertContext, changeId: number): Promise<{ alerts: number }> {
  const { db } = context
  const [change] = await db.select().from(listingAlertChange).where(eq(listingAlertChange.id, changeId))
  if (!change || change.processedAt) return { alerts: 0 }
  const recipients = await recipientsOf(db, change)
  let alerts = 0
  for (const recipient of recipients) {
    const kind = kindFor(change.kind as ListingAlertChange, recipient)
    if (!kind) continue
    const written = await writeAlert(db, change, recipient, kind)
    if (!written) continue
    alerts += 1
    await context.publish({ kind: 'alerts', userId: recipient.userId, unread: await countUnreadAlerts(db, recipient.userId) })
    if (await isDueInstantly(db, recipient, kind, written.savedSearchIds)) await context.queue(ALERT_EMAIL_JOB, { alertId: written.id })
  }
  await db
    .update(listingAlertChange)
    .set({ processedAt: new Date() })
    .where(inArray(listingAlertChange.id, [change.id]))
  return { alerts }
}
