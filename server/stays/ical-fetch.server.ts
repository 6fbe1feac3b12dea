// Fetches an imported calendar under the address policy (ical-policy.server.ts). The name is resolved
// here, every address it gives is checked, and the connection is made to the checked address itself:
// no second lookup between the check and the connection for a rebinding name to answer differently.
// Each redirect is checked the same way; the whole fetch has a time limit and the body a size limit.
import dns from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'
import zlib from 'node:zlib'
import { type CalendarFetchPolicy, isReachableAddress, portOf, refusalOfUrl } from './ical-policy.server.ts'

export const FETCH_TIMEOUT_MS = 10_000
export const MAX_FEED_BYTES = 1024 * 1024
export const MAX_REDIRECTS = 3

/** Why a fetch gave no calendar, in words for the host. */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError'
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true })

/** The one address a URL's host may be connected to, or why none may. */
async function checkedAddressOf(policy: CalendarFetchPolicy, url: URL, resolve: Resolver): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const port = portOf(url)
  const literal = net.isIP(host)
  let addresses: { address: string; family: number }[]
  if (literal) addresses = [{ address: host, family: literal }]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new FeedFetchError(`The name ${host} could not be found.`)
    }
  }
  if (addresses.length === 0) throw new FeedFetchError(`The name ${host} could not be found.`)
  // Every address must pass: a name that also points inward is refused, not tried elsewhere.
  if (!addresses.every((a) => isReachableAddress(policy, a.address, port))) {
    throw new FeedFetchError(`${host} points to a private or reserved network address, which this site never connects to.`)
  }
  return addresses[0]!
}

type Answer = { status: number; location: string | undefined; body: Buffer }

function requestOnce(url: URL, pinned: { address: string; family: number }, deadline: number, timeoutMessage: string): Promise<Answer> {
  // The socket connects to the checked address; the URL's name still goes in the Host header and the
  // TLS server name, so certificates are checked against the name the host gave.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    const remaining = Math.max(1, deadline - Date.now())
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup,
        agent: false,
        headers: { Accept: 'text/calendar, */*;q=0.5', 'Accept-Encoding': 'gzip, identity', 'User-Agent': 'CooperHome-Calendar/1.0' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400) {
          response.resume()
          resolve({ status, location: response.headers.location, body: Buffer.alloc(0) })
          return
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > MAX_FEED_BYTES) {
          request.destroy(new FeedFetchError('The calendar is larger than 1 MB.'))
          return
        }
        const isGzip = /gzip/i.test(String(response.headers['content-encoding'] ?? ''))
        const stream = isGzip ? response.pipe(zlib.createGunzip()) : response
        const chunks: Buffer[] = []
        let size = 0
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_FEED_BYTES) {
            request.destroy(new FeedFetchError('The calendar is larger than 1 MB.'))
            return
          }
          chunks.push(chunk)
        })
        stream.on('end', () => resolve({ status, location: undefined, body: Buffer.concat(chunks) }))
        stream.on('error', (error) =>
          reject(error instanceof FeedFetchError ? error : new FeedFetchError('The calendar could not be read.')),
        )
        response.on('error', (error) => reject(error))
      },
    )
    request.setTimeout(remaining, () => request.destroy(new FeedFetchError(timeoutMessage)))
    const timer = setTimeout(() => request.destroy(new FeedFetchError(timeoutMessage)), remaining)
    request.on('close', () => clearTimeout(timer))
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error instanceof FeedFetchError ? error : new FeedFetchError(`The calendar could not be reached (${describe(error)}).`))
    })
    request.end()
  })
}

function describe(error: Error): string {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : error.message
}

/**
 * The text of the calendar at a URL, following at most three redirects, each checked; or a
 * FeedFetchError saying why not. Only a body that is an iCalendar object is returned.
 */
export async function fetchCalendarText(
  policy: CalendarFetchPolicy,
  address: string,
  { resolve = systemResolver }: { resolve?: Resolver } = {},
): Promise<string> {
  const deadline = Date.now() + (policy.timeoutMs ?? FETCH_TIMEOUT_MS)
  const seconds = (policy.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000
  const timeoutMessage = `The calendar did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
  let url = new URL(address)
  for (let redirects = 0; ; redirects += 1) {
    const refusal = refusalOfUrl(policy, url)
    if (refusal)
      throw new FeedFetchError(redirects === 0 ? refusal : `The calendar redirected to an address that is not allowed: ${refusal}`)
    const pinned = await checkedAddressOf(policy, url, resolve)
    if (Date.now() >= deadline) throw new FeedFetchError(timeoutMessage)
    const answer = await requestOnce(url, pinned, deadline, timeoutMessage)
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (redirects >= MAX_REDIRECTS) throw new FeedFetchError('The calendar redirected more than 3 times.')
      try {
        url = new URL(answer.location, url)
      } catch {
        throw new FeedFetchError('The calendar redirected to an address that is not valid.')
      }
      continue
    }
    if (answer.status !== 200) throw new FeedFetchError(`The calendar's server answered ${answer.status} instead of the calendar.`)
    const text = answer.body.toString('utf8').replace(/^\uFEFF/, '')
    if (!/^\s*BEGIN:VCALENDAR/i.test(text))
      throw new FeedFetchError('The address did not give a calendar (an iCalendar file) but something else.')
    return text
  }
}
