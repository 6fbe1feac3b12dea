// Helpers for the account tests: call a route's loader or action the way React Router would, read
// what the browser would get (status, data, cookies, the flash toast), and make accounts.
import { count, eq } from 'drizzle-orm'
import { siteConfig } from '#common/site-config.ts'
import { profile, user } from '#server/db/schema.ts'
import { readToast, type Toast } from '#server/http/flash.server.ts'
import { TEST_ORIGIN, formRequest, type TestServices } from '#tests/support/test-services.ts'

export type RouteResult = {
  status: number
  headers: Headers
  data: unknown
  location: string | null
}

// A route module's loader or action; the arguments are built here as React Router would.
type RouteFunction = (args: never) => unknown

/** Runs a loader or action with this request; a thrown redirect is a result like a returned one. */
export async function callRoute(
  t: TestServices,
  fn: RouteFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteResult> {
  const args = { request, context: t.context(), params, unstable_pattern: '' } as never
  let result: unknown
  try {
    result = await fn(args)
  } catch (error) {
    if (!(error instanceof Response)) throw error
    result = error
  }
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, data: undefined, location: result.headers.get('Location') }
  }
  if (result && typeof result === 'object' && 'type' in result && result.type === 'DataWithResponseInit') {
    const { data, init } = result as unknown as { data: unknown; init?: ResponseInit }
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data, location: null }
  }
  return { status: 200, headers: new Headers(), data: result, location: null }
}

/** A page request (GET) as the browser sends it, with cookies. */
export function pageRequest(pathAndQuery: string, cookie = '', headers: Record<string, string> = {}) {
  const url = pathAndQuery.startsWith('http') ? pathAndQuery : `${TEST_ORIGIN}${pathAndQuery}`
  return new Request(url, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } })
}

/** A form POST from one of our pages, with cookies and, optionally, the client's address. */
export function postForm(pathname: string, fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {}
  if (options.cookie) headers.Cookie = options.cookie
  if (options.ip) headers['X-Forwarded-For'] = options.ip
  return formRequest(pathname, fields, { headers })
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function cookieFrom(headers: Headers, previous = ''): string {
  const jar = new Map<string, string>()
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const at = pair.indexOf('=')
    jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
  for (const setCookie of headers.getSetCookie()) {
    const [pair = ''] = setCookie.split(';')
    const at = pair.indexOf('=')
    const name = pair.slice(0, at)
    const value = pair.slice(at + 1)
    if (value === '' || /max-age=0\b/i.test(setCookie)) jar.delete(name)
    else jar.set(name, value)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

export function setCookieNamed(headers: Headers, name: string): string | undefined {
  return headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
}

/** The toast the next page will show, from the flash cookie set on this response. */
export async function toastOf(headers: Headers): Promise<Toast | null> {
  const { toast } = await readToast(pageRequest('/', cookieFrom(headers)))
  return toast
}

export async function countAccounts(t: TestServices) {
  const { db } = t.services.database
  const [users] = await db.select({ n: count() }).from(user)
  const [profiles] = await db.select({ n: count() }).from(profile)
  return { users: users?.n ?? 0, profiles: profiles?.n ?? 0 }
}

let counter = 0
/** A fresh address for each test, so tests do not depend on each other. */
export function uniqueEmail(prefix = 'renter') {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`
}

export const GOOD_PASSWORD = 'a quiet harbour at noon'

/** An account that signed up through better-auth and whose address is confirmed. */
export async function createVerifiedAccount(t: TestServices, input: { name?: string; email?: string; password?: string } = {}) {
  const account = { name: input.name ?? 'Ada Renter', email: input.email ?? uniqueEmail(), password: input.password ?? GOOD_PASSWORD }
  await t.services.auth.api.signUpEmail({
    body: { ...account, termsVersion: siteConfig.termsVersion },
    headers: new Headers({ 'x-forwarded-for': '198.51.100.1' }),
  })
  await t.services.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, account.email.toLowerCase()))
  return account
}

/** The session cookie of a fresh sign-in through better-auth. */
export async function signedInCookie(t: TestServices, account: { email: string; password: string }) {
  const { headers } = await t.services.auth.api.signInEmail({
    body: { email: account.email, password: account.password },
    headers: new Headers(),
    returnHeaders: true,
  })
  return cookieFrom(headers)
}
