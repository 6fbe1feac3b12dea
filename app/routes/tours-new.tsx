// POST /tours/new: a renter's request from a listing page's tour box. Booked, it opens the tour; a time
// just taken shows the next open times to choose from, with the party and note kept.
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/tours-new'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { requestTour, SlotTakenError } from '#server/tours/index.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parsePositiveId } from '#common/ids.ts'
import { formatTourTime } from '#common/tours/format.ts'
import type { Slot } from '#common/tours/slots.ts'

export function meta() {
  return [...pageMeta('Book a tour', 'Request a tour of a home.'), { name: 'robots', content: 'noindex' }]
}

/** Opened by itself (not after a request), the page points to where tours are booked. */
export function loader() {
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const form = await request.formData()
  const listingId = parsePositiveId(form.get('listingId'))
  if (listingId === null) throw data('No such listing.', { status: 404 })
  const input = {
    startsAt: String(form.get('startsAt') ?? ''),
    partySize: String(form.get('partySize') ?? '1'),
    note: String(form.get('note') ?? ''),
  }
  try {
    const row = await requestTour(services, { renterId: current.userId, listingId, input })
    const message = row.state === 'confirmed' ? 'Your tour is booked.' : 'Tour requested: the landlord has been asked to confirm it.'
    return redirectWithToast(`/tours/${row.id}`, { type: 'success', message })
  } catch (error) {
    if (error instanceof SlotTakenError) {
      return data(
        { error: error.message, nextSlots: error.nextSlots as Slot[], timeZone: error.timeZone, listingId, input },
        { status: 409 },
      )
    }
    if (isAppError(error)) {
      // The box has few fields: the first field's message says what is wrong better than the form's sentence.
      const message = Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message
      return data({ error: message, nextSlots: [] as Slot[], timeZone: 'UTC', listingId, input }, { status: error.status })
    }
    throw error
  }
}

export default function NewTour({ actionData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Tours" title="Book a tour">
          <p>Tours are booked from a home’s page: choose one of its open times there.</p>
        </PageHeader>
        <Link to="/tours" className="text-brand-700 underline">
          Your tours
        </Link>
      </div>
    )
  }
  const { error, nextSlots, timeZone, listingId, input } = actionData
  return (
    <div className="space-y-6">
      <PageHeader kicker="Tours" title="Book a tour" />
      <FormAlert id="tour-refusal" message={error} />
      {nextSlots.length > 0 ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="listingId" value={listingId} />
          <input type="hidden" name="partySize" value={input.partySize} />
          <input type="hidden" name="note" value={input.note} />
          <p className="font-semibold text-ink">The next open times:</p>
          <div className="flex flex-wrap gap-2">
            {nextSlots.map((slot) => (
              <Button key={slot.startsAt} variant="secondary" name="startsAt" value={slot.startsAt}>
                {formatTourTime(slot.startsAt, timeZone)}
              </Button>
            ))}
          </div>
        </Form>
      ) : null}
      <p>
        <Link to={`/properties/${listingId}`} className="text-brand-700 underline">
          Back to the home
        </Link>
      </p>
    </div>
  )
}
