// Two-factor sign-in as a person meets it: turning it on from the profile (password, QR code and
// secret, a first code), the backup codes shown once, logging in with a code or a backup code, a
// trusted device, the limits on guessing, new codes, turning it off (which signs out every device),
// and the e-mail each change sends.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as loginAction } from '#app/routes/login.tsx'
import { action as secondStepAction, loader as secondStepLoader } from '#app/routes/login-two-factor.tsx'
import { action as profileAction, loader as profileLoader } from '#app/routes/userprofile.tsx'
import { TOTP_CODE_MESSAGE } from '#common/accounts/two-factor-forms.ts'
import { SECOND_STEP_EXPIRED_MESSAGE, WRONG_BACKUP_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '#server/accounts/two-factor.server.ts'
import { session, twoFactor, user } from '#server/db/schema.ts'
import { createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { totpCode, wrongTotpCode } from '#tests/support/totp.ts'
import { callRoute, cookieFrom, createVerifiedAccount, pageRequest, postForm, toastOf } from './accounts-helpers.ts'

type TwoFactorView = {
  enabled: boolean
  setup: { secret: string; uri: string; qrCode: string } | null
  backupCodesLeft: number
  freshBackupCodes: string[] | null
}
type Account = { name: string; email: string; password: string }

/** The browser's cookies without its session (as if it had logged out, keeping the rest). */
const withoutSession = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => !pair.startsWith('cooper.session_'))
    .join('; ')

let ipCounter = 0
/** A fresh client address per test, so one test's budget never spends another's. */
const freshIp = () => `203.0.113.${(ipCounter += 1)}`

describe('two-factor sign-in', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })
  const db = () => t.services.database.db
  // Each test is a client of its own (the budgets are per address).
  let ip = ''
  beforeEach(() => {
    ip = freshIp()
  })
  const form = (pathname: string, fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
    postForm(pathname, fields, { ip, ...options })

  async function logIn(account: Account, options: { ip?: string; cookie?: string } = {}) {
    return callRoute(t, loginAction, form('/login', { email: account.email, password: account.password }, options))
  }

  async function signedIn(account: Account) {
    const result = await logIn(account)
    expect(result.location).toBe('/')
    return cookieFrom(result.headers)
  }

  async function profile(cookie: string): Promise<TwoFactorView> {
    const result = await callRoute(t, profileLoader, pageRequest('/userprofile', cookie))
    expect(result.status, String(result.location)).toBe(200)
    return (result.data as { twoFactor: TwoFactorView }).twoFactor
  }

  const submit = (cookie: string, fields: Record<string, string>, ip?: string) =>
    callRoute(t, profileAction, form('/userprofile', fields, { cookie, ...(ip ? { ip } : {}) }))

  /** Turns it on from the profile as a person does; the new cookie, the secret and the backup codes. */
  async function turnOn(account: Account, cookie: string) {
    const started = await submit(cookie, { intent: 'two-factor-start', password: account.password })
    expect(started.status).toBe(302)
    const { setup } = await profile(cookie)
    expect(setup).not.toBeNull()
    const confirmed = await submit(cookie, { intent: 'two-factor-confirm', code: totpCode(setup!.secret) })
    expect(confirmed.status).toBe(302)
    const newCookie = cookieFrom(confirmed.headers, cookie)
    const shown = await profile(newCookie)
    expect(shown.enabled).toBe(true)
    return { cookie: newCookie, secret: setup!.secret, backupCodes: shown.freshBackupCodes! }
  }

  async function isEnabled(email: string) {
    const [row] = await db().select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.email, email))
    return row?.enabled
  }

  it('turns on with the password, a QR code with the secret beside it, and a first code; the backup codes show once', async () => {
    const account = await createVerifiedAccount(t, { name: 'Tia Totp' })
    const cookie = await signedIn(account)
    expect(await profile(cookie)).toEqual({ enabled: false, setup: null, backupCodesLeft: 0, freshBackupCodes: null })

    // The wrong password changes nothing.
    const wrong = await submit(cookie, { intent: 'two-factor-start', password: 'not my password' })
    expect(wrong.status).toBe(400)
    expect(wrong.data).toMatchObject({ intent: 'two-factor-start', fieldErrors: { password: ['The password is not right.'] } })
    expect(await db().select().from(twoFactor)).toHaveLength(0)

    await submit(cookie, { intent: 'two-factor-start', password: account.password })
    const { setup } = await profile(cookie)
    expect(setup!.uri).toMatch(new RegExp(`^otpauth://totp/Cooper%20Home:${encodeURIComponent(account.email)}\\?secret=${setup!.secret}&`))
    expect(setup!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(setup!.qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg /)

    // A wrong first code: a message, and it is still off.
    for (const code of ['12', wrongTotpCode(setup!.secret)]) {
      const refused = await submit(cookie, { intent: 'two-factor-confirm', code })
      expect(refused.status).toBe(400)
      expect(refused.data).toMatchObject({ fieldErrors: { code: [code === '12' ? TOTP_CODE_MESSAGE : WRONG_CODE_MESSAGE] } })
    }
    expect(await isEnabled(account.email)).toBe(false)

    // Spaces as apps show them ("123 456") are fine.
    const code = totpCode(setup!.secret)
    const confirmed = await submit(cookie, { intent: 'two-factor-confirm', code: `${code.slice(0, 3)} ${code.slice(3)}` })
    expect(confirmed.status).toBe(302)
    expect(await toastOf(confirmed.headers)).toMatchObject({ type: 'success', message: expect.stringMatching(/^Two-factor sign-in is on/) })
    const newCookie = cookieFrom(confirmed.headers, cookie)
    const first = await profile(newCookie)
    expect(first.enabled).toBe(true)
    expect(first.freshBackupCodes).toHaveLength(10)
    for (const backup of first.freshBackupCodes!) expect(backup).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    // Shown once: the next view has only the count.
    expect(await profile(newCookie)).toEqual({ enabled: true, setup: null, backupCodesLeft: 10, freshBackupCodes: null })

    // Stored encrypted: neither the secret nor a code is in the row as it is.
    const [row] = await db().select().from(twoFactor)
    expect(JSON.stringify(row)).not.toContain(first.freshBackupCodes![0])
    expect(row!.secret).not.toContain(setup!.secret)

    // The session made by confirming keeps how it was signed in.
    const sessions = await db().select({ method: session.signInMethod }).from(session).innerJoin(user, eq(user.id, session.userId))
    expect(sessions.every((s) => s.method === 'password')).toBe(true)

    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(account.email, { subject: /Two-factor sign-in is on/ })
    expect(mail.text).toContain('two-factor sign-in was turned on')
  })

  it('asks for the code after the right password; a wrong code is refused, the right one signs in with the method recorded', async () => {
    const account = await createVerifiedAccount(t)
    const { secret } = await turnOn(account, await signedIn(account))

    const first = await logIn(account)
    expect(first.status).toBe(302)
    expect(first.location).toBe('/login/two-factor')
    // No session yet: only the second step's cookie.
    const stepCookie = cookieFrom(first.headers)
    expect(stepCookie).toMatch(/cooper\.two_factor=/)
    expect(stepCookie).not.toMatch(/session_token=/)
    expect((await callRoute(t, secondStepLoader, pageRequest('/login/two-factor', stepCookie))).status).toBe(200)

    const wrong = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'totp', code: wrongTotpCode(secret) }, { cookie: stepCookie }),
    )
    expect(wrong.status).toBe(400)
    expect(wrong.data).toMatchObject({ method: 'totp', fieldErrors: { code: [WRONG_CODE_MESSAGE] } })

    const right = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'totp', code: totpCode(secret) }, { cookie: stepCookie }),
    )
    expect(right.status).toBe(302)
    expect(right.location).toBe('/')
    const cookie = cookieFrom(right.headers, stepCookie)
    const found = await t.services.auth.api.getSession({ headers: new Headers({ Cookie: cookie }) })
    expect(found?.user.email).toBe(account.email)
    expect((found?.session as { signInMethod?: string }).signInMethod).toBe('password+totp')

    // The browser's step cookie is gone; replayed, the used step sends back to /login, saying why.
    expect(cookie).not.toMatch(/two_factor=/)
    const replayed = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'totp', code: totpCode(secret) }, { cookie: stepCookie }),
    )
    expect(replayed.status).toBe(302)
    expect(replayed.location).toBe('/login')
    expect(await toastOf(replayed.headers)).toEqual({ type: 'info', message: SECOND_STEP_EXPIRED_MESSAGE })
    // Without one, the page itself does too.
    expect((await callRoute(t, secondStepLoader, pageRequest('/login/two-factor'))).location).toBe('/login')
  })

  it('takes a backup code once, and a trusted device skips the second step', async () => {
    const account = await createVerifiedAccount(t)
    const { backupCodes } = await turnOn(account, await signedIn(account))

    const step = cookieFrom((await logIn(account)).headers)
    const used = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'backup-code', code: backupCodes[0]!, trustDevice: 'on' }, { cookie: step }),
    )
    expect(used.status).toBe(302)
    const browser = cookieFrom(used.headers, step)
    expect(browser).toMatch(/cooper\.trust_device=/)
    const found = await t.services.auth.api.getSession({ headers: new Headers({ Cookie: browser }) })
    expect((found?.session as { signInMethod?: string }).signInMethod).toBe('password+backup-code')

    // The trusted browser logs in with the password alone.
    const trusted = await logIn(account, { cookie: withoutSession(browser) })
    expect(trusted.location).toBe('/')
    expect(cookieFrom(trusted.headers)).toMatch(/session_token=/)
    const trustedSession = await t.services.auth.api.getSession({ headers: new Headers({ Cookie: cookieFrom(trusted.headers, browser) }) })
    expect((trustedSession?.session as { signInMethod?: string }).signInMethod).toBe('password+trusted-device')

    // Another browser still gets the second step, and the used code no longer works there.
    const elsewhere = cookieFrom((await logIn(account)).headers)
    const reused = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'backup-code', code: backupCodes[0]! }, { cookie: elsewhere }),
    )
    expect(reused.status).toBe(400)
    expect(reused.data).toMatchObject({ fieldErrors: { code: [WRONG_BACKUP_CODE_MESSAGE] } })
    const other = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'backup-code', code: backupCodes[1]!.replace('-', '') }, { cookie: elsewhere }),
    )
    expect(other.status).toBe(302)
    const cookie = cookieFrom(other.headers, elsewhere)
    expect((await profile(cookie)).backupCodesLeft).toBe(8)
  })

  it('limits code guesses: five per sign-in, and a budget per client address across the page and /api/auth', async () => {
    // The address the HTTP layer gives requests made in-process, so the page and /api/auth share one budget.
    ip = '127.0.0.1'
    const account = await createVerifiedAccount(t)
    const { secret } = await turnOn(account, await signedIn(account))
    const step = cookieFrom((await logIn(account, { ip })).headers)
    const guess = () =>
      callRoute(t, secondStepAction, form('/login/two-factor', { method: 'totp', code: wrongTotpCode(secret) }, { cookie: step, ip }))
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(400)
    const sixth = await guess()
    expect(sixth.status).toBe(429)
    expect(sixth.data).toMatchObject({ formError: 'Too many wrong codes. Wait 15 minutes, then log in again.' })
    // Even the right code does not open that sign-in now.
    const late = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'totp', code: totpCode(secret) }, { cookie: step, ip }),
    )
    expect(late.status).not.toBe(200)
    expect(cookieFrom(late.headers)).not.toMatch(/session_token=/)

    // The address's budget (10 in 15 minutes) is one for the page and /api/auth: 8 spent above, 2 left.
    const answers: Response[] = []
    for (let n = 0; n < 3; n++) answers.push(await t.app.request(jsonRequest('/api/auth/two-factor/verify-totp', { code: '000000' })))
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 429])
    const refusal = (await answers[2]!.json()) as { code: string; message: string }
    expect(refusal.code).toBe('RATE_LIMITED')
    expect(refusal.message).toMatch(/^Too many attempts from your network/)
  })

  it('makes new backup codes with the password only (the old ones stop working) and mails the account', async () => {
    const account = await createVerifiedAccount(t)
    const { cookie, backupCodes } = await turnOn(account, await signedIn(account))
    const refused = await submit(cookie, { intent: 'two-factor-backup-codes', password: 'wrong password' })
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ fieldErrors: { password: ['The password is not right.'] } })
    expect((await profile(cookie)).backupCodesLeft).toBe(10)

    const since = Date.now()
    const made = await submit(cookie, { intent: 'two-factor-backup-codes', password: account.password })
    expect(made.status).toBe(302)
    const fresh = (await profile(cookie)).freshBackupCodes!
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(backupCodes[0])
    expect((await profile(cookie)).freshBackupCodes).toBeNull()

    const step = cookieFrom((await logIn(account)).headers)
    const old = await callRoute(
      t,
      secondStepAction,
      form('/login/two-factor', { method: 'backup-code', code: backupCodes[0]! }, { cookie: step }),
    )
    expect(old.status).toBe(400)

    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(account.email, { subject: /New backup codes/, since })
    expect(mail.text).toContain('no longer work')
  })

  it('turns off with the password only, signs out every device and sends to /login saying why, and mails the account', async () => {
    const account = await createVerifiedAccount(t)
    const { cookie, secret } = await turnOn(account, await signedIn(account))
    // Another device, signed in with both factors.
    const step = cookieFrom((await logIn(account)).headers)
    const other = cookieFrom(
      (await callRoute(t, secondStepAction, form('/login/two-factor', { method: 'totp', code: totpCode(secret) }, { cookie: step })))
        .headers,
      step,
    )
    expect(await t.services.auth.api.getSession({ headers: new Headers({ Cookie: other }) })).not.toBeNull()

    const refused = await submit(cookie, { intent: 'two-factor-off', password: 'wrong password' })
    expect(refused.status).toBe(400)
    expect(await isEnabled(account.email)).toBe(true)

    const since = Date.now()
    const off = await submit(cookie, { intent: 'two-factor-off', password: account.password })
    expect(off.status).toBe(302)
    expect(off.location).toBe('/login?redirectTo=%2Fuserprofile')
    expect(await toastOf(off.headers)).toEqual({
      type: 'info',
      message: 'Two-factor sign-in is off, and every device was signed out. Log in again with your password.',
    })
    expect(await isEnabled(account.email)).toBe(false)
    expect(
      await db().select().from(twoFactor).innerJoin(user, eq(user.id, twoFactor.userId)).where(eq(user.email, account.email)),
    ).toHaveLength(0)
    const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, account.email))
    expect(await db().select().from(session).where(eq(session.userId, owner!.id))).toHaveLength(0)
    for (const browser of [cookie, other, cookieFrom(off.headers, cookie)]) {
      expect(await t.services.auth.api.getSession({ headers: new Headers({ Cookie: browser }) })).toBeNull()
    }

    // The password alone signs in again.
    expect((await logIn(account)).location).toBe('/')
    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(account.email, { subject: /Two-factor sign-in is off/, since })
    expect(mail.text).toContain('every device that was signed in has been signed out')
  })
})
