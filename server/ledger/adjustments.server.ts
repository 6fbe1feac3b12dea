// The landlord adjusts the books: waives part or all of one charge (a late fee forgiven, a month's rent
// reduced after a repair took long), or adds a one-off charge the lease allows (a utility bill passed on,
// a repair the tenant caused). A waiver posts receivable against the charge's income, linked to the
// charge (`waives_id`) and dated with its due day, so the charge shows as waived and what payments there
// are go to the other charges; it is final. Nothing is edited: both only post. The front doors commit,
// then queue the tenants' e-mail (a job, sent once).
import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { addedChargeSchema, waiverSchema } from '#common/ledger/forms.ts'
import { lateFeePlan } from '#common/ledger/late-fee.ts'
import { CHARGE_KINDS, RECORDS_ONLY, WAIVABLE_KINDS, type LedgerAccount } from '#common/ledger/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { ledgerEntry, ledgerNotice, ledgerTransaction } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { addressLine, sideOf, signedLease, todayAt, type LedgerActor, type LedgerServices } from './access.server.ts'
import { readBooks, transactionsOf } from './books.server.ts'
import { tenantEmails } from './mail.server.ts'
import { chargeEntries, post, waiverEntries } from './posting.server.ts'

export const LEDGER_ADJUSTMENT_JOB = 'ledger-adjustment'

export type Adjustment = { transactionId: number; kind: 'waiver' | 'charge'; amountCents: number; chargeId: number }

const noCharge = () => new AppError('not-found', 'No such charge in this lease.')

/** The same day `years` years on (29 February becomes the 28th). */
function yearsAfter(day: string, years: number): string {
  const monthDay = day.slice(5) === '02-29' ? '02-28' : day.slice(5)
  return `${Number(day.slice(0, 4)) + years}-${monthDay}`
}

/** The landlord waives `amountCents` of one charge, at most what is still owed on it, saying why. */
export async function storeWaiver(
  services: Pick<LedgerServices, 'database'>,
  {
    leaseId,
    chargeId,
    actor,
    input,
    now = new Date(),
  }: { leaseId: number; chargeId: number; actor: LedgerActor; input: unknown; now?: Date },
): Promise<Adjustment> {
  const { db } = services.database
  const { lease: found, side } = await sideOf(db, leaseId, actor)
  if (side !== 'landlord') throw new AppError('forbidden', 'Only the landlord waives a charge.')
  if (!Number.isSafeInteger(chargeId) || chargeId <= 0) throw noCharge()
  const waiver = parseOrThrow(waiverSchema, input)
  const today = todayAt(found.timeZone, now)
  const { graceDays } = lateFeePlan(found.premises.state, found.terms)
  return db.transaction(async (tx) => {
    // The charge is locked so that two waivers of it are weighed one after the other.
    const [charge] = await tx
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.id, chargeId), eq(ledgerTransaction.leaseId, leaseId)))
      .for('update')
    if (!charge || !(CHARGE_KINDS as readonly string[]).includes(charge.kind)) throw noCharge()
    if (!(WAIVABLE_KINDS as readonly string[]).includes(charge.kind)) {
      throw new AppError('conflict', 'The security deposit is held for the tenant, not charged as income: it cannot be waived.')
    }
    const books = readBooks(await transactionsOf(tx, leaseId), { today, graceDays })
    const held = books.charges.find((each) => each.id === chargeId)!
    if (held.owedCents === 0) throw new AppError('conflict', 'Nothing is owed on this charge: there is nothing to waive.')
    if (waiver.amountCents > held.owedCents) {
      throw new AppError('invalid', 'This was not saved: see the message below.', {
        amountCents: [`At most ${formatDollars(held.owedCents)} is still owed on this charge.`],
      })
    }
    const [income] = await tx
      .select({ account: ledgerEntry.account })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.transactionId, chargeId), ne(ledgerEntry.account, 'tenant_receivable')))
    const transactionId = await post(tx, {
      leaseId,
      kind: 'waiver',
      memo: `Waived: ${charge.memo} (${waiver.reason})`,
      effectiveOn: today,
      dueOn: charge.dueOn,
      key: `waiver:${chargeId}:${randomUUID()}`,
      waivesId: chargeId,
      reason: waiver.reason,
      actorId: actor.userId,
      entries: waiverEntries(income!.account as LedgerAccount, waiver.amountCents),
    })
    return { transactionId: transactionId!, kind: 'waiver' as const, amountCents: waiver.amountCents, chargeId }
  })
}

/**
 * The landlord adds a one-off charge: a description, an amount up to $1,000,000, and a due day from the
 * lease's start to a year after its end, and no more than a year ago.
 */
export async function storeAddedCharge(
  services: Pick<LedgerServices, 'database'>,
  { leaseId, actor, input, now = new Date() }: { leaseId: number; actor: LedgerActor; input: unknown; now?: Date },
): Promise<Adjustment> {
  const { db } = services.database
  const { lease: found, side } = await sideOf(db, leaseId, actor)
  if (side !== 'landlord') throw new AppError('forbidden', 'Only the landlord adds a charge.')
  const charge = parseOrThrow(addedChargeSchema, input)
  const today = todayAt(found.timeZone, now)
  const refuse = (message: string) => new AppError('invalid', 'This was not saved: see the message below.', { dueOn: [message] })
  const { startDate, endDate } = found.terms
  if (charge.dueOn < startDate) throw refuse(`Give a day on or after the lease's start, ${startDate}.`)
  if (endDate !== null && charge.dueOn > yearsAfter(endDate, 1)) {
    throw refuse(`Give a day on or before ${yearsAfter(endDate, 1)}, a year after the lease ends.`)
  }
  if (charge.dueOn < yearsAfter(today, -1))
    throw refuse(`Give a day on or after ${yearsAfter(today, -1)}: a charge can be at most a year old.`)
  return db.transaction(async (tx) => {
    const transactionId = await post(tx, {
      leaseId,
      kind: 'fee',
      memo: charge.description,
      effectiveOn: today < charge.dueOn ? today : charge.dueOn,
      dueOn: charge.dueOn,
      key: `charge:${leaseId}:${randomUUID()}`,
      actorId: actor.userId,
      entries: chargeEntries('fee', charge.amountCents),
    })
    return { transactionId: transactionId!, kind: 'charge' as const, amountCents: charge.amountCents, chargeId: transactionId! }
  })
}

async function announce(services: LedgerServices, adjustment: Adjustment) {
  try {
    await services.jobs.send(LEDGER_ADJUSTMENT_JOB, { transactionId: adjustment.transactionId })
  } catch (error) {
    services.logger.warn({ err: error, transactionId: adjustment.transactionId }, 'an adjustment was posted but the tenants were not told')
  }
}

/** Front door: part or all of a charge waived by the landlord; the tenants are e-mailed. */
export async function waiveCharge(services: LedgerServices, args: Parameters<typeof storeWaiver>[1]) {
  const adjustment = await storeWaiver(services, args)
  await announce(services, adjustment)
  return adjustment
}

/** Front door: a one-off charge added by the landlord; the tenants are e-mailed. */
export async function addCharge(services: LedgerServices, args: Parameters<typeof storeAddedCharge>[1]) {
  const adjustment = await storeAddedCharge(services, args)
  await announce(services, adjustment)
  return adjustment
}

/** The adjustment job: the tenants told of a waiver or an added charge, once (its notice key taken first). */
export async function sendAdjustmentNotice(context: { db: Db; mailer: Mailer; publicUrl: string }, transactionId: number): Promise<number> {
  const { db } = context
  const [row] = await db.select().from(ledgerTransaction).where(eq(ledgerTransaction.id, transactionId))
  if (!row || !(row.kind === 'waiver' || (row.kind === 'fee' && row.idempotencyKey.startsWith('charge:')))) return 0
  const taken = await db
    .insert(ledgerNotice)
    .values({ key: `adjustment:${row.id}`, leaseId: row.leaseId, kind: 'adjustment' })
    .onConflictDoNothing()
    .returning({ key: ledgerNotice.key })
  if (taken.length === 0) return 0
  const found = await signedLease(db, row.leaseId)
  const [receivable] = await db
    .select({ amountCents: ledgerEntry.amountCents })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.transactionId, row.id), eq(ledgerEntry.account, 'tenant_receivable')))
  const amount = formatDollars(Math.abs(receivable?.amountCents ?? 0))
  const address = addressLine(found.premises)
  const link = `${context.publicUrl}/leases/${found.id}/rent`
  let subject: string
  let first: string
  if (row.kind === 'waiver') {
    const [charge] = await db.select().from(ledgerTransaction).where(eq(ledgerTransaction.id, row.waivesId!))
    subject = `A charge was waived: ${address}`
    first = `Your landlord waived ${amount} of "${charge?.memo ?? ''}" (due on ${row.dueOn}): you no longer owe that part.\n\nThe reason given: ${row.reason}`
  } else {
    subject = `A charge was added: ${address}`
    first = `Your landlord added a charge of ${amount}, due on ${row.dueOn}: "${row.memo}".`
  }
  const recipients = await tenantEmails(db, found.id)
  for (const to of recipients) {
    await context.mailer.send({ to, subject, text: `${first}\n\nSee what is due and paid at:\n${link}\n\n${RECORDS_ONLY}` })
  }
  return recipients.length
}
