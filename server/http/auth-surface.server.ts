// What of better-auth is reachable over HTTP. The site's pages call better-auth in-process for every
// change to an account (profile, password, sessions, deletion), where the site's own rules apply, so
// only what browsers and API clients need from it is open at /api/auth; the rest answers 404.

/** Method and path (below /api/auth) of every endpoint open over HTTP. */
const OPEN_ENDPOINTS: { method: 'GET' | 'POST'; path: RegExp }[] = [
  // Signing up, confirming the address, signing in and out (the JSON API and the mailed links).
  { method: 'POST', path: /^\/sign-up\/email$/ },
  { method: 'POST', path: /^\/sign-in\/email$/ },
  { method: 'POST', path: /^\/sign-out$/ },
  { method: 'GET', path: /^\/get-session$/ },
  { method: 'GET', path: /^\/verify-email$/ },
  { method: 'POST', path: /^\/send-verification-email$/ },
  // The second step of a sign-in to an account with two-factor sign-in (turning it on and off is the profile's).
  { method: 'POST', path: /^\/two-factor\/verify-(?:totp|backup-code)$/ },
  // Passkeys: signing in with one (/login), and adding one from the profile (the browser makes the key;
  // renaming and removing are the profile's, in-process).
  { method: 'GET', path: /^\/passkey\/generate-(?:authenticate|register)-options$/ },
  { method: 'POST', path: /^\/passkey\/verify-(?:authentication|registration)$/ },
  // Forgotten passwords: the request, the mailed link, and the new password.
  { method: 'POST', path: /^\/request-password-reset$/ },
  { method: 'GET', path: /^\/reset-password\/[^/]+$/ },
  { method: 'POST', path: /^\/reset-password$/ },
  // Single sign-on: the start and the identity provider's way back (GET, or POST for form_post).
  { method: 'POST', path: /^\/sign-in\/(?:social|oauth2)$/ },
  { method: 'GET', path: /^\/(?:oauth2\/)?callback\/[^/]+$/ },
  { method: 'POST', path: /^\/(?:oauth2\/)?callback\/[^/]+$/ },
  { method: 'GET', path: /^\/(?:error|ok)$/ },
]

const BASE_PATH = '/api/auth'

export function isOpenAuthEndpoint(method: string, pathname: string): boolean {
  if (!pathname.startsWith(`${BASE_PATH}/`)) return false
  const path = pathname.slice(BASE_PATH.length)
  return OPEN_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.path.test(path))
}

/** The value with every `token` property taken out, at any depth. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, item]) => [key, withoutTokens(item)]),
  )
}

/**
 * better-auth puts the session token in some JSON answers (sign-in, get-session). It is the secret
 * the httpOnly cookie keeps from scripts, so it never leaves in a body.
 */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new Response(text, response)
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify(withoutTokens(body)), { status: response.status, statusText: response.statusText, headers })
}
