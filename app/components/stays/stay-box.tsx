// Beside a short-term listing's contact box: its calendar, the dates and guests as a plain GET form
// (so the price shows before scripts load), the price line by line, the cancellation policy in words,
// the check-in and check-out times, and the form that requests the stay (or books it, where the host
// allows instant booking). Dates that cannot be booked show why, with the nearest free ones.
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { formatCents } from '#common/stays/quote.ts'
import { MAX_STAY_MESSAGE } from '#common/stays/schemas.ts'
import type { FreeRange, StayCalendar, StayQuoteView } from '#common/stays/types.ts'
import { formatDay } from '#common/tours/format.ts'
import { ZoneNote } from '#app/components/tours/tour-slots-box.tsx'
import { choiceHref, StayCalendarGrid, type StayChoice } from './stay-calendar.tsx'

export type StayBoxData = {
  listingId: number
  calendar: StayCalendar
  choice: StayChoice
  quote: StayQuoteView | null
  /** Why the dates asked for cannot be booked, and the nearest free stays of the same length. */
  problem: { message: string; nearest: FreeRange[] } | null
}

/** "15:00" as "3:00 PM". */
export function formatClock(clock: string) {
  const [hour, minute] = clock.split(':').map(Number)
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  )
}

/** The browser's own zone, sent with a request so deadlines can be told in it; none before scripts run. */
export function OwnZoneInput() {
  const [zone, setZone] = useState('')
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''), [])
  return zone ? <input type="hidden" name="timeZone" value={zone} /> : null
}

export function PriceLines({
  lines,
  totalCents,
  currency,
}: {
  lines: { label: string; cents: number }[]
  totalCents: number
  currency: string
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">The price</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row" className="py-1 text-left font-normal text-ink">
              {line.label}
            </th>
            <td className="py-1 text-right text-ink">{formatCents(line.cents, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-gray-200">
          <th scope="row" className="pt-2 text-left font-semibold text-ink">
            Total
          </th>
          <td className="pt-2 text-right font-semibold text-ink">{formatCents(totalCents, currency)}</td>
        </tr>
      </tfoot>
    </table>
  )
}

export function StayBox({ box, path, isSignedIn }: { box: StayBoxData; path: string; isSignedIn: boolean }) {
  const { calendar, choice, quote, problem } = box
  const { rules } = calendar
  const here = `${path}${choice.checkIn ? `?${new URLSearchParams({ checkIn: choice.checkIn, checkOut: choice.checkOut ?? '', guests: String(choice.guests) }).toString()}` : ''}`
  return (
    <section id="stay" aria-labelledby="stay-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="stay-title" className="text-lg font-semibold text-ink">
        Book a stay
      </h2>
      <p className="mt-1 text-sm text-ink">
        {formatCents(rules.nightlyCents, rules.currency)} a night
        {rules.weekendNightlyCents !== null
          ? `, ${formatCents(rules.weekendNightlyCents, rules.currency)} on Friday and Saturday nights`
          : ''}
        {`; at least ${rules.minNights} ${rules.minNights === 1 ? 'night' : 'nights'}`}
        {rules.weeklyDiscountPercent > 0 ? `; ${rules.weeklyDiscountPercent}% off a week or more` : ''}.
      </p>
      <p className="mt-1 text-sm text-ink">
        Check-in after {formatClock(rules.checkInTime)}, check-out by {formatClock(rules.checkOutTime)}.
      </p>
      <div className="mt-1">
        <ZoneNote timeZone={calendar.timeZone} />
      </div>

      <div className="mt-4">
        <StayCalendarGrid calendar={calendar} choice={choice} path={path} />
      </div>

      <Form method="get" action={`${path}#stay`} preventScrollReset className="mt-4 space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Check-in" name="checkIn" id="stay-check-in" type="date" defaultValue={choice.checkIn ?? ''} required />
          <TextField label="Check-out" name="checkOut" id="stay-check-out" type="date" defaultValue={choice.checkOut ?? ''} required />
        </div>
        <Select label="Guests" name="guests" id="stay-guests" defaultValue={String(choice.guests)}>
          {Array.from({ length: rules.maxGuests }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </Select>
        <Button variant="secondary">Show the price</Button>
      </Form>

      {problem ? (
        <div role="alert" className="mt-4 space-y-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.nearest.length > 0 ? (
            <ul className="space-y-1">
              {problem.nearest.map((range) => (
                <li key={range.checkIn}>
                  <Link
                    to={choiceHref(path, { ...range, guests: choice.guests })}
                    preventScrollReset
                    className="font-semibold text-brand-700 underline"
                  >
                    {formatDay(range.checkIn)} to {formatDay(range.checkOut)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {quote ? (
        <div className="mt-4 space-y-3">
          <h3 className="font-semibold text-ink">
            {formatDay(quote.quote.checkIn)} to {formatDay(quote.quote.checkOut)}
          </h3>
          <PriceLines lines={quote.quote.lines} totalCents={quote.quote.totalCents} currency={quote.quote.currency} />
          <PolicyWords policy={quote.policyText} />
          <p className="text-xs text-ink-soft">Money is recorded here, not moved: you settle the payment with the host.</p>
          {isSignedIn ? (
            <Form method="post" action="/stays/new" className="space-y-3">
              <input type="hidden" name="listingId" value={box.listingId} />
              <input type="hidden" name="checkIn" value={quote.quote.checkIn} />
              <input type="hidden" name="checkOut" value={quote.quote.checkOut} />
              <input type="hidden" name="guests" value={choice.guests} />
              <OwnZoneInput />
              <TextField
                label="Message to the host (optional)"
                name="message"
                id="stay-message"
                multiline
                rows={2}
                maxLength={MAX_STAY_MESSAGE}
              />
              <Button className="w-full">{quote.instantBook ? 'Book now' : 'Request to book'}</Button>
              <p className="text-xs text-ink-soft">
                {quote.instantBook
                  ? 'This home is booked at once: no wait for the host.'
                  : 'The host has 24 hours to answer (less if check-in is sooner); the nights are held for you meanwhile.'}
              </p>
            </Form>
          ) : (
            <p className="text-sm">
              <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className="font-semibold text-brand-700 underline">
                Log in to book
              </Link>
            </p>
          )}
        </div>
      ) : (
        <div className="mt-4">
          <PolicyWords policy={rules.policy} />
        </div>
      )}
    </section>
  )
}

export function PolicyWords({ policy }: { policy: { label: string; summary: string; rules: string[] } }) {
  return (
    <details className="text-sm text-ink">
      <summary className="cursor-pointer">
        <span className="font-semibold">Cancellation: {policy.label}.</span> {policy.summary}
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {policy.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </details>
  )
}
