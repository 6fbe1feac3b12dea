// Content Security Policy and the cross-site write check.

/**
 * The origin a tile URL template loads from, as a CSP source: `https://tile.example`, or with a
 * subdomain placeholder (`https://{s}.tile.example/…`) every subdomain of it. Null when it is not
 * an http(s) URL.
 */
export function tileSource(tileUrl: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl)
  if (!match) return null
  const host = match[2]!.toLowerCase().replace(/^(?:\{[a-z]+\}\.)+/, '*.')
  return /^[*a-z0-9.:[\]-]+$/.test(host) ? `${match[1]!.toLowerCase()}://${host}` : null
}

/**
 * The policy of one response: scripts only with its nonce; images from the site and the configured
 * tile server only; connections to the site and its own live socket (`ws:`/`wss:` of the address the
 * page was asked for), never to another host.
 */
export function contentSecurityPolicy({
  nonce,
  oidcIssuer,
  tileUrl,
  pageUrl,
}: {
  nonce: string
  oidcIssuer?: string
  tileUrl?: string
  /** The address the browser asked for, as the site's public URL (publicRequestOf). */
  pageUrl?: string
}) {
  const formTargets = ["'self'", oidcIssuer ? new URL(oidcIssuer).origin : ''].filter(Boolean)
  const tiles = tileUrl ? tileSource(tileUrl) : null
  const page = pageUrl ? new URL(pageUrl) : null
  const socket = page ? `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}` : null
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", tiles].filter(Boolean).join(' '),
    "font-src 'self'",
    ["connect-src 'self'", socket].filter(Boolean).join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ')
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A state-changing request whose Origin (or, without one, Sec-Fetch-Site) shows it came from another
 * site. Browsers send one of them on every cross-site POST, so cookie-riding forms and fetches from
 * other sites are refused; clients that are not browsers send neither and carry no session cookie of
 * a victim.
 */
export function isCrossSiteWrite(request: Request, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const origin = request.headers.get('origin')
  if (origin) {
    if (origin === 'null') return true
    return origin !== new URL(publicUrl).origin && origin !== new URL(request.url).origin
  }
  const site = request.headers.get('sec-fetch-site')
  return site === 'cross-site' || site === 'same-site'
}

/**
 * Whether the browser says this request was started by a page of this very origin (Fetch Metadata,
 * including every hop of a redirect chain). A link or form on another site, a typed or bookmarked
 * address, and a client that sends no Sec-Fetch-Site all answer false.
 */
export function isSameOriginRequest(request: Request): boolean {
  return request.headers.get('sec-fetch-site') === 'same-origin'
}

/** Whether the request carries a session cookie (`cooper.session_token`, or its `__Secure-` form). */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?cooper\.session_token=/.test(request.headers.get('cookie') ?? '')
}

/**
 * Whether the person asked for this page themselves: from a page of this very origin, or by an
 * address typed, bookmarked or opened from another application (Sec-Fetch-Site `none`). A link or
 * frame on another site, and a client that sends no Fetch Metadata, answer false.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site === 'same-origin' || site === 'none'
}

const ONE_CLICK_UNSUBSCRIBE = /^\/alerts\/unsubscribe\/[A-Za-z0-9_.-]{1,500}$/

/**
 * An alert e-mail's one-click unsubscribe (RFC 8058): a mail provider, or the mail client a renter
 * reads in, POSTs `List-Unsubscribe=One-Click` to the link from wherever it runs, without cookies.
 * The only write exempt from the cross-site check: its token is the whole grant, it only ever stops
 * e-mail, and no session could ride on it.
 */
export function isOneClickUnsubscribe(method: string, pathname: string): boolean {
  return method === 'POST' && ONE_CLICK_UNSUBSCRIBE.test(pathname)
}
