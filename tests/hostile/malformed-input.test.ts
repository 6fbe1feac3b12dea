// NUL and text that is not UTF-8, in every kind of parameter: path and query (percent-encoded, and
// as raw bytes), urlencoded forms, JSON and plain-text bodies, better-auth's JSON included. Bytes
// that are not UTF-8 answer 400 everywhere (a JSON problem when they are in the address). A NUL is
// refused on its way to better-auth; the site's own routes refuse it as the parameter they read
// (400, or 404 for an id in the path). Never a 5xx, and nothing is stored.
import { beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { rawBytes } from './support/raw-http.ts'
import { Site, eachLimited, hostileSites, type LiveAccount } from './support/site.ts'
import { makeWorld, type World } from './support/write-routes.ts'

/** Percent-encoded bytes that do not decode as UTF-8: a lone byte, a broken pair, a surrogate, an overlong slash, past U+10FFFF. */
const NOT_UTF8 = ['%FF', '%C3%28', 'a%80b', '%ED%A0%80', '%C0%AF', '%F4%90%80%80']
const NUL = ['%00', 'a%00b']
/** Marks every value sent here, so the test can look for it afterwards. */
const MARK = 'malformedprobe'

type Answer = { status: number; contentType: string; body: string }

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() }
}

function isJsonProblem(answer: Answer, status: number) {
  if (!/json/.test(answer.contentType)) return false
  try {
    const body = JSON.parse(answer.body) as { status?: unknown; title?: unknown }
    return body.status === status && typeof body.title === 'string'
  } catch {
    return false
  }
}

describe.each(hostileSites().map((info) => [info.database, info] as const))('NUL and bytes that are not UTF-8 on %s', (_database, info) => {
  const site = new Site(info)
  let world: World
  let owner: LiveAccount
  let admin: LiveAccount

  beforeAll(async () => {
    ;({ world, owner, admin } = await makeWorld(site))
  })

  /** Paths with a parameter, `{}` standing for it. */
  const pathParams = (w: World) => [
    '/properties/{}',
    '/properties/{}/edit',
    '/properties/{}/save',
    '/knowledge/{}',
    '/chat/{}',
    '/{}',
    '/api/properties/{}',
    '/api/properties/{}/photos',
    `/api/properties/${w.listing.id}/photos/{}`,
    '/api/zip/{}',
    '/api/cooper/{}',
    '/api/cooper/{}.csv',
    '/cooper/{}',
    '/api/chat/conversations/{}/messages',
    '/tours/{}',
    '/api/tours/{}',
    '/api/properties/{}/tour-slots',
    '/api/auth/reset-password/{}',
    '/media/{}',
    '/assets/{}',
  ]
  /** Query parameters the pages and the API read, `{}` standing for the value. */
  const queryParams = [
    '/properties?q={}',
    '/properties?type={}',
    '/properties?cursor={}',
    '/properties?availableBy={}',
    '/api/properties?q={}',
    '/api/properties?sort={}',
    '/api/properties?cursor={}',
    '/api/cooper/us?bedrooms={}',
    '/cooper?compare={}',
    '/cooper?sort={}',
    '/login?redirectTo={}',
    '/register?redirectTo={}',
    '/reset-password?token={}',
    '/chat?before={}',
    '/api/chat/room/messages?before={}',
    '/tours/availability?listing={}',
    '/api/tour-availability?listing={}',
    '/api/tours?when={}',
    '/api/tours/day?date={}',
    '/api/auth/verify-email?token={}',
  ]

  it('bytes that are not UTF-8 in a path or query answer 400 with a JSON problem, wherever they are', async () => {
    const problems: string[] = []
    const addresses = [
      ...pathParams(world),
      ...queryParams,
      // Parameters nobody reads, and a parameter's name.
      '/faq?utm_source={}',
      '/?{}=1',
      '/api/recent-posts?x={}',
    ]
    const cases = addresses.flatMap((address) => NOT_UTF8.map((token) => address.replace('{}', `${MARK}${token}`)))
    await eachLimited(cases, 4, async (path) => {
      const answer = await answerOf(await site.send(path, { cookie: owner.cookie }))
      if (!isJsonProblem(answer, 400)) problems.push(`GET ${path}: ${answer.status} ${answer.contentType}`)
    })
    // The same bytes raw, not percent-encoded.
    for (const address of [...pathParams(world), ...queryParams]) {
      const pathBytes = Buffer.from(address.replace('{}', `${MARK}\u00ff`), 'latin1')
      const answer = await rawBytes(site.origin, { method: 'GET', path: '', pathBytes, headers: { cookie: owner.cookie } })
      // Node's own parser may refuse such a request line before the site sees it: a 400 either way.
      if (answer.status !== 400) problems.push(`GET ${address} with a raw 0xFF byte: ${answer.status}`)
    }
    expect(problems).toEqual([])
  })

  it('a NUL in a path or query is refused on its way to better-auth and by the API; no page answers 5xx', async () => {
    // Decision 017: a NUL is valid text the database cannot hold. better-auth takes its input as it
    // comes, so it is refused in front of it; the API refuses it as the parameter it reads (400, or
    // 404 for an id in the path); a page ignores a value it cannot use, as it ignores any other.
    const problems: string[] = []
    const cases = [...pathParams(world), ...queryParams].flatMap((address) => NUL.map((token) => address.replace('{}', `${MARK}${token}`)))
    await eachLimited(cases, 4, async (path) => {
      const answer = await answerOf(await site.send(path, { cookie: owner.cookie }))
      if (path.startsWith('/api/auth/')) {
        if (!isJsonProblem(answer, 400)) problems.push(`GET ${path}: ${answer.status} ${answer.contentType}`)
      } else if (path.startsWith('/api/')) {
        const allowed = path.includes('?') ? [400] : [400, 404]
        if (!allowed.includes(answer.status)) problems.push(`GET ${path}: ${answer.status}`)
      } else if (answer.status >= 500) problems.push(`GET ${path}: ${answer.status}`)
    })
    expect(problems).toEqual([])
  })

  /** Form posts of the pages (and their data requests): each field the form has. */
  const forms = (
    w: World,
  ): { path: string; cookie: 'owner' | 'admin' | null; fields: Record<string, string>; refusesWithRedirect?: boolean }[] => [
    { path: '/login', cookie: null, fields: { email: 'x@example.com', password: 'a sturdy bench passphrase', redirectTo: '/' } },
    {
      path: '/register',
      cookie: null,
      fields: {
        name: 'Nul Person',
        email: `${MARK}@example.com`,
        password: 'a sturdy bench passphrase',
        termsVersion: siteConfig.termsVersion,
      },
    },
    { path: '/forgot-password', cookie: null, fields: { email: 'x@example.com' } },
    { path: '/reset-password?token=not-a-token', cookie: null, fields: { newPassword: 'a sturdy new passphrase' } },
    { path: '/chat', cookie: 'owner', fields: { intent: 'send', body: MARK, clientTxnId: 'malformed-form-1' } },
    { path: `/chat/${w.conversationId}`, cookie: 'owner', fields: { intent: 'send', body: MARK, clientTxnId: 'malformed-form-2' } },
    { path: '/chat/reports', cookie: 'admin', fields: { intent: 'unmute', userId: w.otherId } },
    { path: '/userprofile', cookie: 'owner', fields: { intent: 'save-profile', name: MARK, role: 'landlord', bio: MARK, phone: '' } },
    {
      path: '/properties/new',
      cookie: 'owner',
      fields: {
        intent: 'save',
        title: `${MARK} home`,
        type: 'apartment',
        street: '1 Main Street',
        city: 'Wilmington',
        state: 'DE',
        zip: '19801',
      },
    },
    { path: `/properties/${w.listing.slug}/save`, cookie: 'owner', fields: { intent: 'save', redirectTo: '/' } },
    // A report of the listing (by someone not its owner) and the console's actions on listings and reviews.
    { path: `/properties/${w.listing.slug}/report`, cookie: 'admin', fields: { reason: 'other', text: MARK } },
    { path: '/admin/listings', cookie: 'admin', fields: { intent: 'approve', listingId: String(w.listing.id), reason: MARK } },
    { path: '/admin/reports', cookie: 'admin', fields: { intent: 'dismiss-review', reviewId: '1', reason: MARK } },
    { path: `/properties/${w.listing.slug}/manage`, cookie: 'owner', fields: { intent: 'confirm', redirectTo: '/' } },
    {
      path: '/tours/new',
      cookie: 'admin',
      fields: { listingId: String(w.listing.id), startsAt: w.tourTime, partySize: '2', note: MARK },
    },
    { path: `/tours/${w.tourId}`, cookie: 'owner', fields: { intent: 'cancel', reason: MARK } },
    {
      path: `/tours/availability?listing=${w.listing.id}`,
      cookie: 'owner',
      fields: { toursEnabled: 'on', 'start-1': '08:00', 'end-1': '20:00', tourMinutes: '30', blockedDates: '2030-01-01' },
    },
    // The photo manager's form without JavaScript answers every refusal with a redirect and a toast.
    {
      path: `/api/properties/${w.listing.id}/photos/${w.photoId}`,
      cookie: 'owner',
      fields: { intent: 'describe', altText: MARK, redirectTo: '/' },
      refusesWithRedirect: true,
    },
  ]

  /** JSON bodies of the API and of better-auth: each field as its client sends it. */
  const jsons = (w: World): { method: string; path: string; cookie: 'owner' | 'admin' | null; fields: Record<string, unknown> }[] => [
    { method: 'POST', path: '/api/chat/room/messages', cookie: 'owner', fields: { body: MARK, clientTxnId: 'malformed-json-1' } },
    {
      method: 'POST',
      path: `/api/chat/conversations/${w.conversationId}/messages`,
      cookie: 'owner',
      fields: { body: MARK, clientTxnId: 'malformed-json-2' },
    },
    { method: 'PATCH', path: `/api/chat/room/messages/${w.roomMessageId}`, cookie: 'owner', fields: { body: MARK } },
    { method: 'POST', path: '/api/chat/conversations', cookie: 'owner', fields: { otherUserId: w.otherId } },
    {
      method: 'POST',
      path: '/api/chat/reports',
      cookie: 'admin',
      fields: { kind: 'room', messageId: w.roomMessageId, reason: `${MARK} reason` },
    },
    { method: 'POST', path: '/api/chat/mutes', cookie: 'admin', fields: { userId: w.otherId, minutes: 15, reason: MARK } },
    { method: 'POST', path: '/api/chat/blocks', cookie: 'owner', fields: { userId: w.otherId } },
    {
      method: 'POST',
      path: `/api/properties/${w.listing.id}/tours`,
      cookie: 'admin',
      fields: { startsAt: w.tourTime, partySize: 2, note: MARK },
    },
    { method: 'POST', path: `/api/tours/${w.tourId}/reschedule`, cookie: 'owner', fields: { startsAt: w.tourTime } },
    { method: 'POST', path: `/api/tours/${w.tourId}/cancel`, cookie: 'owner', fields: { reason: MARK } },
    {
      method: 'PATCH',
      path: `/api/properties/${w.listing.id}/photos`,
      cookie: 'owner',
      fields: { photos: [{ id: w.photoId, altText: MARK }] },
    },
    {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      cookie: null,
      fields: {
        name: MARK,
        email: `${MARK}.api@example.com`,
        password: 'a sturdy bench passphrase',
        termsVersion: siteConfig.termsVersion,
      },
    },
    {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      cookie: null,
      fields: { email: 'x@example.com', password: 'a sturdy bench passphrase' },
    },
    {
      method: 'POST',
      path: '/api/auth/request-password-reset',
      cookie: null,
      fields: { email: 'x@example.com', redirectTo: '/reset-password' },
    },
    {
      method: 'POST',
      path: '/api/auth/reset-password',
      cookie: null,
      fields: { newPassword: 'a sturdy new passphrase', token: 'not-a-token' },
    },
    { method: 'POST', path: '/api/auth/send-verification-email', cookie: null, fields: { email: 'x@example.com' } },
  ]

  const cookieFor = (who: 'owner' | 'admin' | null) => (who === 'owner' ? owner.cookie : who === 'admin' ? admin.cookie : undefined)

  /** Puts `bad` into one string field of a JSON value (nested ones too). */
  function withBad(fields: Record<string, unknown>, name: string, bad: string): Record<string, unknown> {
    const value = fields[name]
    if (typeof value === 'string') return { ...fields, [name]: `${value}${bad}` }
    if (Array.isArray(value))
      return { ...fields, [name]: value.map((item: Record<string, unknown>) => ({ ...item, altText: `${MARK}${bad}` })) }
    return fields
  }

  /**
   * What a form may answer when one field carries the bad text: 400, or for a field that names a
   * thing by its id, 404 (no such thing); a place to go next (redirectTo) is not refused but
   * replaced by a safe one, so the form goes on without it.
   */
  function allowedFor(field: string, bad: string): (status: number) => boolean {
    const isUtf8Fault = NOT_UTF8.includes(bad) || bad === 'raw'
    if (isUtf8Fault) return (status) => status === 400
    if (field === 'redirectTo') return (status) => status < 500
    if (/Id$/.test(field)) return (status) => status === 400 || status === 404
    return (status) => status === 400
  }

  it('a form field with a NUL or with bytes that are not UTF-8 answers 400', async () => {
    const problems: string[] = []
    const posts: {
      target: string
      cookie: string | undefined
      name: string
      bad: string
      body: string | Buffer
      refusesWithRedirect?: boolean
    }[] = []
    for (const { path, cookie, fields, refusesWithRedirect } of forms(world)) {
      // A page's data request (what its scripts send); the API has none.
      const data = path.startsWith('/api/') ? path : path.replace(/(\?|$)/, '.data$1')
      for (const name of Object.keys(fields)) {
        // Each field in turn carries the bad text; the others are as the form sends them.
        const encoded = (bad: string) =>
          Object.entries(fields)
            .map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}${n === name ? bad : ''}`)
            .join('&')
        for (const bad of [...NUL, ...NOT_UTF8])
          posts.push({ target: data, cookie: cookieFor(cookie), name, bad, body: encoded(bad), refusesWithRedirect })
        // Raw bytes that are not UTF-8, not percent-encoded.
        const [before, after] = encoded('%01').split('%01') as [string, string]
        posts.push({
          target: data,
          cookie: cookieFor(cookie),
          name,
          bad: 'raw',
          body: Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)]),
          refusesWithRedirect,
        })
      }
      // The page's own document post too (what a browser without JavaScript sends).
      const first = Object.keys(fields).find((n) => n !== 'redirectTo' && n !== 'intent') ?? 'intent'
      for (const bad of ['%00', '%FF']) {
        const body = Object.entries(fields)
          .map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}${n === first ? bad : ''}`)
          .join('&')
        posts.push({ target: path, cookie: cookieFor(cookie), name: first, bad, body, refusesWithRedirect })
      }
    }
    await eachLimited(posts, 4, async ({ target, cookie, name, bad, body, refusesWithRedirect }) => {
      const bytes = typeof body === 'string' ? body : new Uint8Array(body)
      const answer = await answerOf(
        await site.send(target, { cookie, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: bytes }),
      )
      const isRefusal =
        allowedFor(name, bad)(answer.status) || (refusesWithRedirect && answer.status === 302 && !NOT_UTF8.includes(bad) && bad !== 'raw')
      if (!isRefusal) problems.push(`POST ${target} with ${name}=…${bad}: ${answer.status}`)
    })
    expect(problems).toEqual([])
  })

  it('a JSON field with a NUL or with bytes that are not UTF-8 answers 400, better-auth included; so does a text body that is not UTF-8', async () => {
    const problems: string[] = []
    for (const { method, path, cookie, fields } of jsons(world)) {
      for (const name of Object.keys(fields)) {
        if (typeof fields[name] !== 'string' && !Array.isArray(fields[name])) continue
        const withNul = JSON.stringify(withBad(fields, name, '\u0000'))
        const nul = await answerOf(
          await site.send(path, { method, cookie: cookieFor(cookie), headers: { 'content-type': 'application/json' }, body: withNul }),
        )
        if (nul.status !== 400) problems.push(`${method} ${path} with a NUL in ${name}: ${nul.status}`)
        const [before, after] = JSON.stringify(withBad(fields, name, '\u0001')).split('\\u0001') as [string, string]
        for (const bytes of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80]]) {
          const body = Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)])
          const bad = await answerOf(
            await site.send(path, { method, cookie: cookieFor(cookie), headers: { 'content-type': 'application/json' }, body }),
          )
          if (bad.status !== 400)
            problems.push(`${method} ${path} with bytes ${bytes.map((b) => b.toString(16)).join(' ')} in ${name}: ${bad.status}`)
        }
      }
      const text = await answerOf(
        await site.send(path, {
          method,
          cookie: cookieFor(cookie),
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: Buffer.from([0x7b, 0xff, 0x7d]),
        }),
      )
      if (text.status !== 400) problems.push(`${method} ${path} with a text body that is not UTF-8: ${text.status}`)
    }
    expect(problems).toEqual([])
  })

  it('nothing sent with a NUL or bytes that are not UTF-8 was stored', async () => {
    const room = (await (await site.send('/api/chat/room/messages')).json()) as { messages: { body: string }[] }
    expect(room.messages.filter((m) => m.body.includes(MARK))).toEqual([])
    const thread = (await (
      await site.send(`/api/chat/conversations/${world.conversationId}/messages`, { cookie: owner.cookie })
    ).json()) as { messages: { body: string }[] }
    expect(thread.messages.filter((m) => m.body.includes(MARK))).toEqual([])
    const session = (await (await site.send('/api/auth/get-session', { cookie: owner.cookie })).json()) as { user: { name: string } }
    expect(session.user.name).not.toContain(MARK)
    const listings = (await (await site.send(`/api/properties?q=${MARK}`)).json()) as { items: unknown[] }
    expect(listings.items).toEqual([])
    // The photo form goes on when only its redirectTo was bad (it falls back to a safe target), so the
    // mark alone may be stored as the description; never with anything the bad text left behind.
    const photos = (await (await site.send(`/api/properties/${world.listing.id}/photos`, { cookie: owner.cookie })).json()) as {
      photos: { altText: string }[]
    }
    expect(photos.photos.filter((p) => p.altText.includes(MARK) && p.altText !== MARK)).toEqual([])
    const tours = (await (await site.send('/api/tours', { cookie: admin.cookie })).json()) as { tours: unknown[] }
    expect(tours.tours).toEqual([])
    const tour = (await (await site.send(`/api/tours/${world.tourId}`, { cookie: owner.cookie })).json()) as {
      tour: { state: string; events: { reason: string }[] }
    }
    expect(tour.tour.state).toBe('requested')
    expect(tour.tour.events.filter((e) => e.reason.includes(MARK))).toEqual([])
    const reports = (await (await site.send('/api/chat/reports', { cookie: admin.cookie })).json()) as { reports: { reason: string }[] }
    expect(reports.reports.filter((r) => r.reason.includes(MARK))).toEqual([])
    // No account was made for the addresses the sign-ups carried.
    for (const email of [`${MARK}@example.com`, `${MARK}.api@example.com`]) {
      const signIn = await site.send('/api/auth/sign-in/email', { json: { email, password: 'a sturdy bench passphrase' } })
      expect(signIn.status, `an account for ${email}`).toBe(401)
    }
  })
})
