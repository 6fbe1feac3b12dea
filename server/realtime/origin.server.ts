// Whether an upgrade to the live socket comes from a page of this site: the origin the browser used,
// read as the forms' checks read it, against the Origin header it sent.
import type http from 'node:http'
import { publicRequestOf } from '#server/http/proxy.server.ts'

/**
 * Whether a page of this site opened the socket: its Origin, scheme and host alike, is the public
 * URL's or the one the browser used for this request (`requestOrigin`). A page served over http may
 * not open the socket of the same host's https site, nor the other way round.
 */
export function isAllowedOrigin(origin: string | undefined, requestOrigin: string | null, publicUrl: string) {
  if (origin === undefined) return true // not a browser: it carries no victim's cookie
  let given: string
  try {
    given = new URL(origin).origin
  } catch {
    return false
  }
  return given === new URL(publicUrl).origin || (requestOrigin !== null && given === requestOrigin)
}

/**
 * The origin the browser used for an upgrade request, as the forms' checks read it
 * (`publicRequestOf`): the Host header over plain http, or behind a trusted proxy the scheme and
 * host it forwarded. Null when the Host header is no host.
 */
export function requestOriginOf(request: http.IncomingMessage, trustProxy: boolean): string | null {
  const host = request.headers.host
  if (!host) return null
  try {
    const scheme = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
    const asked = new Request(new URL(request.url ?? '/', `${scheme}://${host}`), { headers: headersOf(request) })
    return new URL(publicRequestOf(asked, trustProxy).url).origin
  } catch {
    return null
  }
}

export function headersOf(request: http.IncomingMessage) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
  }
  return headers
}
