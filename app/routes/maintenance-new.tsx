// /maintenance/new: a tenant of a fully signed lease asks for a repair: what kind of problem, how urgent
// (with what counts as an emergency, and emergency services first when anyone is in danger), what and
// where, photos, whether someone may come in, and the times that suit on the home's clock. The work is in
// maintenance.server.ts.
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/maintenance-new'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { zoneName } from '#common/tours/format.ts'
import type { FieldErrors } from '#common/forms.ts'
import {
  CATEGORY_LABELS,
  DANGER_NOTE,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_URGENCIES,
  MAX_TIME_WINDOWS,
  URGENCY_HINTS,
  URGENCY_LABELS,
} from '#common/maintenance/vocabulary.ts'
import { newRequestAction, newRequestPage } from './maintenance.server.ts'

export function meta() {
  return [...pageMeta('Ask for a repair', 'File a maintenance request for your home.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return newRequestPage(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return newRequestAction(context.get(appContext).services, request)
}

const ORDER = [
  'leaseId',
  'category',
  'urgency',
  'title',
  'location',
  'description',
  'entryAllowed',
  'entryNotes',
  ...Array.from({ length: MAX_TIME_WINDOWS }, (_, row) => [`windows.${row}.date`, `windows.${row}.from`, `windows.${row}.to`]).flat(),
  'windows',
  'photos',
]
const WINDOW_ROWS = 3

type Values = Record<string, unknown>
const valueOf = (values: Values, name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined)

export default function NewMaintenanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { homes, leaseId, maxPhotos } = loaderData
  const navigation = useNavigation()
  const errors: FieldErrors = actionData?.fieldErrors ?? {}
  const values: Values = (actionData?.values as Values | undefined) ?? {}
  const windows = Array.isArray(values.windows) ? (values.windows as Record<string, string>[]) : []
  const home = homes.find((one) => one.leaseId === leaseId) ?? homes[0]
  if (!home) {
    return (
      <div className="max-w-3xl space-y-4">
        <PageHeader kicker="Maintenance" title="Ask for a repair" />
        <p className="text-ink">You can file a maintenance request once a lease you signed as a tenant is signed by everyone.</p>
        <p>
          <Link to="/leases" className="text-brand-700 underline">
            Your leases
          </Link>
        </p>
      </div>
    )
  }
  const zone = `${zoneName(home.timeZone)} (${home.timeZone.replace(/_/g, ' ')})`
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader kicker="Maintenance" title="Ask for a repair">
        <p>Your landlord is told by e-mail at once, and you both follow the request on its page.</p>
      </PageHeader>
      <p role="note" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-ink">
        {DANGER_NOTE}
      </p>
      <ErrorSummary problems={problemsOf(errors, ORDER, actionData?.formError)} />
      <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
        {homes.length > 1 ? (
          <Select
            label="Home"
            name="leaseId"
            id="leaseId"
            defaultValue={valueOf(values, 'leaseId') ?? String(home.leaseId)}
            error={errors.leaseId}
          >
            {homes.map((one) => (
              <option key={one.leaseId} value={one.leaseId}>
                {one.address}
              </option>
            ))}
          </Select>
        ) : (
          <>
            <input type="hidden" name="leaseId" value={home.leaseId} />
            <p className="text-ink">
              <span className="font-semibold">Home:</span> {home.address}
            </p>
          </>
        )}
        <Select
          label="What kind of problem"
          name="category"
          id="category"
          defaultValue={valueOf(values, 'category') ?? ''}
          error={errors.category}
        >
          <option value="" disabled>
            Choose one
          </option>
          {MAINTENANCE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
        <RadioGroup
          legend="How urgent is it?"
          name="urgency"
          id="urgency"
          defaultValue={valueOf(values, 'urgency')}
          error={errors.urgency}
          optionsClassName="space-y-2"
          options={MAINTENANCE_URGENCIES.map((urgency) => ({
            value: urgency,
            label: (
              <span>
                <span className="font-semibold">{URGENCY_LABELS[urgency]}</span>
                <span className="block text-sm text-ink-soft">{URGENCY_HINTS[urgency]}</span>
              </span>
            ),
          }))}
        />
        <TextField
          label="What is wrong"
          name="title"
          id="title"
          defaultValue={valueOf(values, 'title')}
          error={errors.title}
          hint="A few words: “Kitchen tap leaks”."
        />
        <TextField
          label="Where in the home"
          name="location"
          id="location"
          defaultValue={valueOf(values, 'location')}
          error={errors.location}
          hint="The room and the spot: “Bathroom, behind the toilet”."
        />
        <TextField
          label="Details (optional)"
          name="description"
          id="description"
          multiline
          rows={4}
          defaultValue={valueOf(values, 'description')}
          error={errors.description}
          hint="Since when, what you tried, anything the repairer should know."
        />
        <label htmlFor="photos" className="block space-y-1">
          <span className="block text-sm font-semibold text-ink">Photos (optional, up to {maxPhotos})</span>
          <span id="photos-hint" className="block text-sm text-ink-soft">
            JPEG, PNG or WebP. Only you, your landlord and the other tenants of the lease see them; their location data is removed.
          </span>
          <input
            id="photos"
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby="photos-hint"
            className="block w-full text-sm"
          />
          {errors.photos ? <span className="block text-sm font-semibold text-red-800">{errors.photos[0]}</span> : null}
        </label>
        <RadioGroup
          legend="May the landlord or a repairer come in when nobody is home?"
          name="entryAllowed"
          id="entryAllowed"
          defaultValue={valueOf(values, 'entryAllowed')}
          error={errors.entryAllowed}
          optionsClassName="flex gap-6"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No, only when someone is home' },
          ]}
        />
        <TextField
          label="Notes on coming in (optional)"
          name="entryNotes"
          id="entryNotes"
          defaultValue={valueOf(values, 'entryNotes')}
          error={errors.entryNotes}
          hint="Pets, alarm, where the key is, who to call first."
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink">Times that suit you (optional)</legend>
          <p className="text-sm text-ink-soft">On the home’s clock: {zone}.</p>
          {errors.windows ? <p className="text-sm font-semibold text-red-800">{errors.windows[0]}</p> : null}
          {Array.from({ length: WINDOW_ROWS }, (_, row) => (
            <div key={row} className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-3">
              <TextField
                label={`Day ${row + 1}`}
                name={`window-date-${row}`}
                id={`windows.${row}.date`}
                type="date"
                defaultValue={windows[row]?.date}
                error={errors[`windows.${row}.date`]}
              />
              <TextField
                label={`Day ${row + 1}: from`}
                name={`window-from-${row}`}
                id={`windows.${row}.from`}
                type="time"
                defaultValue={windows[row]?.from}
                error={errors[`windows.${row}.from`]}
              />
              <TextField
                label={`Day ${row + 1}: to`}
                name={`window-to-${row}`}
                id={`windows.${row}.to`}
                type="time"
                defaultValue={windows[row]?.to}
                error={errors[`windows.${row}.to`]}
              />
            </div>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={navigation.state === 'submitting'}>File the request</Button>
          {navigation.state === 'submitting' ? <PendingNote>Sending…</PendingNote> : null}
        </div>
      </Form>
    </div>
  )
}
