// The page controller of /applications/:id: the application for its renter, its landlord or a
// co-applicant who joined (anyone else: 404), and each answer's intent: one transition of the
// application per form, the renter's invitation or removal of a co-applicant, or a co-applicant leaving.
import { data } from 'react-router'
import { INVITE_INTENT, LEAVE_INTENT, REMOVE_INTENT } from '#app/components/applications/co-applicants.tsx'
import { DECISION_INTENTS, type DecisionIntent } from '#app/components/applications/decision-forms.tsx'
import {
  approveSchema,
  conditionalApprovalSchema,
  declineSchema,
  infoProvidedSchema,
  infoRequestSchema,
  withdrawSchema,
} from '#common/applications/schemas.ts'
import { parseForm } from '#common/forms.ts'
import { parsePositiveId } from '#common/ids.ts'
import { clientAddress, requireUser } from '#server/accounts/index.server.ts'
import { changeApplication, findApplication, inviteCoApplicant, removeCoApplicant } from '#server/applications/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import { documentLink } from '#server/documents/index.server.ts'
import type { Services } from '#server/services.server.ts'

const DONE: Record<DecisionIntent, string> = {
  review_started: 'Review started: the applicant has been told.',
  info_requested: 'Your request is sent to the applicant.',
  info_provided: 'Sent: the landlord has been told.',
  approved: 'Approved: the applicant has been told.',
  conditionally_approved: 'Approved with conditions: the applicant has been told.',
  declined: 'Declined: the applicant has been told the reasons in writing.',
  withdrawn: 'Your application is withdrawn.',
}

function applicationIdOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw data('No such application.', { status: 404 })
  return id
}

export async function applicationPage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const applicationId = applicationIdOf(param)
  const viewerId = current.userId
  const application = await withPageErrors(() =>
    findApplication(services.database.db, {
      applicationId,
      viewerId,
      linkFor: (documentId, readerId) => documentLink({ documentId, readerId }),
    }),
  )
  return { application }
}

/** Dollars as typed ("2,400" or "$2400.50") as the cents the schema takes; anything else as typed, to be refused. */
function centsOfDollars(typed: string): string {
  const cleaned = typed.replace(/[$,\s]/g, '')
  return /^\d{1,8}(\.\d{1,2})?$/.test(cleaned) ? String(Math.round(Number(cleaned) * 100)) : typed.trim()
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

/** The form's input for each transition, parsed by its schema. */
function parseDecision(intent: DecisionIntent, form: FormData) {
  switch (intent) {
    case 'review_started':
      return { ok: true as const, data: {} }
    case 'info_requested':
      return parseForm(infoRequestSchema, { text: text(form, 'text') })
    case 'info_provided':
      return parseForm(infoProvidedSchema, { note: text(form, 'note') })
    case 'approved':
      // An unticked box sends nothing, which the schema reads as "taken": the form says it was asked.
      return parseForm(approveSchema, { homeTaken: form.get('homeTaken') ?? (form.get('homeTakenAsked') ? 'off' : undefined) })
    case 'conditionally_approved':
      return parseForm(conditionalApprovalSchema, {
        conditions: form.getAll('conditions'),
        text: text(form, 'text'),
        depositCents: centsOfDollars(text(form, 'deposit')),
      })
    case 'declined':
      return parseForm(declineSchema, { reasons: form.getAll('reasons'), text: text(form, 'text') })
    case 'withdrawn':
      return parseForm(withdrawSchema, { reason: text(form, 'reason') })
  }
}

const isDecisionIntent = (intent: string): intent is DecisionIntent => (DECISION_INTENTS as readonly string[]).includes(intent)

export async function applicationAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const applicationId = applicationIdOf(param)
  const form = await request.formData()
  const intent = text(form, 'intent')
  if (intent === INVITE_INTENT)
    return inviteAction(services, request, { applicationId, renterId: current.userId, email: text(form, 'email') })
  if (intent === LEAVE_INTENT || intent === REMOVE_INTENT)
    return removalAction(services, request, { applicationId, userId: current.userId, intent, form })
  if (!isDecisionIntent(intent)) return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent })
  const parsed = parseDecision(intent, form)
  if (!parsed.ok) return refusalOf(parsed, { intent })
  try {
    await changeApplication(services, {
      applicationId,
      actorId: current.userId,
      action: intent,
      input: parsed.data,
      ipAddress: clientAddress(request.headers),
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return refusalOf(error, { intent })
  }
  return redirectWithToast(`/applications/${applicationId}`, { type: 'success', message: DONE[intent] })
}

/** The renter invites an adult who will live there; the form shows a refusal beside what was typed. */
async function inviteAction(services: Services, request: Request, args: { applicationId: number; renterId: string; email: string }) {
  try {
    const { email } = await inviteCoApplicant(services, { ...args, ipAddress: clientAddress(request.headers) })
    return redirectWithToast(`/applications/${args.applicationId}`, { type: 'success', message: `Invitation sent to ${email}.` })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return refusalOf(error, { intent: INVITE_INTENT, email: args.email })
  }
}

/** A co-applicant leaves (then the application is no longer theirs to see), or the renter removes one. */
async function removalAction(
  services: Services,
  request: Request,
  { applicationId, userId, intent, form }: { applicationId: number; userId: string; intent: string; form: FormData },
) {
  const isLeaving = intent === LEAVE_INTENT
  const inviteId = isLeaving ? undefined : parsePositiveId(text(form, 'inviteId'))
  if (inviteId === null) return refusalOf(new AppError('invalid', 'Choose the co-applicant to remove.'), { intent })
  try {
    await removeCoApplicant(services, {
      applicationId,
      userId,
      ipAddress: clientAddress(request.headers),
      ...(isLeaving ? {} : { inviteId }),
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return refusalOf(error, { intent })
  }
  return isLeaving
    ? redirectWithToast('/applications', { type: 'success', message: 'You left the application: the applicant and the landlord see it.' })
    : redirectWithToast(`/applications/${applicationId}`, { type: 'success', message: 'Removed from the application.' })
}
