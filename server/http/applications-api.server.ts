// The applications JSON API under /api: the renter's reusable application, a listing's published
// criteria, applying, a landlord's review of a listing, and every answer to one application. Every
// write goes through the applications area's front doors, which commit first and then announce, with
// the same rules as the pages. An application is found only by its renter, its landlord and the
// co-applicants who joined it: to anyone else every application address answers 404. AppErrors are answered as problems by the /api app.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { MAX_INT32, REVIEW_PAGE_MAX, REVIEW_PAGE_SIZE } from '#common/limits.ts'
import { requireApiUser } from '#server/accounts/index.server.ts'
import {
  acceptInvite,
  applyToListing,
  changeApplication,
  deleteRenterProfile,
  findApplication,
  findCriteria,
  findRenterProfile,
  inviteCoApplicant,
  listListingApplications,
  listRenterApplications,
  removeCoApplicant,
  saveCriteria,
  saveRenterProfile,
  type PartyAction,
} from '#server/applications/index.server.ts'
import { deleteDocuments, documentLink } from '#server/documents/index.server.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { findListingById } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'
import { clientAddressOf } from './proxy.server.ts'

/** `?page=` (from 1; past the last reads the last) and `?perPage=` of a listing's applications. */
const reviewPageSchema = z.object({
  page: z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(MAX_INT32, 'There is no such page.')
    .default(1),
  perPage: z.coerce
    .number({ error: `Ask for 1 to ${REVIEW_PAGE_MAX} applications a page.` })
    .int(`Ask for 1 to ${REVIEW_PAGE_MAX} applications a page.`)
    .min(1, `Ask for 1 to ${REVIEW_PAGE_MAX} applications a page.`)
    .max(REVIEW_PAGE_MAX, `Ask for 1 to ${REVIEW_PAGE_MAX} applications a page.`)
    .default(REVIEW_PAGE_SIZE),
})

/** The answers to an application, as the API names them. */
const ACTIONS: Record<string, PartyAction> = {
  'start-review': 'review_started',
  'request-information': 'info_requested',
  'provide-information': 'info_provided',
  approve: 'approved',
  'approve-with-conditions': 'conditionally_approved',
  decline: 'declined',
  withdraw: 'withdrawn',
}

/** A document's link for one reader: it works for five minutes, for that reader's session only. */
const linkFor = (documentId: number, readerId: string) => documentLink({ documentId, readerId })

export function applicationRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = async (c: Context) => (await requireApiUser(services, c.req.raw, 'Log in to apply and answer applications.')).userId
  const addressOf = (c: Context) => clientAddressOf(c, services.config.TRUST_PROXY)

  api.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
  })

  api.get('/me/application', async (c) => {
    const found = await findRenterProfile(db, await viewerOf(c))
    return c.json({ ...found, updatedAt: found.updatedAt?.toISOString() ?? null })
  })

  api.put('/me/application', async (c) => {
    const userId = await viewerOf(c)
    const found = await saveRenterProfile(services, { userId, profile: await jsonObjectOf(c) })
    return c.json({ ...found, updatedAt: found.updatedAt?.toISOString() ?? null })
  })

  api.delete('/me/application', async (c) => {
    const userId = await viewerOf(c)
    return c.json(await deleteRenterProfile(services, { userId, removeFiles: (ids) => deleteDocuments(services, { ids }) }))
  })

  api.get('/properties/:id/application-criteria', async (c) => {
    const viewerId = (await services.auth.api.getSession({ headers: c.req.raw.headers }))?.user.id ?? null
    const listingId = pathIdOf(c.req.param('id'), 'listing')
    if (!(await findListingById(db, { viewerId, listingId }))) throw new AppError('not-found', 'No such listing.')
    return c.json({ criteria: await findCriteria(db, listingId), applicationFeeCents: 0 })
  })

  api.put('/properties/:id/application-criteria', async (c) => {
    const ownerId = await viewerOf(c)
    const listingId = pathIdOf(c.req.param('id'), 'listing')
    return c.json({ criteria: await saveCriteria(services, { ownerId, listingId, input: await jsonObjectOf(c) }) })
  })

  api.post('/properties/:id/applications', async (c) => {
    const renterId = await viewerOf(c)
    const listingId = pathIdOf(c.req.param('id'), 'listing')
    const input = await jsonObjectOf(c)
    const row = await applyToListing(services, { renterId, listingId, input, ipAddress: addressOf(c) })
    return c.json({ application: await findApplication(db, { applicationId: row.id, viewerId: renterId }) }, 201)
  })

  api.get('/properties/:id/applications', async (c) => {
    const ownerId = await viewerOf(c)
    const listingId = pathIdOf(c.req.param('id'), 'listing')
    const { page, perPage } = parseOrThrow(reviewPageSchema, c.req.query(), 'The page of applications could not be read.')
    const found = await listListingApplications(db, { listingId, ownerId, page: { number: page, size: perPage } })
    const { chosen: _chosen, ...answer } = found
    return c.json(answer)
  })

  api.get('/applications', async (c) => {
    return c.json({ applications: await listRenterApplications(db, await viewerOf(c)) })
  })

  api.get('/applications/:id', async (c) => {
    const viewerId = await viewerOf(c)
    const applicationId = pathIdOf(c.req.param('id'), 'application')
    return c.json({ application: await findApplication(db, { applicationId, viewerId, linkFor }) })
  })

  api.post('/applications/:id/co-applicants', async (c) => {
    const renterId = await viewerOf(c)
    const applicationId = pathIdOf(c.req.param('id'), 'application')
    const { email } = (await jsonObjectOf(c)) as { email?: unknown }
    await inviteCoApplicant(services, { applicationId, renterId, email, ipAddress: addressOf(c) })
    return c.json({ application: await findApplication(db, { applicationId, viewerId: renterId }) }, 201)
  })

  api.delete('/applications/:id/co-applicants/:inviteId', async (c) => {
    const renterId = await viewerOf(c)
    const applicationId = pathIdOf(c.req.param('id'), 'application')
    const inviteId = pathIdOf(c.req.param('inviteId'), 'co-applicant')
    await removeCoApplicant(services, { applicationId, userId: renterId, inviteId, ipAddress: addressOf(c) })
    return c.json({ application: await findApplication(db, { applicationId, viewerId: renterId }) })
  })

  // Before the answers below: "leave" is a co-applicant's step, not a transition of the application.
  api.post('/applications/:id/leave', async (c) => {
    const userId = await viewerOf(c)
    await removeCoApplicant(services, { applicationId: pathIdOf(c.req.param('id'), 'application'), userId, ipAddress: addressOf(c) })
    return c.body(null, 204)
  })

  api.post('/application-invites/:token/accept', async (c) => {
    const userId = await viewerOf(c)
    const row = await acceptInvite(services, { token: c.req.param('token'), userId, ipAddress: addressOf(c) })
    return c.json({ application: await findApplication(db, { applicationId: row.id, viewerId: userId, linkFor }) })
  })

  api.post('/applications/:id/:action', async (c) => {
    const actorId = await viewerOf(c)
    const applicationId = pathIdOf(c.req.param('id'), 'application')
    const name = c.req.param('action')
    const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined
    if (!action) throw new AppError('not-found', 'No such answer to an application.')
    const input = c.req.header('content-type')?.includes('json') ? await jsonObjectOf(c) : {}
    await changeApplication(services, { applicationId, actorId, action, input, ipAddress: addressOf(c) })
    return c.json({ application: await findApplication(db, { applicationId, viewerId: actorId }) })
  })

  return api
}
