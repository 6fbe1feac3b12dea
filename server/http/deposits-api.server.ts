// The deposit's JSON API under /api: a lease's deposit return as a party sees it, the landlord's writes
// (the end of the tenancy, deductions added and taken back, the statement sent) and the sent statement's
// PDF. Every write goes through the deposits area's front doors, with the same rules as the page. To
// anyone but the lease's landlord and signers every address answers 404. AppErrors are answered as
// problems by the /api app.
import { Hono, type Context } from 'hono'
import { requireApiUser } from '#server/accounts/index.server.ts'
import {
  addDeduction,
  findDeposit,
  findDepositStatement,
  recordMoveOut,
  sendDepositStatement,
  takeBackDeduction,
} from '#server/deposits/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'

export function depositRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = async (c: Context) => {
    const session = await requireApiUser(services, c.req.raw, 'Log in to read the deposit of your lease.')
    return { userId: session.userId, email: session.email }
  }
  const leaseIdOf = (c: Context) => pathIdOf(c.req.param('id'), 'lease')
  const answer = async (c: Context, leaseId: number, viewer: { userId: string; email: string }, status: 200 | 201 = 200) =>
    c.json({ deposit: await findDeposit(db, { leaseId, viewer }) }, status, { 'Cache-Control': 'private, no-store' })

  api.get('/leases/:id/deposit', async (c) => {
    const viewer = await viewerOf(c)
    return answer(c, leaseIdOf(c), viewer)
  })

  api.post('/leases/:id/deposit/move-out', async (c) => {
    const viewer = await viewerOf(c)
    const leaseId = leaseIdOf(c)
    await recordMoveOut(services, { leaseId, actor: viewer, input: await jsonObjectOf(c) })
    return answer(c, leaseId, viewer)
  })

  api.post('/leases/:id/deposit/deductions', async (c) => {
    const viewer = await viewerOf(c)
    const leaseId = leaseIdOf(c)
    await addDeduction(services, { leaseId, actor: viewer, input: await jsonObjectOf(c) })
    return answer(c, leaseId, viewer, 201)
  })

  api.delete('/leases/:id/deposit/deductions/:deductionId', async (c) => {
    const viewer = await viewerOf(c)
    const leaseId = leaseIdOf(c)
    await takeBackDeduction(services, { leaseId, actor: viewer, deductionId: pathIdOf(c.req.param('deductionId'), 'deduction') })
    return answer(c, leaseId, viewer)
  })

  api.post('/leases/:id/deposit/send', async (c) => {
    const viewer = await viewerOf(c)
    const leaseId = leaseIdOf(c)
    await sendDepositStatement(services, { leaseId, actor: viewer, input: await jsonObjectOf(c) })
    return answer(c, leaseId, viewer)
  })

  api.get('/leases/:id/deposit/statement.pdf', async (c) => {
    const viewer = await viewerOf(c)
    const pdf = await findDepositStatement(db, { leaseId: leaseIdOf(c), viewer })
    return c.body(new Uint8Array(pdf.bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return api
}
