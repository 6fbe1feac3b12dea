// What every request meets before a route reads it: body limits (413), text that is not text in the
// address or body (400), the better-auth endpoints open over HTTP, and tokens kept out of bodies.
// Long because it walks every guard in turn, each with the request that meets it.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPhoto, profile, signInFailure, user } from '#server/db/schema.ts'
import { FORM_BODY_LIMIT_BYTES } from '#server/http/request-limits.server.ts'
import { UPLOAD_REQUEST_LIMITS } from '#server/media/upload-body.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

type Problem = { type: string; title: string; status: number; detail: string; errors?: Record<string, string[]> }

/** A body that sends one chunk and then never ends: a route that waits to read it all never answers. */
function endlessBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(1024))
    },
  })
}

/** A chunked body (no Content-Length) of `size` bytes in 64 KB pieces. */
function chunkedBody(size: number, byte = 0x61): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close()
      const piece = new Uint8Array(Math.min(65_536, size - sent)).fill(byte)
      sent += piece.byteLength
      controller.enqueue(piece)
    },
  })
}

function post(pathname: string, init: { body: BodyInit; headers?: Record<string, string> }) {
  return new Request(`${TEST_ORIGIN}${pathname}`, {
    method: 'POST',
    body: init.body,
    headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', ...init.headers },
    duplex: 'half',
  } as RequestInit)
}

/** An answer within `ms`, or a failure saying the server is still reading what it should have refused. */
async function answerWithin(response: Response | Promise<Response>, ms = 5_000): Promise<Response> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: the body is being read`)), ms)
  })
  try {
    return await Promise.race([response, late])
  } finally {
    clearTimeout(timer)
  }
}

describe('requests the HTTP layer refuses before any route reads them', () => {
  let t: TestServices
  let owner: TestUser
  let stranger: TestUser
  let listingId: number
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    owner = await signUpVerifiedUser(t, { name: 'Olive Owner' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, owner.id))
    listingId = (await listingFactory(db()).create({ ownerId: owner.id, withoutPhoto: true })).id
  })
  afterAll(async () => {
    await t.close()
  })

  describe('body limits', () => {
    it('answers 413 to a form over the limit, from its declared length, without reading it', async () => {
      const res = await answerWithin(
        t.app.request(post('/login', { body: endlessBody(), headers: { 'Content-Length': String(200 * 1024 * 1024) } })),
      )
      expect(res.status).toBe(413)
      const problem = (await res.json()) as Problem
      expect(problem).toMatchObject({ title: 'Content Too Large', status: 413 })
      expect(problem.detail).toContain(`${FORM_BODY_LIMIT_BYTES / 1024} KB`)
    })

    it('cuts off a chunked body as soon as it passes the limit', async () => {
      const res = await t.app.request(
        post('/api/auth/sign-in/email', { body: chunkedBody(FORM_BODY_LIMIT_BYTES + 1), headers: { 'Content-Type': 'application/json' } }),
      )
      expect(res.status).toBe(413)
    })

    it('lets a body just within the limit through to its route', async () => {
      const email = 'nobody@example.com'
      const padding = 'x'.repeat(FORM_BODY_LIMIT_BYTES - 200)
      const res = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email, password: 'not the password', padding }))
      // better-auth read it and refused the credentials: the body was not cut off.
      expect(res.status).toBe(401)
    })

    it('allows a profile photo form its own larger limit, and no more', async () => {
      const withinForm = post('/userprofile', {
        body: chunkedBody(2 * 1024 * 1024),
        headers: { Cookie: owner.cookie, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(2 * 1024 * 1024) },
      })
      // No build here, so the page itself is missing (404), but the request got past the limit.
      expect((await t.app.request(withinForm)).status).not.toBe(413)
      const over = post('/userprofile', {
        body: endlessBody(),
        headers: {
          Cookie: owner.cookie,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(UPLOAD_REQUEST_LIMITS.profilePhoto + 1),
        },
      })
      expect((await answerWithin(t.app.request(over))).status).toBe(413)
    })

    it("holds an upload route's ordinary forms to the forms' limit and checks their text", async () => {
      const headers = { Cookie: owner.cookie }
      const big = await t.app.request(post('/userprofile', { body: chunkedBody(FORM_BODY_LIMIT_BYTES + 1), headers }))
      expect(big.status).toBe(413)
      const notText = await t.app.request(post('/userprofile.data', { body: 'intent=profile&name=Ol%FFve', headers }))
      expect(notText.status).toBe(400)
      const photos = await t.app.request(
        post(`/api/properties/${listingId}/photos`, {
          body: JSON.stringify({ photos: [] }),
          headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(FORM_BODY_LIMIT_BYTES + 1) },
        }),
      )
      expect(photos.status).toBe(413)
    })

    it('answers 413 to a chunked upload once it passes the upload limit', async () => {
      const res = await t.app.request(
        post(`/api/properties/${listingId}/photos`, {
          body: chunkedBody(UPLOAD_REQUEST_LIMITS.listingPhotos + 1),
          headers: { Cookie: owner.cookie, 'Content-Type': 'multipart/form-data; boundary=x' },
        }),
      )
      expect(res.status).toBe(413)
      expect(((await res.json()) as Problem).detail).toMatch(/60 MB allowed for listing photos/)
    })

    it('refuses listing photos over the upload limit without reading them', async () => {
      const res = await answerWithin(
        t.app.request(
          post(`/api/properties/${listingId}/photos`, {
            body: endlessBody(),
            headers: {
              Cookie: owner.cookie,
              'Content-Type': 'multipart/form-data; boundary=x',
              'Content-Length': String(UPLOAD_REQUEST_LIMITS.listingPhotos + 1),
            },
          }),
        ),
      )
      expect(res.status).toBe(413)
      expect(((await res.json()) as Problem).detail).toMatch(/60 MB allowed for listing photos/)
    })

    it("refuses a stranger's or a visitor's photo upload before reading it", async () => {
      const size = 55 * 1024 * 1024
      const headers = { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(size) }
      const strangers = await answerWithin(
        t.app.request(
          post(`/api/properties/${listingId}/photos`, { body: endlessBody(), headers: { ...headers, Cookie: stranger.cookie } }),
        ),
      )
      expect(strangers.status).toBe(403)
      const visitors = await answerWithin(t.app.request(post(`/api/properties/${listingId}/photos`, { body: endlessBody(), headers })))
      expect(visitors.status).toBe(401)
      const [row] = await db().select({ n: count() }).from(listingPhoto).where(eq(listingPhoto.listingId, listingId))
      expect(row?.n).toBe(0)
    })
  })

  describe('text that is not text', () => {
    it.each([
      ['/api/properties?q=caf%FF', 'q'],
      ['/api/properties?city=%C3%28', 'city'],
      ['/api/properties/%FF', 'path'],
      ['/properties/caf%E9-12', 'path'],
      ['/chat?before=%C0%AF', 'before'],
      ['/api/auth/verify-email?token=%00', 'token'],
      ['/api/auth/reset-password/abc%00', 'path'],
    ])('answers 400 to %s, naming where', async (pathname, where) => {
      const res = await t.app.request(`${TEST_ORIGIN}${pathname}`)
      expect(res.status).toBe(400)
      const problem = (await res.json()) as Problem
      expect(problem.detail).toMatch(/^The address (contains a NUL character|is not valid UTF-8 text)/)
      expect(Object.keys(problem.errors ?? {})).toEqual([where])
    })

    it("leaves a NUL in the site's own parameters to the route, which names the field", async () => {
      const res = await t.app.request(`${TEST_ORIGIN}/api/properties?q=%00`)
      expect(res.status).toBe(400)
      expect(((await res.json()) as Problem).errors?.q).toEqual(['The search text cannot contain the NUL character.'])
    })

    it('lets percent-encoded UTF-8 and stray percent signs through', async () => {
      expect((await t.app.request(`${TEST_ORIGIN}/api/properties?q=caf%C3%A9`)).status).toBe(200)
      expect((await t.app.request(`${TEST_ORIGIN}/api/properties?q=100%25`)).status).toBe(200)
      expect((await t.app.request(`${TEST_ORIGIN}/api/properties?q=50%`)).status).toBe(200)
    })

    it('answers 400 to a form or JSON body that is not UTF-8', async () => {
      const form = await t.app.request(post('/login', { body: 'email=a%FF%40example.com&password=x' }))
      expect(form.status).toBe(400)
      expect(((await form.json()) as Problem).detail).toBe('The form is not valid UTF-8 text.')
      const json = await t.app.request(
        post('/api/chat/room/messages', {
          body: new Uint8Array([0x7b, 0x22, 0x62, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
          headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
        }),
      )
      expect(json.status).toBe(400)
      expect(((await json.json()) as Problem).detail).toBe('The body is not valid UTF-8 text.')
    })

    it('refuses a NUL anywhere in a JSON body to /api/auth, storing nothing', async () => {
      const db = t.services.database.db
      const failuresBefore = (await db.select({ n: count() }).from(signInFailure))[0]?.n
      const signIn = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: 'a\u0000@b.com', password: 'not the password' }))
      expect(signIn.status).toBe(400)
      expect(((await signIn.json()) as Problem).errors).toEqual({ email: ['email contains a NUL character, which text cannot hold.'] })
      const [failures] = await db.select({ n: count() }).from(signInFailure)
      expect(failures?.n).toBe(failuresBefore)

      const signUp = await t.app.request(
        jsonRequest('/api/auth/sign-up/email', {
          name: 'Nul',
          email: 'nul\u0000@example.com',
          password: 'a sturdy passphrase',
          termsVersion: 'x',
        }),
      )
      expect(signUp.status).toBe(400)
      const reset = await t.app.request(jsonRequest('/api/auth/reset-password', { token: 'abc\u0000', newPassword: 'a sturdy passphrase' }))
      expect(reset.status).toBe(400)
      const nested = await t.app.request(
        jsonRequest('/api/auth/sign-in/email', { email: 'x@example.com', password: 'y', extra: { 'k\u0000': 1 } }),
      )
      expect(nested.status).toBe(400)
      const [users] = await db.select({ n: count() }).from(user)
      expect(users?.n).toBe(2)
    })

    it('answers 400 to a body for /api/auth that is not JSON', async () => {
      const res = await t.app.request(
        post('/api/auth/sign-in/email', { body: '{"email":', headers: { 'Content-Type': 'application/json' } }),
      )
      expect(res.status).toBe(400)
    })
  })

  describe('better-auth over HTTP', () => {
    it.each([
      ['POST', '/api/auth/update-user', { name: 'x'.repeat(100_000), image: 'javascript:alert(1)' }],
      ['POST', '/api/auth/change-password', { currentPassword: 'a', newPassword: 'b', revokeOtherSessions: false }],
      ['POST', '/api/auth/change-email', { newEmail: 'new@example.com' }],
      ['POST', '/api/auth/delete-user', {}],
      ['GET', '/api/auth/list-sessions', null],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/update-session', {}],
      ['GET', '/api/auth/list-accounts', null],
      // Two-factor sign-in is turned on and off, and its codes made, on the profile (only the sign-in's second step is open).
      ['POST', '/api/auth/two-factor/enable', { password: 'a' }],
      ['POST', '/api/auth/two-factor/disable', { password: 'a' }],
      ['POST', '/api/auth/two-factor/generate-backup-codes', { password: 'a' }],
      ['POST', '/api/auth/two-factor/get-totp-uri', { password: 'a' }],
    ])('closes %s %s (the site changes accounts through its own pages)', async (method, pathname, body) => {
      const init: RequestInit = { method, headers: { Cookie: owner.cookie, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' } }
      if (body) init.body = JSON.stringify(body)
      const res = await t.app.request(new Request(`${TEST_ORIGIN}${pathname}`, init))
      expect(res.status).toBe(404)
      const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, owner.id))
      expect(row?.name).toBe('Olive Owner')
    })

    it('never hands a session token to JavaScript', async () => {
      const signIn = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: owner.email, password: owner.password }))
      expect(signIn.status).toBe(200)
      const signedIn = (await signIn.json()) as Record<string, unknown>
      expect(signedIn).not.toHaveProperty('token')
      expect(signedIn).toMatchObject({ user: { email: owner.email } })

      const session = await t.app.request(`${TEST_ORIGIN}/api/auth/get-session`, { headers: { Cookie: owner.cookie } })
      const body = (await session.json()) as { session: Record<string, unknown>; user: { email: string } }
      expect(body.user.email).toBe(owner.email)
      expect(body.session).toHaveProperty('expiresAt')
      expect(body.session).not.toHaveProperty('token')
      expect(JSON.stringify(body)).not.toContain(owner.cookie.match(/session_token=([^.;]+)/)![1])
    })
  })

  describe('caching', () => {
    it('marks what depends on the session, or sets a cookie, private and never stored', async () => {
      const session = await t.app.request(`${TEST_ORIGIN}/api/auth/get-session`, { headers: { Cookie: owner.cookie } })
      expect(session.headers.get('cache-control')).toBe('private, no-store')
      const unread = await t.app.request(`${TEST_ORIGIN}/api/chat/unread`, { headers: { Cookie: owner.cookie } })
      expect(unread.headers.get('cache-control')).toBe('private, no-store')
      const signIn = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email: owner.email, password: owner.password }))
      expect(signIn.headers.getSetCookie().length).toBeGreaterThan(0)
      expect(signIn.headers.get('cache-control')).toBe('private, no-store')
    })

    it('leaves public answers cacheable, signed in or not', async () => {
      for (const cookie of [owner.cookie, '']) {
        const posts = await t.app.request(`${TEST_ORIGIN}/api/recent-posts`, { headers: { Cookie: cookie } })
        expect(posts.headers.get('cache-control')).toBe('public, max-age=60')
      }
    })
  })

  it('still refuses a cross-site write before looking at its size', async () => {
    const res = await answerWithin(
      t.app.request(
        post('/login', { body: endlessBody(), headers: { Origin: 'https://evil.example', 'Content-Length': String(200 * 1024 * 1024) } }),
      ),
    )
    expect(res.status).toBe(403)
  })
})
