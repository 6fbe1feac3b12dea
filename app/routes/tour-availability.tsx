// /tours/availability: a landlord's tour availability — the account's defaults, or one listing's own
// (?listing=:id; another's listing is 404): showing hours per weekday, tour length, notice, buffer,
// parties per slot, blocked dates, confirming at once, and tours on or off.
import { data, Form } from 'react-router'
import type { Route } from './+types/tour-availability'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { findAvailability, saveAvailability, followDefaultAvailability } from '#server/tours/index.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorSummary } from '#app/components/ui/error-summary.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parsePositiveId } from '#common/ids.ts'
import { availabilityFromForm, TOUR_MINUTE_CHOICES, WEEKDAYS, windowOf } from '#common/tours/availability-form.ts'
import { BUFFER_MINUTES, NOTICE_HOURS, PARTIES_PER_SLOT } from '#common/tours/availability.ts'

export function meta() {
  return [...pageMeta('Tour availability', 'When renters may book tours of your homes.'), { name: 'robots', content: 'noindex' }]
}

function listingIdOf(request: Request): number | null {
  const value = new URL(request.url).searchParams.get('listing')
  if (value === null) return null
  const id = parsePositiveId(value)
  if (id === null) throw data('No such listing.', { status: 404 })
  return id
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const listingId = listingIdOf(request)
  const view = await withPageErrors(() => findAvailability(services.database.db, { viewerId: current.userId, listingId }))
  return { ...view, listingId }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const listingId = listingIdOf(request)
  const form = await request.formData()
  const back = listingId === null ? '/tours/availability' : `/tours/availability?listing=${listingId}`
  try {
    if (form.get('intent') === 'use-defaults' && listingId !== null) {
      await followDefaultAvailability(services.database.db, { viewerId: current.userId, listingId })
      return redirectWithToast(back, { type: 'success', message: 'This home follows your defaults again.' })
    }
    await saveAvailability(services.database.db, { viewerId: current.userId, listingId, input: availabilityFromForm(form) })
    return redirectWithToast(back, { type: 'success', message: 'Tour availability saved.' })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return data({ formError: error.message, fieldErrors: error.fieldErrors ?? {} }, { status: error.status })
  }
}

export default function TourAvailabilityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { availability, isListingOwn, listingId } = loaderData
  const errors = actionData?.fieldErrors ?? {}
  const problems = actionData
    ? Object.entries(errors).flatMap(([field, messages]) => messages.map((message) => ({ message: `${field}: ${message}` })))
    : []
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader kicker="Tours" title="Tour availability">
        <p>
          {listingId === null
            ? 'Your defaults: every home follows them unless it has its own.'
            : isListingOwn
              ? 'This home’s own availability.'
              : 'This home follows your defaults; saving here gives it its own.'}{' '}
          Times are each home’s local time.
        </p>
      </PageHeader>
      {actionData ? <ErrorSummary problems={problems.length > 0 ? problems : [{ message: actionData.formError }]} /> : null}
      <Form method="post" className="space-y-6">
        <Checkbox label="Take tour requests" name="toursEnabled" defaultChecked={availability.toursEnabled} />
        <Checkbox
          label="Confirm requests at once (otherwise each waits for your answer, up to 24 hours)"
          name="autoConfirm"
          defaultChecked={availability.autoConfirm}
        />
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold text-ink">Showing hours</legend>
          <p className="text-sm text-ink-soft">Leave a day empty for no tours that day.</p>
          {WEEKDAYS.map((name, weekday) => {
            const window = windowOf(availability, weekday)
            return (
              <div key={name} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[7rem_1fr_1fr]">
                <span className="col-span-2 text-sm font-semibold text-ink sm:col-span-1 sm:pb-2">{name}</span>
                <TextField label={`${name} from`} name={`start-${weekday}`} type="time" defaultValue={window.start} />
                <TextField
                  label={`${name} until`}
                  name={`end-${weekday}`}
                  type="time"
                  defaultValue={window.end}
                  error={errors[`windows.${weekday}.end`]}
                />
              </div>
            )
          })}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Tour length" name="tourMinutes" defaultValue={String(availability.tourMinutes)} error={errors.tourMinutes}>
            {TOUR_MINUTE_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </Select>
          <TextField
            label="Minimum notice (hours)"
            name="noticeHours"
            type="number"
            min={NOTICE_HOURS.min}
            max={NOTICE_HOURS.max}
            defaultValue={availability.noticeHours}
            error={errors.noticeHours}
          />
          <TextField
            label="Break between tours (minutes)"
            name="bufferMinutes"
            type="number"
            min={BUFFER_MINUTES.min}
            max={BUFFER_MINUTES.max}
            defaultValue={availability.bufferMinutes}
            error={errors.bufferMinutes}
          />
          <TextField
            label="Parties per time"
            hint="1 for private tours; more for an open house."
            name="partiesPerSlot"
            type="number"
            min={PARTIES_PER_SLOT.min}
            max={PARTIES_PER_SLOT.max}
            defaultValue={availability.partiesPerSlot}
            error={errors.partiesPerSlot}
          />
        </div>
        <TextField
          label="Dates without tours"
          hint="One a line, as 2026-12-24."
          name="blockedDates"
          multiline
          rows={3}
          defaultValue={availability.blockedDates.join('\n')}
          error={errors.blockedDates}
        />
        <Button>Save availability</Button>
      </Form>
      {listingId !== null && isListingOwn ? (
        <Form method="post">
          <input type="hidden" name="intent" value="use-defaults" />
          <Button variant="secondary">Use my defaults for this home</Button>
        </Form>
      ) : null}
    </div>
  )
}
