// Receipts and statements. A confirmed payment's receipt is rendered once, kept with its SHA-256 and
// mailed to the tenants (a job, after the confirmation commits); a lease's statement for a year is
// rendered when asked. Only the lease's landlord and signers get either: anyone else 'not-found'.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { PAYMENT_METHOD_LABELS, RECORDS_ONLY, type PaymentMethod } from '#common/ledger/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { ledgerEntry, ledgerTransaction, rentPayment, rentPaymentEvent, rentReceipt } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { addressLine, sideOf, signedLease, type LedgerViewer } from './access.server.ts'
import { tenantEmails } from './mail.server.ts'
import { renderLinesPdf, sha256Hex, type PdfLine } from './pdf.server.ts'

const noPayment = () => new AppError('not-found', 'No such receipt.')

/** The receipt of a confirmed (or later reversed) payment, rendered and kept the first time it is asked for. */
async function receiptOf(db: Db, paymentId: number): Promise<{ pdf: Uint8Array; sha256: string; leaseId: number; isNew: boolean }> {
  const [kept] = await db.select().from(rentReceipt).where(eq(rentReceipt.paymentId, paymentId))
  if (kept) return { pdf: kept.pdf, sha256: kept.sha256, leaseId: kept.leaseId, isNew: false }
  const [payment] = await db.select().from(rentPayment).where(eq(rentPayment.id, paymentId))
  if (!payment?.transactionId) throw noPayment()
  const [confirmation] = await db
    .select()
    .from(rentPaymentEvent)
    .where(and(eq(rentPaymentEvent.paymentId, paymentId), sql`${rentPaymentEvent.action} in ('recorded', 'confirmed')`))
  const found = await signedLease(db, payment.leaseId)
  const at = confirmation?.createdAt ?? payment.createdAt
  const lines: PdfLine[] = [
    { text: addressLine(found.premises), gapBefore: 6 },
    { text: `Landlord: ${found.premises.landlordName}` },
    { text: `Tenants: ${found.terms.tenants.map((tenant) => tenant.name).join(', ')}` },
    { text: 'Payment', bold: true, size: 12, gapBefore: 12 },
    { text: 'Amount', right: formatDollars(payment.amountCents) },
    { text: 'Paid on', right: payment.paidOn },
    { text: 'Method', right: PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] },
    { text: 'Reference', right: payment.reference || '-' },
    { text: 'Confirmed by', right: confirmation?.actorName ?? found.premises.landlordName },
    { text: 'Confirmed at', right: `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` },
    { text: RECORDS_ONLY, gapBefore: 16, size: 9 },
  ]
  const pdf = await renderLinesPdf({ title: `Rent receipt no. ${paymentId}`, footer: `Lease ${found.id} - receipt ${paymentId}`, lines, at })
  const sha256 = sha256Hex(pdf)
  const inserted = await db
    .insert(rentReceipt)
    .values({ paymentId, leaseId: payment.leaseId, pdf, sha256 })
    .onConflictDoNothing()
    .returning({ paymentId: rentReceipt.paymentId })
  if (inserted.length === 0) return receiptOf(db, paymentId)
  return { pdf, sha256, leaseId: payment.leaseId, isNew: true }
}

/** The receipt job: keeps the receipt and mails it to the tenants, once (the one run that rendered it). */
export async function sendReceipt(context: { db: Db; mailer: Mailer; publicUrl: string }, paymentId: number): Promise<number> {
  const receipt = await receiptOf(context.db, paymentId)
  if (!receipt.isNew) return 0
  const found = await signedLease(context.db, receipt.leaseId)
  const recipients = await tenantEmails(context.db, receipt.leaseId)
  for (const to of recipients) {
    await context.mailer.send({
      to,
      subject: `Rent receipt: ${addressLine(found.premises)}`,
      text: `Your landlord confirmed a payment. The receipt is attached (SHA-256 ${receipt.sha256}); it is also on your lease's rent page:\n${context.publicUrl}/leases/${found.id}/rent\n\n${RECORDS_ONLY}`,
      attachments: [{ filename: `receipt-${paymentId}.pdf`, content: Buffer.from(receipt.pdf), contentType: 'application/pdf' }],
    })
  }
  return recipients.length
}

/** A receipt for one of the lease's parties. */
export async function findReceipt(db: Db, { leaseId, paymentId, viewer }: { leaseId: number; paymentId: number; viewer: LedgerViewer }) {
  await sideOf(db, leaseId, viewer)
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw noPayment()
  const [payment] = await db
    .select({ id: rentPayment.id })
    .from(rentPayment)
    .where(and(eq(rentPayment.id, paymentId), eq(rentPayment.leaseId, leaseId)))
  if (!payment) throw noPayment()
  const { pdf, sha256 } = await receiptOf(db, paymentId)
  return { bytes: pdf, sha256, fileName: `receipt-${paymentId}.pdf` }
}

/** A lease's statement of one year: the balance brought forward, every transaction of the year, the balance carried. */
export async function renderStatement(db: Db, { leaseId, year, viewer, now = new Date() }: { leaseId: number; year: number; viewer: LedgerViewer; now?: Date }) {
  const { lease: found } = await sideOf(db, leaseId, viewer)
  if (!Number.isInteger(year) || year < 2000 || year > 2200) throw new AppError('not-found', 'No such statement.')
  const from = `${year}-01-01`
  const to = `${year + 1}-01-01`
  const receivable = sql<number>`coalesce(sum(${ledgerEntry.amountCents}) filter (where ${ledgerEntry.account} = 'tenant_receivable'), 0)`.mapWith(Number)
  const [opening] = await db
    .select({ total: receivable })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(and(eq(ledgerEntry.leaseId, leaseId), lt(ledgerTransaction.effectiveOn, from)))
  const rows = await db
    .select({ id: ledgerTransaction.id, kind: ledgerTransaction.kind, memo: ledgerTransaction.memo, on: ledgerTransaction.effectiveOn, amount: receivable })
    .from(ledgerTransaction)
    .innerJoin(ledgerEntry, eq(ledgerEntry.transactionId, ledgerTransaction.id))
    .where(and(eq(ledgerTransaction.leaseId, leaseId), gte(ledgerTransaction.effectiveOn, from), lt(ledgerTransaction.effectiveOn, to)))
    .groupBy(ledgerTransaction.id)
    .orderBy(asc(ledgerTransaction.effectiveOn), asc(ledgerTransaction.id))
  let balance = opening?.total ?? 0
  const lines: PdfLine[] = [
    { text: addressLine(found.premises), gapBefore: 6 },
    { text: `Tenants: ${found.terms.tenants.map((tenant) => tenant.name).join(', ')}` },
    { text: 'Positive amounts are owed by the tenant; negative amounts are payments and credits.', size: 9, gapBefore: 6 },
    { text: `Balance on ${from}`, bold: true, gapBefore: 10, right: formatDollars(balance) },
  ]
  for (const row of rows) {
    balance += row.amount
    const amount = row.amount < 0 ? `-${formatDollars(-row.amount)}` : formatDollars(row.amount)
    lines.push({ text: `${row.on}  ${row.memo}`, right: `${amount}   balance ${formatDollars(balance)}` })
  }
  lines.push({ text: `Balance at the end of ${year}`, bold: true, gapBefore: 6, right: formatDollars(balance) })
  lines.push({ text: RECORDS_ONLY, size: 9, gapBefore: 16 })
  const bytes = await renderLinesPdf({ title: `Rent statement ${year}`, footer: `Lease ${leaseId} - statement ${year}`, lines, at: now })
  return { bytes, fileName: `rent-statement-${leaseId}-${year}.pdf` }
}
