// Passkeys as a person meets them: one added on the profile through /api/auth (a software authenticator
// answers as the browser's would), signing in with it (no second step, the session says "passkey"),
// renaming and removing only one's own, and the e-mail each addition and removal sends.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as loginAction } from '#app/routes/login.tsx'
import { action as profileAction, loader as profileLoader } from '#app/routes/userprofile.tsx'
import { NOT_YOUR_PASSKEY_MESSAGE } from '#server/accounts/passkeys.server.ts'
import { passkey, session, user } from '#server/db/schema.ts'
import { createSoftwareAuthenticator } from '#tests/support/software-authenticator.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { totpCode } from '#tests/support/totp.ts'
import { callRoute, cookieFrom, createVerifiedAccount, pageRequest, postForm, toastOf } from './accounts-helpers.ts'

type Account = { name: string; email: string; password: string }
type PasskeyRow = { id: string; name: string; synced: boolean; backedUp: boolean; createdAtIso: string | null }

let ipCounter = 0
const freshIp = () => `203.0.113.${100 + (ipCounter += 1)}`

describe('passkeys', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })
  const db = () => t.services.database.db
  let ip = ''
  beforeEach(() => {
    ip = freshIp()
  })

  async function signedIn(account: Account) {
    const result = await callRoute(t, loginAction, postForm('/login', { email: account.email, password: account.password }, { ip }))
    expect(result.location).toBe('/')
    return cookieFrom(result.headers)
  }

  const api = (path: string, init: { cookie?: string; body?: unknown } = {}) => {
    const headers = { ...(init.cookie ? { Cookie: init.cookie } : {}), 'X-Forwarded-For': ip }
    const request =
      init.body === undefined
        ? new Request(`${TEST_ORIGIN}/api/auth${path}`, { headers })
        : jsonRequest(`/api/auth${path}`, init.body, { headers })
    return t.app.request(request)
  }

  /** Adds a passkey as the browser does: options, the authenticator's answer, verification. */
  async function addPasskey(cookie: string, name: string) {
    const authenticator = createSoftwareAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' })
    const options = await api(`/passkey/generate-register-options?${new URLSearchParams({ name })}`, { cookie })
    expect(options.status).toBe(200)
    const withChallenge = cookieFrom(options.headers, cookie)
    const verified = await api('/passkey/verify-registration', {
      cookie: withChallenge,
      body: { response: authenticator.register((await options.json()) as never), name },
    })
    return { authenticator, verified }
  }

  async function signInWithPasskey(authenticator: ReturnType<typeof createSoftwareAuthenticator>) {
    const options = await api('/passkey/generate-authenticate-options')
    expect(options.status).toBe(200)
    return api('/passkey/verify-authentication', {
      cookie: cookieFrom(options.headers),
      body: { response: authenticator.authenticate((await options.json()) as never) },
    })
  }

  async function passkeysOn(cookie: string): Promise<PasskeyRow[]> {
    const result = await callRoute(t, profileLoader, pageRequest('/userprofile', cookie))
    expect(result.status).toBe(200)
    return (result.data as { passkeys: PasskeyRow[] }).passkeys
  }

  const submit = (cookie: string, fields: Record<string, string>) =>
    callRoute(t, profileAction, postForm('/userprofile', fields, { cookie, ip }))

  it('is added on the profile, listed with its name, mailed about, and signs in with the method "passkey" and no second step', async () => {
    const account = await createVerifiedAccount(t, { name: 'Pia Passkey' })
    const cookie = await signedIn(account)
    expect(await passkeysOn(cookie)).toEqual([])

    const since = Date.now()
    const { authenticator, verified } = await addPasskey(cookie, 'Work laptop')
    expect(verified.status).toBe(200)
    const [listed] = await passkeysOn(cookie)
    expect(listed).toMatchObject({ name: 'Work laptop', synced: false, backedUp: false })
    expect(listed?.createdAtIso).toMatch(/^\d{4}-/)

    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(account.email, { subject: /A passkey was added/, since })
    expect(mail.text).toContain('/userprofile#passkeys')

    // Two-factor sign-in on: a passkey is two factors in one, so it signs in straight away.
    await submit(cookie, { intent: 'two-factor-start', password: account.password })
    const [secretRow] = await db().select({ id: user.id }).from(user).where(eq(user.email, account.email))
    const setup = (
      (await callRoute(t, profileLoader, pageRequest('/userprofile', cookie))).data as { twoFactor: { setup: { secret: string } } }
    ).twoFactor.setup
    expect((await submit(cookie, { intent: 'two-factor-confirm', code: totpCode(setup.secret) })).status).toBe(302)

    const signIn = await signInWithPasskey(authenticator)
    expect(signIn.status).toBe(200)
    const body = (await signIn.json()) as { user: { email: string }; session: Record<string, unknown> }
    expect(body.user.email).toBe(account.email)
    expect(body.session).not.toHaveProperty('token')
    const passkeyCookie = cookieFrom(signIn.headers)
    expect(passkeyCookie).toMatch(/cooper\.session_token=/)
    const rows = await db().select({ method: session.signInMethod }).from(session).where(eq(session.userId, secretRow!.id))
    expect(rows.map((row) => row.method)).toContain('passkey')
    // The new session is a signed-in one: the profile opens.
    expect(await passkeysOn(passkeyCookie)).toHaveLength(1)
  })

  it('a wrong or unknown passkey does not sign in', async () => {
    const stranger = createSoftwareAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' })
    const refused = await signInWithPasskey(stranger)
    expect(refused.status).toBe(401)
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('cooper.session_token='))).toBe(false)
  })

  it('renames and removes only the person’s own passkeys: another’s id is refused and changes nothing', async () => {
    const owner = await createVerifiedAccount(t, { name: 'Olu Owner' })
    const other = await createVerifiedAccount(t, { name: 'Oz Other' })
    const ownerCookie = await signedIn(owner)
    const otherCookie = await signedIn(other)
    expect((await addPasskey(ownerCookie, 'Phone')).verified.status).toBe(200)
    const [ownerKey] = await passkeysOn(ownerCookie)

    // A name that is empty or too long is refused on the field.
    const empty = await submit(ownerCookie, { intent: 'passkey-rename', passkeyId: ownerKey!.id, name: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.data).toMatchObject({
      intent: 'passkey-rename',
      fieldErrors: { name: [expect.stringMatching(/Give the passkey a name/)] },
    })
    const long = await submit(ownerCookie, { intent: 'passkey-rename', passkeyId: ownerKey!.id, name: 'x'.repeat(61) })
    expect(long.status).toBe(400)

    const renamed = await submit(ownerCookie, { intent: 'passkey-rename', passkeyId: ownerKey!.id, name: 'Old phone' })
    expect(renamed.status).toBe(302)
    expect(await toastOf(renamed.headers)).toMatchObject({ type: 'success', message: 'The passkey is now called “Old phone”.' })
    expect((await passkeysOn(ownerCookie))[0]?.name).toBe('Old phone')

    // The other person cannot rename or remove it, and is told so.
    const renameTheirs = await submit(otherCookie, { intent: 'passkey-rename', passkeyId: ownerKey!.id, name: 'Mine now' })
    expect(renameTheirs.status).toBe(400)
    expect(JSON.stringify(renameTheirs.data)).toContain(NOT_YOUR_PASSKEY_MESSAGE)
    const removeTheirs = await submit(otherCookie, { intent: 'passkey-remove', passkeyId: ownerKey!.id })
    expect(removeTheirs.status).toBe(400)
    expect(removeTheirs.data).toMatchObject({ intent: 'passkey-remove', formError: NOT_YOUR_PASSKEY_MESSAGE })
    const unknown = await submit(otherCookie, { intent: 'passkey-remove', passkeyId: 'no-such-passkey' })
    expect(unknown.status).toBe(400)
    const [still] = await db().select({ name: passkey.name }).from(passkey).where(eq(passkey.id, ownerKey!.id))
    expect(still?.name).toBe('Old phone')

    // The owner removes it, and is mailed.
    const since = Date.now()
    const removed = await submit(ownerCookie, { intent: 'passkey-remove', passkeyId: ownerKey!.id })
    expect(removed.status).toBe(302)
    expect(removed.location).toBe('/userprofile#passkeys')
    expect(await passkeysOn(ownerCookie)).toEqual([])
    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(owner.email, { subject: /A passkey was removed/, since })
    expect(mail.text).toContain('can no longer sign in with it')
  })

  it('refuses a passkey name that is not one line of sixty characters at most, and adds nothing', async () => {
    const account = await createVerifiedAccount(t, { name: 'Nia Name' })
    const cookie = await signedIn(account)
    const { verified } = await addPasskey(cookie, 'a'.repeat(61))
    expect(verified.status).toBe(400)
    expect(await passkeysOn(cookie)).toEqual([])
  })
})
