// The price of dates on a listing with every rule checked: the nights within the minimum and maximum,
// the guests within the maximum, the check-in after the advance notice and the check-out within the
// booking window (both on the listing's calendar), and the nights free. A request to book checks the
// same rules; the database's constraint is what keeps the nights under concurrency.
import { addDays, daysBetween, instantAt, todayIn } from '#common/stays/dates.ts'
import { CANCELLATION_POLICY_TEXT } from '#common/stays/policies.ts'
import { quoteStay, type StayQuote } from '#common/stays/quote.ts'
import { stayQuoteSchema } from '#common/stays/schemas.ts'
import type { StayQuoteView } from '#common/stays/types.ts'
import type { Db } from '#server/db/client.server.ts'
import { AppError, parseOrThrow, type FieldErrors } from '#server/errors.server.ts'
import { formatDate, heldDates, nightsTakenError } from './holds.server.ts'
import { readStayListing, type StayListing } from './listing.server.ts'

type Stay = { checkIn: string; checkOut: string; guests: number }

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The listing's rules a stay breaks, as field errors; none when it keeps them all. */
export function ruleErrorsOf(home: StayListing, { checkIn, checkOut, guests }: Stay, now: Date): FieldErrors {
  const { rules } = home
  const errors: FieldErrors = {}
  const add = (field: string, message: string) => (errors[field] ??= []).push(message)
  const nights = daysBetween(checkIn, checkOut)
  const today = todayIn(home.timeZone, now)
  const earliest = addDays(today, rules.advanceNoticeDays)
  const latestOut = addDays(today, rules.bookingWindowDays)
  if (nights < home.minNights) add('checkOut', `This home takes stays of at least ${plural(home.minNights, 'night')}.`)
  if (nights > rules.maxNights) add('checkOut', `This home takes stays of at most ${plural(rules.maxNights, 'night')}.`)
  if (guests > rules.maxGuests) add('guests', `At most ${plural(rules.maxGuests, 'guest')} can stay here.`)
  if (checkIn < today) add('checkIn', 'Check-in cannot be in the past.')
  else if (checkIn < earliest) {
    add('checkIn', `This home needs ${plural(rules.advanceNoticeDays, 'day')}’ notice: the earliest check-in is ${formatDate(earliest)}.`)
  } else if (instantAt(checkIn, rules.checkInTime, home.timeZone) <= now) add('checkIn', 'Today’s check-in time has passed.')
  if (checkOut > latestOut) {
    add(
      'checkOut',
      `Stays can be booked up to ${plural(rules.bookingWindowDays, 'day')} ahead: the latest check-out is ${formatDate(latestOut)}.`,
    )
  }
  return errors
}

export function checkStayRules(home: StayListing, stay: Stay, now: Date) {
  const errors = ruleErrorsOf(home, stay, now)
  const messages = Object.values(errors).flat()
  if (messages.length > 0) throw new AppError('invalid', messages.join(' '), errors)
}

export function quoteOf(home: StayListing, { checkIn, checkOut }: { checkIn: string; checkOut: string }): StayQuote {
  return quoteStay({
    checkIn,
    checkOut,
    nightlyCents: home.nightlyCents,
    weekendNightlyCents: home.rules.weekendNightlyCents,
    weeklyDiscountPercent: home.rules.weeklyDiscountPercent,
    cleaningFeeCents: home.rules.cleaningFeeCents,
    currency: home.currency,
  })
}

/** Refuses nights already held (a read: the request's insert is what holds them for certain). */
export async function checkNightsFree(
  db: Db,
  { home, checkIn, checkOut, now }: { home: StayListing; checkIn: string; checkOut: string; now: Date },
) {
  const held = await heldDates(db, { listingId: home.id, start: checkIn, end: addDays(checkOut, home.rules.preparationDays) })
  if (held.size > 0) throw await nightsTakenError(db, { home, checkIn, checkOut, now })
}

/** The price of a stay as a guest would book it now; a rule broken is a 400, nights taken a 409 with the nearest free ones. */
export async function findStayQuote(
  db: Db,
  { listingId, viewerId = null, input, now = new Date() }: { listingId: number; viewerId?: string | null; input: unknown; now?: Date },
): Promise<StayQuoteView> {
  const stay = parseOrThrow(stayQuoteSchema, input)
  const home = await readStayListing(db, { listingId, viewerId })
  checkStayRules(home, stay, now)
  await checkNightsFree(db, { home, checkIn: stay.checkIn, checkOut: stay.checkOut, now })
  return {
    quote: quoteOf(home, stay),
    timeZone: home.timeZone,
    instantBook: home.rules.instantBook,
    policy: home.rules.cancellationPolicy,
    policyText: CANCELLATION_POLICY_TEXT[home.rules.cancellationPolicy],
    checkInAt: instantAt(stay.checkIn, home.rules.checkInTime, home.timeZone).toISOString(),
    checkOutAt: instantAt(stay.checkOut, home.rules.checkOutTime, home.timeZone).toISOString(),
  }
}
