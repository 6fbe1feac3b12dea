// What an imported calendar's address may reach. Hosts give us URLs and the server fetches them, so
// the operator names the hosts (STAY_CALENDAR_HOSTS) and no address on the loopback, private,
// link-local, shared (CGNAT), multicast or otherwise special ranges is ever connected to, whatever a
// name resolves to or a redirect points at (docs/decisions/042-stay-calendars-ical.md).
import ipaddr from 'ipaddr.js'
import type { Config } from '#server/config.server.ts'

export type CalendarFetchPolicy = {
  /** Host names feeds may come from, lower-case; `*.example.com` stands for any subdomain of example.com. */
  hosts: readonly string[]
  /** Plain http besides https (never in production). */
  allowsHttp: boolean
  /**
   * One local server, by address and port, reachable despite the address rules: a test's feed server.
   * Only code sets it (tests' services); no configuration can.
   */
  localServer?: { address: string; port: number }
  /** How long a fetch may take, redirects included: 10 seconds unless a test waits less. */
  timeoutMs?: number
}

/** The policy the configuration gives: its hosts, and https only in production. */
export function calendarPolicyOf(config: Pick<Config, 'NODE_ENV' | 'STAY_CALENDAR_HOSTS'>): CalendarFetchPolicy {
  return { hosts: config.STAY_CALENDAR_HOSTS, allowsHttp: config.NODE_ENV !== 'production' }
}

/** URL host names come bracketed when they are IPv6 literals. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()

function isLocalServer(policy: CalendarFetchPolicy, hostname: string, port: number): boolean {
  return policy.localServer !== undefined && bareHost(hostname) === policy.localServer.address && port === policy.localServer.port
}

function isListedHost(policy: CalendarFetchPolicy, hostname: string): boolean {
  const host = bareHost(hostname).replace(/\.$/, '')
  return policy.hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry))
}

export const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80)

/**
 * Why a URL may not be fetched under the policy, in words for the host, or null when it may. Checked
 * when a feed is added and again for every request and redirect of a fetch; the address it resolves
 * to is checked apart (isPublicAddress), at the moment of connecting.
 */
export function refusalOfUrl(policy: CalendarFetchPolicy, url: URL): string | null {
  const port = portOf(url)
  if (isLocalServer(policy, url.hostname, port)) return null
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowsHttp)) {
    return policy.allowsHttp ? 'The address must start with https:// or http://.' : 'The address must start with https://.'
  }
  if (url.username || url.password) return 'The address may not carry a user name or password.'
  if (!isListedHost(policy, url.hostname)) {
    return `Calendars from ${bareHost(url.hostname)} cannot be imported on this site. Ask the site's operator to allow that host.`
  }
  // The platforms serve calendars on the standard ports; any other port is a service not meant for this.
  if (url.port && port !== (url.protocol === 'https:' ? 443 : 80)) return 'The address may not name a port.'
  return null
}

/**
 * True for an address on the public Internet: ipaddr.js names each special range (loopback, private,
 * link-local, carrier-grade NAT, multicast, unspecified, broadcast, reserved, documentation…) and only
 * "unicast" is left. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries; the other
 * IPv6 forms that embed IPv4 (6to4, Teredo, NAT64) are special ranges themselves and refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'unicast'
}

/** True when the policy lets this resolved address on this port be connected to. */
export function isReachableAddress(policy: CalendarFetchPolicy, address: string, port: number): boolean {
  if (policy.localServer && address === policy.localServer.address && port === policy.localServer.port) return true
  return isPublicAddress(address)
}
