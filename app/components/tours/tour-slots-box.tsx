// Beside a listing's contact box: the next 14 days of open tour times, in the home's own time zone
// (and the renter's own zone named when it differs), each one click to request with the party size
// and note above. A renter with a live tour of the home sees it instead; a visitor is asked to log in.
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { formatDay, formatSlotTime, formatTourTime, isSameClock, zoneName } from '#common/tours/format.ts'
import type { SlotDay } from '#common/tours/slots.ts'
import type { TourView } from '#common/tours/types.ts'
import { MAX_PARTY_SIZE, MAX_TOUR_NOTE } from '#common/tours/vocabulary.ts'

export type TourSlotsData = { listingId: number; timeZone: string; days: SlotDay[] }

/** "Times are in …", and the viewer's own zone once the browser says it differs. */
export function ZoneNote({ timeZone }: { timeZone: string }) {
  const [ownZone, setOwnZone] = useState<string | null>(null)
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (own && !isSameClock(own, timeZone)) setOwnZone(own)
  }, [timeZone])
  return (
    <p className="text-sm text-ink-soft">
      {`Times are the home’s: ${zoneName(timeZone)}.${ownZone ? ` Your own time zone is ${zoneName(ownZone)}.` : ''}`}
    </p>
  )
}

export function TourSlotsBox({
  slots,
  liveTour,
  isSignedIn,
  loginHref,
}: {
  slots: TourSlotsData
  liveTour: TourView | null
  isSignedIn: boolean
  loginHref: string
}) {
  return (
    <section aria-labelledby="tours-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="tours-title" className="text-lg font-semibold text-ink">
        Book a tour
      </h2>
      {liveTour ? (
        <p className="mt-2 text-sm text-ink">
          {liveTour.state === 'requested' ? 'Your tour (waiting for the landlord): ' : 'Your tour: '}
          <Link to={`/tours/${liveTour.id}`} className="font-semibold text-brand-700 underline">
            {formatTourTime(liveTour.startsAt, liveTour.timeZone)}
          </Link>
        </p>
      ) : slots.days.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No tour times in the next 14 days. Message the landlord to arrange one.</p>
      ) : !isSignedIn ? (
        <p className="mt-2 text-sm">
          <Link to={loginHref} className="font-semibold text-brand-700 underline">
            Log in to book a tour
          </Link>{' '}
          <span className="text-ink-soft">— open times in the next 14 days.</span>
        </p>
      ) : (
        <Form method="post" action="/tours/new" className="mt-3 space-y-3">
          <input type="hidden" name="listingId" value={slots.listingId} />
          <ZoneNote timeZone={slots.timeZone} />
          <Select label="People coming" name="partySize" defaultValue="1">
            {Array.from({ length: MAX_PARTY_SIZE }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </Select>
          <TextField label="Note for the landlord (optional)" name="note" multiline rows={2} maxLength={MAX_TOUR_NOTE} />
          <p className="text-sm font-semibold text-ink">Choose a time to request it:</p>
          <div className="max-h-96 space-y-2 overflow-y-auto">
            {slots.days.map((day, index) => (
              <details key={day.date} open={index === 0} className="rounded-lg border border-gray-200 p-2">
                <summary className="cursor-pointer text-sm font-semibold text-ink">
                  {formatDay(day.date)} <span className="font-normal text-ink-soft">({day.slots.length} open)</span>
                </summary>
                <div className="mt-2 flex flex-wrap gap-2">
                  {day.slots.map((slot) => (
                    <Button
                      key={slot.startsAt}
                      variant="secondary"
                      name="startsAt"
                      value={slot.startsAt}
                      aria-label={`Request a tour on ${formatTourTime(slot.startsAt, slots.timeZone)}`}
                    >
                      {formatSlotTime(slot.startsAt, slots.timeZone)}
                    </Button>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </Form>
      )}
      {isSignedIn ? (
        <p className="mt-3 text-sm">
          <Link to="/tours" className="text-brand-700 underline">
            All your tours
          </Link>
        </p>
      ) : null}
    </section>
  )
}
