// The page controller of /leases/:id/rent: the lease's ledger for its landlord and its tenants (anyone
// else: 404), and each form's intent — a tenant reports a payment; the landlord records one, confirms or
// rejects a reported one, reverses a confirmed one, waives part or all of a charge, adds a charge. A
// refusal answers beside its form and changes nothing.
import { data } from 'react-router'
import { centsOfDollars, NOT_MONEY } from '#common/leases/dollars.ts'
import { parsePositiveId } from '#common/ids.ts'
import { requireUser, type CurrentSession } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM } from '#server/http/route-errors.server.ts'
import { addCharge, addPayment, answerPayment, findLedger, waiveCharge } from '#server/ledger/index.server.ts'
import type { Services } from '#server/services.server.ts'

export const LEDGER_INTENTS = ['pay', 'confirmed', 'rejected', 'reversed', 'waive', 'charge'] as const
type LedgerIntent = (typeof LEDGER_INTENTS)[number]

const DONE: Record<LedgerIntent, string> = {
  pay: 'Saved.',
  confirmed: 'Payment confirmed: the tenants get the receipt by e-mail.',
  rejected: 'Payment rejected: the tenants see why.',
  reversed: 'Payment reversed: what it paid is owed again.',
  waive: 'Charge waived: the tenants are told by e-mail.',
  charge: 'Charge added: the tenants are told by e-mail.',
}

const noPage = () => data('There is no such page.', { status: 404 })

function leaseIdOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw noPage()
  return id
}

const viewerOf = (current: CurrentSession) => ({ userId: current.userId, email: current.user.email })
const actorOf = (current: CurrentSession) => ({ ...viewerOf(current), name: current.user.displayName || current.user.email })

async function readLedger(services: Services, current: CurrentSession, leaseId: number) {
  try {
    return await findLedger(services.database.db, { leaseId, viewer: viewerOf(current) })
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') throw noPage()
    throw error
  }
}

export async function ledgerPage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  return { ledger: await readLedger(services, current, leaseIdOf(param)) }
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

export async function ledgerAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const leaseId = leaseIdOf(param)
  // Whoever may not read the ledger learns nothing from a post either: 404 before the form is read.
  const ledger = await readLedger(services, current, leaseId)
  const form = await request.formData()
  const intent = text(form, 'intent') as LedgerIntent
  if (!(LEDGER_INTENTS as readonly string[]).includes(intent)) return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent })
  const actor = actorOf(current)
  const paymentId = parsePositiveId(text(form, 'paymentId')) ?? 0
  const chargeId = parsePositiveId(text(form, 'chargeId')) ?? 0
  const centsTyped = () => {
    const cents = centsOfDollars(text(form, 'amount'))
    if (cents === null) throw new AppError('invalid', 'This was not saved: see the message below.', { amountCents: [NOT_MONEY] })
    return cents
  }
  try {
    if (intent === 'waive') {
      await waiveCharge(services, { leaseId, chargeId, actor, input: { amountCents: centsTyped(), reason: text(form, 'reason') } })
    } else if (intent === 'charge') {
      const input = { description: text(form, 'description'), amountCents: centsTyped(), dueOn: text(form, 'dueOn') }
      await addCharge(services, { leaseId, actor, input })
    } else if (intent === 'pay') {
      const cents = centsTyped()
      const input = { method: text(form, 'method'), paidOn: text(form, 'paidOn'), amountCents: cents, reference: text(form, 'reference') }
      await addPayment(services, { leaseId, actor, input })
    } else {
      await answerPayment(services, { leaseId, paymentId, actor, action: intent, input: { reason: text(form, 'reason') } })
    }
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found' && intent === 'pay') throw noPage()
    return refusalOf(error, {
      intent,
      paymentId,
      chargeId,
      amount: text(form, 'amount'),
      reference: text(form, 'reference'),
      reason: text(form, 'reason'),
      description: text(form, 'description'),
      dueOn: text(form, 'dueOn'),
    })
  }
  const message =
    intent === 'pay'
      ? ledger.viewerSide === 'landlord'
        ? 'Payment recorded: the tenants get the receipt by e-mail.'
        : 'Payment reported: your landlord is asked to confirm it.'
      : DONE[intent]
  return redirectWithToast(`/leases/${leaseId}/rent`, { type: 'success', message })
}
