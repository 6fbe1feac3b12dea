// POST /stays/new: a guest's request from a listing page's stay box. Booked, it opens the booking; nights
// just taken show the nearest free stays of the same length, each back on the home's page with its price.
import { data, Link } from 'react-router'
import type { Route } from './+types/stays-new'
import { appContext } from '#server/http/app-context.server.ts'
import { clientAddress, requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { NightsTakenError, requestStay } from '#server/stays/index.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { choiceHref } from '#app/components/stays/stay-calendar.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parsePositiveId } from '#common/ids.ts'
import type { FreeRange } from '#common/stays/types.ts'
import { formatDay } from '#common/tours/format.ts'

export function meta() {
  return [...pageMeta('Book a stay', 'Request a stay in a home.'), { name: 'robots', content: 'noindex' }]
}

/** Opened by itself (not after a request), the page points to where stays are booked. */
export function loader() {
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const form = await request.formData()
  const listingId = parsePositiveId(form.get('listingId'))
  if (listingId === null) throw data('No such listing.', { status: 404 })
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const input = {
    checkIn: text('checkIn'),
    checkOut: text('checkOut'),
    guests: text('guests'),
    message: text('message') ?? '',
    timeZone: text('timeZone'),
  }
  const guests = Number(input.guests) || 1
  try {
    const row = await requestStay(services, { guestId: current.userId, listingId, input, ipAddress: clientAddress(request.headers) })
    const message = row.state === 'confirmed' ? 'Your stay is booked.' : 'Stay requested: the host has been asked to accept it.'
    return redirectWithToast(`/stays/${row.id}`, { type: 'success', message })
  } catch (error) {
    if (error instanceof NightsTakenError) {
      const nearest = [error.nearest.before, error.nearest.after].filter((range): range is FreeRange => range !== null)
      return data({ error: error.message, nearest, listingId, guests }, { status: 409 })
    }
    if (isAppError(error)) {
      if (error.code === 'not-found') throw data(error.message, { status: 404 })
      const message =
        Object.values(error.fieldErrors ?? {})
          .flat()
          .join(' ') || error.message
      return data({ error: message, nearest: [] as FreeRange[], listingId, guests }, { status: error.status })
    }
    throw error
  }
}

export default function NewStay({ actionData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Stays" title="Book a stay">
          <p>Stays are booked from a home’s page: choose the dates on its calendar there.</p>
        </PageHeader>
        <Link to="/stays" className="text-brand-700 underline">
          Your stays
        </Link>
      </div>
    )
  }
  const { error, nearest, listingId, guests } = actionData
  const home = `/properties/${listingId}`
  return (
    <div className="space-y-6">
      <PageHeader kicker="Stays" title="Book a stay" />
      <FormAlert id="stay-refusal" message={error} />
      {nearest.length > 0 ? (
        <section aria-labelledby="nearest-title" className="space-y-2">
          <h2 id="nearest-title" className="font-semibold text-ink">
            The nearest free dates
          </h2>
          <ul className="space-y-1">
            {nearest.map((range) => (
              <li key={range.checkIn}>
                <Link to={choiceHref(home, { ...range, guests })} className="text-brand-700 underline">
                  {formatDay(range.checkIn)} to {formatDay(range.checkOut)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to={`${home}#stay`} className="text-brand-700 underline">
          Back to the home
        </Link>
      </p>
    </div>
  )
}
