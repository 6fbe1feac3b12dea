// GET /api/zip/:zip: the city, state and centroid of a US ZIP code, for the landlord's form.
import { Hono } from 'hono'
import { ZIP_PATTERN, lookupZip } from '#server/listings/index.server.ts'
import { problem } from './problem.server.ts'

export function zipRoutes() {
  const zip = new Hono()
  zip.get('/:zip', (c) => {
    const code = c.req.param('zip')
    if (!ZIP_PATTERN.test(code)) return problem(c, 400, 'A ZIP code is five digits, like 19801.')
    const place = lookupZip(code)
    if (!place) return problem(c, 404, `There is no US ZIP code ${code}.`)
    // ZIP centroids change only with a new release of the data package.
    c.header('Cache-Control', 'public, max-age=86400')
    return c.json(place)
  })
  return zip
}
