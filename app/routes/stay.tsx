// /stays/:id: one stay for its guest or its host (anyone else: 404): its state, dates and nights on the
// home's calendar, the price line by line, the refund once cancelled, a request's deadline in both
// zones, its timeline, and what the viewer may do next — accept or decline, cancel with the refund
// shown first, check in; once completed, the reviews (decision 043): the viewer's form until the
// window's end, both reviews once published, and the host's one answer. The address and the check-in details reach the guest once it is confirmed.
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'
import type { Route } from './+types/stay'
import { appContext } from '#server/http/app-context.server.ts'
import { stayAction, stayPage } from './stay.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { PolicyWords, PriceLines } from '#app/components/stays/stay-box.tsx'
import { StayStateBadge, stayDates } from '#app/components/stays/stay-list.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { AnswerForm, ReviewCard, ReviewForm, ReviewRules } from '#app/components/stays/reviews.tsx'
import type { BookingReviews } from '#common/stays/reviews.ts'
import type { FieldErrors } from '#common/forms.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { formatCents } from '#common/stays/quote.ts'
import { MAX_STAY_REASON } from '#common/stays/schemas.ts'
import type { BookingAction } from '#common/stays/vocabulary.ts'
import { BOOKING_STATE_LABELS } from '#common/stays/vocabulary.ts'
import { formatTourTime, isSameClock } from '#common/tours/format.ts'

export function meta() {
  return [...pageMeta('Stay', 'A stay in a home.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return stayPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return stayAction(context.get(appContext).services, request, params.id)
}

const ACTION_LABELS: Record<BookingAction, string> = {
  requested: 'Requested',
  instant_booked: 'Booked at once',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired unanswered',
  checked_in: 'Checked in',
  completed: 'Completed',
  cancelled_by_guest: 'Cancelled',
  cancelled_by_host: 'Cancelled',
}

/**
 * An instant in the home's zone and, when it differs, in the viewer's: the browser's own once scripts
 * run, before that the zone the guest booked from.
 */
function BothZones({ iso, homeZone, knownZone }: { iso: string; homeZone: string; knownZone: string | null }) {
  const [ownZone, setOwnZone] = useState(knownZone)
  useEffect(() => setOwnZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? knownZone), [knownZone])
  const other = ownZone && !isSameClock(ownZone, homeZone, new Date(iso)) ? ownZone : null
  return (
    <>
      {formatTourTime(iso, homeZone)} at the home
      {other ? <span className="block text-ink-soft">{formatTourTime(iso, other)} where you are</span> : null}
    </>
  )
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}

/** The reviews of a completed stay: the window, the viewer's own review or form, the other side's once published. */
function Reviews({
  reviews,
  role,
  otherName,
  homeZone,
  knownZone,
  fieldErrors,
}: {
  reviews: BookingReviews
  role: 'guest' | 'host'
  otherName: string
  homeZone: string
  knownZone: string | null
  fieldErrors?: FieldErrors
}) {
  const otherRole = role === 'host' ? 'guest' : 'host'
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="space-y-4">
      <h2 id="reviews-title" className="text-xl font-semibold text-ink">
        Reviews
      </h2>
      {reviews.windowEndsAt && reviews.isOpen ? (
        <p className="text-ink">
          <span className="font-semibold">Reviews can be written until </span>
          <BothZones iso={reviews.windowEndsAt} homeZone={homeZone} knownZone={knownZone} />
        </p>
      ) : null}
      {reviews.windowEndsAt && !reviews.isOpen ? (
        <p className="text-ink">
          The 14 days to review ended on{' '}
          {new Date(reviews.windowEndsAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: homeZone })}.
        </p>
      ) : null}
      {reviews.mine ? <ReviewCard review={reviews.mine} heading="Your review" /> : null}
      {reviews.canReview ? <ReviewForm side={role} otherName={otherName} errors={fieldErrors} /> : null}
      {reviews.theirs ? (
        <ReviewCard
          review={reviews.theirs}
          heading={role === 'host' ? `${otherName}’s review of the stay` : `${otherName}’s review of you`}
        >
          {reviews.canAnswer ? <AnswerForm reviewId={reviews.theirs.id} error={fieldErrors?.answer} /> : null}
        </ReviewCard>
      ) : (
        <p className="text-ink">
          {reviews.isTheirsIn
            ? `The ${otherRole} has written their review. It is published with yours, or when the 14 days end, so neither of you writes in reply to the other.`
            : reviews.isOpen
              ? `The ${otherRole} has not reviewed yet. Each review stays hidden until both are in or the 14 days end.`
              : `The ${otherRole} did not review this stay.`}
        </p>
      )}
      <ReviewRules />
    </section>
  )
}

export default function StayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, cancelRefund, canCheckIn, reviews } = loaderData
  useRevalidateOn((event) => event.type === 'stay' && event.bookingId === booking.id)
  const isHost = booking.role === 'host'
  const other = isHost ? booking.guest : booking.host
  const money = (cents: number) => formatCents(cents, booking.currency)
  const knownZone = isHost ? null : booking.guestTimeZone
  return (
    <div className="space-y-8">
      <PageHeader kicker={isHost ? 'A guest’s stay' : 'Your stay'} title={booking.listing.title}>
        <p>
          <Link to={`/properties/${booking.listing.id}`} className="text-brand-700 underline">
            The home’s page
          </Link>{' '}
          · {booking.listing.city}, {booking.listing.state}
        </p>
      </PageHeader>

      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="State">
          <StayStateBadge state={booking.state} />
        </Fact>
        <Fact term={isHost ? 'Guest' : 'Host'}>{other.name}</Fact>
        <Fact term="Dates">{stayDates(booking)}</Fact>
        <Fact term="Guests">{booking.guests}</Fact>
        <Fact term="Check-in">
          <BothZones iso={booking.checkInAt} homeZone={booking.timeZone} knownZone={knownZone} />
        </Fact>
        <Fact term="Check-out">
          <BothZones iso={booking.checkOutAt} homeZone={booking.timeZone} knownZone={knownZone} />
        </Fact>
        {booking.state === 'requested' && booking.answerBy ? (
          <Fact term={isHost ? 'Answer by' : 'The host answers by'}>
            <BothZones iso={booking.answerBy} homeZone={booking.timeZone} knownZone={knownZone} />
            <span className="block text-sm text-ink-soft">Unanswered by then, the request expires and the nights are freed.</span>
          </Fact>
        ) : null}
        {booking.listing.address ? <Fact term="Address">{booking.listing.address}</Fact> : null}
        {booking.checkInDetails ? (
          <Fact term="Check-in details">
            <span className="whitespace-pre-line">{booking.checkInDetails}</span>
          </Fact>
        ) : null}
        {!isHost && !booking.listing.address ? (
          <Fact term="Address">The street address and check-in details are shown here once the host confirms the stay.</Fact>
        ) : null}
        {booking.message ? <Fact term={isHost ? 'The guest’s message' : 'Your message'}>{booking.message}</Fact> : null}
        {booking.reason ? <Fact term="Reason given">{booking.reason}</Fact> : null}
      </dl>

      <section aria-labelledby="price-title" className="max-w-md space-y-3">
        <h2 id="price-title" className="text-xl font-semibold text-ink">
          Price
        </h2>
        <PriceLines lines={booking.quote.lines} totalCents={booking.totalCents} currency={booking.currency} />
        {booking.refundCents !== null ? (
          <p className="rounded-lg bg-gray-50 p-3 text-sm text-ink">
            <span className="font-semibold">Refund recorded: {money(booking.refundCents)}.</span> {booking.refundNote}
          </p>
        ) : null}
        <PolicyWords policy={booking.policyText} />
        <p className="text-xs text-ink-soft">Money is recorded here, not moved: the guest and the host settle payments between them.</p>
      </section>

      <FormAlert id="stay-refusal" message={actionData?.error} />

      <div className="flex flex-wrap items-start gap-6">
        {isHost && booking.state === 'requested' ? (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Button>Accept the request</Button>
            </Form>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="decline" />
              <TextField label="Why decline (optional)" name="reason" id="decline-reason" maxLength={MAX_STAY_REASON} />
              <Button variant="secondary">Decline</Button>
            </Form>
          </>
        ) : null}
        {canCheckIn ? (
          <Form method="post">
            <input type="hidden" name="intent" value="check-in" />
            <Button>{isHost ? 'Mark the guest checked in' : 'Check in'}</Button>
          </Form>
        ) : null}
        {cancelRefund ? (
          <details className="w-full max-w-md rounded-lg border border-gray-200 p-3">
            <summary className="cursor-pointer font-semibold text-ink">
              {booking.state !== 'requested' ? 'Cancel the stay' : isHost ? 'Cancel the request' : 'Withdraw the request'}
            </summary>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="cancel" />
              <p className="text-sm text-ink">
                Cancelled now, the guest’s refund is <span className="font-semibold">{money(cancelRefund.refundCents)}</span> of{' '}
                {money(booking.totalCents)}. {cancelRefund.note}
              </p>
              <TextField label="Why cancel" name="reason" id="cancel-reason" required maxLength={MAX_STAY_REASON} />
              <Button variant="danger">Cancel, refunding {money(cancelRefund.refundCents)}</Button>
            </Form>
          </details>
        ) : null}
      </div>

      {booking.state === 'completed' ? (
        <Reviews
          reviews={reviews}
          role={booking.role}
          otherName={other.name}
          homeZone={booking.timeZone}
          knownZone={knownZone}
          fieldErrors={
            actionData?.intent === 'review' || actionData?.intent === 'answer'
              ? (actionData as { fieldErrors?: FieldErrors }).fieldErrors
              : undefined
          }
        />
      ) : null}

      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-xl font-semibold text-ink">
          History
        </h2>
        <ol className="space-y-2">
          {booking.events.map((event, index) => (
            <li key={index} className="text-sm">
              <span className="font-semibold">{ACTION_LABELS[event.action]}</span> by{' '}
              {event.by === 'site' ? 'Cooper Home' : event.by === booking.role ? 'you' : `the ${event.by}`},{' '}
              {formatTourTime(event.at, booking.timeZone)}
              {event.reason ? ` — “${event.reason}”` : ''}
              <span className="sr-only"> (now {BOOKING_STATE_LABELS[event.toState]})</span>
            </li>
          ))}
        </ol>
      </section>
      <p>
        <Link to="/stays" className="text-brand-700 underline">
          All your stays
        </Link>
      </p>
    </div>
  )
}
