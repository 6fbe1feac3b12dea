// Writing the administrators' audit log (the operator console shows it, server/console/audit.server.ts):
// one function, called inside the transaction of the action it records, so an action and its record
// commit together or not at all. Every area whose administrators act (people, listings, reviews, chat
// reports) calls it; it depends on nothing but the table. The database refuses to change or delete a
// row (migration admin_audit_append_only).
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { adminAudit, user } from '#server/db/schema.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What one administrator action records. `ip` is the client address as clientAddress() gives it. */
export type AdminAction = {
  adminId: string
  action: string
  targetKind: string
  targetId: string
  targetLabel?: string
  reason?: string
  ip?: string | null
}

/**
 * Records one administrator action in the audit log, with the administrator's name as it is now.
 * Call it with the transaction that takes the action.
 */
export async function recordAdminAction(tx: Tx | Db, entry: AdminAction): Promise<void> {
  const [admin] = await tx.select({ name: user.name }).from(user).where(eq(user.id, entry.adminId))
  await tx.insert(adminAudit).values({
    adminId: entry.adminId,
    adminName: admin?.name ?? '',
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? '',
    reason: entry.reason ?? '',
    ipAddress: entry.ip ?? null,
  })
}
