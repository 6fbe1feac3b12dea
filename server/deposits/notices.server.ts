// Who hears of a deposit's return, by e-mail: the tenants when the statement is sent (a job, once), and
// the landlord 7 days and 1 day before the deadline while the statement is not sent (a daily job; each
// reminder's key is taken before its mail goes, so however many instances run it, it goes once).
import { and, eq, isNotNull } from 'drizzle-orm'
import { DEPOSIT_RECORDS_ONLY, DEPOSIT_REMINDER_DAYS, dueOnInWords, NOT_LEGAL_ADVICE } from '#common/deposits/vocabulary.ts'
import { addDays } from '#common/ledger/schedule.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { depositNotice, depositReturn } from '#server/db/schema.ts'
import { addressLine, signedLease, tenantEmails, todayAt } from '#server/ledger/index.server.ts'
import type { JobDefinition } from '#server/jobs/queue.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { deadlineOf, depositPath } from './read.server.ts'
import { DEPOSIT_STATEMENT_JOB } from './writes.server.ts'

type JobContext = { db: Db; mailer: Mailer; publicUrl: string }

const DEPOSIT_REMINDER_JOB = 'deposit-reminders'
/** Every hour at 41 minutes: a reminder goes the first run on or after its day where the home is. */
const DEPOSIT_REMINDER_CRON = '41 * * * *'

/** The statement job: the tenants told the statement was sent, with where to read it and its SHA-256. */
async function sendStatementNotice(context: JobContext, leaseId: number): Promise<number> {
  const [row] = await context.db.select().from(depositReturn).where(eq(depositReturn.leaseId, leaseId))
  if (row?.state !== 'sent') return 0
  if (!(await takeNotice(context.db, `${row.id}:sent`, row.id))) return 0
  const found = await signedLease(context.db, leaseId)
  const link = `${context.publicUrl}${depositPath(leaseId)}`
  const late = row.sentLate ? '\n\nThis statement was sent after the deadline.' : ''
  const text = [
    `${found.premises.landlordName} sent the itemised statement of your deposit for ${addressLine(found.premises)}.`,
    `Held: ${formatDollars(row.heldCents!)}. Refund: ${formatDollars(row.refundCents!)}.${late}`,
    `Read each deduction, its reason and its evidence, and download the statement (SHA-256 ${row.sha256}), at:\n${link}`,
    DEPOSIT_RECORDS_ONLY,
  ].join('\n\n')
  const recipients = await tenantEmails(context.db, leaseId)
  for (const to of recipients) await context.mailer.send({ to, subject: `Your deposit statement: ${addressLine(found.premises)}`, text })
  return recipients.length
}

async function takeNotice(db: Db, key: string, returnId: number): Promise<boolean> {
  const rows = await db.insert(depositNotice).values({ key, returnId }).onConflictDoNothing().returning({ key: depositNotice.key })
  return rows.length > 0
}

/** The landlords of unsent statements reminded 7 and 1 days before the deadline, once each. */
export async function sendDepositReminders(context: JobContext, now = new Date()): Promise<number> {
  const rows = await context.db
    .select()
    .from(depositReturn)
    .where(and(eq(depositReturn.state, 'drafting'), isNotNull(depositReturn.dueOn)))
  let sent = 0
  for (const row of rows) {
    const found = await signedLease(context.db, row.leaseId)
    const today = todayAt(found.timeZone, now)
    // The nearest reminder whose day has come (a run that missed the 7-day one does not send both).
    const days = DEPOSIT_REMINDER_DAYS.filter((before) => today >= addDays(row.dueOn!, -before) && today <= row.dueOn!).at(-1)
    if (days === undefined || !(await takeNotice(context.db, `${row.id}:${days}`, row.id))) continue
    const deadline = deadlineOf(found)!
    const text = [
      `The deposit for ${addressLine(found.premises)} must be returned, with the itemised statement, by ${row.dueOn} (${dueOnInWords(row.dueOn!)}).`,
      `The tenancy ended on ${row.endedOn}; ${deadline.state}'s deadline is ${deadline.days} ${deadline.isBusinessDays ? 'business ' : ''}days (${deadline.citation}). ${NOT_LEGAL_ADVICE}`,
      `Itemise the deductions and send the statement at:\n${context.publicUrl}${depositPath(row.leaseId)}`,
      DEPOSIT_RECORDS_ONLY,
    ].join('\n\n')
    await context.mailer.send({
      to: found.premises.landlordEmail,
      subject: `Deposit due back in ${days} day${days === 1 ? '' : 's'}: ${addressLine(found.premises)}`,
      text,
    })
    sent += 1
  }
  return sent
}

/** The area's jobs: the statement's e-mail to the tenants, and the hourly reminders to landlords. */
export function depositJobs(context: JobContext, logger: Logger): JobDefinition[] {
  return [
    {
      name: DEPOSIT_STATEMENT_JOB,
      handler: async (data) => {
        await sendStatementNotice(context, Number(data.leaseId))
      },
    },
    {
      name: DEPOSIT_REMINDER_JOB,
      cron: DEPOSIT_REMINDER_CRON,
      retryLimit: 0,
      handler: async () => {
        const sent = await sendDepositReminders(context)
        if (sent > 0) logger.info({ sent }, 'deposit deadline reminders sent')
      },
    },
  ]
}
