// better-auth's endpoints hold the site's rules however they are called: over HTTP or in-process
// from a page. Input that is not a plausible e-mail (a NUL in it) is refused before any query, and a
// change to the user goes through the profile's own rules.
import { count, eq } from 'drizzle-orm'
import { isAPIError } from 'better-auth/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as resetAction, loader as resetLoader } from '#app/routes/reset-password.tsx'
import { action as profileAction } from '#app/routes/userprofile.tsx'
import { siteConfig } from '#common/site-config.ts'
import { messages } from '#common/accounts/auth-schemas.ts'
import { rateLimit, signInFailure, user, verification } from '#server/db/schema.ts'
import { createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { GOOD_PASSWORD, callRoute, createVerifiedAccount, pageRequest, postForm, signedInCookie } from './accounts-helpers.ts'

/** The APIError an in-process call was refused with (the call must be refused). */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(isAPIError(error), `expected a refusal, got ${String(error)}`).toBe(true)
  const apiError = error as { statusCode: number; body?: { code?: string; message?: string } }
  return { status: apiError.statusCode, code: apiError.body?.code, message: apiError.body?.message }
}

describe('better-auth calls made in-process', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  const fromClient = () => new Headers({ 'x-forwarded-for': '203.0.113.9' })

  async function storedCounts() {
    const { db } = t.services.database
    const [users] = await db.select({ n: count() }).from(user)
    const [failures] = await db.select({ n: count() }).from(signInFailure)
    const [tokens] = await db.select({ n: count() }).from(verification)
    const [limits] = await db.select({ n: count() }).from(rateLimit)
    return { users: users?.n, failures: failures?.n, tokens: tokens?.n, limits: limits?.n }
  }

  describe('refuse an e-mail with a NUL in it with 400, storing nothing', () => {
    const nulEmail = 'a\u0000@b.com'
    const cases: [string, () => Promise<unknown>][] = [
      ['sign-in', () => t.services.auth.api.signInEmail({ body: { email: nulEmail, password: GOOD_PASSWORD }, headers: fromClient() })],
      [
        'sign-up',
        () =>
          t.services.auth.api.signUpEmail({
            body: { name: 'Nul', email: nulEmail, password: GOOD_PASSWORD, termsVersion: siteConfig.termsVersion },
            headers: fromClient(),
          }),
      ],
      [
        'password reset request',
        () => t.services.auth.api.requestPasswordReset({ body: { email: nulEmail, redirectTo: '/reset-password' }, headers: fromClient() }),
      ],
      ['new confirmation link', () => t.services.auth.api.sendVerificationEmail({ body: { email: nulEmail }, headers: fromClient() })],
    ]

    it.each(cases)('%s', async (_, call) => {
      await t.services.jobs.runUntilIdle()
      const before = await storedCounts()
      const refused = await refusal(call())
      expect(refused).toMatchObject({ status: 400, code: 'INVALID_EMAIL', message: messages.emailInvalid })
      expect(await storedCounts()).toEqual(before)
      expect(await t.services.jobs.runUntilIdle()).toBe(0)
    })
  })

  it('refuses a reset token with a NUL in it as an invalid link, on the page and in-process', async () => {
    const page = await callRoute(t, resetLoader, pageRequest('/reset-password?token=abc%00def'))
    expect(page.data).toEqual({ token: null })
    const posted = await callRoute(
      t,
      resetAction,
      postForm('/reset-password', { token: 'abc\u0000def', newPassword: 'lanterns over the bay' }),
    )
    expect(posted).toMatchObject({ status: 400, data: { isTokenInvalid: true } })
    expect(
      await refusal(
        t.services.auth.api.resetPassword({ body: { token: 'abc\u0000def', newPassword: 'lanterns over the bay' }, headers: fromClient() }),
      ),
    ).toMatchObject({ status: 400, code: 'INVALID_TOKEN' })
  })

  it('refuses a sign-up whose name has control characters or fields the form does not have', async () => {
    const body = { email: 'nul.name@example.com', password: GOOD_PASSWORD, termsVersion: siteConfig.termsVersion }
    const before = await storedCounts()
    expect(
      await refusal(t.services.auth.api.signUpEmail({ body: { ...body, name: 'Nul\u0000Name' }, headers: fromClient() })),
    ).toMatchObject({
      status: 400,
      message: 'Display name cannot contain control characters.',
    })
    expect(
      await refusal(
        t.services.auth.api.signUpEmail({ body: { ...body, name: 'Ima Ge', image: 'javascript:alert(1)' }, headers: fromClient() }),
      ),
    ).toMatchObject({ status: 400, message: expect.stringContaining('image') })
    expect((await storedCounts()).users).toBe(before.users)
  })

  describe('update-user', () => {
    async function signedIn() {
      const account = await createVerifiedAccount(t, { name: 'Pat Profile' })
      const cookie = await signedInCookie(t, account)
      const nameOf = async () =>
        (await t.services.database.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.email, account.email)))[0]
      return { cookie, nameOf }
    }

    it('refuses a name the profile form refuses, with the form’s message', async () => {
      const { cookie, nameOf } = await signedIn()
      const longName = 'x'.repeat(100_000)
      const inProcess = await refusal(
        t.services.auth.api.updateUser({ headers: new Headers({ Cookie: cookie }), body: { name: longName } }),
      )
      expect(inProcess).toMatchObject({ status: 400, code: 'INVALID_NAME', message: 'Display name must be 100 characters or fewer.' })

      const page = await callRoute(
        t,
        profileAction,
        formRequest(
          '/userprofile',
          { intent: 'save-profile', name: longName, role: '', bio: '', phone: '' },
          { headers: { Cookie: cookie } },
        ),
      )
      expect(page.status).toBe(400)
      expect(page.data).toMatchObject({ fieldErrors: { name: [inProcess.message] } })

      for (const name of ['   ', 'Tab\tName', 'Nul\u0000Name']) {
        expect(await refusal(t.services.auth.api.updateUser({ headers: new Headers({ Cookie: cookie }), body: { name } }))).toMatchObject({
          status: 400,
          code: 'INVALID_NAME',
        })
      }
      expect(await nameOf()).toEqual({ name: 'Pat Profile', image: null })
    })

    it('refuses every field but the name', async () => {
      const { cookie, nameOf } = await signedIn()
      for (const body of [
        { image: 'javascript:alert(1)' },
        { name: 'Pat Again', image: 'https://evil.example/a.png' },
        { email: 'someone.else@example.com' },
        { termsVersion: 'none' },
        { name: 'Pat Again', emailVerified: true },
      ]) {
        const refused = await refusal(t.services.auth.api.updateUser({ headers: new Headers({ Cookie: cookie }), body }))
        expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, code: 'FIELD_NOT_ALLOWED' })
        expect(refused.message).toMatch(/^Only the display name can be changed/)
      }
      expect(await nameOf()).toEqual({ name: 'Pat Profile', image: null })
    })

    it('saves a good name as the profile form does, trimmed', async () => {
      const { cookie, nameOf } = await signedIn()
      await t.services.auth.api.updateUser({ headers: new Headers({ Cookie: cookie }), body: { name: '  Pat Renamed ' } })
      expect(await nameOf()).toEqual({ name: 'Pat Renamed', image: null })
    })
  })
})
