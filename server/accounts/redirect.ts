// Where to send the browser after signing in, saving a home or managing a listing: only a path on
// this site. Browsers are lenient with a Location header (they drop tabs and newlines anywhere, read
// `\` as `/`, collapse dot segments), so the target is judged as a browser would read it, not as it
// is spelled.

/** An origin no real request has: a target that leaves it is leaving the site. */
const BASE = 'http://redirect-check.invalid'

// Control characters (which include tab, CR, LF and NUL) and backslashes are never part of a link we
// make; browsers strip or rewrite them, so a target containing them means something else to them.
const UNUSABLE = /[\u0000-\u001f\u007f\\]/

/**
 * A same-site path (with its query and fragment) to redirect to, or `fallback`. What is returned is
 * re-serialised by the URL parser, so it is percent-encoded ASCII that any header can carry.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || UNUSABLE.test(value)) return fallback
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const target = `${url.pathname}${url.search}${url.hash}`
  // `/.//evil.example` parses to the path `//evil.example`, which a browser reads as another host.
  if (!target.startsWith('/') || target.startsWith('//')) return fallback
  return target
}
