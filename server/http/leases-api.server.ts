// The leases JSON API under /api: the viewer's leases, drafting one from an approved application or
// for a listing, the landlord's terms, sending, voiding and amending, and each signer's consent,
// signature or refusal, with the PDFs of the versions and of the signed lease. Every write goes through
// the leases area's front doors, with the same rules as the pages. A lease is found only by its landlord
// and the signers of its versions: to anyone else every lease address answers 404. Verifying a file's
// hash needs no session. AppErrors are answered as problems by the /api app.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { newLeaseSchema, verifySchema } from '#common/leases/terms.ts'
import { requireApiUser } from '#server/accounts/index.server.ts'
import { findInspectionFile } from '#server/inspections/index.server.ts'
import { user } from '#server/db/schema.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import {
  amendLease,
  consentToSign,
  createLease,
  declineLease,
  findLease,
  findLeasePdf,
  listLeases,
  saveAmendmentText,
  saveLeaseTerms,
  sendLease,
  signLease,
  verifyLeaseHash,
  voidLease,
  type LeaseActor,
} from '#server/leases/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'
import { clientAddressOf } from './proxy.server.ts'

export function leaseRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const apiUserOf = (c: Context) => requireApiUser(services, c.req.raw, 'Log in to read and sign your leases.')

  /** Who acts, as the signed record names them: the account's name, the client's address and browser. */
  const actorOf = async (c: Context): Promise<LeaseActor & { signInMethod: string }> => {
    const session = await apiUserOf(c)
    const [found] = await db.select({ name: user.name }).from(user).where(eq(user.id, session.userId))
    return {
      userId: session.userId,
      email: session.email,
      name: found?.name ?? session.email,
      ipAddress: clientAddressOf(c, services.config.TRUST_PROXY),
      userAgent: c.req.header('user-agent') ?? null,
      signInMethod: session.signInMethod,
    }
  }
  const leaseIdOf = (c: Context) => pathIdOf(c.req.param('id'), 'lease')
  const viewOf = (leaseId: number, actor: { userId: string; email: string }) =>
    findLease(db, { leaseId, viewer: { userId: actor.userId, email: actor.email } })

  api.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
  })

  // Before the lease addresses: "verify" is no lease id, and it answers anyone.
  api.post('/leases/verify', async (c) => {
    const { sha256 } = parseOrThrow(verifySchema, await jsonObjectOf(c), 'The file could not be checked.')
    const inspection = await findInspectionFile(db, sha256)
    return c.json(inspection ? { match: true, inspection } : { match: await verifyLeaseHash(db, sha256) })
  })

  api.get('/leases', async (c) => {
    const viewer = await apiUserOf(c)
    return c.json({ leases: await listLeases(db, viewer) })
  })

  api.post('/leases', async (c) => {
    const actor = await actorOf(c)
    const input = parseOrThrow(newLeaseSchema, await jsonObjectOf(c), 'Name the approved application or the listing the lease is for.')
    const row = await createLease(services, { actor, input })
    return c.json({ lease: await viewOf(row.id, actor) }, 201)
  })

  api.get('/leases/:id', async (c) => {
    const viewer = await apiUserOf(c)
    return c.json({ lease: await viewOf(leaseIdOf(c), viewer) })
  })

  api.put('/leases/:id/terms', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await saveLeaseTerms(services, { leaseId, actor, input: await jsonObjectOf(c) })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.put('/leases/:id/amendment', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    const { text } = (await jsonObjectOf(c)) as { text?: unknown }
    await saveAmendmentText(services, { leaseId, actor, text })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.post('/leases/:id/send', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await sendLease(services, { leaseId, actor })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.post('/leases/:id/void', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await voidLease(services, { leaseId, actor, input: await jsonObjectOf(c) })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.post('/leases/:id/amend', async (c) => {
    const actor = await actorOf(c)
    const row = await amendLease(services, { leaseId: leaseIdOf(c), actor })
    return c.json({ lease: await viewOf(row.id, actor) }, 201)
  })

  api.post('/leases/:id/consent', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await consentToSign(services, { leaseId, actor, given: true, input: await jsonObjectOf(c) })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.post('/leases/:id/withdraw-consent', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await consentToSign(services, { leaseId, actor, given: false })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.post('/leases/:id/sign', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await signLease(services, { leaseId, actor, input: await jsonObjectOf(c) })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  api.post('/leases/:id/decline', async (c) => {
    const actor = await actorOf(c)
    const leaseId = leaseIdOf(c)
    await declineLease(services, { leaseId, actor, input: await jsonObjectOf(c) })
    return c.json({ lease: await viewOf(leaseId, actor) })
  })

  /** A PDF for one of the lease's parties, to keep (never cached on the way). */
  const pdfAnswer = async (c: Context, version: 'signed' | `v${string}`) => {
    const viewer = await apiUserOf(c)
    const leaseId = leaseIdOf(c)
    const which = version === 'signed' ? 'signed' : pathIdOf(version.slice(1), 'version of the lease')
    const pdf = await findLeasePdf(db, { leaseId, which, viewer })
    return c.body(new Uint8Array(pdf.bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  }

  api.get('/leases/:id/versions/:version/pdf', (c) => pdfAnswer(c, `v${c.req.param('version')}`))

  api.get('/leases/:id/signed.pdf', (c) => pdfAnswer(c, 'signed'))

  return api
}
