import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as forgotAction } from '#app/routes/forgot-password.tsx'
import { action as loginAction } from '#app/routes/login.tsx'
import { action as resetAction, loader as resetLoader } from '#app/routes/reset-password.tsx'
import { messages } from '#common/accounts/auth-schemas.ts'
import { COMMON_PASSWORD_MESSAGE } from '#server/accounts/password-policy.server.ts'
import { RESET_LINK_SENT_MESSAGE } from '#server/accounts/password-reset.server.ts'
import { linkIn } from '#tests/support/mail-catcher.ts'
import { verification } from '#server/db/schema.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { callRoute, createVerifiedAccount, pageRequest, postForm, signedInCookie, toastOf, uniqueEmail } from './accounts-helpers.ts'

describe('password reset', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  /** Asks for a reset link and follows it as the browser would, to the page with the token. */
  async function openResetLink(email: string) {
    const since = Date.now()
    await callRoute(t, forgotAction, postForm('/forgot-password', { email }))
    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(email, { subject: /Reset/, since })
    const followed = await t.app.request(linkIn(mail, `${TEST_ORIGIN}/api/auth/reset-password/`))
    expect(followed.status).toBe(302)
    const location = followed.headers.get('Location') ?? ''
    expect(location).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password\\?token=`))
    return location
  }

  it('gives the same neutral answer for known and unknown addresses, mailing only the account', async () => {
    const account = await createVerifiedAccount(t)
    const stranger = uniqueEmail('stranger')
    for (const email of [account.email, stranger]) {
      const result = await callRoute(t, forgotAction, postForm('/forgot-password', { email }))
      expect(result.status).toBe(200)
      expect(result.data).toEqual({ values: { email }, sentMessage: RESET_LINK_SENT_MESSAGE })
    }
    await t.services.jobs.runUntilIdle()
    await t.mail.waitFor(account.email, { subject: /Reset/ })
    expect(t.mail.messages.some((m) => m.to.includes(stranger))).toBe(false)
  })

  it('asks for a valid address', async () => {
    const result = await callRoute(t, forgotAction, postForm('/forgot-password', { email: 'nope' }))
    expect(result.status).toBe(400)
    expect(result.data).toEqual({ ok: false, values: { email: 'nope' }, fieldErrors: { email: [messages.emailInvalid] } })
  })

  it('changes the password through the mailed link: the old one fails, the new one works', async () => {
    const account = await createVerifiedAccount(t, { name: 'Rae Reset' })
    const oldSession = await signedInCookie(t, account)
    const location = await openResetLink(account.email)

    const page = await callRoute(t, resetLoader, pageRequest(location))
    const token = new URL(location).searchParams.get('token')
    expect(page.data).toEqual({ token })

    const newPassword = 'lanterns over the bay'
    const reset = await callRoute(t, resetAction, postForm('/reset-password', { token: token!, newPassword }))
    expect(reset.status).toBe(302)
    expect(reset.location).toBe('/login')
    expect(await toastOf(reset.headers)).toEqual({
      type: 'success',
      message: 'Your password was changed. Log in with the new password.',
    })

    const withOld = await callRoute(t, loginAction, postForm('/login', account))
    expect(withOld.status).toBe(400)
    const withNew = await callRoute(t, loginAction, postForm('/login', { email: account.email, password: newPassword }))
    expect(withNew.status).toBe(302)
    // Sessions from before the reset end with it.
    expect(await t.services.auth.api.getSession({ headers: new Headers({ Cookie: oldSession }) })).toBeNull()

    // A link works once.
    const again = await callRoute(t, resetAction, postForm('/reset-password', { token: token!, newPassword: 'another fine evening' }))
    expect(again.status).toBe(400)
    expect(again.data).toEqual({ isTokenInvalid: true })
  })

  it('refuses a common new password and keeps the old one', async () => {
    const account = await createVerifiedAccount(t)
    const token = new URL(await openResetLink(account.email)).searchParams.get('token')!
    const result = await callRoute(t, resetAction, postForm('/reset-password', { token, newPassword: 'password123' }))
    expect(result.status).toBe(400)
    expect(result.data).toMatchObject({ ok: false, fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] } })
    expect((await callRoute(t, loginAction, postForm('/login', account))).status).toBe(302)
    // The link still works for a better choice.
    const retry = await callRoute(t, resetAction, postForm('/reset-password', { token, newPassword: 'k3#pq9z' }))
    expect(retry.data).toEqual({ ok: false, fieldErrors: { newPassword: [messages.passwordTooShort] } })
  })

  it('explains an invalid or expired link and changes nothing', async () => {
    const fromBetterAuth = await t.app.request(`${TEST_ORIGIN}/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password`)
    const location = fromBetterAuth.headers.get('Location') ?? ''
    expect(location).toBe(`${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`)
    expect((await callRoute(t, resetLoader, pageRequest(location))).data).toEqual({ token: null })
    expect((await callRoute(t, resetLoader, pageRequest('/reset-password?token=made-up'))).data).toEqual({ token: null })

    const posted = await callRoute(t, resetAction, postForm('/reset-password', { token: 'made-up', newPassword: 'lanterns over the bay' }))
    expect(posted.status).toBe(400)
    expect(posted.data).toEqual({ isTokenInvalid: true })
  })

  it('lets a user locked out by failed sign-ins back in with the new password', async () => {
    const account = await createVerifiedAccount(t)
    const ip = '203.0.113.90'
    for (let i = 0; i < 5; i++) {
      await callRoute(t, loginAction, postForm('/login', { email: account.email, password: `guess ${i}` }, { ip }))
    }
    expect((await callRoute(t, loginAction, postForm('/login', account, { ip }))).status).toBe(429)

    const token = new URL(await openResetLink(account.email)).searchParams.get('token')!
    await callRoute(t, resetAction, postForm('/reset-password', { token, newPassword: 'lanterns over the bay' }))
    const result = await callRoute(t, loginAction, postForm('/login', { email: account.email, password: 'lanterns over the bay' }, { ip }))
    expect(result.status).toBe(302)
  })

  it('limits how many reset links one client can ask for', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const result = await callRoute(t, forgotAction, postForm('/forgot-password', { email: uniqueEmail() }, { ip: '198.51.100.77' }))
      statuses.push(result.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const other = await callRoute(t, forgotAction, postForm('/forgot-password', { email: uniqueEmail() }, { ip: '198.51.100.78' }))
    expect(other.status).toBe(200)
  })

  // Every kept token: a reset token's identifier is stored as its hash, without the `reset-password:` prefix.
  const resetTokens = async () => {
    const [row] = await t.services.database.db.select({ n: count() }).from(verification)
    return row?.n ?? 0
  }

  it('answers the API alike for known and unknown addresses and leaves the token and the mail to a job', async () => {
    const account = await createVerifiedAccount(t)
    const stranger = uniqueEmail('stranger')
    const tokensBefore = await resetTokens()
    const answers = []
    for (const email of [account.email, stranger]) {
      const response = await t.app.request(jsonRequest('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }))
      answers.push({ status: response.status, body: await response.json() })
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: { status: true, message: 'If this email exists in our system, check your email for the reset link' },
    })
    expect(answers[1]).toEqual(answers[0])
    // Nothing about the account was looked at or written while the client waited.
    expect(await resetTokens()).toBe(tokensBefore)
    expect(t.mail.messages.some((m) => m.to.includes(account.email) && /Reset/.test(m.subject))).toBe(false)

    await t.services.jobs.runUntilIdle()
    expect(await resetTokens()).toBe(tokensBefore + 1)
    await t.mail.waitFor(account.email, { subject: /Reset/ })
    expect(t.mail.messages.some((m) => m.to.includes(stranger))).toBe(false)
  })

  it('refuses a reset link that would lead to another site', async () => {
    const account = await createVerifiedAccount(t)
    const response = await t.app.request(
      jsonRequest('/api/auth/request-password-reset', { email: account.email, redirectTo: 'https://evil.example/reset' }),
    )
    expect(response.status).toBe(403)
    expect(await t.services.jobs.runUntilIdle()).toBe(0)
  })

  it('sends one client at most 3 links an hour for one address, and a stranger spending theirs leaves the owner theirs', async () => {
    const account = await createVerifiedAccount(t)
    const ask = (email: string, ip: string) => callRoute(t, forgotAction, postForm('/forgot-password', { email }, { ip }))
    // A stranger asks for the owner's address (another stranger for a made-up one) until refused…
    const refusals = []
    for (const [email, ip] of [
      [account.email, '198.51.100.120'],
      [uniqueEmail('stranger'), '198.51.100.121'],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await ask(email, ip)).status).toBe(200)
      const refused = await ask(email.toUpperCase(), ip)
      expect(refused.status).toBe(429)
      refusals.push((refused.data as { formError: string }).formError)
    }
    expect(refusals[0]).toMatch(/^A link to reset the password was asked for this address 3 times in the last hour/)
    expect(refusals[1]).toBe(refusals[0])
    // …and the owner, from their own network, still gets their link.
    expect((await ask(account.email, '203.0.113.9')).status).toBe(200)
    await t.services.jobs.runUntilIdle()
    expect(t.mail.messages.filter((m) => m.to.includes(account.email) && /Reset/.test(m.subject))).toHaveLength(4)
  })

  it('keeps a mailed reset token only as its hash: the database holds nothing that resets the password', async () => {
    const account = await createVerifiedAccount(t)
    const since = Date.now()
    await callRoute(t, forgotAction, postForm('/forgot-password', { email: account.email }, { ip: '198.51.100.140' }))
    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(account.email, { subject: /Reset/, since })
    const followed = await t.app.request(linkIn(mail, `${TEST_ORIGIN}/api/auth/reset-password/`))
    const token = new URL(followed.headers.get('Location') ?? '').searchParams.get('token')!
    expect(token.length).toBeGreaterThan(10)
    const rows = await t.services.database.db.select().from(verification)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.identifier).not.toContain(token)
      expect(row.value).not.toContain(token)
    }
    // The link still works.
    const reset = await callRoute(
      t,
      resetAction,
      postForm('/reset-password', { token, newPassword: 'a new harbour at dusk' }, { ip: '198.51.100.140' }),
    )
    expect(reset.status).toBe(302)
    expect(reset.location).toBe('/login')
  })
})
