// The page controller of /leases/:id/edit: the landlord's terms form of a lease (or an amendment's text),
// for the landlord only (anyone else: 404). Rows are added and removed by the form's own buttons; saving
// turns the dollars typed into cents, and a refusal comes back beside the values as typed.
import { randomUUID } from 'node:crypto'
import { data } from 'react-router'
import { parsePositiveId } from '#common/ids.ts'
import {
  formFieldErrors,
  formValuesOfTerms,
  readTermsForm,
  ROW_INTENTS,
  termsInputOf,
  withoutBlankRows,
  withRowChange,
  type RowIntent,
} from '#common/leases/terms-form.ts'
import { MAX_LEASE_CLAUSES, MAX_LEASE_TENANTS, MAX_OTHER_FEES } from '#common/leases/vocabulary.ts'
import { clientAddress, requireUser } from '#server/accounts/index.server.ts'
import { findApplication } from '#server/applications/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import { findLease, saveAmendmentText, saveLeaseTerms, type LeaseActor } from '#server/leases/index.server.ts'
import type { Services } from '#server/services.server.ts'

type Current = Awaited<ReturnType<typeof requireUser>>

/** Who acts on a lease, as its event log records them. */
export function leaseActorOf(current: Current, request: Request): LeaseActor {
  return {
    userId: current.userId,
    email: current.user.email,
    name: current.user.displayName || current.user.email,
    ipAddress: clientAddress(request.headers),
    userAgent: request.headers.get('User-Agent')?.slice(0, 500) ?? null,
  }
}

function leaseIdOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw data('No such lease.', { status: 404 })
  return id
}

/** The lease as its landlord sees it; 404 for anyone else, tenants included (they read it on /leases/:id). */
async function landlordsLease(services: Services, current: Current, leaseId: number) {
  const view = await withPageErrors(() =>
    findLease(services.database.db, { leaseId, viewer: { userId: current.userId, email: current.user.email } }),
  )
  if (view.viewerRole !== 'landlord') throw data('No such lease.', { status: 404 })
  return view
}

/** Whether the approval the lease was drafted from asked for a guarantor. */
async function isGuarantorAsked(services: Services, applicationId: number | null, viewerId: string) {
  if (applicationId === null) return false
  try {
    const application = await findApplication(services.database.db, { applicationId, viewerId })
    return (application.conditions as readonly string[]).includes('guarantor')
  } catch (error) {
    if (isAppError(error)) return false
    throw error
  }
}

export async function leaseEditPage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const lease = await landlordsLease(services, current, leaseIdOf(param))
  return {
    lease,
    values: lease.draftTerms ? formValuesOfTerms(lease.draftTerms) : null,
    isGuarantorAsked: await isGuarantorAsked(services, lease.applicationId, current.userId),
  }
}

const rowIntentOf = (intent: string): [RowIntent, number] | null => {
  const [name = '', index = '0'] = intent.split(':')
  return (ROW_INTENTS as readonly string[]).includes(name) && /^\d{1,2}$/.test(index) ? [name as RowIntent, Number(index)] : null
}

/** A change to a lease out for signature is saved as a new version. */
const savedMessage = (version: number, before: number) =>
  version > before ? `Saved as version ${version}: the version sent is void. Review it and send it again.` : 'Saved.'

export async function leaseEditAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const leaseId = leaseIdOf(param)
  const lease = await landlordsLease(services, current, leaseId)
  const form = await request.formData()
  const intent = typeof form.get('intent') === 'string' ? String(form.get('intent')) : 'save'
  const actor = leaseActorOf(current, request)
  const editPath = `/leases/${leaseId}/edit`
  // Each answer carries a fresh key, so the form is drawn again from the values it sends back.
  const formKey = randomUUID()

  if (lease.kind === 'amendment') {
    const text = typeof form.get('text') === 'string' ? String(form.get('text')) : ''
    try {
      const saved = await saveAmendmentText(services, { leaseId, actor, text })
      return redirectWithToast(editPath, { type: 'success', message: savedMessage(saved.version, lease.version) })
    } catch (error) {
      if (!isAppError(error)) throw error
      return refusalOf(error, { text, values: null, formKey })
    }
  }

  const typed = readTermsForm(form)
  const row = rowIntentOf(intent)
  if (row) {
    const limits = { tenants: MAX_LEASE_TENANTS, fees: MAX_OTHER_FEES, clauses: MAX_LEASE_CLAUSES }
    return { ok: true as const, fieldErrors: {}, values: withRowChange(typed, row[0], row[1], limits), formKey, text: '' }
  }
  if (intent !== 'save') return refusalOf(new AppError('invalid', UNKNOWN_FORM), { values: typed, formKey, text: '' })
  const values = withoutBlankRows(typed)
  const parsed = termsInputOf(values)
  if (!parsed.ok) {
    return refusalOf(
      { ok: false, fieldErrors: parsed.fieldErrors, formError: 'Some amounts are not amounts of money.' },
      { values, formKey, text: '' },
    )
  }
  try {
    const saved = await saveLeaseTerms(services, { leaseId, actor, input: parsed.input })
    return redirectWithToast(editPath, { type: 'success', message: savedMessage(saved.version, lease.version) })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    const answer = { ok: false as const, fieldErrors: formFieldErrors(error.fieldErrors ?? {}), formError: error.message }
    return error.code === 'invalid' ? refusalOf(answer, { values, formKey, text: '' }) : refusalOf(error, { values, formKey, text: '' })
  }
}
