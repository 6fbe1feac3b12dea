import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as registerAction, loader as registerLoader } from '#app/routes/register.tsx'
import { loader as loginLoader } from '#app/routes/login.tsx'
import { siteConfig } from '#common/site-config.ts'
import { messages } from '#common/accounts/auth-schemas.ts'
import { EMAIL_TAKEN_MESSAGE } from '#server/accounts/auth.server.ts'
import { COMMON_PASSWORD_MESSAGE } from '#server/accounts/password-policy.server.ts'
import { findProfileByEmail } from '#server/accounts/profile.server.ts'
import { getCurrentSession } from '#server/accounts/session.server.ts'
import { user } from '#server/db/schema.ts'
import { linkIn } from '#tests/support/mail-catcher.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import {
  GOOD_PASSWORD,
  callRoute,
  cookieFrom,
  countAccounts,
  createVerifiedAccount,
  pageRequest,
  postForm,
  setCookieNamed,
  toastOf,
  uniqueEmail,
} from './accounts-helpers.ts'

describe('signing up', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  const signUpFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
    name: 'Ada Renter',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    termsVersion: siteConfig.termsVersion,
    ...overrides,
  })

  it('keeps the role chosen on the form: renter, landlord or both; none when the form did not say', async () => {
    for (const role of ['renter', 'landlord', 'both'] as const) {
      const email = uniqueEmail(`role-${role}`)
      const result = await callRoute(t, registerAction, postForm('/register', signUpFields({ email, role })))
      expect(result.status).toBe(200)
      expect(await findProfileByEmail(t.services.database.db, email)).toMatchObject({ role })
    }
    const none = uniqueEmail('role-none')
    await callRoute(t, registerAction, postForm('/register', signUpFields({ email: none })))
    expect(await findProfileByEmail(t.services.database.db, none)).toMatchObject({ role: '' })
  })

  it('refuses a role that is not offered, with its field named, and makes no account', async () => {
    const email = uniqueEmail('role-bad')
    const result = await callRoute(t, registerAction, postForm('/register', signUpFields({ email, role: 'administrator' })))
    expect(result.status).toBe(400)
    expect(result.data).toMatchObject({ fieldErrors: { role: ['Choose Renter, Landlord or Both.'] }, values: { role: 'administrator' } })
    expect(await findProfileByEmail(t.services.database.db, email)).toBeUndefined()
  })

  it('creates the account and its profile keyed by the lower-cased e-mail, and says to check the mail', async () => {
    const email = uniqueEmail('Ada.Mixed').replace('example.com', 'Example.COM')
    const result = await callRoute(t, registerAction, postForm('/register', signUpFields({ email })))

    expect(result.status).toBe(200)
    expect(result.data).toEqual({ step: 'sent', email: email.toLowerCase(), resent: false })
    const stored = await findProfileByEmail(t.services.database.db, email.toLowerCase())
    expect(stored).toMatchObject({ email: email.toLowerCase(), role: '', setList: false, isAdministrator: false })
    const [row] = await t.services.database.db.select().from(user).where(eq(user.email, email.toLowerCase()))
    expect(row).toMatchObject({ name: 'Ada Renter', termsVersion: siteConfig.termsVersion, emailVerified: false })
    const mail = await t.mail.waitFor(email.toLowerCase(), { subject: /Confirm/ })
    expect(mail.text).toContain('Ada Renter')
  })

  it('refuses an address that is taken in another letter case, through the page and through /api/auth', async () => {
    const email = uniqueEmail('taken')
    await callRoute(t, registerAction, postForm('/register', signUpFields({ email })))
    const before = await countAccounts(t)

    const page = await callRoute(t, registerAction, postForm('/register', signUpFields({ email: email.toUpperCase() })))
    expect(page.status).toBe(400)
    expect(page.data).toMatchObject({
      step: 'form',
      values: { name: 'Ada Renter', email: email.toUpperCase(), termsAccepted: true },
      fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] },
    })

    const api = await t.app.request(
      jsonRequest('/api/auth/sign-up/email', {
        name: 'Someone Else',
        email: email.replace('taken', 'TAKEN'),
        password: GOOD_PASSWORD,
        termsVersion: siteConfig.termsVersion,
      }),
    )
    expect(api.status).toBe(422)
    expect(await api.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: EMAIL_TAKEN_MESSAGE })

    expect(await countAccounts(t)).toEqual(before)
    const rows = await t.services.database.db.select().from(user).where(eq(user.email, email))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.name).toBe('Ada Renter')
  })

  it.each([
    ['a missing name', { name: '' }, 'name', messages.nameMissing],
    ['a bad e-mail', { email: 'ada.example.com' }, 'email', messages.emailInvalid],
    ['a 7-character password', { password: 'k3#pq9z' }, 'password', messages.passwordTooShort],
    ['a 129-character password', { password: 'q'.repeat(129) }, 'password', messages.passwordTooLong],
    ['a common password', { password: 'password123' }, 'password', COMMON_PASSWORD_MESSAGE],
    ['the terms not accepted', { termsVersion: '' }, 'termsVersion', messages.termsNotAccepted],
  ])('answers %s with 400 and the field error, and writes nothing', async (_, overrides, field, message) => {
    const before = await countAccounts(t)
    const fields = signUpFields(overrides)
    const result = await callRoute(t, registerAction, postForm('/register', fields))

    expect(result.status).toBe(400)
    expect(result.data).toMatchObject({ step: 'form', fieldErrors: { [field]: [message] } })
    const data = result.data as { values: Record<string, unknown>; fieldErrors: Record<string, string[]> }
    expect(Object.keys(data.fieldErrors)).toEqual([field])
    // What was typed comes back, except the password.
    expect(data.values).toEqual({ name: fields.name, email: fields.email, role: '', termsAccepted: fields.termsVersion !== '' })
    expect(JSON.stringify(result.data)).not.toContain(fields.password)
    expect(await countAccounts(t)).toEqual(before)
  })

  it('answers an empty form with every field error at once', async () => {
    const before = await countAccounts(t)
    const result = await callRoute(t, registerAction, postForm('/register', {}))
    expect(result.status).toBe(400)
    expect(result.data).toMatchObject({
      fieldErrors: {
        name: [messages.nameMissing],
        email: [messages.emailMissing],
        password: [messages.passwordMissing],
        termsVersion: [messages.termsNotAccepted],
      },
    })
    expect(await countAccounts(t)).toEqual(before)
  })

  it('refuses the same rules through /api/auth: common passwords and missing terms', async () => {
    const before = await countAccounts(t)
    const common = await t.app.request(
      jsonRequest('/api/auth/sign-up/email', {
        name: 'Ada',
        email: uniqueEmail(),
        password: 'password123',
        termsVersion: siteConfig.termsVersion,
      }),
    )
    expect(common.status).toBe(400)
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' })
    const noTerms = await t.app.request(
      jsonRequest('/api/auth/sign-up/email', { name: 'Ada', email: uniqueEmail(), password: GOOD_PASSWORD }),
    )
    expect(noTerms.status).toBe(400)
    expect(await noTerms.json()).toMatchObject({ code: 'TERMS_NOT_ACCEPTED' })
    expect(await countAccounts(t)).toEqual(before)
  })

  it('holds the name to the profile’s rule and takes no user field the form does not have', async () => {
    const before = await countAccounts(t)
    const page = await callRoute(t, registerAction, postForm('/register', signUpFields({ name: 'Ada\u0000Renter' })))
    expect(page.status).toBe(400)
    expect(page.data).toMatchObject({ fieldErrors: { name: ['Display name cannot contain control characters.'] } })

    const withImage = await t.app.request(jsonRequest('/api/auth/sign-up/email', { ...signUpFields(), image: 'javascript:alert(1)' }))
    expect(withImage.status).toBe(400)
    expect(await withImage.json()).toMatchObject({ code: 'FIELD_NOT_ALLOWED', message: expect.stringContaining('image') })
    const admin = await t.app.request(jsonRequest('/api/auth/sign-up/email', { ...signUpFields(), emailVerified: true }))
    expect(admin.status).toBe(400)
    expect(await countAccounts(t)).toEqual(before)
  })

  it('signs the user in through the mailed link and welcomes them by name on our page', async () => {
    const email = uniqueEmail('verify')
    await callRoute(t, registerAction, postForm('/register', signUpFields({ email, name: 'Vera Verified' })))
    const mail = await t.mail.waitFor(email, { subject: /Confirm/ })
    const link = linkIn(mail, `${TEST_ORIGIN}/api/auth/verify-email`)

    const verified = await t.app.request(link)
    expect(verified.status).toBe(302)
    expect(verified.headers.get('Location')).toBe('/login?verified=1')
    expect(setCookieNamed(verified.headers, 'cooper.session_token')).toMatch(/HttpOnly/i)
    const cookie = cookieFrom(verified.headers)

    const session = await t.services.auth.api.getSession({ headers: new Headers({ Cookie: cookie }) })
    expect(session?.user).toMatchObject({ email, emailVerified: true })

    const landing = await callRoute(t, loginLoader, pageRequest('/login?verified=1', cookie))
    expect(landing.status).toBe(302)
    expect(landing.location).toBe('/')
    expect(await toastOf(landing.headers)).toEqual({
      type: 'success',
      message: 'Your e-mail is confirmed. Welcome to Cooper Home!',
    })
    // The navigation's user (the root loader's session) carries the name.
    const current = await getCurrentSession(t.services, pageRequest('/', cookie))
    expect(current?.user).toMatchObject({ email, displayName: 'Vera Verified' })
    // The link signed them in: their session says so.
    expect(current?.signInMethod).toBe('e-mail verification link')
  })

  it('takes a signed-up user back to where they started once the link is opened', async () => {
    const email = uniqueEmail('deep')
    await callRoute(t, registerAction, postForm('/register', { ...signUpFields({ email }), redirectTo: '/userprofile' }))
    const link = linkIn(await t.mail.waitFor(email, { subject: /Confirm/ }), `${TEST_ORIGIN}/api/auth/verify-email`)
    const verified = await t.app.request(link)
    const location = verified.headers.get('Location') ?? ''
    expect(location).toBe('/login?verified=1&redirectTo=%2Fuserprofile')
    const landing = await callRoute(t, loginLoader, pageRequest(location, cookieFrom(verified.headers)))
    expect(landing.location).toBe('/userprofile')
  })

  it('explains an invalid confirmation link on the login page', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin%3Fverified%3D1`)
    expect(res.status).toBe(302)
    const location = res.headers.get('Location') ?? ''
    expect(location).toContain('/login?verified=1&error=')
    const page = await callRoute(t, loginLoader, pageRequest(location))
    expect(page.data).toMatchObject({ notice: { tone: 'error', title: 'This confirmation link does not work' } })
  })

  it('resends the verification mail from the "check your e-mail" state', async () => {
    const email = uniqueEmail('resend')
    await callRoute(t, registerAction, postForm('/register', signUpFields({ email })))
    const first = await t.mail.waitFor(email, { subject: /Confirm/ })

    const result = await callRoute(t, registerAction, postForm('/register', { intent: 'resend', email }))
    expect(result.status).toBe(200)
    expect(result.data).toEqual({ step: 'sent', email, resent: true })
    const sent = t.mail.messages.filter((m) => m.to.includes(email) && /Confirm/.test(m.subject))
    expect(sent).toHaveLength(2)
    expect(linkIn(sent[1]!, `${TEST_ORIGIN}/api/auth/verify-email`)).toContain('callbackURL=%2Flogin%3Fverified%3D1')
    expect(first).toBe(sent[0])
  })

  it('limits how often one client can have verification mails resent', async () => {
    const email = uniqueEmail('flood')
    await callRoute(t, registerAction, postForm('/register', signUpFields({ email })))
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const result = await callRoute(t, registerAction, postForm('/register', { intent: 'resend', email }, { ip: '192.0.2.44' }))
      statuses.push(result.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('sends signed-in visitors of /register to the home page', async () => {
    const account = await createVerifiedAccount(t)
    const signIn = await t.services.auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      headers: new Headers(),
      returnHeaders: true,
    })
    const result = await callRoute(t, registerLoader, pageRequest('/register', cookieFrom(signIn.headers)))
    expect(result.status).toBe(302)
    expect(result.location).toBe('/')
  })

  it('shows the sign-up form to visitors, without single sign-on when none is configured', async () => {
    const result = await callRoute(t, registerLoader, pageRequest('/register?redirectTo=//evil.example'))
    // No terms are published in this database: the box accepts the first terms' label.
    expect(result.data).toEqual({ redirectTo: '/', oidcName: null, termsLabel: siteConfig.termsVersion })
  })
})
