import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as loginAction, loader as loginLoader } from '#app/routes/login.tsx'
import { action as logoutAction, loader as logoutLoader } from '#app/routes/logout.tsx'
import { action as registerAction } from '#app/routes/register.tsx'
import { siteConfig } from '#common/site-config.ts'
import { WRONG_CREDENTIALS_MESSAGE } from '#server/accounts/auth-results.server.ts'
import { getCurrentSession, requireApiUser } from '#server/accounts/session.server.ts'
import { session, signInFailure } from '#server/db/schema.ts'
import { linkIn } from '#tests/support/mail-catcher.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import {
  GOOD_PASSWORD,
  callRoute,
  cookieFrom,
  createVerifiedAccount,
  pageRequest,
  postForm,
  setCookieNamed,
  signedInCookie,
  toastOf,
  uniqueEmail,
} from './accounts-helpers.ts'

describe('logging in and out', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  const sessionsOf = async (cookie: string) =>
    (await t.services.auth.api.getSession({ headers: new Headers({ Cookie: cookie }) }))?.user ?? null

  it('signs in, starts a new session each time and greets the user by name', async () => {
    const account = await createVerifiedAccount(t, { name: 'Lena Landlord' })
    const tokens: string[] = []
    for (let i = 0; i < 2; i++) {
      const result = await callRoute(t, loginAction, postForm('/login', { email: account.email.toUpperCase(), password: account.password }))
      expect(result.status).toBe(302)
      expect(result.location).toBe('/')
      const cookie = setCookieNamed(result.headers, 'cooper.session_token')
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).not.toMatch(/Secure/i)
      tokens.push(cookie!.split(';')[0]!)
      expect(await toastOf(result.headers)).toEqual({ type: 'success', message: 'Welcome back, Lena Landlord!' })
      expect(await sessionsOf(cookieFrom(result.headers))).toMatchObject({ email: account.email })
    }
    expect(tokens[0]).not.toBe(tokens[1])
  })

  it('records that the session was signed in with a password, through the page and through /api/auth', async () => {
    const account = await createVerifiedAccount(t)
    const page = await callRoute(t, loginAction, postForm('/login', account))
    const api = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: account.email, password: account.password }))
    expect(api.status).toBe(200)
    for (const cookie of [cookieFrom(page.headers), cookieFrom(api.headers)]) {
      const current = await getCurrentSession(t.services, pageRequest('/', cookie))
      expect(current?.signInMethod).toBe('password')
      const [row] = await t.services.database.db.select().from(session).where(eq(session.id, current!.sessionId))
      expect(row?.signInMethod).toBe('password')
      await expect(requireApiUser(t.services, pageRequest('/api/leases', cookie), 'Sign in')).resolves.toMatchObject({
        userId: current!.userId,
        signInMethod: 'password',
      })
    }
  })

  it('reads a session made before sign-in methods were recorded as signed in by an unknown method', async () => {
    const account = await createVerifiedAccount(t)
    const cookie = cookieFrom((await callRoute(t, loginAction, postForm('/login', account))).headers)
    const { sessionId } = (await getCurrentSession(t.services, pageRequest('/', cookie)))!
    await t.services.database.db.update(session).set({ signInMethod: null }).where(eq(session.id, sessionId))
    expect((await getCurrentSession(t.services, pageRequest('/', cookie)))?.signInMethod).toBe('unknown')
  })

  it('honours redirectTo after signing in, but only for paths on this site', async () => {
    const account = await createVerifiedAccount(t)
    const inside = await callRoute(t, loginAction, postForm('/login', { ...account, redirectTo: '/userprofile' }))
    expect(inside.location).toBe('/userprofile')
    const outside = await callRoute(t, loginAction, postForm('/login', { ...account, redirectTo: 'https://evil.example/' }))
    expect(outside.location).toBe('/')
    const page = await callRoute(t, loginLoader, pageRequest('/login?redirectTo=%2Fuserprofile'))
    expect(page.data).toMatchObject({ redirectTo: '/userprofile', notice: null, oidcName: null })
  })

  it('answers a wrong password and an unknown e-mail with the same message, keeping the e-mail', async () => {
    const account = await createVerifiedAccount(t)
    for (const email of [account.email, uniqueEmail('nobody')]) {
      const result = await callRoute(t, loginAction, postForm('/login', { email, password: 'not the password' }))
      expect(result.status).toBe(400)
      expect(result.data).toEqual({ ok: false, values: { email }, fieldErrors: {}, formError: WRONG_CREDENTIALS_MESSAGE })
      expect(result.headers.getSetCookie()).toEqual([])
    }
  })

  it('checks the password exactly as it was chosen, spaces and letter case included', async () => {
    const account = await createVerifiedAccount(t, { password: '  Harbour Lights at Noon  ' })
    for (const password of ['Harbour Lights at Noon', '  harbour lights at noon  ', '  Harbour Lights at Noon ']) {
      expect((await callRoute(t, loginAction, postForm('/login', { email: account.email, password }))).status, password).toBe(400)
    }
    expect((await callRoute(t, loginAction, postForm('/login', account))).status).toBe(302)
  })

  it('asks for the missing fields without trying to sign in', async () => {
    const result = await callRoute(t, loginAction, postForm('/login', { email: '', password: '' }))
    expect(result.status).toBe(400)
    expect(result.data).toMatchObject({
      fieldErrors: { email: ['Enter your e-mail address.'], password: ['Enter your password.'] },
    })
  })

  const failedSignIns = async (email: string, ip: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const failed = await callRoute(t, loginAction, postForm('/login', { email, password: `wrong ${i}` }, { ip }))
      expect(failed.status).toBe(400)
    }
  }
  const warningsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email) && /failed sign-ins/i.test(m.subject))

  it('after 5 failures refuses that source for 15 minutes, not the owner from elsewhere, and tells the owner once', async () => {
    const account = await createVerifiedAccount(t, { name: 'Vera Victim' })
    const attacker = '203.0.113.60'
    await failedSignIns(account.email, attacker, 5)

    // The source that guessed is refused, even with the right password.
    const refused = await callRoute(t, loginAction, postForm('/login', account, { ip: attacker }))
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ formError: expect.stringMatching(/^Too many failed sign-ins for this e-mail/) })
    expect(refused.headers.getSetCookie()).toEqual([])

    // The owner, from anywhere else, gets in: through the page and through the API.
    const owner = await callRoute(t, loginAction, postForm('/login', account, { ip: '198.51.100.20' }))
    expect(owner.status).toBe(302)
    expect(await sessionsOf(cookieFrom(owner.headers))).toMatchObject({ email: account.email })
    const api = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: account.email, password: account.password }))
    expect(api.status).toBe(200)

    // The owner hears of it by e-mail, once, after the answers were given.
    expect(warningsTo(account.email)).toHaveLength(0)
    await t.services.jobs.runUntilIdle()
    const warnings = warningsTo(account.email)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.text).toContain('Vera Victim')
    expect(warnings[0]!.text).toContain(`${TEST_ORIGIN}/forgot-password`)

    // More guessing from another source within the hour brings no second mail.
    await failedSignIns(account.email, '203.0.113.61', 5)
    expect((await callRoute(t, loginAction, postForm('/login', account, { ip: '203.0.113.61' }))).status).toBe(429)
    await t.services.jobs.runUntilIdle()
    expect(warningsTo(account.email)).toHaveLength(1)
  })

  it('warns the owner when failures from many sources add up, though none of them is throttled', async () => {
    const account = await createVerifiedAccount(t)
    for (let i = 0; i < 5; i++) await failedSignIns(account.email, `203.0.113.${70 + i}`, 1)
    await t.services.jobs.runUntilIdle()
    expect(warningsTo(account.email)).toHaveLength(1)
    expect((await callRoute(t, loginAction, postForm('/login', account, { ip: '203.0.113.70' }))).status).toBe(302)
  })

  it('answers guesses at an unknown e-mail exactly like a known one, and mails nobody', async () => {
    const account = await createVerifiedAccount(t)
    const stranger = uniqueEmail('stranger')
    const answers = []
    for (const email of [account.email, stranger]) {
      await failedSignIns(email, '203.0.113.80', 5)
      const refused = await callRoute(t, loginAction, postForm('/login', { email, password: GOOD_PASSWORD }, { ip: '203.0.113.80' }))
      answers.push({ status: refused.status, formError: (refused.data as { formError: string }).formError })
    }
    expect(answers[1]).toEqual(answers[0])
    await t.services.jobs.runUntilIdle()
    expect(t.mail.messages.some((m) => m.to.includes(stranger))).toBe(false)
  })

  it('stops counting failures once the user signs in', async () => {
    const account = await createVerifiedAccount(t)
    for (let i = 0; i < 4; i++) {
      await callRoute(t, loginAction, postForm('/login', { email: account.email, password: `wrong ${i}` }))
    }
    expect((await callRoute(t, loginAction, postForm('/login', account))).status).toBe(302)
    const [row] = await t.services.database.db.select({ n: count() }).from(signInFailure).where(eq(signInFailure.email, account.email))
    expect(row?.n).toBe(0)
  })

  it('tells an unconfirmed user to confirm the e-mail and lets them resend the link', async () => {
    const email = uniqueEmail('unconfirmed')
    await callRoute(
      t,
      registerAction,
      postForm('/register', { name: 'Una', email, password: GOOD_PASSWORD, termsVersion: siteConfig.termsVersion }),
    )
    const result = await callRoute(t, loginAction, postForm('/login', { email, password: GOOD_PASSWORD }))
    expect(result.status).toBe(403)
    expect(result.data).toMatchObject({ ok: false, values: { email }, fieldErrors: {}, unverifiedEmail: email })
    expect(result.data).not.toHaveProperty('resent')
    expect(result.headers.getSetCookie()).toEqual([])

    const resent = await callRoute(t, loginAction, postForm('/login', { intent: 'resend', email }))
    expect(resent.status).toBe(200)
    expect(resent.data).toMatchObject({ unverifiedEmail: email, resent: true })
    const mails = t.mail.messages.filter((m) => m.to.includes(email) && /Confirm/.test(m.subject))
    // One at sign-up, one when logging in unconfirmed, one on request.
    expect(mails).toHaveLength(3)
    const link = linkIn(mails[2]!, `${TEST_ORIGIN}/api/auth/verify-email`)
    expect((await t.app.request(link)).headers.get('Location')).toBe('/login?verified=1')
  })

  it('sends signed-in visitors of /login to the home page', async () => {
    const cookie = await signedInCookie(t, await createVerifiedAccount(t))
    const result = await callRoute(t, loginLoader, pageRequest('/login', cookie))
    expect(result.location).toBe('/')
  })

  it('explains a failed single sign-on', async () => {
    const result = await callRoute(t, loginLoader, pageRequest('/login?error=oidc'))
    expect(result.data).toMatchObject({ notice: { tone: 'error', title: 'Signing in with single sign-on did not work' } })
  })

  it('logs out: ends the session, clears the cookie and says so on the home page', async () => {
    const cookie = await signedInCookie(t, await createVerifiedAccount(t))
    expect(await sessionsOf(cookie)).not.toBeNull()

    const result = await callRoute(t, logoutAction, postForm('/logout', {}, { cookie }))
    expect(result.status).toBe(302)
    expect(result.location).toBe('/')
    expect(setCookieNamed(result.headers, 'cooper.session_token')).toMatch(/Max-Age=0/i)
    expect(await toastOf(result.headers)).toEqual({ type: 'success', message: 'You are signed out.' })
    expect(cookieFrom(result.headers, cookie)).not.toContain('cooper.session_token')
    // The old cookie no longer opens a session, even if a browser kept it.
    expect(await sessionsOf(cookie)).toBeNull()
  })

  it('answers a GET of /logout with a redirect home, changing nothing', async () => {
    const cookie = await signedInCookie(t, await createVerifiedAccount(t))
    const result = await callRoute(t, logoutLoader, pageRequest('/logout', cookie))
    expect(result.location).toBe('/')
    expect(await sessionsOf(cookie)).not.toBeNull()
  })

  it('refuses a sign-in posted from another site with 403 and changes nothing', async () => {
    const account = await createVerifiedAccount(t)
    const db = t.services.database.db
    const [before] = await db.select({ n: count() }).from(session)
    const res = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }),
    )
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
    const [after] = await db.select({ n: count() }).from(session)
    expect(after?.n).toBe(before?.n)
  })
})

describe('sessions behind HTTPS', () => {
  const origin = 'https://homes.cooper.example'
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices({ PUBLIC_URL: origin })
  })
  afterAll(async () => {
    await t.close()
  })

  it('use the __Secure- cookie, HttpOnly, Secure and SameSite=Lax', async () => {
    const account = await createVerifiedAccount(t)
    const res = await t.app.request(
      new Request(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }),
    )
    expect(res.status).toBe(200)
    const cookie = setCookieNamed(res.headers, '__Secure-cooper.session_token')
    expect(cookie).toBeDefined()
    expect(cookie).toMatch(/;\s*HttpOnly/i)
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    expect(setCookieNamed(res.headers, 'cooper.session_token')).toBeUndefined()
  })
})
