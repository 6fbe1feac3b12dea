// Who is asking and at which address, behind a reverse proxy or not. With TRUST_PROXY=true one proxy
// in front of the site terminates TLS and forwards the request: its X-Forwarded-Proto and
// X-Forwarded-Host say which URL the browser used, and the last address of X-Forwarded-For is the
// one the proxy saw (anything before it came from the client and proves nothing).
import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

const first = (header: string | null) => header?.split(',')[0]?.trim() || null

/** A host name with an optional port, as a Host header carries it. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The request as the browser sent it: behind a trusted proxy, with the scheme and host it forwarded,
 * so the origin checks of forms compare the browser's Origin with the URL it really used.
 */
export function publicRequestOf(request: Request, trustProxy: boolean): Request {
  if (!trustProxy) return request
  const proto = first(request.headers.get('x-forwarded-proto'))?.toLowerCase()
  const host = first(request.headers.get('x-forwarded-host'))
  if (!proto && !host) return request
  const given = new URL(request.url)
  const scheme = proto === 'https' || proto === 'http' ? proto : given.protocol.slice(0, -1)
  const url = new URL(`${given.pathname}${given.search}`, `${scheme}://${host && HOST.test(host) ? host : given.host}`)
  if (url.href === request.url) return request
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}

/** The client's address: the connection's, or behind a trusted proxy the one it appended. */
export function clientAddressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded && isIP(forwarded)) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1'
  } catch {
    // Requests made in-process (tests through app.request) have no socket.
    return '127.0.0.1'
  }
}

/**
 * The request with exactly one address in X-Forwarded-For, the client's: rate limits and failed
 * sign-in counts (ours and better-auth's) read it from there, and a client cannot choose its own.
 */
export function withClientAddress(c: Context, trustProxy: boolean): Request {
  const request = c.req.raw
  const address = clientAddressOf(c, trustProxy)
  if (request.headers.get('x-forwarded-for') === address) return request
  const headers = new Headers(request.headers)
  headers.set('x-forwarded-for', address)
  return new Request(request, { headers, duplex: 'half' } as RequestInit)
}

/** A page read as it came, but for an X-Forwarded-For no trusted proxy vouches for. */
export function withoutUntrustedAddress(request: Request, trustProxy: boolean): Request {
  if (trustProxy || !request.headers.has('x-forwarded-for')) return request
  const headers = new Headers(request.headers)
  headers.delete('x-forwarded-for')
  return new Request(request, { headers })
}
