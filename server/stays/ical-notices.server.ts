// The host told by e-mail that an imported calendar collides with a booking or a block here: a job
// queued by the import (ical-import.server.ts) for the conflicts it found new, so each is mailed once.
import { eq } from 'drizzle-orm'
import type { FeedConflict } from '#common/stays/ical.ts'
import { listing, stayCalendarFeed, user } from '#server/db/schema.ts'
import type { NoticeContext } from '#server/mail/home-parties.server.ts'

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
const dayOf = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`))

/** "Tue, Dec 1, 2026 to Thu, Dec 3, 2026 (2 nights)": the nights of a conflict, check-out day last. */
export function nightsInWords({ start, end }: Pick<FeedConflict, 'start' | 'end'>): string {
  const nights = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000)
  return `${dayOf(start)} to ${dayOf(end)} (${nights} ${nights === 1 ? 'night' : 'nights'})`
}

export async function sendConflictNotice(
  { db, mailer, publicUrl }: NoticeContext,
  { feedId, conflicts }: { feedId: number; conflicts: FeedConflict[] },
): Promise<void> {
  const [found] = await db
    .select({ feed: stayCalendarFeed.name, title: listing.title, listingId: listing.id, email: user.email, name: user.name })
    .from(stayCalendarFeed)
    .innerJoin(listing, eq(listing.id, stayCalendarFeed.listingId))
    .innerJoin(user, eq(user.id, listing.ownerId))
    .where(eq(stayCalendarFeed.id, feedId))
  // The feed or the listing was removed since: nothing left to warn about.
  if (!found || conflicts.length === 0) return
  const lines = [
    `Hello ${found.name},`,
    '',
    `The calendar "${found.feed}" you import into "${found.title}" takes nights that are already booked or blocked on Cooper Home:`,
    '',
    ...conflicts.map((c) => `- ${nightsInWords(c)}${c.summary ? `: ${c.summary}` : ''}`),
    '',
    'Cooper Home keeps its own bookings; the other platform shows these nights as taken too. One of the two calendars has a double booking or a stale block: check both and cancel or unblock on one of them.',
    '',
    `${publicUrl}/my-listings`,
    '',
    'Cooper Home',
  ]
  await mailer.send({
    to: found.email,
    subject: `Calendar conflict: ${found.title}`,
    text: lines.join('\n'),
  })
}
