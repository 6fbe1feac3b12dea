// The inspections JSON API under /api: a lease's two inspections, one inspection's checklist (a move-out
// item beside its move-in state), its rooms, items, conditions, comments and photos, sending it for
// signature, reopening it, consent (and its withdrawal) and signature, and its frozen or sealed PDF. Every write goes through the
// inspections area's front doors, with the same rules as the pages. Only the landlord and the tenants of
// a fully signed lease find anything: to anyone else every address answers 404.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { kindOfSlug } from '#common/inspections/vocabulary.ts'
import { requireApiUser } from '#server/accounts/index.server.ts'
import { user } from '#server/db/schema.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import {
  addItem,
  addItemPhoto,
  addRoom,
  commentOnItem,
  consentToSignInspection,
  deleteItem,
  deleteItemPhoto,
  deleteRoom,
  findInspection,
  findInspectionPdf,
  findInspections,
  reopenInspection,
  saveItem,
  sendForSignature,
  signInspection,
  startInspection,
  withdrawInspectionConsent,
  type InspectionSigner,
} from '#server/inspections/index.server.ts'
import { readFormDataWithLimit, UPLOAD_REQUEST_LIMITS } from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'
import { clientAddressOf } from './proxy.server.ts'

export function inspectionRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const apiUserOf = (c: Context) => requireApiUser(services, c.req.raw, 'Log in to read and fill in your inspections.')

  const actorOf = async (c: Context): Promise<InspectionSigner> => {
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
  const kindOf = (c: Context) => {
    const kind = kindOfSlug(c.req.param('kind') ?? '')
    if (!kind) throw new AppError('not-found', 'No such inspection.')
    return kind
  }
  const where = (c: Context) => ({ leaseId: leaseIdOf(c), kind: kindOf(c) })
  const answer = async (c: Context, status: 200 | 201 = 200) => {
    const viewer = await apiUserOf(c)
    return c.json({ inspection: await findInspection(db, { ...where(c), viewer }) }, status)
  }

  api.use('/leases/:id/inspections/*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
  })

  api.get('/leases/:id/inspections', async (c) => {
    const viewer = await apiUserOf(c)
    return c.json({ inspections: await findInspections(db, { leaseId: leaseIdOf(c), viewer }) }, 200, {
      'Cache-Control': 'private, no-store',
    })
  })
  api.get('/leases/:id/inspections/:kind', (c) => answer(c))
  api.post('/leases/:id/inspections/:kind', async (c) => {
    await startInspection(services, { ...where(c), actor: await actorOf(c) })
    return answer(c, 201)
  })
  api.post('/leases/:id/inspections/:kind/rooms', async (c) => {
    await addRoom(services, { ...where(c), actor: await actorOf(c), input: await jsonObjectOf(c) })
    return answer(c, 201)
  })
  api.delete('/leases/:id/inspections/:kind/rooms/:roomId', async (c) => {
    await deleteRoom(services, { ...where(c), actor: await actorOf(c), roomId: pathIdOf(c.req.param('roomId'), 'room') })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/rooms/:roomId/items', async (c) => {
    const roomId = pathIdOf(c.req.param('roomId'), 'room')
    await addItem(services, { ...where(c), actor: await actorOf(c), roomId, input: await jsonObjectOf(c) })
    return answer(c, 201)
  })
  const itemIdOf = (c: Context) => pathIdOf(c.req.param('itemId'), 'item')
  api.put('/leases/:id/inspections/:kind/items/:itemId', async (c) => {
    await saveItem(services, { ...where(c), actor: await actorOf(c), itemId: itemIdOf(c), input: await jsonObjectOf(c) })
    return answer(c)
  })
  api.delete('/leases/:id/inspections/:kind/items/:itemId', async (c) => {
    await deleteItem(services, { ...where(c), actor: await actorOf(c), itemId: itemIdOf(c) })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/items/:itemId/comments', async (c) => {
    await commentOnItem(services, { ...where(c), actor: await actorOf(c), itemId: itemIdOf(c), input: await jsonObjectOf(c) })
    return answer(c, 201)
  })
  api.post('/leases/:id/inspections/:kind/items/:itemId/photos', async (c) => {
    const actor = await actorOf(c)
    const target = where(c)
    // A stranger's upload is refused before its body is read.
    await findInspections(db, { leaseId: target.leaseId, viewer: actor })
    let form: FormData
    try {
      form = await readFormDataWithLimit(c.req.raw, UPLOAD_REQUEST_LIMITS.inspectionPhoto, { message: 'A photo can be at most 15 MB.' })
    } catch (error) {
      if (isAppError(error)) throw error
      throw new AppError('invalid', 'Send the photo as a multipart form.', { photo: ['Send the photo as a multipart form.'] })
    }
    const file = form.get('photo')
    if (!file || typeof file === 'string') throw new AppError('invalid', 'Choose a photo.', { photo: ['Choose a photo.'] })
    await addItemPhoto(services, { ...target, actor, itemId: itemIdOf(c), bytes: new Uint8Array(await file.arrayBuffer()) })
    return answer(c, 201)
  })
  api.delete('/leases/:id/inspections/:kind/items/:itemId/photos/:photoId', async (c) => {
    const photoId = pathIdOf(c.req.param('photoId'), 'photo')
    await deleteItemPhoto(services, { ...where(c), actor: await actorOf(c), itemId: itemIdOf(c), photoId })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/ready', async (c) => {
    await sendForSignature(services, { ...where(c), actor: await actorOf(c) })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/reopen', async (c) => {
    await reopenInspection(services, { ...where(c), actor: await actorOf(c) })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/consent', async (c) => {
    await consentToSignInspection(services, { ...where(c), actor: await actorOf(c), input: await jsonObjectOf(c) })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/withdraw-consent', async (c) => {
    await withdrawInspectionConsent(services, { ...where(c), actor: await actorOf(c) })
    return answer(c)
  })
  api.post('/leases/:id/inspections/:kind/sign', async (c) => {
    await signInspection(services, { ...where(c), actor: await actorOf(c), input: await jsonObjectOf(c) })
    return answer(c)
  })
  api.get('/leases/:id/inspections/:kind/pdf', async (c) => {
    const pdf = await findInspectionPdf(db, { ...where(c), viewer: await apiUserOf(c) })
    return c.body(new Uint8Array(pdf.bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return api
}
