// GET /documents/:token and /photos/:token: a private document or tenancy photo for the reader its link was minted for. Everything else
// (no session, another reader, an altered token, a deleted document) falls through to the site's
// ordinary not-found page, so an answer never tells that a document exists. The reader's own link
// past its five minutes answers 410 with what to do.
import type { MiddlewareHandler } from 'hono'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { openLinkedDocument, openLinkedPhoto } from '#server/documents/index.server.ts'
import type { Services } from '#server/services.server.ts'

export const EXPIRED_LINK_MESSAGE = 'This link has expired: open the application again for a new one.'

/** What every answer of this route carries: never stored, never sniffed, never a page that runs anything. */
export const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
}

export function serveDocument(services: Services): MiddlewareHandler {
  return async (c, next) => {
    const session = await getCurrentSession(services, c.req.raw)
    const found = await openLinkedDocument(services, { token: c.req.param('token') ?? '', readerId: session?.userId ?? null })
    if (found.status === 'none') return next()
    if (found.status === 'expired') {
      return new Response(EXPIRED_LINK_MESSAGE, {
        status: 410,
        headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      })
    }
    return new Response(found.body, {
      headers: {
        ...PRIVATE_HEADERS,
        'Content-Type': found.contentType,
        'Content-Length': String(found.byteSize),
        'Content-Disposition': attachmentDisposition(found.fileName),
      },
    })
  }
}

export const EXPIRED_PHOTO_MESSAGE = 'This link has expired: open the page again for a new one.'

/** GET /photos/:token: a tenancy photo for the reader its link was minted for, shown inline; everything else is not found. */
export function servePhoto(services: Services): MiddlewareHandler {
  return async (c, next) => {
    const session = await getCurrentSession(services, c.req.raw)
    const found = await openLinkedPhoto(services, { token: c.req.param('token') ?? '', readerId: session?.userId ?? null })
    if (found.status === 'none') return next()
    if (found.status === 'expired') {
      return new Response(EXPIRED_PHOTO_MESSAGE, {
        status: 410,
        headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      })
    }
    return new Response(found.body, {
      headers: { ...PRIVATE_HEADERS, 'Content-Type': 'image/webp', 'Content-Length': String(found.byteSize) },
    })
  }
}

/**
 * `attachment` with the name (RFC 6266): a plain-ASCII `filename` every browser reads and, when the
 * name is more than that, the exact name as UTF-8 in `filename*` (RFC 8187).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  if (ascii === fileName) return `attachment; filename="${ascii}"`
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
