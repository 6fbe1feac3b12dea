// Who hears from the ledger: the tenants who signed the lease (by the e-mail they signed with).
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { lease, leaseSigner } from '#server/db/schema.ts'

export async function tenantEmails(db: Db, leaseId: number): Promise<string[]> {
  const rows = await db
    .select({ email: leaseSigner.email })
    .from(leaseSigner)
    .innerJoin(lease, and(eq(lease.id, leaseSigner.leaseId), eq(lease.version, leaseSigner.version)))
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.role, 'tenant'), ne(leaseSigner.role, 'landlord')))
    .orderBy(leaseSigner.position)
  return rows.map((row) => row.email)
}
