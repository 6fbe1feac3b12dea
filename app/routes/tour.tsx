// /tours/:id: one tour for its renter or its landlord (anyone else: 404): when and where, its state,
// its history, and what the viewer may do next — confirm or decline, cancel with a reason, move it,
// or, once its time has come, mark it completed or missed.
import { Form, Link } from 'react-router'
import type { Route } from './+types/tour'
import { appContext } from '#server/http/app-context.server.ts'
import { tourAction, tourPage } from './tour.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { TourStateBadge } from '#app/components/tours/tour-list.tsx'
import { ZoneNote } from '#app/components/tours/tour-slots-box.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { formatDay, formatSlotTime, formatTourTime } from '#common/tours/format.ts'
import { MAX_TOUR_REASON, TOUR_STATE_LABELS } from '#common/tours/vocabulary.ts'

export function meta() {
  return [...pageMeta('Tour', 'A tour of a home.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return tourPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return tourAction(context.get(appContext).services, request, params.id)
}

const ACTION_LABELS: Record<string, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'Marked as missed',
  rescheduled: 'Moved',
}

export default function TourPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tour, slots, now } = loaderData
  // The other side's answer shows at once: the socket says the tour changed, the page reads it again.
  useRevalidateOn((event) => event.type === 'tour' && event.tourId === tour.id)
  const isLive = tour.state === 'requested' || tour.state === 'confirmed'
  const isLandlord = tour.role === 'landlord'
  const hasBegun = now >= tour.startsAt
  return (
    <div className="space-y-8">
      <PageHeader kicker="Tour" title={formatTourTime(tour.startsAt, tour.timeZone)}>
        <p>
          <Link to={`/properties/${tour.listing.id}`} className="text-brand-700 underline">
            {tour.listing.title}
          </Link>
          , {tour.listing.address}
        </p>
      </PageHeader>
      <ZoneNote timeZone={tour.timeZone} />
      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-ink-soft">State</dt>
          <dd>
            <TourStateBadge state={tour.state} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-soft">{isLandlord ? 'Renter' : 'Landlord'}</dt>
          <dd>{isLandlord ? tour.renter.name : tour.landlord.name}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-soft">People coming</dt>
          <dd>{tour.partySize}</dd>
        </div>
        {tour.note ? (
          <div>
            <dt className="text-sm font-semibold text-ink-soft">Note</dt>
            <dd>{tour.note}</dd>
          </div>
        ) : null}
        {tour.state === 'requested' ? (
          <div>
            <dt className="text-sm font-semibold text-ink-soft">Expires unless answered by</dt>
            <dd>{formatTourTime(tour.answerBy, tour.timeZone)}</dd>
          </div>
        ) : null}
      </dl>

      <FormAlert id="tour-refusal" message={actionData?.error} />

      <div className="flex flex-wrap gap-6">
        {isLandlord && tour.state === 'requested' ? (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <Button>Confirm the tour</Button>
            </Form>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="decline" />
              <TextField label="Why decline (optional)" name="reason" id="decline-reason" maxLength={MAX_TOUR_REASON} />
              <Button variant="secondary">Decline</Button>
            </Form>
          </>
        ) : null}
        {isLandlord && tour.state === 'confirmed' && hasBegun ? (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="complete" />
              <Button>Mark completed</Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="no-show" />
              <Button variant="secondary">Mark as missed</Button>
            </Form>
          </>
        ) : null}
        {isLive && slots && slots.days.length > 0 ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="reschedule" />
            <Select label="Move to another time" name="startsAt">
              {slots.days.map((day) => (
                <optgroup key={day.date} label={formatDay(day.date)}>
                  {day.slots.map((slot) => (
                    <option key={slot.startsAt} value={slot.startsAt}>
                      {formatDay(day.date)}, {formatSlotTime(slot.startsAt, slots.timeZone)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
            <Button variant="secondary">Move the tour</Button>
          </Form>
        ) : null}
        {isLive ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="cancel" />
            <TextField label="Why cancel" name="reason" id="cancel-reason" required maxLength={MAX_TOUR_REASON} />
            <Button variant="danger">Cancel the tour</Button>
          </Form>
        ) : null}
      </div>

      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-xl font-semibold text-ink">
          History
        </h2>
        <ol className="space-y-2">
          {tour.events.map((event, index) => (
            <li key={index} className="text-sm">
              <span className="font-semibold">{ACTION_LABELS[event.action]}</span> by{' '}
              {event.by === 'site' ? 'Cooper Home' : event.by === tour.role ? 'you' : `the ${event.by}`},{' '}
              {formatTourTime(event.at, tour.timeZone)}
              {event.action === 'rescheduled' ? ` — to ${formatTourTime(event.startsAt, tour.timeZone)}` : ''}
              {event.reason ? ` — “${event.reason}”` : ''}
              <span className="sr-only"> (now {TOUR_STATE_LABELS[event.toState]})</span>
            </li>
          ))}
        </ol>
      </section>
      <p>
        <Link to="/tours" className="text-brand-700 underline">
          All your tours
        </Link>
      </p>
    </div>
  )
}
