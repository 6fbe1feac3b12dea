// The short-term stays JSON API under /api: a listing's calendar and the price of dates (public), the
// host's rules and blocks, a guest's request to book, and each side's steps. Every booking write goes
// through the stays area's front doors, which commit first and then announce. A booking is found only
// by its guest and its host: to anyone else every booking address answers 404. AppErrors are answered
// as problems by the /api app (api.server.ts); nights already taken answer 409 with the nights taken
// and the nearest free stays of the same length beside the problem.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { requireApiUser } from '#server/accounts/index.server.ts'
import { AppError, parseOrThrow, statusOf } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import {
  addHostBlock,
  changeStay,
  findStayBooking,
  findStayCalendar,
  findStayQuote,
  findStayRules,
  listStayBookings,
  NightsTakenError,
  removeHostBlock,
  requestStay,
  saveStayRules,
} from '#server/stays/index.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'
import { problem } from './problem.server.ts'
import { clientAddressOf } from './proxy.server.ts'

const STEPS = { accept: 'accept', decline: 'decline', cancel: 'cancel', 'check-in': 'checkIn' } as const

const listQuerySchema = z.object({
  role: z.enum(['guest', 'host'], { error: 'Say whose bookings: role=guest or role=host.' }).default('guest'),
  when: z.enum(['upcoming', 'past'], { error: 'Say which: when=upcoming or when=past.' }).default('upcoming'),
})

/** Nights just taken: the problem, with the nights taken and the nearest free stays a client offers instead. */
async function orNearestFree(c: Context, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer()
  } catch (error) {
    if (!(error instanceof NightsTakenError)) throw error
    const body = (await problem(c, statusOf.conflict, error.message).json()) as object
    return c.json({ ...body, taken: error.taken, nearest: error.nearest }, 409)
  }
}

export function stayRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = async (c: Context) => (await requireApiUser(services, c.req.raw, 'Log in to book and host stays.')).userId
  const maybeViewerOf = async (c: Context) => (await services.auth.api.getSession({ headers: c.req.raw.headers }))?.user.id ?? null
  const addressOf = (c: Context) => clientAddressOf(c, services.config.TRUST_PROXY)
  const listingOf = (c: Context) => pathIdOf(c.req.param('id'), 'listing')

  api.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
  })

  api.get('/properties/:id/stay-calendar', async (c) => {
    const listingId = listingOf(c)
    return c.json(await findStayCalendar(db, { listingId, viewerId: await maybeViewerOf(c), input: c.req.query() }))
  })

  api.get('/properties/:id/stay-quote', async (c) => {
    const listingId = listingOf(c)
    const viewerId = await maybeViewerOf(c)
    return orNearestFree(c, async () => c.json(await findStayQuote(db, { listingId, viewerId, input: c.req.query() })))
  })

  api.get('/properties/:id/stay-rules', async (c) => {
    const viewerId = await viewerOf(c)
    return c.json(await findStayRules(db, { viewerId, listingId: listingOf(c) }))
  })

  api.put('/properties/:id/stay-rules', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    return c.json(await saveStayRules(db, { viewerId, listingId, input: await jsonObjectOf(c) }))
  })

  api.post('/properties/:id/stay-blocks', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    return c.json({ block: await addHostBlock(db, { viewerId, listingId, input: await jsonObjectOf(c) }) }, 201)
  })

  api.delete('/properties/:id/stay-blocks/:blockId', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    const blockId = pathIdOf(c.req.param('blockId'), 'block')
    await removeHostBlock(db, { viewerId, listingId, blockId })
    return c.json({ removed: blockId })
  })

  api.post('/properties/:id/stays', async (c) => {
    const guestId = await viewerOf(c)
    const listingId = listingOf(c)
    const input = await jsonObjectOf(c)
    return orNearestFree(c, async () => {
      const row = await requestStay(services, { guestId, listingId, input, ipAddress: addressOf(c) })
      return c.json({ booking: await findStayBooking(db, { viewerId: guestId, bookingId: row.id }) }, 201)
    })
  })

  api.get('/stays', async (c) => {
    const viewerId = await viewerOf(c)
    const { role, when } = parseOrThrow(listQuerySchema, c.req.query())
    return c.json({ bookings: await listStayBookings(db, { viewerId, role, when }) })
  })

  api.get('/stays/:id', async (c) => {
    const viewerId = await viewerOf(c)
    return c.json({ booking: await findStayBooking(db, { viewerId, bookingId: pathIdOf(c.req.param('id'), 'booking') }) })
  })

  api.post('/stays/:id/:step', async (c) => {
    const viewerId = await viewerOf(c)
    const bookingId = pathIdOf(c.req.param('id'), 'booking')
    const name = STEPS[c.req.param('step') as keyof typeof STEPS]
    if (!name) throw new AppError('not-found', 'No such step of a booking.')
    const input = c.req.header('content-type')?.includes('json') ? await jsonObjectOf(c) : {}
    await changeStay(services, { name, viewerId, bookingId, input, ipAddress: addressOf(c) })
    return c.json({ booking: await findStayBooking(db, { viewerId, bookingId }) })
  })

  return api
}
