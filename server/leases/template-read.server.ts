// The lease template new leases are written from: the latest published one whose publication time has
// come. A lease keeps the template's id and version, so its words can be traced to the text they came from.
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { leaseTemplate } from '#server/db/schema.ts'

export type CurrentLeaseTemplate = { id: number; version: number; label: string; title: string; body: string }

/** The latest published template with a publication time not after `now`, or null when there is none. */
export async function findCurrentLeaseTemplate(db: Db | Tx, now = new Date()): Promise<CurrentLeaseTemplate | null> {
  const [row] = await db
    .select({
      id: leaseTemplate.id,
      version: leaseTemplate.version,
      label: leaseTemplate.label,
      title: leaseTemplate.title,
      body: leaseTemplate.body,
    })
    .from(leaseTemplate)
    .where(and(eq(leaseTemplate.status, 'published'), isNotNull(leaseTemplate.publishedAt), lte(leaseTemplate.publishedAt, now)))
    .orderBy(desc(leaseTemplate.publishedAt), desc(leaseTemplate.id))
    .limit(1)
  return row ?? null
}
