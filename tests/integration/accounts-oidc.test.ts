// Single sign-on against a real OpenID Connect provider (oidc-provider, in this process): the
// button's form, the provider's login and consent, better-auth's callback and our welcome.
import net from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as loginAction, loader as loginLoader } from '#app/routes/login.tsx'
import { loader as registerLoader } from '#app/routes/register.tsx'
import { siteConfig } from '#common/site-config.ts'
import { findProfileByEmail } from '#server/accounts/profile.server.ts'
import { getCurrentSession } from '#server/accounts/session.server.ts'
import { contentSecurityPolicy } from '#server/http/security.server.ts'
import { session, user } from '#server/db/schema.ts'
import { startOidcProvider } from '#tests/e2e/oidc-provider.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { callRoute, cookieFrom, pageRequest, postForm, toastOf } from './accounts-helpers.ts'

/** The test provider names an account after its e-mail's local part, before any "+tag". */
const emailFor = (person: string) => `${person}+${crypto.randomUUID().slice(0, 8)}@example.com`

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('single sign-on with OpenID Connect', () => {
  const clientId = 'cooper-home-test'
  const clientSecret = 'cooper-home-test-client-secret-0123456789'
  let issuer: string
  let provider: { close(): Promise<void> }
  let t: TestServices

  beforeAll(async () => {
    const port = await freePort()
    issuer = `http://127.0.0.1:${port}`
    provider = await startOidcProvider({
      issuer,
      port,
      clientId,
      clientSecret,
      redirectUri: `${TEST_ORIGIN}/api/auth/callback/oidc`,
    })
    t = await createTestServices({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_NAME: 'Cooper ID',
    })
  })
  afterAll(async () => {
    await t?.close()
    await provider?.close()
  })

  /**
   * Signs in at the provider as a browser would (its development login and consent pages),
   * following redirects until the provider sends the browser back to us.
   */
  async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
    const jar = { cookie: '' }
    const send = async (url: string, body?: Record<string, string>) => {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          ...(jar.cookie ? { Cookie: jar.cookie } : {}),
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: body ? new URLSearchParams(body).toString() : undefined,
      })
      jar.cookie = cookieFrom(res.headers, jar.cookie)
      return res
    }
    let url = authorizationUrl
    for (let step = 0; step < 12; step++) {
      if (url.startsWith(TEST_ORIGIN)) return url
      const res = await send(url)
      const location = res.headers.get('Location')
      if (location) {
        url = new URL(location, url).toString()
        continue
      }
      const page = await res.text()
      const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1]
      if (!action) throw new Error(`The provider answered ${res.status} without a form:\n${page.slice(0, 500)}`)
      const submitted = page.includes('name="login"')
        ? await send(new URL(action, url).toString(), { prompt: 'login', login, password: 'any password' })
        : await send(new URL(action, url).toString(), { prompt: 'consent' })
      url = new URL(submitted.headers.get('Location') ?? '', url).toString()
    }
    throw new Error('The provider did not send the browser back')
  }

  it('offers "Continue with <name>" on the login and sign-up pages', async () => {
    expect((await callRoute(t, loginLoader, pageRequest('/login'))).data).toMatchObject({ oidcName: 'Cooper ID' })
    expect((await callRoute(t, registerLoader, pageRequest('/register'))).data).toMatchObject({ oidcName: 'Cooper ID' })
  })

  it('lets forms be sent on to the provider under the Content Security Policy', () => {
    expect(contentSecurityPolicy({ nonce: 'n', oidcIssuer: t.services.config.oidc?.issuer })).toContain(`form-action 'self' ${issuer}`)
  })

  it('creates the account with a profile on first sign-in and welcomes the user where they were going', async () => {
    const email = emailFor('quinn.harper')
    const start = await callRoute(t, loginAction, postForm('/login', { intent: 'oidc', redirectTo: '/userprofile' }))
    expect(start.status).toBe(302)
    const authorizationUrl = start.location ?? ''
    expect(authorizationUrl.startsWith(`${issuer}/`)).toBe(true)
    const params = new URL(authorizationUrl).searchParams
    expect(params.get('client_id')).toBe(clientId)
    expect(params.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/oidc`)
    expect(params.get('code_challenge_method')).toBe('S256')
    // better-auth checks the returning state against this cookie.
    const stateCookie = cookieFrom(start.headers)
    expect(stateCookie).not.toBe('')

    const callback = await signInAtProvider(authorizationUrl, email)
    const back = await t.app.request(pageRequest(callback, stateCookie))
    expect(back.status).toBe(302)
    const landing = back.headers.get('Location') ?? ''
    expect(landing).toBe('/login?welcome=new&redirectTo=%2Fuserprofile')
    const cookie = cookieFrom(back.headers, stateCookie)

    const welcomed = await callRoute(t, loginLoader, pageRequest(landing, cookie))
    expect(welcomed.location).toBe('/userprofile')
    expect(await toastOf(welcomed.headers)).toEqual({ type: 'success', message: 'Welcome to Cooper Home, Quinn Harper!' })

    expect(await findProfileByEmail(t.services.database.db, email)).toMatchObject({
      email,
      role: '',
      setList: false,
      isAdministrator: false,
    })
    const [row] = await t.services.database.db.select().from(user).where(eq(user.email, email))
    expect(row).toMatchObject({ name: 'Quinn Harper', emailVerified: true, termsVersion: siteConfig.termsVersion })

    // The session records the provider it was signed in through, and reads as single sign-on by its name.
    const current = await getCurrentSession(t.services, pageRequest('/', cookie))
    expect(current?.signInMethod).toBe('single sign-on (Cooper ID)')
    const [made] = await t.services.database.db.select().from(session).where(eq(session.id, current!.sessionId))
    expect(made?.signInMethod).toBe('oidc')
  })

  it('welcomes a returning user back', async () => {
    const email = emailFor('rowan.price')
    for (const expected of ['Welcome to Cooper Home, Rowan Price!', 'Welcome back, Rowan Price!']) {
      const start = await callRoute(t, loginAction, postForm('/login', { intent: 'oidc' }))
      const stateCookie = cookieFrom(start.headers)
      const back = await t.app.request(pageRequest(await signInAtProvider(start.location ?? '', email), stateCookie))
      const welcomed = await callRoute(
        t,
        loginLoader,
        pageRequest(back.headers.get('Location') ?? '', cookieFrom(back.headers, stateCookie)),
      )
      expect(welcomed.location).toBe('/')
      expect((await toastOf(welcomed.headers))?.message).toBe(expected)
    }
  })

  it('gives a banned person no session through single sign-on, and sends them back to the login page', async () => {
    const email = emailFor('blair.banned')
    const first = await callRoute(t, loginAction, postForm('/login', { intent: 'oidc' }))
    await t.app.request(pageRequest(await signInAtProvider(first.location ?? '', email), cookieFrom(first.headers)))
    const { db } = t.services.database
    // Banned as the console bans (server/console/bans.server.ts): the flag set, every session ended.
    const [person] = await db
      .update(user)
      .set({ banned: true, banReason: 'Fake listings' })
      .where(eq(user.email, email))
      .returning({ id: user.id })
    await db.delete(session).where(eq(session.userId, person!.id))
    const start = await callRoute(t, loginAction, postForm('/login', { intent: 'oidc' }))
    const stateCookie = cookieFrom(start.headers)
    const back = await t.app.request(pageRequest(await signInAtProvider(start.location ?? '', email), stateCookie))
    expect(cookieFrom(back.headers, '')).not.toContain('session_token=')
    const location = back.headers.get('Location') ?? ''
    expect(location).toMatch(/\/login\?error=/)
    expect(await db.select().from(session).where(eq(session.userId, person!.id))).toEqual([])
    // The login page says the account is suspended, in its own words (not the address's).
    const page = await callRoute(t, loginLoader, pageRequest(location.replace('suspended', 'fine, call 555-0100')))
    expect(page.data).toMatchObject({ notice: { tone: 'error', title: 'This account is suspended' } })
    expect(JSON.stringify(page.data)).not.toContain('555-0100')
  })

  it('sends a refused or broken sign-in back to the login page with a clear message', async () => {
    const start = await callRoute(t, loginAction, postForm('/login', { intent: 'oidc' }))
    // The provider returns with an error, e.g. the user declined.
    const state = new URL(start.location ?? '').searchParams.get('state') ?? ''
    const back = await t.app.request(
      pageRequest(`${TEST_ORIGIN}/api/auth/callback/oidc?error=access_denied&state=${state}`, cookieFrom(start.headers)),
    )
    const location = back.headers.get('Location') ?? ''
    expect(location).toMatch(/^\/login\?error=oidc/)
    const page = await callRoute(t, loginLoader, pageRequest(location))
    expect(page.data).toMatchObject({ notice: { tone: 'error', title: 'Signing in with Cooper ID did not work' } })

    // A callback without any state (e.g. a stale bookmark) lands on the same page.
    const stale = await t.app.request(`${TEST_ORIGIN}/api/auth/callback/oidc?code=abc`)
    expect(stale.headers.get('Location')).toMatch(new RegExp(`^${TEST_ORIGIN}/login\\?error=oidc`))
  })
})
