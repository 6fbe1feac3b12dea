// The console's people: the search by e-mail or name (the page and bench/people-search.ts use the
// same function) and one person as an administrator sees them. Nothing here reads a person's private
// messages, applications or documents: a report against them shows its reason, not the message.
import { sql } from 'drizzle-orm'
import { listingPath } from '#common/listings/listing-url.ts'
import type { PeoplePage, PersonDetail, PersonListingReport, PersonReport, PersonRole, PersonRow } from '#common/console/types.ts'
import { LISTING_REPORT_REASON_LABELS, type ListingReportReason } from '#common/moderation/vocabulary.ts'
import { normalizePeopleQuery } from '#common/console/schemas.ts'
import { isBanInForce } from '#server/accounts/index.server.ts'
import type { Db } from '#server/db/client.server.ts'

const PEOPLE_PAGE_SIZE = 25
/** Shorter queries match the start of a name or an e-mail; from this length on, anywhere in either. */
export const SUBSTRING_MIN_LENGTH = 3

type Reader = Pick<Db, 'execute'>

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const roleOf = (row: { is_administrator: boolean | null; owns_listings: boolean }): PersonRole =>
  row.is_administrator ? 'administrator' : row.owns_listings ? 'landlord' : 'renter'

const iso = (value: Date | string) => new Date(value).toISOString()

/** The cursor is the last row's sort key: its lower-cased name and its id, joined by a NUL-free separator. */
function encodeCursor(row: { sort_name: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.sort_name, row.id])).toString('base64url')
}

function decodeCursor(cursor: string | null | undefined): [string, string] | undefined {
  if (!cursor || cursor.length > 600) return undefined
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string' && !part.includes('\u0000'))) {
      return value as [string, string]
    }
  } catch {
    // An unreadable cursor starts from the first page.
  }
  return undefined
}

type SearchRow = {
  id: string
  name: string
  email: string
  sort_name: string
  created_at: Date | string
  banned: boolean
  ban_expires: Date | string | null
  is_administrator: boolean | null
  owns_listings: boolean
}

/**
 * A search gathers at most this many matches (through the indexes, in no order), then sorts them by
 * name: its cost stays bounded however many people match. When more match, the page says so and asks
 * for a longer query.
 */
export const MATCHES_GATHERED = 1000

/**
 * People whose name or e-mail matches the query, by name (case-insensitive, byte order), a page at a
 * time. A query of one or two characters matches the start of a name or an e-mail (the byte-ordered
 * indexes); a longer one matches anywhere in either (the trigram indexes). Of a query that matches
 * more than MATCHES_GATHERED people, that many are shown (`isTruncated`). Empty lists everyone.
 */
export async function searchPeople(
  db: Reader,
  input: { query?: string | null; cursor?: string | null; limit?: number },
): Promise<PeoplePage> {
  const query = normalizePeopleQuery(input.query)
  const limit = Math.min(Math.max(input.limit ?? PEOPLE_PAGE_SIZE, 1), 100)
  const conditions = [sql`true`]
  if (query.length >= SUBSTRING_MIN_LENGTH) {
    const pattern = `%${escapeLike(query)}%`
    // One trigram index over both (user_search_trgm_idx); \u0001, which no query holds, keeps them apart.
    conditions.push(sql`(lower(u.name) || chr(1) || u.email) like ${pattern}`)
  } else if (query.length > 0) {
    const pattern = `${escapeLike(query)}%`
    conditions.push(sql`(lower(u.name) collate "C" like ${pattern} or u.email collate "C" like ${pattern})`)
  }
  const after = decodeCursor(input.cursor)
  if (after) conditions.push(sql`(lower(u.name) collate "C", u.id) > (${after[0]}, ${after[1]})`)
  const where = sql.join(conditions, sql` and `)
  // Everyone: in name order along the name index. A search: the matches gathered (no order asked, so
  // the indexes of the match find them), then sorted.
  const matched = query
    ? sql`select u.id, lower(u.name) collate "C" as sort_name from "user" u where ${where} limit ${MATCHES_GATHERED}`
    : sql`select u.id, lower(u.name) collate "C" as sort_name from "user" u where ${where}
        order by lower(u.name) collate "C", u.id limit ${limit + 1}`
  const { rows } = await db.execute<SearchRow & { gathered: number | string }>(sql`
    with matched as materialized (${matched}),
    page as (select id, sort_name from matched order by sort_name, id limit ${limit + 1})
    select u.id, u.name, u.email, page.sort_name, u.created_at, u.banned, u.ban_expires, p.is_administrator,
      exists (select 1 from listing l where l.owner_id = u.id) as owns_listings,
      (select count(*) from matched) as gathered
    from page join "user" u on u.id = page.id left join profile p on p.user_id = u.id
    order by page.sort_name, page.id`)
  const isTruncated = query !== '' && rows.length > 0 && Number(rows[0]!.gathered) >= MATCHES_GATHERED
  const page = rows.slice(0, limit)
  const people: PersonRow[] = page.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row),
    isBanned: isBanInForce({ banned: row.banned, banExpires: row.ban_expires === null ? null : new Date(row.ban_expires) }),
    signedUpAt: iso(row.created_at),
  }))
  return { people, nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null, isTruncated }
}

/** One person as the console shows them, or undefined when there is no such account. */
export async function findPerson(db: Reader, personId: string): Promise<PersonDetail | undefined> {
  const { rows } = await db.execute<{
    id: string
    name: string
    email: string
    created_at: Date | string
    email_verified: boolean
    banned: boolean
    ban_reason: string | null
    ban_expires: Date | string | null
    banned_by_name: string | null
    is_administrator: boolean | null
    last_sign_in: Date | string | null
    active_sessions: number | string
  }>(sql`
    select u.id, u.name, u.email, u.created_at, u.email_verified, u.banned, u.ban_reason, u.ban_expires,
      (select b.name from "user" b where b.id = u.banned_by) as banned_by_name,
      p.is_administrator,
      (select max(s.created_at) from session s where s.user_id = u.id) as last_sign_in,
      (select count(*) from session s where s.user_id = u.id and s.expires_at > now()) as active_sessions
    from "user" u left join profile p on p.user_id = u.id
    where u.id = ${personId}`)
  const row = rows[0]
  if (!row) return undefined
  const listings = await db.execute<{ id: number | string; title: string; status: string }>(sql`
    select id, title, status from listing where owner_id = ${personId} order by id desc limit 200`)
  // Reports of messages they wrote, direct or in the room: the reason and what was done, never the message.
  const reports = await db.execute<{
    id: number | string
    kind: 'direct' | 'room'
    reason: string
    created_at: Date | string
    resolution: string | null
  }>(sql`
    select r.id, r.kind, r.reason, r.created_at, r.resolution
    from message_report r
    where (r.kind = 'direct' and exists (select 1 from message m where m.id = r.message_id and m.sender_id = ${personId}))
       or (r.kind = 'room' and exists (select 1 from room_message m where m.id = r.message_id and m.author_id = ${personId}))
    order by r.created_at desc, r.id desc
    limit 100`)
  const listingReports = await db.execute<{
    id: number | string
    listing_id: number | string
    title: string
    reason: string
    created_at: Date | string
    resolution: string | null
  }>(sql`
    select r.id, l.id as listing_id, l.title, r.reason, r.created_at, r.resolution
    from listing_report r join listing l on l.id = r.listing_id
    where l.owner_id = ${personId}
    order by r.created_at desc, r.id desc
    limit 100`)
  const banExpires = row.ban_expires === null ? null : new Date(row.ban_expires)
  const inForce = isBanInForce({ banned: row.banned, banExpires })
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf({ is_administrator: row.is_administrator, owns_listings: listings.rows.length > 0 }),
    signedUpAt: iso(row.created_at),
    lastSignInAt: row.last_sign_in === null ? null : iso(row.last_sign_in),
    activeSessions: Number(row.active_sessions),
    isEmailVerified: row.email_verified,
    listings: listings.rows.map((listing) => ({
      id: Number(listing.id),
      title: listing.title,
      status: listing.status,
      path: listingPath({ id: Number(listing.id), title: listing.title }),
    })),
    messageReports: reports.rows.map((report): PersonReport => ({
      id: Number(report.id),
      kind: report.kind,
      reason: report.reason,
      reportedAt: iso(report.created_at),
      resolution: report.resolution,
    })),
    listingReports: listingReports.rows.map((report): PersonListingReport => ({
      id: Number(report.id),
      listingTitle: report.title,
      listingPath: listingPath({ id: Number(report.listing_id), title: report.title }),
      reason: LISTING_REPORT_REASON_LABELS[report.reason as ListingReportReason] ?? report.reason,
      reportedAt: iso(report.created_at),
      resolution: report.resolution,
    })),
    ban: inForce ? { reason: row.ban_reason ?? '', expiresAt: banExpires && banExpires.toISOString(), bannedBy: row.banned_by_name } : null,
  }
}

/** The console home's counts: open reports (messages, listings, reviews), listings held for review, people banned now. */
export async function countConsoleWork(
  db: Reader,
): Promise<{ openMessageReports: number; openReports: number; heldListings: number; bannedPeople: number }> {
  const { rows } = await db.execute<{
    messages: number | string
    listings: number | string
    reviews: number | string
    held: number | string
    banned: number | string
  }>(sql`
    select (select count(*) from message_report where resolved_at is null) as messages,
      (select count(*) from listing_report where resolved_at is null) as listings,
      (select count(*) from review_report where resolved_at is null) as reviews,
      (select count(*) from listing where status = 'held') as held,
      (select count(*) from "user" where banned and (ban_expires is null or ban_expires > now())) as banned`)
  const row = rows[0]
  const openMessageReports = Number(row?.messages ?? 0)
  return {
    openMessageReports,
    openReports: openMessageReports + Number(row?.listings ?? 0) + Number(row?.reviews ?? 0),
    heldListings: Number(row?.held ?? 0),
    bannedPeople: Number(row?.banned ?? 0),
  }
}
