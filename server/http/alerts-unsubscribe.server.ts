// POST /alerts/unsubscribe/:token: the one-click unsubscribe of an alert e-mail (RFC 8058). A mail
// provider posts `List-Unsubscribe=One-Click` and gets a plain 200; the page's own button posts the
// same form and is sent back to the page, which then says what stopped and how to undo it. No session,
// no cookie: the token is the grant (server/alerts/delivery/unsubscribe-tokens.server.ts). The page
// itself (GET) is the app route app/routes/alerts-unsubscribe.tsx.
import type { Context } from 'hono'
import { unsubscribeByLink } from '#server/alerts/index.server.ts'
import type { Services } from '#server/services.server.ts'

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid: it may have been changed or cut short. Nothing was changed. Use the link from the e-mail as it came, or change your alerts on your saved searches page.'

export function unsubscribeByPost(services: Services) {
  return async (c: Context) => {
    const token = c.req.param('token') ?? ''
    let isOneClick = false
    try {
      const form = await c.req.parseBody()
      isOneClick = form['List-Unsubscribe'] === 'One-Click'
    } catch {
      // A body that is not a form: the link alone decides.
    }
    const result = await unsubscribeByLink(services.database.db, token)
    c.header('Cache-Control', 'no-store')
    if (result.status === 'invalid') return c.text(INVALID_UNSUBSCRIBE_LINK, 400)
    if (isOneClick) return c.text(`Unsubscribed: you will no longer get ${result.stops}.`, 200)
    return c.redirect(`/alerts/unsubscribe/${token}?done=1`, 303)
  }
}
