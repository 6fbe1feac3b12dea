// The ledger's job, run hourly on every instance at once if need be: for every fully signed lease it
// posts the charges due within CHARGE_LEAD_DAYS, a late fee once per late rent, and the reminders once
// each (before the due day; when a charge becomes late). Keys make every posting and every notice
// happen once however often and wherever it runs: a second run finds them taken and does nothing.
import { and, eq } from 'drizzle-orm'
import { lateFeePlan } from '#common/ledger/late-fee.ts'
import { addDays, chargesDue } from '#common/ledger/schedule.ts'
import { CHARGE_LEAD_DAYS, RECORDS_ONLY, REMINDER_DAYS_BEFORE } from '#common/ledger/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { lease, ledgerNotice, ledgerTransaction } from '#server/db/schema.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { addressLine, signedLease, todayAt, type LedgerLease } from './access.server.ts'
import { readBooks, transactionsOf } from './books.server.ts'
import { tenantEmails } from './mail.server.ts'
import { chargeEntries, post } from './posting.server.ts'

export const LEDGER_CHARGES_JOB = 'ledger-charges'
/** Hourly, a few minutes past. */
export const LEDGER_CHARGES_CRON = '17 * * * *'

type JobContext = { db: Db; mailer: Mailer; publicUrl: string }
export type ChargeRun = { leases: number; charges: number; lateFees: number; reminders: number }

/** Posts what is due of one lease as of `now`; answers what it posted. */
export async function postLeaseCharges(db: Db, found: LedgerLease, now: Date): Promise<{ charges: number; lateFees: number }> {
  const today = todayAt(found.timeZone, now)
  const planned = chargesDue(found.id, found.terms, addDays(today, CHARGE_LEAD_DAYS))
  const taken = new Set(
    (await db.select({ key: ledgerTransaction.idempotencyKey }).from(ledgerTransaction).where(eq(ledgerTransaction.leaseId, found.id))).map(
      (row) => row.key,
    ),
  )
  let charges = 0
  let lateFees = 0
  const missing = planned.filter((charge) => !taken.has(charge.key))
  if (missing.length > 0) {
    await db.transaction(async (tx) => {
      for (const charge of missing) {
        const id = await post(tx, {
          leaseId: found.id,
          kind: charge.kind,
          memo: charge.memo,
          effectiveOn: today < charge.dueOn ? today : charge.dueOn,
          dueOn: charge.dueOn,
          key: charge.key,
          entries: chargeEntries(charge.kind, charge.amountCents),
        })
        if (id !== null) charges += 1
      }
    })
  }
  const plan = lateFeePlan(found.premises.state, found.terms)
  if (plan.amountCents > 0) {
    const books = readBooks(await transactionsOf(db, found.id), { today, graceDays: plan.graceDays })
    const late = books.charges.filter((charge) => charge.kind === 'rent' && charge.status === 'late' && !taken.has(`late:${charge.id}`))
    if (late.length > 0) {
      await db.transaction(async (tx) => {
        for (const charge of late) {
          const id = await post(tx, {
            leaseId: found.id,
            kind: 'late_fee',
            memo: `Late fee: ${charge.memo.toLowerCase()}`,
            effectiveOn: today,
            dueOn: today,
            key: `late:${charge.id}`,
            entries: chargeEntries('late_fee', plan.amountCents),
          })
          if (id !== null) lateFees += 1
        }
      })
    }
  }
  return { charges, lateFees }
}

/** Takes a notice's key; true when this caller took it and so sends it. */
async function takeNotice(db: Db, key: string, leaseId: number, kind: 'due_soon' | 'late'): Promise<boolean> {
  const rows = await db.insert(ledgerNotice).values({ key, leaseId, kind }).onConflictDoNothing().returning({ key: ledgerNotice.key })
  return rows.length > 0
}

/** The reminders of one lease that are due and not yet sent; answers how many went out. */
export async function sendLeaseReminders(context: JobContext, found: LedgerLease, now: Date): Promise<number> {
  const today = todayAt(found.timeZone, now)
  const plan = lateFeePlan(found.premises.state, found.terms)
  const books = readBooks(await transactionsOf(context.db, found.id), { today, graceDays: plan.graceDays })
  const link = `${context.publicUrl}/leases/${found.id}/rent`
  const address = addressLine(found.premises)
  let sent = 0
  // One reminder per rent (the month's fees are due with it and named in the same page).
  for (const charge of books.charges.filter((each) => each.kind === 'rent')) {
    const soon =
      (charge.status === 'due' || charge.status === 'partly_paid') &&
      charge.dueOn >= today &&
      charge.dueOn <= addDays(today, REMINDER_DAYS_BEFORE)
    const kind = charge.status === 'late' ? 'late' : soon ? 'due_soon' : null
    if (!kind || !(await takeNotice(context.db, `${kind}:${charge.id}`, found.id, kind))) continue
    const owed = formatDollars(charge.owedCents)
    const subject = kind === 'late' ? `Rent is late: ${address}` : `Rent is due on ${charge.dueOn}: ${address}`
    const first =
      kind === 'late'
        ? `${charge.memo} (${owed} still owed) was due on ${charge.dueOn} and is now late.`
        : `${charge.memo}: ${owed} is due on ${charge.dueOn}.`
    for (const to of await tenantEmails(context.db, found.id)) {
      await context.mailer.send({
        to,
        subject,
        text: `${first}\n\nSee what is due and paid, and report a payment, at:\n${link}\n\n${RECORDS_ONLY}`,
      })
    }
    sent += 1
  }
  return sent
}

/**
 * One lease's run, queued when its last signature seals it: the deposit and the first charges due within
 * CHARGE_LEAD_DAYS appear at once, not at the next hourly run. A lease no longer fully signed is left alone.
 */
export async function runLeaseCharges(context: JobContext, leaseId: number, now = new Date()): Promise<ChargeRun> {
  const [found] = await context.db
    .select({ id: lease.id })
    .from(lease)
    .where(and(eq(lease.id, leaseId), eq(lease.state, 'fully_signed'), eq(lease.kind, 'lease')))
  if (!found) return { leases: 0, charges: 0, lateFees: 0, reminders: 0 }
  const signed = await signedLease(context.db, leaseId)
  const posted = await postLeaseCharges(context.db, signed, now)
  return { leases: 1, ...posted, reminders: await sendLeaseReminders(context, signed, now) }
}

/** The hourly run over every fully signed lease. */
export async function runLedgerCharges(context: JobContext, now = new Date()): Promise<ChargeRun> {
  const leases = await context.db
    .select({ id: lease.id })
    .from(lease)
    .where(and(eq(lease.state, 'fully_signed'), eq(lease.kind, 'lease')))
  const run: ChargeRun = { leases: leases.length, charges: 0, lateFees: 0, reminders: 0 }
  for (const { id } of leases) {
    const found = await signedLease(context.db, id)
    const posted = await postLeaseCharges(context.db, found, now)
    run.charges += posted.charges
    run.lateFees += posted.lateFees
    run.reminders += await sendLeaseReminders(context, found, now)
  }
  return run
}
