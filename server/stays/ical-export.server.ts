// A listing's calendar file for its export address: its held nights from a year back onwards.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { HoldKind } from '#common/stays/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayHold } from '#server/db/schema.ts'
import { listingCalendar } from './ical-export.ts'
import { listingOfExportToken } from './ical-feeds.server.ts'

/** The calendar a token opens, or null when no listing has it (an unknown or revoked token). */
export async function readExportedCalendar(
  db: Db,
  { token, publicUrl, now = new Date() }: { token: string; publicUrl: string; now?: Date },
) {
  const listingId = await listingOfExportToken(db, token)
  if (listingId === null) return null
  const holds = await db
    .select({
      id: stayHold.id,
      kind: stayHold.kind,
      start: sql<string>`lower(${stayHold.nights})::text`,
      end: sql<string>`upper(${stayHold.nights})::text`,
      bookingId: stayHold.bookingId,
      feedId: stayHold.feedId,
      label: stayHold.label,
    })
    .from(stayHold)
    .where(and(eq(stayHold.listingId, listingId), sql`upper(${stayHold.nights}) >= current_date - 365`))
    .orderBy(asc(sql`lower(${stayHold.nights})`))
  return listingCalendar({
    listingId,
    holds: holds.map((h) => ({ ...h, kind: h.kind as HoldKind })),
    domain: new URL(publicUrl).hostname,
    now,
  })
}
