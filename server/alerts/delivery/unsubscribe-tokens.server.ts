// The token of an alert e-mail's one-click unsubscribe link (RFC 8058): the renter and what the link
// stops, in the clear, with an HMAC under a key derived from the auth secret. Nothing is stored: the
// link works without a session or a cookie, as a mail provider posts it, and an altered renter or
// scope no longer matches the MAC.
import crypto from 'node:crypto'
import { ALERT_FREQUENCIES, type AlertFrequency } from '#common/alerts/vocabulary.ts'

/**
 * What one link stops: some saved searches (the ones an instant e-mail told of), every saved search
 * of one frequency (a digest's), or the news of the homes the renter saved.
 */
export type UnsubscribeScope =
  | { kind: 'searches'; savedSearchIds: number[] }
  | { kind: 'frequency'; frequency: Exclude<AlertFrequency, 'never'> }
  | { kind: 'saved-homes' }

export type UnsubscribeGrant = { userId: string; scope: UnsubscribeScope }

const KEY_LABEL = 'cooper-alert-unsubscribe'

// Until the services configure it, a key of this process's own: links then work until a restart.
let unsubscribeKey = crypto.randomBytes(32)

/** Keys the links with a key derived from the auth secret (every instance shares it; it is not the secret). Called once at start. */
export function configureUnsubscribeTokens({ authSecret }: { authSecret: string }): void {
  unsubscribeKey = crypto.createHmac('sha256', authSecret).update(KEY_LABEL).digest()
}

/** The scope as its one spelling in a token: `searches:3,8`, `frequency:daily`, `saved-homes`. */
function scopeText(scope: UnsubscribeScope): string {
  if (scope.kind === 'searches') return `searches:${[...new Set(scope.savedSearchIds)].sort((a, b) => a - b).join(',')}`
  if (scope.kind === 'frequency') return `frequency:${scope.frequency}`
  return 'saved-homes'
}

function scopeOf(text: string): UnsubscribeScope | null {
  if (text === 'saved-homes') return { kind: 'saved-homes' }
  const frequency = /^frequency:([a-z]+)$/.exec(text)?.[1]
  if (frequency) {
    const known = ALERT_FREQUENCIES.find((f) => f === frequency && f !== 'never')
    return known && known !== 'never' ? { kind: 'frequency', frequency: known } : null
  }
  const ids = /^searches:([1-9]\d{0,14}(?:,[1-9]\d{0,14}){0,49})$/.exec(text)?.[1]
  return ids ? { kind: 'searches', savedSearchIds: ids.split(',').map(Number) } : null
}

function macOf(claims: string): Buffer {
  return crypto.createHmac('sha256', unsubscribeKey).update(claims).digest()
}

/** The token of a link that stops `scope` for `userId`. */
export function unsubscribeToken({ userId, scope }: UnsubscribeGrant): string {
  // The scope comes first and cannot hold a newline, so no user id can make two grants read the same.
  const claims = `${scopeText(scope)}\n${userId}`
  return `${Buffer.from(claims).toString('base64url')}.${macOf(claims).toString('base64url')}`
}

const TOKEN = /^([A-Za-z0-9_-]{4,400})\.([A-Za-z0-9_-]{43})$/

/** The grant a token carries, or null for anything this site did not mint (malformed, altered, another key's). */
export function readUnsubscribeToken(token: string): UnsubscribeGrant | null {
  const parts = TOKEN.exec(token)
  if (!parts) return null
  const claimBytes = Buffer.from(parts[1]!, 'base64url')
  const given = Buffer.from(parts[2]!, 'base64url')
  // One spelling per token: base64url's spare bits could otherwise give a link several addresses.
  if (claimBytes.toString('base64url') !== parts[1] || given.toString('base64url') !== parts[2]) return null
  const claims = claimBytes.toString('utf8')
  const expected = macOf(claims)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  const newline = claims.indexOf('\n')
  if (newline < 0) return null
  const scope = scopeOf(claims.slice(0, newline))
  const userId = claims.slice(newline + 1)
  return scope && userId ? { userId, scope } : null
}

/** The path of the unsubscribe link (the page on GET, the one-click unsubscribe on POST). */
export function unsubscribePath(grant: UnsubscribeGrant): string {
  return `/alerts/unsubscribe/${unsubscribeToken(grant)}`
}
