// The front doors of the deposit's writes: each commits through writes.server.ts, then tells both sides'
// open pages (a lease news, which the lease and deposit pages refresh on); sending the statement also
// queues its e-mail to the tenants. A follow-up that fails is logged and never undoes what was stored.
import { and, eq } from 'drizzle-orm'
import { lease, leaseSigner, user } from '#server/db/schema.ts'
import {
  removeDeduction,
  storeDeduction,
  storeMoveOut,
  storeSentStatement,
  DEPOSIT_STATEMENT_JOB,
  type DepositServices,
} from './writes.server.ts'

async function announce(services: DepositServices, leaseId: number, statementSent = false) {
  try {
    if (statementSent) await services.jobs.send(DEPOSIT_STATEMENT_JOB, { leaseId })
    const db = services.database.db
    const [row] = await db.select({ landlordId: lease.landlordId }).from(lease).where(eq(lease.id, leaseId))
    const signers = await db
      .selectDistinct({ id: user.id })
      .from(leaseSigner)
      .innerJoin(lease, and(eq(lease.id, leaseSigner.leaseId), eq(lease.version, leaseSigner.version)))
      .innerJoin(user, eq(user.email, leaseSigner.email))
      .where(eq(leaseSigner.leaseId, leaseId))
    const userIds = [...new Set([row!.landlordId, ...signers.map((signer) => signer.id)])]
    await services.realtime.publish({ kind: 'lease', leaseId, state: 'fully_signed', userIds })
  } catch (error) {
    services.logger.warn({ err: error, leaseId }, 'a deposit change was stored but its announcement failed')
  }
}

export async function recordMoveOut(services: DepositServices, args: Parameters<typeof storeMoveOut>[1]) {
  const row = await storeMoveOut(services.database.db, args)
  await announce(services, args.leaseId)
  return row
}

export async function addDeduction(services: DepositServices, args: Parameters<typeof storeDeduction>[1]) {
  const row = await storeDeduction(services.database.db, args)
  await announce(services, args.leaseId)
  return row
}

export async function takeBackDeduction(services: DepositServices, args: Parameters<typeof removeDeduction>[1]) {
  await removeDeduction(services.database.db, args)
  await announce(services, args.leaseId)
}

export async function sendDepositStatement(services: DepositServices, args: Parameters<typeof storeSentStatement>[1]) {
  const row = await storeSentStatement(services.database.db, args)
  await announce(services, args.leaseId, true)
  return row
}
