// /leases/:id/edit: the landlord's form of a lease's terms (or of an amendment's text), checked against the
// state's rules as it is typed and again on saving. A lease out for signature is changed only as a new
// version; a final one cannot change. The work is in lease-edit.server.ts.
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/lease-edit'
import { appContext } from '#server/http/app-context.server.ts'
import { LeaseTermsForm } from '#app/components/leases/lease-terms-form.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { FINAL_LEASE_STATES, LEASE_STATE_LABELS, SIGNING_STATES } from '#common/leases/vocabulary.ts'
import { leaseEditAction, leaseEditPage } from './lease-edit.server.ts'

export function meta() {
  return [...pageMeta('Edit the lease', 'The terms of a lease you are drafting.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return leaseEditPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return leaseEditAction(context.get(appContext).services, request, params.id)
}

const linkClass = 'font-semibold text-brand-700 underline'

export default function LeaseEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lease } = loaderData
  const navigation = useNavigation()
  const isSaving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const leasePath = `/leases/${lease.id}`
  const isFinal = (FINAL_LEASE_STATES as readonly string[]).includes(lease.state)
  const isOut = (SIGNING_STATES as readonly string[]).includes(lease.state)
  const reviewLink = (
    <Link to={leasePath} className={linkClass}>
      Review and send
    </Link>
  )
  return (
    <div className="max-w-4xl space-y-8">
      <PageHeader
        kicker={`${lease.kind === 'amendment' ? 'Amendment' : 'Lease'} · version ${lease.version} · ${LEASE_STATE_LABELS[lease.state]}`}
        title={lease.title}
      >
        {lease.title === lease.premises.address ? null : <p>{lease.premises.address}</p>}
        {isFinal ? null : (
          <p className="mt-2 text-base">Save your changes, then {reviewLink}: the tenants see nothing until you send it.</p>
        )}
      </PageHeader>

      {isFinal ? (
        <div className="rounded-lg border border-gray-300 bg-gray-50 p-4 text-ink">
          <p className="font-semibold">This lease is {LEASE_STATE_LABELS[lease.state].toLowerCase()} and cannot change.</p>
          <p className="mt-1">
            {lease.state === 'fully_signed'
              ? 'To change a signed lease, amend it from the lease’s page: the amendment is signed like the lease.'
              : 'Draft a new lease to start again.'}{' '}
            <Link to={leasePath} className={linkClass}>
              The lease’s page
            </Link>
          </p>
        </div>
      ) : (
        <>
          {isOut ? (
            <p className="rounded-lg border-2 border-sun-500 bg-sun-100 p-4 font-semibold text-ink">
              This lease was sent. Saving a change voids the version sent, and everyone signs again.
            </p>
          ) : null}
          {lease.kind === 'amendment' ? (
            <AmendmentForm text={actionData?.text ?? lease.amendmentText} answer={actionData ?? null} isSaving={isSaving} />
          ) : loaderData.values ? (
            <LeaseTermsForm
              key={actionData?.formKey ?? `saved-${lease.events.length}`}
              values={actionData?.values ?? loaderData.values}
              errors={actionData?.fieldErrors ?? {}}
              formError={actionData && 'formError' in actionData ? actionData.formError : undefined}
              premises={lease.premises}
              savedFindings={lease.findings}
              isGuarantorAsked={loaderData.isGuarantorAsked}
              isPending={isSaving}
              isRefilled={Boolean(actionData?.values)}
            />
          ) : null}
          <p className="rounded-lg border border-brand-700 bg-white p-4 text-ink">
            Done? {reviewLink}: read the lease as the tenants will, then send it for signature.
          </p>
        </>
      )}
    </div>
  )
}

function AmendmentForm({
  text,
  answer,
  isSaving,
}: {
  text: string
  answer: { fieldErrors?: Record<string, string[]>; formError?: string } | null
  isSaving: boolean
}) {
  const errors = answer?.fieldErrors ?? {}
  return (
    <Form method="post" noValidate className="space-y-4">
      <ErrorSummary problems={problemsOf({ 'field-text': errors.text }, ['field-text'], errors.text ? undefined : answer?.formError)} />
      <TextField
        label="What the amendment changes"
        name="text"
        multiline
        rows={10}
        defaultValue={text}
        error={errors.text}
        takesFocus={Boolean(errors.text)}
        hint="Say which terms of the signed lease change and from when. Everything else stays as signed."
      />
      <Button name="intent" value="save" disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save the amendment'}
      </Button>
    </Form>
  )
}
