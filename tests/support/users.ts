// Users for integration tests, made the way a person makes them: sign up through /api/auth, confirm
// the e-mail through the mailed link, and keep the session cookie the browser would keep.
import { siteConfig } from '#common/site-config.ts'
import { linkIn } from './mail-catcher.ts'
import { TEST_ORIGIN, jsonRequest, type TestServices } from './test-services.ts'

export type TestUser = {
  id: string
  name: string
  email: string
  password: string
  /** The Cookie header of the session opened by confirming the e-mail. */
  cookie: string
}

let counter = 0

/** A fresh, unique e-mail address for one test user. */
export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}

export async function signUpVerifiedUser(
  t: TestServices,
  overrides: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> = {},
): Promise<TestUser> {
  const name = overrides.name ?? 'Robin Tenant'
  const email = (overrides.email ?? uniqueEmail()).toLowerCase()
  const password = overrides.password ?? 'a lantern by the quiet river'
  const since = Date.now()
  const signUp = await t.app.request(
    jsonRequest('/api/auth/sign-up/email', { name, email, password, termsVersion: siteConfig.termsVersion }),
  )
  if (signUp.status !== 200) throw new Error(`Sign-up failed (${signUp.status}): ${await signUp.text()}`)
  const body = (await signUp.json()) as { user: { id: string } }
  const mail = await t.mail.waitFor(email, { subject: /Confirm/, since })
  const verified = await t.app.request(linkIn(mail, `${TEST_ORIGIN}/api/auth/verify-email`))
  const cookie = cookieHeader(verified)
  if (!cookie.includes('session_token=')) {
    throw new Error(`Confirming the e-mail opened no session (${verified.status})`)
  }
  return { id: body.user.id, name, email, password, cookie }
}

/** Signs the user in once more (another device), returning that session's Cookie header. */
export async function signIn(
  t: TestServices,
  user: Pick<TestUser, 'email' | 'password'>,
  init: { userAgent?: string } = {},
): Promise<string> {
  const headers = init.userAgent ? { 'User-Agent': init.userAgent } : undefined
  const response = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: user.email, password: user.password }, { headers }))
  if (response.status !== 200) throw new Error(`Sign-in failed (${response.status}): ${await response.text()}`)
  return cookieHeader(response)
}
