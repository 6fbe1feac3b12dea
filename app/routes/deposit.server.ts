// The page controller of /leases/:id/deposit: the lease's deposit for its landlord and its signers
// (anyone else: 404), and each of the landlord's forms: the end of the tenancy, a deduction added or taken
// back, the statement sent. A refusal answers beside its form and changes nothing.
import { data } from 'react-router'
import { DEPOSIT_INTENTS, type DepositIntent } from '#app/components/deposits/deposit-forms.tsx'
import { parsePositiveId } from '#common/ids.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { addDeduction, findDeposit, recordMoveOut, sendDepositStatement, takeBackDeduction } from '#server/deposits/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'

const DONE: Record<DepositIntent, string> = {
  move_out: 'The end of the tenancy is recorded: the deadline is shown below.',
  deduct: 'Deduction added.',
  take_back: 'Deduction taken back.',
  send: 'The statement is sent: the tenants are told by e-mail.',
}

const noPage = () => data('There is no such page.', { status: 404 })

async function readDeposit(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const leaseId = parsePositiveId(param)
  if (leaseId === null) throw noPage()
  const viewer = { userId: current.userId, email: current.user.email }
  try {
    return { viewer, leaseId, deposit: await findDeposit(services.database.db, { leaseId, viewer }) }
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') throw noPage()
    throw error
  }
}

export async function depositPage(services: Services, request: Request, param: string | undefined) {
  const { deposit } = await readDeposit(services, request, param)
  return { deposit }
}

const isIntent = (intent: string): intent is DepositIntent => (DEPOSIT_INTENTS as readonly string[]).includes(intent)

export async function depositAction(services: Services, request: Request, param: string | undefined) {
  // Whoever may not read the deposit learns nothing from a post either: 404 before the form is read.
  const { viewer, leaseId } = await readDeposit(services, request, param)
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '')
  const intent = text('intent')
  if (!isIntent(intent)) return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent })
  const args = { leaseId, actor: viewer }
  try {
    if (intent === 'move_out') await recordMoveOut(services, { ...args, input: { endedOn: text('endedOn') } })
    if (intent === 'deduct') {
      await addDeduction(services, {
        ...args,
        input: {
          amount: text('amount'),
          category: text('category'),
          reason: text('reason'),
          evidence: form.getAll('evidence').map(String),
        },
      })
    }
    if (intent === 'take_back') await takeBackDeduction(services, { ...args, deductionId: Number(text('deductionId')) })
    if (intent === 'send') {
      await sendDepositStatement(services, {
        ...args,
        input: {
          method: text('method'),
          paidOn: text('paidOn'),
          reference: text('reference'),
          confirm: form.get('confirm') === null ? undefined : true,
        },
      })
    }
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found' && intent !== 'take_back') throw noPage()
    return refusalOf(error, {
      intent,
      values: {
        amount: text('amount'),
        category: text('category'),
        reason: text('reason'),
        method: text('method'),
        paidOn: text('paidOn'),
        reference: text('reference'),
      },
    })
  }
  return redirectWithToast(`/leases/${leaseId}/deposit`, { type: 'success', message: DONE[intent] })
}
