// /userprofile end to end on the server side: the route's loader and action with a real signed-in
// user, real better-auth sessions, real image processing and files served by the HTTP app.
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action, loader } from '#app/routes/userprofile.tsx'
import { findProfileByEmail } from '#server/accounts/profile.server.ts'
import { getCurrentSession } from '#server/accounts/session.server.ts'
import { account, list, profile, session, user } from '#server/db/schema.ts'
import { readToast } from '#server/http/flash.server.ts'
import { TEST_ORIGIN, createTestServices, formRequest, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { signIn, signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'
import { cookieFrom } from './accounts-helpers.ts'

type LoaderArgs = Parameters<typeof loader>[0]
type ActionArgs = Parameters<typeof action>[0]
type Failure = { intent: string; fieldErrors: Record<string, string[] | undefined>; formError?: string }

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

describe('/userprofile', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  const db = () => t.services.database.db

  function page(cookie?: string) {
    return new Request(`${TEST_ORIGIN}/userprofile`, { headers: cookie ? { Cookie: cookie } : {} })
  }

  async function load(cookie?: string) {
    return loader({ request: page(cookie), context: t.context(), params: {} } as unknown as LoaderArgs)
  }

  async function submit(cookie: string, fields: Record<string, string>) {
    const request = formRequest('/userprofile', fields, { headers: { Cookie: cookie } })
    return action({ request, context: t.context(), params: {} } as unknown as ActionArgs)
  }

  async function upload(cookie: string, file: File) {
    const form = new FormData()
    form.set('intent', 'upload-photo')
    form.set('photo', file)
    // Encoded up front so the request declares its Content-Length, as a browser's does.
    const encoded = new Response(form)
    const body = new Uint8Array(await encoded.arrayBuffer())
    const request = new Request(`${TEST_ORIGIN}/userprofile`, {
      method: 'POST',
      body,
      headers: {
        Cookie: cookie,
        Origin: TEST_ORIGIN,
        'Content-Type': encoded.headers.get('Content-Type')!,
        'Content-Length': String(body.byteLength),
      },
    })
    return action({ request, context: t.context(), params: {} } as unknown as ActionArgs)
  }

  /** The action's answer: a redirect (success) or a 400 with the refusal. */
  function asRedirect(result: unknown) {
    expect(result, JSON.stringify(result)).toBeInstanceOf(Response)
    const response = result as Response
    expect(response.status).toBe(302)
    return response
  }

  function asRefusal(result: unknown, status = 400): Failure {
    expect(result).not.toBeInstanceOf(Response)
    const answer = result as { data: Failure; init: ResponseInit | null }
    expect(answer.init?.status).toBe(status)
    return answer.data
  }

  async function toastOf(response: Response) {
    const cookies = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const { toast } = await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookies } }))
    return toast
  }

  async function photoURLOf(u: TestUser) {
    return (await findProfileByEmail(db(), u.email))?.photoURL ?? null
  }

  function fileOf(url: string) {
    return path.join(t.dataDir, url)
  }

  async function png(width = 600, height = 400) {
    return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer()
  }

  it('sends a visitor to log in and come back', async () => {
    const thrown = await load().then(
      () => null,
      (error: unknown) => error,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fuserprofile')

    const posted = await action({
      request: formRequest('/userprofile', { intent: 'save-profile', name: 'X', role: 'renter', bio: '', phone: '' }),
      context: t.context(),
      params: {},
    } as unknown as ActionArgs).then(
      () => null,
      (error: unknown) => error,
    )
    expect((posted as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fuserprofile')
  })

  it('shows the e-mail, that it is verified, and this device among the sessions', async () => {
    const u = await signUpVerifiedUser(t, { name: 'Quinn Avery' })
    const { account: shown, sessions } = await load(u.cookie)
    expect(shown).toMatchObject({ name: 'Quinn Avery', email: u.email, emailVerified: true, hasPassword: true, role: '' })
    expect(sessions).toHaveLength(1)
    expect(sessions[0]).toMatchObject({ isCurrent: true, ipAddress: '127.0.0.1' })
  })

  it('saves name, role, bio and phone, and the session shows them at once', async () => {
    const u = await signUpVerifiedUser(t, { name: 'Sam Before' })
    const result = await submit(u.cookie, {
      intent: 'save-profile',
      name: '  Samira Landlord ',
      role: 'landlord',
      bio: 'I let two flats\r\nin Wilmington.',
      phone: '+1 (302) 555-0199',
    })
    const response = asRedirect(result)
    expect(response.headers.get('Location')).toBe('/userprofile')
    expect(await toastOf(response)).toEqual({ type: 'success', message: 'Your profile is saved.' })

    const stored = await findProfileByEmail(db(), u.email)
    expect(stored).toMatchObject({ role: 'landlord', bio: 'I let two flats\nin Wilmington.', phone: '+1 (302) 555-0199' })
    const current = await getCurrentSession(t.services, page(u.cookie))
    expect(current?.user).toMatchObject({ displayName: 'Samira Landlord', role: 'landlord', email: u.email })

    // Role, bio and phone are optional: a new user can save just a name before choosing a role.
    const newcomer = await signUpVerifiedUser(t, { name: 'New Comer' })
    asRedirect(await submit(newcomer.cookie, { intent: 'save-profile', name: 'Newcomer Renamed', bio: '', phone: '' }))
    expect(await findProfileByEmail(db(), newcomer.email)).toMatchObject({ role: '', bio: '', phone: '' })
    expect((await getCurrentSession(t.services, page(newcomer.cookie)))?.user.displayName).toBe('Newcomer Renamed')

    // An empty phone is allowed: it is optional.
    asRedirect(await submit(u.cookie, { intent: 'save-profile', name: 'Samira Landlord', role: 'renter', bio: '', phone: '' }))
    expect(await findProfileByEmail(db(), u.email)).toMatchObject({ role: 'renter', bio: '', phone: '' })
  })

  it('refuses bad input field by field, keeps the values and changes nothing', async () => {
    const u = await signUpVerifiedUser(t, { name: 'Kept Name' })
    asRedirect(await submit(u.cookie, { intent: 'save-profile', name: 'Kept Name', role: 'renter', bio: 'Kept bio', phone: '' }))
    const before = await findProfileByEmail(db(), u.email)

    const failure = asRefusal(
      await submit(u.cookie, { intent: 'save-profile', name: '   ', role: 'admin', bio: 'x'.repeat(501), phone: 'call me' }),
    )
    expect(failure.intent).toBe('save-profile')
    expect(failure.fieldErrors.name).toEqual(['Enter your display name.'])
    expect(failure.fieldErrors.role).toEqual(['Choose Renter, Landlord or Both.'])
    expect(failure.fieldErrors.bio).toEqual(['Bio must be 500 characters or fewer.'])
    expect(failure.fieldErrors.phone?.[0]).toMatch(/phone number/)
    expect((failure as Failure & { values: Record<string, string> }).values).toMatchObject({ role: 'admin', phone: 'call me' })

    const tooLongPhone = asRefusal(
      await submit(u.cookie, { intent: 'save-profile', name: 'New Name', role: 'landlord', bio: '', phone: '1'.repeat(31) }),
    )
    expect(tooLongPhone.fieldErrors).toEqual({ phone: ['Phone must be 30 characters or fewer.'] })
    // PostgreSQL cannot store a NUL character: the form says so instead of failing.
    const nul = asRefusal(
      await submit(u.cookie, { intent: 'save-profile', name: 'New Name', role: 'landlord', bio: 'Hi\u0000', phone: '' }),
    )
    expect(nul.fieldErrors).toEqual({ bio: ['Bio cannot contain the NUL character.'] })

    expect(await findProfileByEmail(db(), u.email)).toEqual(before)
    const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, u.id))
    expect(row?.name).toBe('Kept Name')
  })

  it('accepts a 500-character bio with line breaks counted once each', async () => {
    const u = await signUpVerifiedUser(t)
    const bio = `${'a'.repeat(249)}\r\n${'b'.repeat(250)}`
    asRedirect(await submit(u.cookie, { intent: 'save-profile', name: 'Long Bio', role: 'renter', bio, phone: '' }))
    expect((await findProfileByEmail(db(), u.email))?.bio).toHaveLength(500)
  })

  it('stores an uploaded photo as WebP, serves it, and replaces and removes it', async () => {
    const u = await signUpVerifiedUser(t)
    const first = asRedirect(await upload(u.cookie, new File([await png()], 'holiday.jpg', { type: 'image/jpeg' })))
    expect(await toastOf(first)).toEqual({ type: 'success', message: 'Your photo is updated.' })
    const firstURL = await photoURLOf(u)
    expect(firstURL).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/)

    const served = await t.app.request(firstURL!)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(image).toMatchObject({ format: 'webp', width: 256, height: 256 })

    // The session's avatar is the new photo.
    expect((await getCurrentSession(t.services, page(u.cookie)))?.user.avatar).toBe(firstURL)

    asRedirect(await upload(u.cookie, new File([await png(300, 900)], 'second.png', { type: 'image/png' })))
    const secondURL = await photoURLOf(u)
    expect(secondURL).not.toBe(firstURL)
    expect(fs.existsSync(fileOf(firstURL!))).toBe(false)
    expect((await t.app.request(firstURL!)).status).toBe(404)
    expect(fs.existsSync(fileOf(secondURL!))).toBe(true)

    const removed = asRedirect(await submit(u.cookie, { intent: 'remove-photo' }))
    expect(await toastOf(removed)).toEqual({ type: 'success', message: 'Your photo is removed.' })
    expect(await photoURLOf(u)).toBeNull()
    expect(fs.existsSync(fileOf(secondURL!))).toBe(false)
  })

  it('refuses files that are not JPEG, PNG or WebP, or too large, and stores nothing', async () => {
    const u = await signUpVerifiedUser(t)
    asRedirect(await upload(u.cookie, new File([await png()], 'me.png', { type: 'image/png' })))
    const kept = await photoURLOf(u)
    const avatarsDir = path.join(t.dataDir, 'media', 'avatars')
    const filesBefore = fs.readdirSync(avatarsDir).sort()

    const text = asRefusal(await upload(u.cookie, new File(['just some words'], 'photo.jpg', { type: 'image/jpeg' })))
    expect(text.fieldErrors.photo).toEqual(['This file is not a JPEG, PNG or WebP image.'])

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer()
    const gifRefusal = asRefusal(await upload(u.cookie, new File([gif], 'photo.gif', { type: 'image/gif' })))
    expect(gifRefusal.fieldErrors.photo).toEqual(['This file is not a JPEG, PNG or WebP image.'])

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>'
    const svgRefusal = asRefusal(await upload(u.cookie, new File([svg], 'photo.svg', { type: 'image/svg+xml' })))
    expect(svgRefusal.fieldErrors.photo).toEqual(['This file is not a JPEG, PNG or WebP image.'])

    // Over 5 MB but within the request cap: refused by the file's size.
    const big = asRefusal(await upload(u.cookie, new File([new Uint8Array(5.5 * 1024 * 1024)], 'big.jpg')))
    expect(big.fieldErrors.photo).toEqual(['The photo must be 5 MB or smaller.'])

    // Over the request cap: refused by Content-Length before the body is read, as too large (413).
    const huge = asRefusal(await upload(u.cookie, new File([new Uint8Array(7 * 1024 * 1024)], 'huge.jpg')), 413)
    expect(huge.fieldErrors.photo).toEqual(['The photo must be 5 MB or smaller.'])

    const none = asRefusal(await upload(u.cookie, new File([], '')))
    expect(none.fieldErrors.photo).toEqual(['Choose a photo to upload.'])

    expect(await photoURLOf(u)).toBe(kept)
    expect(fs.readdirSync(avatarsDir).sort()).toEqual(filesBefore)
  })

  it('changes the password, and refuses a wrong current password or a common new one', async () => {
    const u = await signUpVerifiedUser(t)
    const wrong = asRefusal(
      await submit(u.cookie, { intent: 'change-password', currentPassword: 'not my password', newPassword: 'a brand new kettle song' }),
    )
    expect(wrong.fieldErrors).toEqual({ currentPassword: ['The current password is not right.'] })

    const common = asRefusal(await submit(u.cookie, { intent: 'change-password', currentPassword: u.password, newPassword: 'password123' }))
    expect(common.fieldErrors.newPassword?.[0]).toMatch(/too common/)

    const short = asRefusal(await submit(u.cookie, { intent: 'change-password', currentPassword: u.password, newPassword: 'short' }))
    expect(short.fieldErrors.newPassword).toHaveLength(1)

    const newPassword = 'a brand new kettle song'
    const changed = asRedirect(await submit(u.cookie, { intent: 'change-password', currentPassword: u.password, newPassword }))
    expect(await toastOf(changed)).toEqual({ type: 'success', message: 'Password changed. Your other sessions were signed out.' })

    const oldSignIn = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: u.email, password: u.password }))
    expect(oldSignIn.status).toBe(401)
    await expect(signIn(t, { email: u.email, password: newPassword })).resolves.toContain('session_token=')
    // The device that changed it stays signed in, with the new session cookie of the answer.
    expect(await getCurrentSession(t.services, page(cookieFrom(changed.headers, u.cookie)))).not.toBeNull()
  })

  it('signs out every other session when the password changes (ASVS 7.4.3), keeping this one', async () => {
    const u = await signUpVerifiedUser(t)
    const laptop = await signIn(t, u, { userAgent: FIREFOX_LINUX })
    const phone = await signIn(t, u, { userAgent: SAFARI_IPHONE })
    expect((await load(u.cookie)).sessions).toHaveLength(3)

    const changed = asRedirect(
      await submit(u.cookie, { intent: 'change-password', currentPassword: u.password, newPassword: 'a brand new kettle song' }),
    )
    expect(await toastOf(changed)).toEqual({ type: 'success', message: 'Password changed. Your other sessions were signed out.' })
    expect(await getCurrentSession(t.services, page(laptop))).toBeNull()
    expect(await getCurrentSession(t.services, page(phone))).toBeNull()
    const kept = cookieFrom(changed.headers, u.cookie)
    expect(await getCurrentSession(t.services, page(kept))).toMatchObject({ user: { email: u.email } })
    const { sessions } = await load(kept)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]).toMatchObject({ isCurrent: true })
  })

  it('signs out the other sessions on any in-process password change, whatever the caller asks', async () => {
    const u = await signUpVerifiedUser(t)
    const other = await signIn(t, u)
    await t.services.auth.api.changePassword({
      headers: new Headers({ Cookie: u.cookie }),
      body: { currentPassword: u.password, newPassword: 'a brand new kettle song', revokeOtherSessions: false },
    })
    expect(await getCurrentSession(t.services, page(other))).toBeNull()
  })

  it('stops guessing the current password after 10 attempts in 15 minutes', async () => {
    const u = await signUpVerifiedUser(t)
    for (let i = 0; i < 10; i++) {
      asRefusal(
        await submit(u.cookie, { intent: 'change-password', currentPassword: `guess number ${i}`, newPassword: 'a brand new kettle song' }),
      )
    }
    const limited = asRefusal(
      await submit(u.cookie, { intent: 'change-password', currentPassword: u.password, newPassword: 'a brand new kettle song' }),
      429,
    )
    expect(limited.formError).toBe('Too many attempts. Wait 15 minutes and try again.')
    await expect(signIn(t, u)).resolves.toContain('session_token=')
  })

  it('lists the sessions by device and signs out one, then all the others', async () => {
    const u = await signUpVerifiedUser(t)
    const firefox = await signIn(t, u, { userAgent: FIREFOX_LINUX })
    const iphone = await signIn(t, u, { userAgent: SAFARI_IPHONE })

    const { sessions } = await load(u.cookie)
    expect(sessions).toHaveLength(3)
    expect(sessions[0]?.isCurrent).toBe(true)
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1)
    expect(sessions.map((s) => s.device)).toEqual(expect.arrayContaining(['Firefox on Linux', 'Safari on iOS']))
    // Tokens never reach the page.
    expect(JSON.stringify(sessions)).not.toMatch(/token/i)

    const firefoxSession = sessions.find((s) => s.device === 'Firefox on Linux')!
    const one = asRedirect(await submit(u.cookie, { intent: 'sign-out-session', sessionId: firefoxSession.id }))
    expect(await toastOf(one)).toEqual({ type: 'success', message: 'That session is signed out.' })
    expect(await getCurrentSession(t.services, page(firefox))).toBeNull()
    expect(await getCurrentSession(t.services, page(iphone))).not.toBeNull()

    // Another user's session id is not theirs to end.
    const other = await signUpVerifiedUser(t)
    const [otherSession] = await db().select({ id: session.id }).from(session).where(eq(session.userId, other.id))
    const foreign = asRedirect(await submit(u.cookie, { intent: 'sign-out-session', sessionId: otherSession!.id }))
    expect(await toastOf(foreign)).toEqual({ type: 'info', message: 'That session had already ended.' })
    expect(await getCurrentSession(t.services, page(other.cookie))).not.toBeNull()

    const own = (await load(u.cookie)).sessions.find((s) => s.isCurrent)!
    const current = asRefusal(await submit(u.cookie, { intent: 'sign-out-session', sessionId: own.id }))
    expect(current.formError).toMatch(/Logout/)

    const all = asRedirect(await submit(u.cookie, { intent: 'sign-out-others' }))
    expect(await toastOf(all)).toEqual({ type: 'success', message: 'Your other sessions are signed out.' })
    const after = await load(u.cookie)
    expect(after.sessions).toHaveLength(1)
    expect(after.sessions[0]?.isCurrent).toBe(true)
    expect(await getCurrentSession(t.services, page(iphone))).toBeNull()
  })

  it('deletes the account with its profile, list, sessions and photo once the password is given', async () => {
    const u = await signUpVerifiedUser(t)
    asRedirect(await upload(u.cookie, new File([await png()], 'me.png')))
    const photo = (await photoURLOf(u))!
    await db().insert(list).values({ email: u.email })
    const otherDevice = await signIn(t, u)

    const unticked = asRefusal(await submit(u.cookie, { intent: 'delete-account', password: u.password }))
    expect(unticked.fieldErrors).toEqual({ understood: ['Tick the box to confirm that you understand.'] })
    const wrong = asRefusal(await submit(u.cookie, { intent: 'delete-account', password: 'not it at all', understood: 'on' }))
    expect(wrong.fieldErrors).toEqual({ password: ['The password is not right.'] })
    expect(await findProfileByEmail(db(), u.email)).toBeDefined()

    const deleted = asRedirect(await submit(u.cookie, { intent: 'delete-account', password: u.password, understood: 'on' }))
    expect(deleted.headers.get('Location')).toBe('/')
    expect(await toastOf(deleted)).toEqual({ type: 'success', message: 'Your account is deleted.' })
    const cleared = deleted.headers.getSetCookie().find((c) => c.startsWith('cooper.session_token='))
    expect(cleared).toMatch(/Max-Age=0/i)

    expect(await db().select().from(user).where(eq(user.id, u.id))).toEqual([])
    expect(await db().select().from(profile).where(eq(profile.email, u.email))).toEqual([])
    expect(await db().select().from(list).where(eq(list.email, u.email))).toEqual([])
    expect(await db().select().from(session).where(eq(session.userId, u.id))).toEqual([])
    expect(fs.existsSync(fileOf(photo))).toBe(false)
    expect(await getCurrentSession(t.services, page(otherDevice))).toBeNull()
  })

  it('lets an account without a password (single sign-on) delete itself by typing DELETE', async () => {
    const u = await signUpVerifiedUser(t)
    // What an account created through the identity provider looks like: no password stored.
    await db().update(account).set({ password: null }).where(eq(account.userId, u.id))
    expect((await load(u.cookie)).account.hasPassword).toBe(false)

    const refused = asRefusal(await submit(u.cookie, { intent: 'delete-account', confirmation: 'delete', understood: 'on' }))
    expect(refused.fieldErrors).toEqual({ confirmation: ['Type DELETE in capital letters to confirm.'] })
    const noPassword = asRefusal(
      await submit(u.cookie, { intent: 'change-password', currentPassword: 'anything at all', newPassword: 'a brand new kettle song' }),
    )
    expect(noPassword.formError).toMatch(/no password/)

    asRedirect(await submit(u.cookie, { intent: 'delete-account', confirmation: 'DELETE', understood: 'on' }))
    expect(await db().select().from(user).where(eq(user.id, u.id))).toEqual([])
  })

  it('answers an unknown form with 400 and changes nothing', async () => {
    const u = await signUpVerifiedUser(t)
    const unknown = asRefusal(await submit(u.cookie, { intent: 'make-me-admin' }))
    expect(unknown.formError).toMatch(/not one we know/)
    expect((await findProfileByEmail(db(), u.email))?.isAdministrator).toBe(false)
  })
})
