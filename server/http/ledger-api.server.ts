// The rent ledger's JSON API under /api (docs/api.md): a lease's ledger, payments reported by a tenant or
// recorded by the landlord, the landlord's answers and adjustments (a charge added, a charge waived), receipts and yearly statements as PDFs, and the
// landlord's rent roll as JSON or CSV. The same front doors and rules as the pages; to anyone but the
// lease's landlord and tenants every lease address answers 404. Cooper Home records payments only.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { rentRollCsv } from '#common/ledger/csv.ts'
import { requireApiUser } from '#server/accounts/index.server.ts'
import { user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import {
  addCharge,
  addPayment,
  answerPayment,
  findLedger,
  findReceipt,
  renderStatement,
  rentRoll,
  waiveCharge,
} from '#server/ledger/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'

const ANSWERS = { confirm: 'confirmed', reject: 'rejected', reverse: 'reversed' } as const

export function ledgerRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = (c: Context) => requireApiUser(services, c.req.raw, 'Log in to read your rent.')
  const actorOf = async (c: Context) => {
    const session = await viewerOf(c)
    const [found] = await db.select({ name: user.name }).from(user).where(eq(user.id, session.userId))
    return { userId: session.userId, email: session.email, name: found?.name ?? session.email }
  }
  const leaseIdOf = (c: Context) => pathIdOf(c.req.param('id'), 'lease')
  const pdf = (c: Context, file: { bytes: Uint8Array; fileName: string }) =>
    c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })

  api.get('/rent', async (c) => {
    const viewer = await viewerOf(c)
    const roll = await rentRoll(db, { landlordId: viewer.userId, month: c.req.query('month') })
    if (c.req.query('format') === 'csv') {
      return c.body(rentRollCsv(roll), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="rent-roll-${roll.month}.csv"`,
        'Cache-Control': 'private, no-store',
      })
    }
    return c.json(roll, 200, { 'Cache-Control': 'private, no-store' })
  })

  api.get('/leases/:id/rent', async (c) => {
    const viewer = await viewerOf(c)
    return c.json(await findLedger(db, { leaseId: leaseIdOf(c), viewer }), 200, { 'Cache-Control': 'private, no-store' })
  })

  api.post('/leases/:id/rent/payments', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    const payment = await addPayment(services, { leaseId, actor, input: await jsonObjectOf(c) })
    return c.json({ id: payment.id, state: payment.state, ledger: await findLedger(db, { leaseId, viewer: actor }) }, 201)
  })

  api.post('/leases/:id/rent/payments/:payment/:answer', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    const answer = c.req.param('answer')
    // Its own names only: `in` would take an inherited one (constructor, toString) for an answer.
    if (!Object.hasOwn(ANSWERS, answer)) throw new AppError('not-found', 'No such address.')
    const paymentId = pathIdOf(c.req.param('payment'), 'payment')
    const input = answer === 'confirm' ? {} : await jsonObjectOf(c)
    const payment = await answerPayment(services, { leaseId, paymentId, actor, action: ANSWERS[answer as keyof typeof ANSWERS], input })
    return c.json({ id: payment.id, state: payment.state, ledger: await findLedger(db, { leaseId, viewer: actor }) })
  })

  api.post('/leases/:id/rent/charges', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    const added = await addCharge(services, { leaseId, actor, input: await jsonObjectOf(c) })
    return c.json({ id: added.chargeId, ledger: await findLedger(db, { leaseId, viewer: actor }) }, 201)
  })

  api.post('/leases/:id/rent/charges/:charge/waive', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    const chargeId = pathIdOf(c.req.param('charge'), 'charge')
    const waiver = await waiveCharge(services, { leaseId, chargeId, actor, input: await jsonObjectOf(c) })
    return c.json({ id: waiver.transactionId, chargeId, ledger: await findLedger(db, { leaseId, viewer: actor }) }, 201)
  })

  api.get('/leases/:id/rent/receipts/:payment', async (c) => {
    const viewer = await viewerOf(c)
    return pdf(c, await findReceipt(db, { leaseId: leaseIdOf(c), paymentId: pathIdOf(c.req.param('payment'), 'receipt'), viewer }))
  })

  api.get('/leases/:id/rent/statements/:year', async (c) => {
    const viewer = await viewerOf(c)
    const year = pathIdOf(c.req.param('year'), 'statement')
    return pdf(c, await renderStatement(db, { leaseId: leaseIdOf(c), year, viewer }))
  })

  return api
}
