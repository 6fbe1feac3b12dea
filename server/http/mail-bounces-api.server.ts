// POST /api/mail/bounces: a mail provider reports addresses that bounce, and alert e-mails to their
// accounts pause (in-site alerts go on). Guarded by MAIL_BOUNCE_SECRET as a Bearer token; without the
// secret configured the endpoint does not exist (404), so nobody can pause another's e-mail.
import crypto from 'node:crypto'
import { Hono } from 'hono'
import { markBounced } from '#server/alerts/index.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { bounceReportSchema } from '#common/alerts/bounces.ts'
import { problem } from './problem.server.ts'

/** Whether the header carries the secret, compared in constant time. */
function hasSecret(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '')
  const expected = Buffer.from(secret)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

export function mailBounceRoutes(services: Services) {
  const routes = new Hono()
  routes.post('/mail/bounces', async (c) => {
    const secret = services.config.MAIL_BOUNCE_SECRET
    if (!secret) return problem(c, 404, 'No such API endpoint.')
    if (!hasSecret(c.req.header('authorization'), secret)) return problem(c, 401, 'This endpoint needs the bounce webhook’s secret.')
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return problem(c, 400, 'Send a JSON body: { "email": "…" } or a list of addresses.')
    }
    const emails = parseOrThrow(bounceReportSchema, body, 'Send { "email": "…" } or a list of addresses.')
    const paused = await markBounced(services.database.db, emails)
    return c.json({ reported: emails.length, paused })
  })
  return routes
}
