// The stay reviews JSON API under /api: a booking's reviews for its two sides, a side's review, the
// host's one answer, an administrator's removal naming the broken rule, and a listing's published
// reviews with their averages, a page at a time (public). Writes go through the stays area's front
// doors, which commit first and then announce. Registered before the booking steps' `/stays/:id/:step`.
import { Hono, type Context } from 'hono'
import { requireApiUser } from '#server/accounts/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { answerStayReview, findBookingReviews, findListingReviews, removeStayReview, reviewStay } from '#server/stays/index.server.ts'
import { jsonObjectOf, pathIdOf } from './api-input.server.ts'

export function stayReviewRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const viewerOf = async (c: Context) => (await requireApiUser(services, c.req.raw, 'Log in to review a stay.')).userId
  const bookingOf = (c: Context) => pathIdOf(c.req.param('id'), 'booking')
  const reviewOf = (c: Context) => pathIdOf(c.req.param('reviewId'), 'review')

  api.get('/properties/:id/reviews', async (c) => {
    const listingId = pathIdOf(c.req.param('id'), 'listing')
    const reviews = await findListingReviews(db, { listingId, input: c.req.query() })
    c.header('Cache-Control', 'public, max-age=30')
    return c.json(reviews)
  })

  api.get('/stays/:id/reviews', async (c) => {
    const viewerId = await viewerOf(c)
    c.header('Cache-Control', 'private, no-store')
    return c.json(await findBookingReviews(db, { viewerId, bookingId: bookingOf(c) }))
  })

  api.post('/stays/:id/reviews', async (c) => {
    const viewerId = await viewerOf(c)
    const bookingId = bookingOf(c)
    await reviewStay(services, { viewerId, bookingId, input: await jsonObjectOf(c) })
    c.header('Cache-Control', 'private, no-store')
    return c.json(await findBookingReviews(db, { viewerId, bookingId }), 201)
  })

  api.post('/stay-reviews/:reviewId/answer', async (c) => {
    const viewerId = await viewerOf(c)
    const { booking } = await answerStayReview(services, { viewerId, reviewId: reviewOf(c), input: await jsonObjectOf(c) })
    c.header('Cache-Control', 'private, no-store')
    return c.json(await findBookingReviews(db, { viewerId, bookingId: booking.id }))
  })

  api.post('/stay-reviews/:reviewId/removal', async (c) => {
    const viewerId = await viewerOf(c)
    const reviewId = reviewOf(c)
    const { rule, note } = await removeStayReview(services, { viewerId, reviewId, input: await jsonObjectOf(c) })
    c.header('Cache-Control', 'private, no-store')
    return c.json({ removed: reviewId, rule, note })
  })

  return api
}
