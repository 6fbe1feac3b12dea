// POST /applications/new?listing=<id>: a renter's one-step application from a listing's apply box.
// Sent, it opens the application; refused, the fields come back with what is wrong. Opened by itself,
// the page points to where applications are made.
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/application-new'
import { appContext } from '#server/http/app-context.server.ts'
import { clientAddress, requireUser } from '#server/accounts/index.server.ts'
import { applyToListing } from '#server/applications/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { ApplyFields, type ApplyValues } from '#app/components/applications/apply-form.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { applySchema } from '#common/applications/schemas.ts'
import { MAX_APPLICATION_NOTE } from '#common/applications/vocabulary.ts'
import { formErrorBesideFields, parseForm } from '#common/forms.ts'
import { parsePositiveId } from '#common/ids.ts'

export function meta() {
  return [...pageMeta('Apply for a home', 'Send your application to a landlord.'), { name: 'robots', content: 'noindex' }]
}

export function loader() {
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const listingId = parsePositiveId(new URL(request.url).searchParams.get('listing'))
  if (listingId === null) throw data('No such listing.', { status: 404 })
  const form = await request.formData()
  const values: ApplyValues = {
    moveInDate: String(form.get('moveInDate') ?? ''),
    leaseMonths: String(form.get('leaseMonths') ?? ''),
    note: String(form.get('note') ?? ''),
  }
  const parsed = parseForm(applySchema, values)
  if (!parsed.ok) return refusalOf(parsed, { listingId, values })
  try {
    const { id } = await applyToListing(services, {
      renterId: current.userId,
      listingId,
      input: parsed.data,
      ipAddress: clientAddress(request.headers),
    })
    return redirectWithToast(`/applications/${id}`, { type: 'success', message: 'Your application is sent. The landlord has been told.' })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return refusalOf(error, { listingId, values })
  }
}

export default function NewApplication({ actionData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Applications" title="Apply for a home">
          <p>Applications are made from a home’s page: its apply box shows the landlord’s criteria and sends your application.</p>
        </PageHeader>
        <Link to="/applications" className="text-brand-700 underline">
          Your applications
        </Link>
      </div>
    )
  }
  const { listingId, values, fieldErrors } = actionData
  const problems = problemsOf(fieldErrors, [], formErrorBesideFields(actionData)).concat(
    ['moveInDate', 'leaseMonths', 'note']
      .filter((name) => fieldErrors[name]?.[0])
      .map((name) => ({ fieldId: `field-${name}`, message: fieldErrors[name]![0]! })),
  )
  return (
    <div className="max-w-xl space-y-6">
      <PageHeader kicker="Applications" title="Apply for a home" />
      <ErrorSummary problems={problems} />
      <Form method="post" action={`/applications/new?listing=${listingId}`} noValidate className="space-y-4">
        <ApplyFields values={values} errors={fieldErrors} maxNote={MAX_APPLICATION_NOTE} />
        <Button>Apply now</Button>
      </Form>
      <p className="flex flex-wrap gap-4">
        <Link to={`/properties/${listingId}`} className="text-brand-700 underline">
          Back to the home
        </Link>
        <Link to="/userprofile/application" className="text-brand-700 underline">
          My application
        </Link>
      </p>
    </div>
  )
}
