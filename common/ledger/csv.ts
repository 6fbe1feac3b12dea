// The rent roll as CSV for a landlord's accountant. Formula-safe: a cell a spreadsheet would read as a
// formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so it shows as
// typed and runs nothing; amounts are written as plain dollars with two decimals. Browser-safe.
import type { RentRoll } from './types.ts'

/** One cell, quoted as RFC 4180 asks and neutralised if a spreadsheet would run it. */
export function csvCell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

const dollars = (cents: number) => (cents / 100).toFixed(2)

export function rentRollCsv(roll: RentRoll): string {
  const header = ['Month', 'Lease', 'Address', 'Tenants', 'Due (USD)', 'Paid (USD)', 'Late (USD)', 'Balance (USD)', 'Payments pending']
  const lines = roll.rows.map((row) =>
    [roll.month, row.leaseId, row.address, row.tenants, dollars(row.dueCents), dollars(row.paidCents), dollars(row.lateCents), dollars(row.balanceCents), row.pendingCount],
  )
  const t = roll.totals
  lines.push([roll.month, 'Total', '', '', dollars(t.dueCents), dollars(t.paidCents), dollars(t.lateCents), dollars(t.balanceCents), t.pendingCount])
  return [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
