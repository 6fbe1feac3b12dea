// The administrators' audit log: one function writes it, inside the transaction of the action it
// records, so an action and its record commit together or not at all; the console reads it newest
// first, filtered, a page at a time, and as CSV. The database refuses to change or delete a row
// (migration admin_audit_append_only).
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { csvCell } from '#common/ledger/csv.ts'
import type { AuditEntry, AuditPage } from '#common/console/types.ts'
import { auditActionLabel } from '#common/console/types.ts'
import { type AuditFilters, utcDay } from '#common/console/schemas.ts'
import type { Db } from '#server/db/client.server.ts'
import { adminAudit } from '#server/db/schema.ts'

export { recordAdminAction, type Tx } from '#server/admin-audit.server.ts'

const AUDIT_PAGE_SIZE = 50
/** The CSV holds at most this many rows (the newest); narrow the filters for older ones. */
export const AUDIT_CSV_MAX_ROWS = 100_000

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function auditConditions(filters: AuditFilters): SQL[] {
  const where: SQL[] = []
  if (filters.adminId) where.push(eq(adminAudit.adminId, filters.adminId))
  if (filters.action) where.push(eq(adminAudit.action, filters.action))
  if (filters.target) {
    where.push(or(eq(adminAudit.targetId, filters.target), ilike(adminAudit.targetLabel, `%${escapeLike(filters.target)}%`))!)
  }
  const from = filters.from ? utcDay(filters.from) : undefined
  const to = filters.to ? utcDay(filters.to) : undefined
  if (from) where.push(gte(adminAudit.createdAt, from))
  // The "to" day is included whole.
  if (to) where.push(lt(adminAudit.createdAt, new Date(to.getTime() + 86_400_000)))
  return where
}

const entryColumns = {
  id: adminAudit.id,
  adminId: adminAudit.adminId,
  adminName: adminAudit.adminName,
  action: adminAudit.action,
  targetKind: adminAudit.targetKind,
  targetId: adminAudit.targetId,
  targetLabel: adminAudit.targetLabel,
  reason: adminAudit.reason,
  ipAddress: adminAudit.ipAddress,
  createdAt: adminAudit.createdAt,
}

const toEntry = (row: Omit<AuditEntry, 'createdAt'> & { createdAt: Date }): AuditEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** A cursor is the id of the last entry shown; anything else starts from the newest. */
function parseCursor(cursor: string | null | undefined): number | undefined {
  if (!cursor || !/^\d{1,15}$/.test(cursor)) return undefined
  return Number(cursor)
}

/** One page of the audit log, newest first (ids grow as rows are written), after the cursor. */
export async function listAuditEntries(db: Db, filters: AuditFilters, cursor?: string | null): Promise<AuditPage> {
  const where = auditConditions(filters)
  const after = parseCursor(cursor)
  if (after !== undefined) where.push(lt(adminAudit.id, after))
  const rows = await db
    .select(entryColumns)
    .from(adminAudit)
    .where(and(...where))
    .orderBy(desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(toEntry)
  return { entries, nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(entries.at(-1)!.id) : null }
}

/** The administrators who appear in the log, for the filter: id and latest recorded name. */
export async function listAuditAdministrators(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db.execute<{ id: string; name: string }>(sql`
    select distinct on (admin_id) admin_id as id, admin_name as name
    from ${adminAudit} order by admin_id, id desc`)
  return [...rows.rows].sort((a, b) => a.name.localeCompare(b.name))
}

/** The actions that appear in the log, for the filter. */
export async function listAuditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: adminAudit.action }).from(adminAudit).orderBy(adminAudit.action)
  return rows.map((row) => row.action)
}

/** The filtered entries as CSV, newest first; cells a spreadsheet would run as formulas are neutralised. */
export async function auditCsv(db: Db, filters: AuditFilters): Promise<string> {
  const rows = await db
    .select(entryColumns)
    .from(adminAudit)
    .where(and(...auditConditions(filters)))
    .orderBy(desc(adminAudit.id))
    .limit(AUDIT_CSV_MAX_ROWS)
  const header = ['Time (UTC)', 'Administrator', 'Administrator id', 'Action', 'Target kind', 'Target id', 'Target', 'Reason', 'IP address']
  const lines = rows.map((row) => [
    row.createdAt.toISOString(),
    row.adminName,
    row.adminId,
    auditActionLabel(row.action),
    row.targetKind,
    row.targetId,
    row.targetLabel,
    row.reason,
    row.ipAddress ?? '',
  ])
  return [header, ...lines].map((line) => line.map((cell) => csvCell(cell)).join(',')).join('\r\n') + '\r\n'
}
