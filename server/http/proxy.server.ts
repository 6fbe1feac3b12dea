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

/**
 * The client's address, in one canonical text (see normalizeAddress): the connection's, or behind a
 * trusted proxy the one it appended.
 */
export function clientAddressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = normalizeAddress(c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() ?? '')
    if (forwarded) return forwarded
  }
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? '') ?? '127.0.0.1'
  } catch {
    // Requests made in-process (tests through app.request) have no socket.
    return '127.0.0.1'
  }
}

/**
 * The request with exactly one address in X-Forwarded-For, the client's budget address (its IPv4
 * address, or its IPv6 /64): rate limits and failed sign-in counts (ours and better-auth's) read it
 * from there, and a client cannot choose its own.
 */
export function withClientAddress(c: Context, trustProxy: boolean): Request {
  const request = c.req.raw
  const address = budgetAddressOf(clientAddressOf(c, trustProxy))
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

/** The eight 16-bit groups of an IPv6 address given in any valid text. */
function ipv6Groups(address: string): number[] {
  // The URL parser writes an IPv6 host in its one canonical text (lower case, `::` for the longest
  // run of zeros, an embedded IPv4 tail as two groups), which is easy to expand.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const [head = '', tail] = canonical.split('::')
  const part = (text: string) => (text ? text.split(':').map((group) => Number.parseInt(group, 16)) : [])
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

function ipv6Text(groups: number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(':')}]/`).hostname.slice(1, -1)
}

/**
 * One text per address, whatever way it was written: an IPv4 address as itself, an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`) as the IPv4 address, any other IPv6 address in its canonical text
 * (`2001:db8:1:2:0:0:0:1` → `2001:db8:1:2::1`), without a zone. Null for text that is no address.
 */
export function normalizeAddress(text: string): string | null {
  const address = text.trim().replace(/%.*$/, '')
  const family = isIP(address)
  if (family === 4) return address
  if (family !== 6) return null
  const groups = ipv6Groups(address)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return ipv6Text(groups)
}

/**
 * The address a client's budgets are counted under: an IPv4 address itself, an IPv6 address by its
 * /64 network (`2001:db8:1:2::`), since one subscriber is handed a whole /64 and could otherwise take
 * a fresh budget with each of its addresses. Text that is no address is returned as it is.
 */
export function budgetAddressOf(text: string): string {
  const address = normalizeAddress(text)
  if (!address) return text
  if (isIP(address) === 4) return address
  return ipv6Text([...ipv6Groups(address).slice(0, 4), 0, 0, 0, 0])
}
