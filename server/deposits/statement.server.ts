// The itemised statement as a US Letter PDF: what was held, each deduction with its reason and the
// inspection items it cites, the refund and how it was paid, the deadline and whether it was met. The
// same data and time give the same bytes, so its SHA-256 can be checked against the record.
import { DEDUCTION_CATEGORY_LABELS, DEPOSIT_RECORDS_ONLY, type DeductionCategory } from '#common/deposits/vocabulary.ts'
import { CONDITION_LABELS, INSPECTION_KIND_LABELS, type Condition } from '#common/inspections/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#common/ledger/vocabulary.ts'
import { addressLine, renderLinesPdf, type LedgerLease, type PdfLine } from '#server/ledger/index.server.ts'
import type { InspectionEvidence } from '#server/inspections/index.server.ts'
import type { DeductionRow, ReturnRow } from './read.server.ts'

const conditionWords = (condition: string | null) => (condition ? CONDITION_LABELS[condition as Condition] : 'not recorded')

export function statementLines({
  found,
  row,
  deductions,
  evidence,
}: {
  found: LedgerLease
  row: Pick<ReturnRow, 'endedOn' | 'dueOn' | 'heldCents' | 'refundCents' | 'refundMethod' | 'refundPaidOn' | 'refundReference' | 'sentLate'>
  deductions: DeductionRow[]
  evidence: InspectionEvidence[]
}): PdfLine[] {
  const items = new Map(evidence.map((item) => [item.itemId, item]))
  const lines: PdfLine[] = [
    { text: addressLine(found.premises), gapBefore: 6 },
    { text: `Landlord: ${found.premises.landlordName}` },
    { text: `Tenants: ${found.terms.tenants.map((tenant) => tenant.name).join(', ')}` },
    { text: 'Tenancy ended on', right: row.endedOn, gapBefore: 10 },
    { text: 'Return due by', right: row.dueOn ?? "not in our table: see the state's law" },
  ]
  if (row.sentLate) lines.push({ text: 'This statement was sent after the deadline.', bold: true })
  lines.push({ text: 'Deposit held (what was paid)', right: formatDollars(row.heldCents ?? 0), gapBefore: 10 })
  lines.push({ text: 'Deductions', bold: true, size: 12, gapBefore: 12 })
  if (deductions.length === 0) lines.push({ text: 'None.' })
  deductions.forEach((deduction, index) => {
    lines.push({
      text: `${index + 1}. ${DEDUCTION_CATEGORY_LABELS[deduction.category as DeductionCategory]}`,
      bold: true,
      right: formatDollars(deduction.amountCents),
      gapBefore: 4,
    })
    for (const part of wrap(deduction.reason, 95)) lines.push({ text: `   ${part}` })
    for (const id of deduction.evidenceItemIds) {
      const item = items.get(id)
      if (!item) continue
      const photos = item.photoIds.length > 0 ? `, ${item.photoIds.length} photo(s)` : ''
      lines.push({
        text: `   Evidence: ${INSPECTION_KIND_LABELS[item.kind]}, ${item.room}: ${item.item} - ${conditionWords(item.condition)}${photos}`,
        size: 9,
      })
      if (item.notes) lines.push({ text: `   "${item.notes}"`, size: 9 })
    }
  })
  const deducted = deductions.reduce((sum, deduction) => sum + deduction.amountCents, 0)
  lines.push({ text: 'Total deducted', right: formatDollars(deducted), gapBefore: 10 })
  lines.push({ text: 'Refund to the tenants', right: formatDollars(row.refundCents ?? 0), bold: true })
  if ((row.refundCents ?? 0) > 0) {
    lines.push({ text: 'Paid by', right: PAYMENT_METHOD_LABELS[row.refundMethod as PaymentMethod] })
    lines.push({ text: 'Paid on', right: row.refundPaidOn ?? '-' })
    lines.push({ text: 'Reference', right: row.refundReference || '-' })
  }
  lines.push({ text: DEPOSIT_RECORDS_ONLY, gapBefore: 16, size: 9 })
  return lines
}

function wrap(text: string, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) out.push(line)
  return out
}

export function renderStatementPdf(found: LedgerLease, lines: PdfLine[], at: Date): Promise<Uint8Array> {
  return renderLinesPdf({ title: 'Itemised deposit statement', footer: `Lease ${found.id} - deposit statement`, lines, at })
}
