// The JSON API under /api (besides /api/auth, which better-auth serves).
import { Hono } from 'hono'
import { findRecentArticles } from '#server/content/index.server.ts'
import { isAppError, parseOrThrow } from '#server/errors.server.ts'
import { findListingById, findMapClusters, suggestPlaces } from '#server/listings/index.server.ts'
import { placeQuerySchema } from '#common/listings/schemas.ts'
import type { Services } from '#server/services.server.ts'
import { applicationRoutes } from './applications-api.server.ts'
import { chatRoutes } from './chat-api.server.ts'
import { readBudget, type ReadBudget } from './client-budgets.server.ts'
import { cooperRoutes } from './cooper-api.server.ts'
import { inspectionRoutes } from './inspections-api.server.ts'
import { ledgerRoutes } from './ledger-api.server.ts'
import { leaseRoutes } from './leases-api.server.ts'
import { mailBounceRoutes } from './mail-bounces-api.server.ts'
import { maintenanceRoutes } from './maintenance-api.server.ts'
import { depositRoutes } from './deposits-api.server.ts'
import { photoRoutes } from './photos-api.server.ts'
import { problem, problemOf } from './problem.server.ts'
import { stayCalendarRoutes } from './stays-calendar-api.server.ts'
import { stayRoutes } from './stays-api.server.ts'
import { stayReviewRoutes } from './stays-reviews-api.server.ts'
import { tourRoutes } from './tours-api.server.ts'
import { zipRoutes } from './zip-api.server.ts'

/** A query string as a search reads it: a repeated parameter (type=house&type=condo) as a list, a single one as a string. */
function queryOf(queries: Record<string, string[]>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(queries).map(([key, values]) => [key, values.length === 1 ? values[0]! : values]))
}

/** Maps one client may ask for: a person panning and zooming asks for a few a second at most, in bursts. */
export const MAP_BUDGET: ReadBudget = {
  rule: { windowSeconds: 60, max: 120 },
  message: 'This network asked for the map too often. Wait a minute, then move the map again.',
}

export function apiRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database

  api.onError((error, c) => {
    if (isAppError(error)) return problemOf(c, error)
    throw error
  })

  api.get('/recent-posts', async (c) => {
    const posts = await findRecentArticles(db, 3)
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(posts)
  })

  api.get('/properties', async (c) => {
    const page = await services.searchListings(queryOf(c.req.queries()))
    return c.json(page)
  })

  // The map reads every matching home in its area: each client gets a budget of maps a minute.
  api.get('/properties/map', readBudget(MAP_BUDGET, { enabled: services.config.RATE_LIMIT, trustProxy: services.config.TRUST_PROXY }))
  api.get('/properties/map', async (c) => {
    const map = await findMapClusters(db, { query: queryOf(c.req.queries()) })
    return c.json(map)
  })

  api.get('/places', async (c) => {
    // A repeated q arrives as a list, which the schema refuses rather than pick one.
    const given = c.req.queries('q') ?? []
    const { q } = parseOrThrow(placeQuerySchema, { q: given.length > 1 ? given : given[0] }, 'The place is not valid.')
    const places = await suggestPlaces(db, q)
    // The counts move as homes are listed; a minute old is close enough for a suggestion.
    c.header('Cache-Control', 'public, max-age=60')
    return c.json({ places })
  })

  api.get('/properties/:id', async (c) => {
    const id = c.req.param('id')
    const listingId = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null
    if (listingId === null) return problem(c, 404, 'No such listing.')
    const session = await services.auth.api.getSession({ headers: c.req.raw.headers })
    const found = await findListingById(db, { viewerId: session?.user.id ?? null, listingId })
    if (!found) return problem(c, 404, 'No such listing.')
    // Drafts are private to their owner; only public listings may sit in shared caches.
    c.header('Cache-Control', found.status === 'published' || found.status === 'leased' ? 'public, max-age=30' : 'private, no-store')
    return c.json(found)
  })

  api.route('/zip', zipRoutes())
  api.route('/chat', chatRoutes(services))
  api.route('/', tourRoutes(services))
  api.route('/', stayReviewRoutes(services))
  api.route('/', stayRoutes(services))
  api.route('/', applicationRoutes(services))
  api.route('/', leaseRoutes(services))
  api.route('/', inspectionRoutes(services))
  api.route('/', maintenanceRoutes(services))
  api.route('/', ledgerRoutes(services))
  api.route('/', depositRoutes(services))
  api.route('/properties', photoRoutes(services))
  api.route('/', cooperRoutes(services))
  api.route('/', stayCalendarRoutes(services))
  api.route('/', mailBounceRoutes(services))

  api.all('*', (c) => problem(c, 404, 'No such API endpoint.'))
  return api
}
