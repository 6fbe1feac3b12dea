// The maintenance JSON API under /api: the viewer's requests (a landlord's open ones across their homes,
// a tenant's own) and the homes they may file for; filing one; each step of a request; its photos
// (multipart, through a cap); and its own thread in the chat. Every write goes through the maintenance
// area's front doors, with the same rules as the pages. A request is found only by its landlord and the
// tenants of its lease: to anyone else every request address answers 404.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { MaintenanceStep } from '#common/maintenance/vocabulary.ts'
import { requireApiUser } from '#server/accounts/index.server.ts'
import { user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import {
  acknowledgeRequest,
  addRequestPhotos,
  cancelRequest,
  closeRequest,
  completeRequest,
  fileRequest,
  findRequest,
  listRequests,
  listTenantHomes,
  openRequestThread,
  reopenRequest,
  scheduleRequest,
  startRequestWork,
  type MaintenanceActor,
} from '#server/maintenance/index.server.ts'
import { readFormDataWithLimit, UPLOAD_REQUEST_LIMITS } from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'

const PHOTOS_PER_UPLOAD = 4
const UPLOAD_LIMIT = UPLOAD_REQUEST_LIMITS.maintenancePhotos

/** The address of each step: POST /api/maintenance/:id/<path>. */
const STEP_PATHS: Record<string, { step: MaintenanceStep; run: typeof acknowledgeRequest }> = {
  acknowledge: { step: 'acknowledged', run: acknowledgeRequest },
  schedule: { step: 'scheduled', run: scheduleRequest },
  start: { step: 'started', run: startRequestWork },
  complete: { step: 'completed', run: completeRequest },
  close: { step: 'closed', run: closeRequest },
  reopen: { step: 'reopened', run: reopenRequest },
  cancel: { step: 'cancelled', run: cancelRequest },
}

export function maintenanceRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = (c: Context) => requireApiUser(services, c.req.raw, 'Log in to see your maintenance requests.')
  const actorOf = async (c: Context): Promise<MaintenanceActor> => {
    const session = await viewerOf(c)
    const [found] = await db.select({ name: user.name }).from(user).where(eq(user.id, session.userId))
    return { userId: session.userId, email: session.email, name: found?.name ?? session.email }
  }
  const requestIdOf = (c: Context) => pathIdOf(c.req.param('id'), 'maintenance request')
  const viewOf = (requestId: number, viewer: { userId: string; email: string }) =>
    findRequest(db, { requestId, viewer: { userId: viewer.userId, email: viewer.email } })

  api.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
  })

  api.get('/maintenance', async (c) => {
    const session = await viewerOf(c)
    const viewer = { userId: session.userId, email: session.email }
    const [requests, homes] = await Promise.all([listRequests(db, viewer), listTenantHomes(db, viewer)])
    return c.json({ ...requests, homes })
  })

  api.post('/maintenance', async (c) => {
    const actor = await actorOf(c)
    const row = await fileRequest(services, { actor, input: await jsonObjectOf(c) })
    return c.json({ request: await viewOf(row.id, actor) }, 201)
  })

  api.get('/maintenance/:id', async (c) => {
    const viewer = await viewerOf(c)
    return c.json({ request: await viewOf(requestIdOf(c), viewer) })
  })

  api.post('/maintenance/:id/photos', async (c) => {
    const actor = await actorOf(c)
    const requestId = requestIdOf(c)
    // A third person learns nothing, not even the cap: 404 before the body is read.
    await viewOf(requestId, actor)
    const tooLarge = `Send at most ${PHOTOS_PER_UPLOAD} photos of up to 15 MB each at a time.`
    const form = await readFormDataWithLimit(c.req.raw, UPLOAD_LIMIT, { message: tooLarge })
    const files = form.getAll('photos').filter((value): value is File => typeof value !== 'string')
    if (files.length === 0) throw new AppError('invalid', 'Send the photos as multipart form fields named "photos".')
    if (files.length > PHOTOS_PER_UPLOAD) throw new AppError('invalid', tooLarge)
    const bytes = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())))
    await addRequestPhotos(services, { requestId, viewer: actor, files: bytes })
    return c.json({ request: await viewOf(requestId, actor) }, 201)
  })

  api.post('/maintenance/:id/thread', async (c) => {
    const actor = await actorOf(c)
    const conversationId = await openRequestThread(db, { requestId: requestIdOf(c), viewer: actor })
    return c.json({ conversationId })
  })

  api.post('/maintenance/:id/:step', async (c) => {
    const actor = await actorOf(c)
    const requestId = requestIdOf(c)
    const found = Object.hasOwn(STEP_PATHS, c.req.param('step')) ? STEP_PATHS[c.req.param('step')] : undefined
    if (!found) {
      await viewOf(requestId, actor)
      throw new AppError('not-found', 'No such step of a maintenance request.')
    }
    // The body is optional: a step without a note or a time may be posted empty.
    const hasBody = (c.req.header('content-type') ?? '').includes('json') && c.req.header('content-length') !== '0'
    await found.run(services, { requestId, actor, input: hasBody ? await jsonObjectOf(c) : {} })
    return c.json({ request: await viewOf(requestId, actor) })
  })

  return api
}
