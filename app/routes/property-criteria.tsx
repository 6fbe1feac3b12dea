// /properties/:slug/criteria: the owner publishes what they ask of applicants — income, pets,
// occupancy, move-in window, anything else — and whether the home takes applications. Each save is a
// new version; applicants see the criteria before applying and each application keeps its version.
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/property-criteria'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { findCriteria, saveCriteria } from '#server/applications/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { findListingById } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { PET_POLICY_TEXT } from '#app/components/applications/format.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { refilledFields } from '#app/components/ui/refilled-fields.ts'
import { TextField } from '#app/components/ui/text-field.tsx'
import { formatDate } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { criteriaInputSchema } from '#common/applications/schemas.ts'
import { MAX_CRITERIA_TEXT, PET_POLICIES, type PetPolicy } from '#common/applications/vocabulary.ts'
import { formErrorBesideFields, parseForm } from '#common/forms.ts'
import { listingIdFromSlug } from '#common/listings/listing-url.ts'

export function meta() {
  return [...pageMeta('Application criteria', 'What you ask of applicants for your home.'), { name: 'robots', content: 'noindex' }]
}

const FIELDS = ['incomeMultiple', 'petPolicy', 'maxOccupants', 'moveInFrom', 'moveInTo', 'otherRequirements', 'accepting'] as const
type CriteriaValues = Record<(typeof FIELDS)[number], string>

/** The owner's listing, or 404 for anyone else: the criteria page of another's home does not exist for them. */
async function ownListing(services: Services, request: Request, slug: string) {
  const current = await requireUser(services, request)
  const listingId = listingIdFromSlug(slug)
  const listing = listingId === null ? undefined : await findListingById(services.database.db, { viewerId: current.userId, listingId })
  if (!listing || listing.ownerId !== current.userId) throw data('No such listing.', { status: 404 })
  return { current, listing }
}

function petPolicyOf({ allowsCats, allowsDogs }: { allowsCats: boolean; allowsDogs: boolean }): PetPolicy {
  if (allowsCats && allowsDogs) return 'cats_and_dogs'
  return allowsCats ? 'cats' : allowsDogs ? 'dogs' : 'none'
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { listing } = await ownListing(services, request, params.slug)
  const criteria = await findCriteria(services.database.db, listing.id)
  const values: CriteriaValues = {
    incomeMultiple: criteria ? (criteria.incomeMultiple === null ? '' : String(criteria.incomeMultiple)) : '3',
    // First published, the criteria start from what the listing already says about cats and dogs.
    petPolicy: criteria?.petPolicy ?? petPolicyOf(listing),
    maxOccupants: criteria?.maxOccupants ? String(criteria.maxOccupants) : '',
    moveInFrom: criteria?.moveInFrom ?? '',
    moveInTo: criteria?.moveInTo ?? '',
    otherRequirements: criteria?.otherRequirements ?? '',
    accepting: criteria ? (criteria.accepting ? 'on' : '') : 'on',
  }
  return {
    title: listing.title,
    path: `/properties/${params.slug}`,
    version: criteria?.version ?? null,
    publishedAt: criteria?.createdAt ?? null,
    values,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const { current, listing } = await ownListing(services, request, params.slug)
  const form = await request.formData()
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as CriteriaValues
  const parsed = parseForm(criteriaInputSchema, values)
  if (!parsed.ok) return refusalOf(parsed, { values })
  try {
    await saveCriteria(services, { ownerId: current.userId, listingId: listing.id, input: parsed.data })
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { values })
    throw error
  }
  return redirectWithToast(`/properties/${params.slug}/criteria`, {
    type: 'success',
    message: 'Your criteria are published as a new version.',
  })
}

export default function PropertyCriteria({ loaderData, actionData }: Route.ComponentProps) {
  const { title, path, version, publishedAt } = loaderData
  const values = actionData?.values ?? loaderData.values
  const errors = actionData?.fieldErrors ?? {}
  const problems = problemsOf(errors, [], formErrorBesideFields(actionData)).concat(
    FIELDS.filter((field) => errors[field]?.[0]).map((field) => ({ fieldId: `field-${field}`, message: errors[field]![0]! })),
  )
  const { field, firstInError } = refilledFields(FIELDS, values, errors)
  return (
    <div className="max-w-3xl space-y-8">
      <PageHeader kicker="Application criteria" title={title}>
        <p>
          Applicants see these before they apply, and each application keeps the version it was judged by. Saving publishes a new version.
        </p>
        <p className="mt-2 text-base">
          {version ? `Now: version ${version}, published ${formatDate(publishedAt!)}.` : 'Not published yet.'}{' '}
          <Link to={`${path}/applications`} className="text-brand-700 underline">
            Applications
          </Link>{' '}
          ·{' '}
          <Link to={path} className="text-brand-700 underline">
            See the home
          </Link>
        </p>
      </PageHeader>
      <Form method="post" noValidate className="space-y-6">
        <ErrorSummary problems={problems} />
        <Checkbox
          name="accepting"
          label="Accepting applications"
          hint="Untick to stop new applications; those already sent stay open."
          defaultChecked={values.accepting === 'on'}
          error={errors.accepting}
          takesFocus={firstInError === 'accepting'}
        />
        <TextField
          label="Income: how many times the monthly rent"
          {...field('incomeMultiple')}
          inputMode="decimal"
          hint="e.g. 3 or 2.5. Income from every source counts, housing vouchers included. Empty: no income criterion."
        />
        <RadioGroup
          legend="Pets"
          name="petPolicy"
          options={PET_POLICIES.map((policy) => ({ value: policy, label: PET_POLICY_TEXT[policy] }))}
          defaultValue={values.petPolicy}
          error={errors.petPolicy}
          optionsClassName="mt-2 space-y-1.5"
          hint="Assistance animals are not pets: the law requires you to allow them."
        />
        <TextField
          label="Most people who may live here"
          {...field('maxOccupants')}
          type="number"
          min={1}
          max={30}
          inputMode="numeric"
          hint="Children count. Empty: no limit."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Earliest move-in" {...field('moveInFrom')} type="date" />
          <TextField label="Latest move-in" {...field('moveInTo')} type="date" />
        </div>
        <TextField
          label="Other requirements (optional)"
          {...field('otherRequirements')}
          multiline
          rows={4}
          maxLength={MAX_CRITERIA_TEXT}
          hint="e.g. no smoking indoors. Say nothing about race, colour, religion, sex, national origin, familial status or disability."
        />
        <Button>Publish these criteria</Button>
      </Form>
    </div>
  )
}
