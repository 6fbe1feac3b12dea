// Reviews after a stay (decision 043): only the guest and the host of a completed stay review it, once
// each, within 14 days of its check-out time (on the listing's clock). A review stays hidden until
// both are in or the window ends, so neither writes in reply to the other; then both publish at once.
// A submitted review is final. The host answers the guest's published review once; an administrator
// removes one that breaks a published rule, naming it; nothing is ever deleted. Announcing is the
// front door's (review-writes.server.ts).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { addDays, instantAt } from '#common/stays/dates.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import {
  type BookingReviews,
  GUEST_CATEGORIES,
  guestReviewSchema,
  hostReviewSchema,
  type ListingReviews,
  REVIEW_WINDOW_DAYS,
  reviewAnswerSchema,
  reviewPageSchema,
  reviewRemovalSchema,
  REVIEWS_PER_PAGE,
  type ReviewRuleKey,
  type ReviewSide,
  type ReviewView,
} from '#common/stays/reviews.ts'
import { formatTourTime } from '#common/tours/format.ts'
import { requireAdministrator } from '#server/accounts/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, stayBooking, stayReview, stayRules, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { type BookingRow, lockBooking } from './holds.server.ts'

type ReviewRow = typeof stayReview.$inferSelect

/** The end of the review window: the check-out time, 14 days after the check-out date, on the listing's clock. */
export function reviewWindowEnd(booking: Pick<BookingRow, 'checkOut' | 'timeZone'>, checkOutTime: string): Date {
  return instantAt(addDays(booking.checkOut, REVIEW_WINDOW_DAYS), checkOutTime, booking.timeZone)
}

async function checkOutTimeOf(db: Db | Tx, listingId: number) {
  const [row] = await db.select({ checkOutTime: stayRules.checkOutTime }).from(stayRules).where(eq(stayRules.listingId, listingId))
  return row?.checkOutTime ?? DEFAULT_STAY_RULES.checkOutTime
}

const sideOf = (booking: BookingRow, viewerId: string): ReviewSide => (booking.guestId === viewerId ? 'guest' : 'host')

/** The first word of a name: reviews are public, and a guest's full name need not be. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name

function viewOf(row: ReviewRow, authorName: string, stayedUntil: string): ReviewView {
  const stars =
    row.side === 'guest'
      ? {
          cleanliness: row.cleanliness,
          accuracy: row.accuracy!,
          communication: row.communication,
          location: row.location!,
          value: row.value!,
        }
      : { cleanliness: row.cleanliness, communication: row.communication, houseRules: row.houseRules! }
  const isRemoved = row.removedAt !== null
  return {
    id: row.id,
    side: row.side as ReviewSide,
    authorName: firstNameOf(authorName),
    stars: isRemoved ? {} : stars,
    text: isRemoved ? '' : row.text,
    submittedAt: row.submittedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    answer: row.answer && row.answeredAt && !isRemoved ? { text: row.answer, at: row.answeredAt.toISOString() } : null,
    removal: isRemoved ? { at: row.removedAt!.toISOString(), rule: row.removalRule as ReviewRuleKey, note: row.removalNote ?? '' } : null,
    stayedUntil,
  }
}

export type ReviewResult = { booking: BookingRow; published: boolean }

/** A side's review of a completed stay; when the other side's is already in, both publish now. */
export async function storeStayReview(
  db: Db,
  { viewerId, bookingId, input, now = new Date() }: { viewerId: string; bookingId: number; input: unknown; now?: Date },
): Promise<ReviewResult> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, { bookingId, viewerId })
    const side = sideOf(booking, viewerId)
    if (booking.state !== 'completed') {
      throw new AppError('conflict', 'Only a completed stay can be reviewed: reviews open after the check-out time.')
    }
    const windowEnd = reviewWindowEnd(booking, await checkOutTimeOf(tx, booking.listingId))
    if (now >= windowEnd) {
      throw new AppError(
        'conflict',
        `The ${REVIEW_WINDOW_DAYS} days to review this stay ended ${formatTourTime(windowEnd.toISOString(), booking.timeZone)}.`,
      )
    }
    const { text, ...stars } =
      side === 'guest'
        ? parseOrThrow(guestReviewSchema, input, 'Rate each category and write a few words.')
        : parseOrThrow(hostReviewSchema, input, 'Rate each category and write a few words.')
    const [inserted] = await tx
      .insert(stayReview)
      .values({ bookingId, listingId: booking.listingId, side, authorId: viewerId, ...stars, text, submittedAt: now, publishBy: windowEnd })
      .onConflictDoNothing()
      .returning({ id: stayReview.id })
    if (!inserted) throw new AppError('conflict', 'You have reviewed this stay already: a review cannot be changed once sent.')
    // Both in: both publish together, at once.
    const [{ value: reviews } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(stayReview)
      .where(eq(stayReview.bookingId, bookingId))
    const published = reviews === 2
    if (published) {
      await tx
        .update(stayReview)
        .set({ publishedAt: now })
        .where(and(eq(stayReview.bookingId, bookingId), isNull(stayReview.publishedAt)))
    }
    return { booking, published }
  })
}

/** The reviews whose window has ended are published, each alone; returns the bookings that got one. */
export async function publishDueReviews(db: Db, { now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {}) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: stayReview.id })
      .from(stayReview)
      .where(and(isNull(stayReview.publishedAt), lte(stayReview.publishBy, now)))
      .orderBy(asc(stayReview.publishBy))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const rows = await tx
      .update(stayReview)
      .set({ publishedAt: now })
      .where(
        and(
          inArray(
            stayReview.id,
            due.map((d) => d.id),
          ),
          isNull(stayReview.publishedAt),
        ),
      )
      .returning({ bookingId: stayReview.bookingId })
    const ids = [...new Set(rows.map((r) => r.bookingId))]
    return ids.length === 0 ? [] : tx.select().from(stayBooking).where(inArray(stayBooking.id, ids))
  })
}

/** Reads a review with its booking for a write, locked; a third person finds none. */
async function lockReview(tx: Tx, reviewId: number) {
  const [found] = await tx
    .select({ review: stayReview, booking: stayBooking })
    .from(stayReview)
    .innerJoin(stayBooking, eq(stayBooking.id, stayReview.bookingId))
    .where(eq(stayReview.id, reviewId))
    .for('update', { of: stayReview })
  return found
}

/** The host's one public answer to the guest's published review. */
export async function storeReviewAnswer(
  db: Db,
  { viewerId, reviewId, input, now = new Date() }: { viewerId: string; reviewId: number; input: unknown; now?: Date },
): Promise<ReviewResult> {
  const { answer } = parseOrThrow(reviewAnswerSchema, input)
  return db.transaction(async (tx) => {
    const found = await lockReview(tx, reviewId)
    if (!found || (found.booking.guestId !== viewerId && found.booking.hostId !== viewerId))
      throw new AppError('not-found', 'No such review.')
    const { review, booking } = found
    if (booking.hostId !== viewerId || review.side !== 'guest') throw new AppError('forbidden', 'Only the host answers the guest’s review.')
    if (review.publishedAt === null) throw new AppError('conflict', 'A review is answered once it is published.')
    if (review.removedAt !== null) throw new AppError('conflict', 'This review was removed.')
    if (review.answer !== null) throw new AppError('conflict', 'This review has its answer already: a host answers once.')
    await tx
      .update(stayReview)
      .set({ answer, answeredAt: now })
      .where(and(eq(stayReview.id, reviewId), isNull(stayReview.answer)))
    return { booking, published: false }
  })
}

/** An administrator's removal of a review that breaks a published rule: the row stays, with who, when and which rule. */
export async function storeReviewRemoval(
  db: Db,
  { viewerId, reviewId, input, now = new Date() }: { viewerId: string; reviewId: number; input: unknown; now?: Date },
): Promise<ReviewResult & { rule: ReviewRuleKey; note: string }> {
  return db.transaction(async (tx) => {
    await requireAdministrator(tx, viewerId, 'Only administrators remove reviews, and only for breaking a published rule.')
    const { rule, note } = parseOrThrow(reviewRemovalSchema, input, 'Choose the rule the review breaks.')
    const found = await lockReview(tx, reviewId)
    if (!found) throw new AppError('not-found', 'No such review.')
    if (found.review.removedAt !== null) throw new AppError('conflict', 'This review was removed already.')
    await tx
      .update(stayReview)
      .set({ removedAt: now, removedBy: viewerId, removalRule: rule, removalNote: note })
      .where(and(eq(stayReview.id, reviewId), isNull(stayReview.removedAt)))
    return { booking: found.booking, published: false, rule, note }
  })
}

/** A booking's reviews as one of its two sides reads them: their own always, the other's once published. */
export async function findBookingReviews(
  db: Db,
  { viewerId, bookingId, now = new Date() }: { viewerId: string; bookingId: number; now?: Date },
): Promise<BookingReviews> {
  const [booking] = await db.select().from(stayBooking).where(eq(stayBooking.id, bookingId))
  if (!booking || (booking.guestId !== viewerId && booking.hostId !== viewerId)) throw new AppError('not-found', 'No such booking.')
  const side = sideOf(booking, viewerId)
  const rows = await db
    .select({ review: stayReview, authorName: user.name })
    .from(stayReview)
    .innerJoin(user, eq(user.id, stayReview.authorId))
    .where(eq(stayReview.bookingId, bookingId))
  const mineRow = rows.find((r) => r.review.side === side)
  const theirsRow = rows.find((r) => r.review.side !== side)
  const isCompleted = booking.state === 'completed'
  const windowEnd = isCompleted ? reviewWindowEnd(booking, await checkOutTimeOf(db, booking.listingId)) : null
  const isOpen = windowEnd !== null && now < windowEnd
  const theirs = theirsRow?.review.publishedAt ? viewOf(theirsRow.review, theirsRow.authorName, booking.checkOut) : null
  return {
    windowEndsAt: windowEnd?.toISOString() ?? null,
    isOpen,
    mine: mineRow ? viewOf(mineRow.review, mineRow.authorName, booking.checkOut) : null,
    theirs,
    isTheirsIn: theirsRow !== undefined,
    canReview: isOpen && !mineRow,
    canAnswer: side === 'host' && theirs !== null && theirs.side === 'guest' && theirs.answer === null && theirs.removal === null,
  }
}

const visible = (listingId: number) =>
  and(eq(stayReview.listingId, listingId), eq(stayReview.side, 'guest'), isNotNull(stayReview.publishedAt), isNull(stayReview.removedAt))

const round1 = (value: string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10)

/** A listing's published guest reviews (removed ones left out): averages per category, the count, and a page, newest first. */
export async function findListingReviews(
  db: Db,
  { listingId, input = {} }: { listingId: number; input?: unknown },
): Promise<ListingReviews> {
  const { page } = parseOrThrow(reviewPageSchema, input)
  const [home] = await db.select({ id: listing.id }).from(listing).where(eq(listing.id, listingId))
  if (!home) throw new AppError('not-found', 'No such listing.')
  const [totals] = await db
    .select({
      count: count(),
      cleanliness: sql<string | null>`avg(${stayReview.cleanliness})`,
      accuracy: sql<string | null>`avg(${stayReview.accuracy})`,
      communication: sql<string | null>`avg(${stayReview.communication})`,
      location: sql<string | null>`avg(${stayReview.location})`,
      value: sql<string | null>`avg(${stayReview.value})`,
      overall: sql<
        string | null
      >`avg((${stayReview.cleanliness} + ${stayReview.accuracy} + ${stayReview.communication} + ${stayReview.location} + ${stayReview.value}) / 5.0)`,
    })
    .from(stayReview)
    .where(visible(listingId))
  const total = totals?.count ?? 0
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE))
  const rows = await db
    .select({ review: stayReview, authorName: user.name, checkOut: stayBooking.checkOut })
    .from(stayReview)
    .innerJoin(user, eq(user.id, stayReview.authorId))
    .innerJoin(stayBooking, eq(stayBooking.id, stayReview.bookingId))
    .where(visible(listingId))
    .orderBy(desc(stayReview.publishedAt), desc(stayReview.id))
    .limit(REVIEWS_PER_PAGE)
    .offset((page - 1) * REVIEWS_PER_PAGE)
  return {
    count: total,
    averages: Object.fromEntries(GUEST_CATEGORIES.map((c) => [c, round1(totals?.[c] ?? null)])) as ListingReviews['averages'],
    overall: round1(totals?.overall ?? null),
    page,
    pages,
    reviews: rows.map((r) => viewOf(r.review, r.authorName, r.checkOut)),
  }
}

/** The listing page's reviews: the page its address asks for, or the first when it asks for none or nonsense. */
export async function findListingReviewsPage(db: Db, { listingId, page }: { listingId: number; page: string | null }) {
  const asked = reviewPageSchema.safeParse({ page: page ?? undefined })
  return findListingReviews(db, { listingId, input: asked.success ? asked.data : {} })
}
