// A short-term listing's calendar sync. Under /api, for the listing's host only (anyone else gets 404,
// nobody logged in 401): the private export address (made or replaced, revoked) and the calendars of
// other platforms imported into the listing (listed with how each fares, added, removed, fetched now).
// Outside /api, the export address itself: the listing's held nights as an iCalendar file for other
// platforms to import, 404 for a token that is unknown or revoked.
import { Hono, type Context } from 'hono'
import { requireApiUser } from '#server/accounts/index.server.ts'
import type { Services } from '#server/services.server.ts'
import {
  addCalendarFeed,
  createExportToken,
  fetchCalendarFeedNow,
  readCalendarSync,
  readExportedCalendar,
  readFeed,
  removeFeed,
  revokeExportToken,
} from '#server/stays/ical.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'

export function stayCalendarRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const { publicUrl } = services.config
  const policy = services.calendarPolicy
  const viewerOf = async (c: Context) =>
    (await requireApiUser(services, c.req.raw, 'Log in to manage the calendar of your listing.')).userId
  const listingOf = (c: Context) => pathIdOf(c.req.param('id'), 'listing')
  const feedOf = (c: Context) => pathIdOf(c.req.param('feedId'), 'calendar')
  const syncOf = (viewerId: string, listingId: number) => readCalendarSync(db, { viewerId, listingId, publicUrl, policy })

  api.use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'private, no-store')
  })

  api.get('/properties/:id/calendar-sync', async (c) => {
    const viewerId = await viewerOf(c)
    return c.json(await syncOf(viewerId, listingOf(c)))
  })

  api.post('/properties/:id/calendar-sync/export', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    await createExportToken(db, { viewerId, listingId })
    return c.json(await syncOf(viewerId, listingId))
  })

  api.delete('/properties/:id/calendar-sync/export', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    await revokeExportToken(db, { viewerId, listingId })
    return c.json(await syncOf(viewerId, listingId))
  })

  api.post('/properties/:id/calendar-sync/feeds', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    const feedId = await addCalendarFeed(services, { viewerId, listingId, input: await jsonObjectOf(c) })
    return c.json({ feed: await readFeed(db, { viewerId, listingId, feedId }) }, 201)
  })

  api.delete('/properties/:id/calendar-sync/feeds/:feedId', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    await removeFeed(db, { viewerId, listingId, feedId: feedOf(c) })
    return c.json(await syncOf(viewerId, listingId))
  })

  api.post('/properties/:id/calendar-sync/feeds/:feedId/fetch', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = listingOf(c)
    const feedId = feedOf(c)
    await fetchCalendarFeedNow(services, { viewerId, listingId, feedId })
    return c.json({ feed: await readFeed(db, { viewerId, listingId, feedId }) })
  })

  return api
}

/** GET /stays/calendar/:token.ics, the export address other platforms import. */
export function serveStayCalendar(services: Services) {
  return async (c: Context) => {
    const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(c.req.param('file') ?? '')
    const body = match ? await readExportedCalendar(services.database.db, { token: match[1]!, publicUrl: services.config.publicUrl }) : null
    if (body === null) return c.text('No such calendar.', 404, { 'Cache-Control': 'private, no-store' })
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="calendar.ics"',
      // The address is a secret: no shared cache keeps it, no page it is opened from learns it.
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    })
  }
}
