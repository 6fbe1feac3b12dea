// The page controller of /leases/:id: the lease for its landlord and its signers (anyone else: 404), and
// each form's intent: consent to sign electronically or withdraw it, sign the version read, decline;
// the landlord sends, voids or amends. A refusal answers beside its form and changes nothing.
import { data } from 'react-router'
import { LEASE_INTENTS, type LeaseIntent } from '#app/components/leases/lease-forms.tsx'
import type { LeaseView } from '#common/leases/types.ts'
import { parsePositiveId } from '#common/ids.ts'
import { clientAddress, requireUser, type CurrentSession } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import {
  amendLease,
  consentToSign,
  declineLease,
  findLease,
  sendLease,
  signLease,
  voidLease,
  type LeaseActor,
} from '#server/leases/index.server.ts'
import type { Services } from '#server/services.server.ts'

const DONE: Record<Exclude<LeaseIntent, 'amend'>, string> = {
  consent: 'Thank you: you can now sign the lease.',
  withdraw_consent: 'Your consent is withdrawn: the landlord is told and will give you the lease on paper.',
  sign: 'Signed: the other parties are told.',
  decline: 'You declined the lease: the landlord is told.',
  send: 'Sent for signature: each signer is told by e-mail.',
  void: 'The lease is voided: its signers are told.',
}

export function leaseIdOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw data('There is no such page.', { status: 404 })
  return id
}

const viewerOf = (current: CurrentSession) => ({ userId: current.userId, email: current.user.email })

/** A lease read for a page: a third person (and a lease that does not exist) is the site's 404. */
async function readLease(services: Services, current: CurrentSession, leaseId: number): Promise<LeaseView> {
  try {
    return await findLease(services.database.db, { leaseId, viewer: viewerOf(current) })
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') throw data('There is no such page.', { status: 404 })
    throw error
  }
}

export async function leasePage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const leaseId = leaseIdOf(param)
  const lease = await withPageErrors(() => readLease(services, current, leaseId))
  return { lease }
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')
/** A ticked box sends its value; an unticked one sends nothing, which the schemas' `true` refuses. */
const ticked = (form: FormData, name: string) => (form.get(name) === null ? undefined : true)
const isLeaseIntent = (intent: string): intent is LeaseIntent => (LEASE_INTENTS as readonly string[]).includes(intent)

export async function leaseAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const leaseId = leaseIdOf(param)
  // Whoever may not read the lease learns nothing from a post either: 404 before the form is read.
  await readLease(services, current, leaseId)
  const form = await request.formData()
  const intent = text(form, 'intent')
  if (!isLeaseIntent(intent)) return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent })
  const actor: LeaseActor = {
    userId: current.userId,
    email: current.user.email,
    name: current.user.displayName || current.user.email,
    ipAddress: clientAddress(request.headers),
    userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
  }
  const path = `/leases/${leaseId}`
  try {
    switch (intent) {
      case 'consent':
        await consentToSign(services, { leaseId, actor, given: true, input: { agree: ticked(form, 'agree') } })
        break
      case 'withdraw_consent':
        await consentToSign(services, { leaseId, actor, given: false })
        break
      case 'sign':
        await signLease(services, {
          leaseId,
          actor: { ...actor, signInMethod: current.signInMethod },
          input: {
            typedName: text(form, 'typedName'),
            drawing: text(form, 'drawing'),
            confirm: ticked(form, 'confirm'),
            documentSha256: text(form, 'documentSha256'),
          },
        })
        break
      case 'decline':
        await declineLease(services, { leaseId, actor, input: { reason: text(form, 'reason') } })
        break
      case 'send':
        await sendLease(services, { leaseId, actor })
        break
      case 'void':
        await voidLease(services, { leaseId, actor, input: { reason: text(form, 'reason') } })
        break
      case 'amend': {
        const amendment = await amendLease(services, { leaseId, actor })
        return redirectWithToast(`/leases/${amendment.id}`, {
          type: 'success',
          message: 'Amendment drafted: write the change, then send it for signature.',
        })
      }
    }
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data('There is no such page.', { status: 404 })
    return refusalOf(error, { intent, typedName: intent === 'sign' ? text(form, 'typedName') : '' })
  }
  return redirectWithToast(path, { type: 'success', message: DONE[intent] })
}
