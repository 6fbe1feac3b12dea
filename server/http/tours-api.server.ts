// The tours JSON API under /api: a listing's open slots (public), a renter's requests and changes, a
// landlord's answers, day and availability. Every write goes through the tours area's front doors,
// which commit first and then announce. A tour is found only by its two parties: to anyone else every
// tour address answers 404. AppErrors are answered as problems by the /api app (api.server.ts); a time
// just taken answers 409 with the next open times beside the problem.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { parsePositiveId } from '#common/ids.ts'
import { requireApiUser } from '#server/accounts/index.server.ts'
import { AppError, parseOrThrow, statusOf } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import {
  changeTour,
  findAvailability,
  findOpenSlots,
  findTour,
  listLandlordDay,
  listTours,
  requestTour,
  rescheduleTour,
  saveAvailability,
  SlotTakenError,
  followDefaultAvailability,
} from '#server/tours/index.server.ts'
import { problem } from './problem.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'
import { clientAddressOf } from './proxy.server.ts'

const CHANGES = { confirm: 'confirm', decline: 'decline', cancel: 'cancel', complete: 'complete', 'no-show': 'noShow' } as const

const listQuerySchema = z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') })
const dayQuerySchema = z.object({ date: z.iso.date({ error: 'Give the day as YYYY-MM-DD.' }) })

const LISTING_QUERY = 'Give the listing as its id: ?listing=123.'

/** The listing a query names (?listing=:id), null when it names none; a malformed one is refused as the parameter it is (400). */
function listingOf(c: Context): number | null {
  const listing = c.req.query('listing')
  if (listing === undefined) return null
  const id = parsePositiveId(listing)
  if (id === null) throw new AppError('invalid', LISTING_QUERY, { listing: [LISTING_QUERY] })
  return id
}

/** A time just taken: the problem, with the next open times a client offers instead. */
async function orNextTimes(c: Context, write: () => Promise<Response>): Promise<Response> {
  try {
    return await write()
  } catch (error) {
    if (!(error instanceof SlotTakenError)) throw error
    const response = problem(c, statusOf.conflict, error.message)
    const body = (await response.json()) as object
    return c.json({ ...body, nextSlots: error.nextSlots, timeZone: error.timeZone }, 409)
  }
}

export function tourRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = async (c: Context) => (await requireApiUser(services, c.req.raw, 'Log in to book and answer tours.')).userId
  const addressOf = (c: Context) => clientAddressOf(c, services.config.TRUST_PROXY)

  api.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
  })

  api.get('/properties/:id/tour-slots', async (c) => {
    const slots = await findOpenSlots(db, { listingId: pathIdOf(c.req.param('id'), 'listing') })
    return c.json(slots)
  })

  api.post('/properties/:id/tours', async (c) => {
    const renterId = await viewerOf(c)
    const listingId = pathIdOf(c.req.param('id'), 'listing')
    const input = await jsonObjectOf(c)
    return orNextTimes(c, async () => {
      const row = await requestTour(services, { renterId, listingId, input, ipAddress: addressOf(c) })
      return c.json({ tour: await findTour(db, { viewerId: renterId, tourId: row.id }) }, 201)
    })
  })

  api.get('/tours', async (c) => {
    const viewerId = await viewerOf(c)
    const { when } = parseOrThrow(listQuerySchema, c.req.query())
    return c.json({ tours: await listTours(db, { viewerId, when }) })
  })

  api.get('/tours/day', async (c) => {
    const viewerId = await viewerOf(c)
    const { date } = parseOrThrow(dayQuerySchema, c.req.query())
    return c.json({ date, tours: await listLandlordDay(db, { viewerId, date }) })
  })

  api.get('/tours/:id', async (c) => {
    const viewerId = await viewerOf(c)
    return c.json({ tour: await findTour(db, { viewerId, tourId: pathIdOf(c.req.param('id'), 'tour') }) })
  })

  api.post('/tours/:id/reschedule', async (c) => {
    const viewerId = await viewerOf(c)
    const tourId = pathIdOf(c.req.param('id'), 'tour')
    const input = await jsonObjectOf(c)
    return orNextTimes(c, async () => {
      await rescheduleTour(services, { viewerId, tourId, input, ipAddress: addressOf(c) })
      return c.json({ tour: await findTour(db, { viewerId, tourId }) })
    })
  })

  api.post('/tours/:id/:change', async (c) => {
    const viewerId = await viewerOf(c)
    const tourId = pathIdOf(c.req.param('id'), 'tour')
    const name = CHANGES[c.req.param('change') as keyof typeof CHANGES]
    if (!name) throw new AppError('not-found', 'No such change of a tour.')
    const input = c.req.header('content-type')?.includes('json') ? await jsonObjectOf(c) : {}
    await changeTour(services, { name, viewerId, tourId, input, ipAddress: addressOf(c) })
    return c.json({ tour: await findTour(db, { viewerId, tourId }) })
  })

  api.get('/tour-availability', async (c) => {
    const viewerId = await viewerOf(c)
    return c.json(await findAvailability(db, { viewerId, listingId: listingOf(c) }))
  })

  api.put('/tour-availability', async (c) => {
    const viewerId = await viewerOf(c)
    return c.json(await saveAvailability(db, { viewerId, listingId: listingOf(c), input: await jsonObjectOf(c) }))
  })

  api.delete('/tour-availability', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    if (listingId === null) throw new AppError('invalid', LISTING_QUERY, { listing: [LISTING_QUERY] })
    return c.json(await followDefaultAvailability(db, { viewerId, listingId }))
  })

  return api
}
