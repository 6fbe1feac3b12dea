// Oversize bodies: every write route has a body limit (256 KiB for forms and JSON; 6 MiB for the
// profile page, which takes a photo; 60 MiB for listing photos) and answers a body over it with 413
// and a JSON problem before reading it — a declared Content-Length is refused at once, a chunked
// body as soon as it passes the limit. Upload routes look at who is
// asking before they read: a stranger's upload is turned away unread. Five 50 MB bodies at once
// leave the server's memory flat.
import { beforeAll, describe, expect, it } from 'vitest'
import { declaredBody, residentBytes, streamedBody, type RawAnswer } from './support/raw-http.ts'
import { Site, hostileSites, type LiveAccount } from './support/site.ts'
import {
  FORM_LIMIT_BYTES,
  PHOTOS_LIMIT_BYTES,
  PROFILE_LIMIT_BYTES,
  WRITE_ROUTES,
  describeRoute,
  makeWorld,
  type World,
  type WriteRoute,
} from './support/write-routes.ts'

const MB = 1024 * 1024

function contentTypeOf(route: WriteRoute) {
  switch (route.kind) {
    case 'form':
      return 'application/x-www-form-urlencoded'
    case 'multipart':
      return 'multipart/form-data; boundary=hostile-boundary'
    default:
      return 'application/json'
  }
}

/** What is wrong with an answer to an oversize body: anything but a 413 problem. */
function problemsWith413(answer: RawAnswer, what: string): string[] {
  const problems: string[] = []
  if (answer.status !== 413) return [`${what}: answered ${answer.status}`]
  if (!/json/.test(answer.headers['content-type'] ?? ''))
    problems.push(`${what}: the 413 is ${answer.headers['content-type']}, not a JSON problem`)
  else {
    const body = JSON.parse(answer.body) as Record<string, unknown>
    if (body.status !== 413 || body.title !== 'Content Too Large' || body.type !== 'about:blank' || typeof body.detail !== 'string') {
      problems.push(`${what}: the problem body is ${answer.body}`)
    }
  }
  return problems
}

describe.each(hostileSites().map((info) => [info.database, info] as const))('oversize bodies on %s', (_database, info) => {
  const site = new Site(info)
  let world: World
  let owner: LiveAccount
  let other: LiveAccount
  let admin: LiveAccount
  const routes = WRITE_ROUTES.filter((route) => !route.isRetired)
  const limitOf = (route: WriteRoute) => route.limitBytes ?? FORM_LIMIT_BYTES
  const headersFor = (route: WriteRoute, cookie = route.asAdmin ? admin.cookie : route.asRenter ? other.cookie : owner.cookie) => ({
    cookie,
    origin: site.origin,
    'content-type': contentTypeOf(route),
  })

  beforeAll(async () => {
    ;({ world, owner, other, admin } = await makeWorld(site))
  })

  it('every write route answers a declared Content-Length one byte over its limit with 413, sending nothing', async () => {
    const problems: string[] = []
    for (const route of routes) {
      const what = `${describeRoute(route, world)} declaring ${limitOf(route) + 1} bytes`
      try {
        const answer = await declaredBody(site.origin, {
          method: route.method,
          path: route.path(world),
          headers: headersFor(route),
          declaredBytes: limitOf(route) + 1,
        })
        problems.push(...problemsWith413(answer, what))
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('every write route answers a declared 200 MB body with 413 after its first 64 KiB, without waiting for the rest', async () => {
    const problems: string[] = []
    for (const route of routes) {
      const what = `${describeRoute(route, world)} declaring 200 MB`
      try {
        const answer = await declaredBody(site.origin, {
          method: route.method,
          path: route.path(world),
          headers: headersFor(route),
          declaredBytes: 200 * MB,
          sendBytes: 64 * 1024,
          timeoutMs: 5_000,
        })
        problems.push(...problemsWith413(answer, what))
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('a chunked body is refused with 413 once it passes the limit', async () => {
    const problems: string[] = []
    // One route of each limit, and each kind of body.
    const samples = [
      routes.find((r) => r.kind === 'form' && !r.limitBytes)!,
      routes.find((r) => r.kind === 'json' && r.path(world).startsWith('/api/chat'))!,
      routes.find((r) => r.path(world) === '/api/auth/sign-in/email')!,
      routes.find((r) => r.limitBytes === PROFILE_LIMIT_BYTES)!,
      routes.find((r) => r.limitBytes === PHOTOS_LIMIT_BYTES)!,
    ]
    for (const route of samples) {
      const what = `${describeRoute(route, world)} streaming past ${limitOf(route)} bytes`
      try {
        const answer = await streamedBody(site.origin, {
          method: route.method,
          path: route.path(world),
          headers: headersFor(route),
          totalBytes: limitOf(route) + 4 * MB,
          timeoutMs: 20_000,
        })
        // The profile page reads its own upload and answers its form as a page: a 413 showing the photo field's message.
        const isPage = route.path(world) === '/userprofile'
        if (isPage && answer.status === 413 && /text\/html/.test(answer.headers['content-type'] ?? '')) {
          if (!answer.body.includes('The photo must be 5 MB or smaller.'))
            problems.push(`${what}: the page does not say the photo is too large`)
        } else problems.push(...problemsWith413(answer, what))
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  it("a stranger's upload is turned away before it is read", async () => {
    const photos = `/api/properties/${world.listing.id}/photos`
    const inspectionPhoto = `/api/leases/${world.tenancy.leaseId}/inspections/move-in/items/${world.tenancy.itemId}/photos`
    const cases: { what: string; path: string; cookie?: string; declared: number; allowed: number[] }[] = [
      // Under the limit, so only who is asking decides.
      { what: 'a listing photo upload without a session', path: photos, declared: 50 * MB, allowed: [401] },
      { what: "someone else's listing photo upload", path: photos, cookie: other.cookie, declared: 50 * MB, allowed: [403, 404] },
      { what: 'an inspection photo upload without a session', path: inspectionPhoto, declared: 14 * MB, allowed: [401] },
      // The administrator is no party of the tenancy.
      { what: "someone else's inspection photo upload", path: inspectionPhoto, cookie: admin.cookie, declared: 14 * MB, allowed: [404] },
      {
        what: "someone else's inspection photo from the inspection page",
        path: `/leases/${world.tenancy.leaseId}/inspections/move-in`,
        cookie: admin.cookie,
        declared: 14 * MB,
        allowed: [404],
      },
      { what: 'a profile photo upload without a session', path: '/userprofile', declared: 5 * MB, allowed: [302, 401, 403] },
      {
        what: 'a profile photo upload without a session (data request)',
        path: '/userprofile.data',
        declared: 5 * MB,
        allowed: [202, 302, 401, 403],
      },
    ]
    const problems: string[] = []
    for (const { what, path, cookie, declared, allowed } of cases) {
      try {
        const answer = await declaredBody(site.origin, {
          method: 'POST',
          path,
          headers: { origin: site.origin, 'content-type': 'multipart/form-data; boundary=hostile-boundary', ...(cookie ? { cookie } : {}) },
          declaredBytes: declared,
          sendBytes: 64 * 1024,
          timeoutMs: 5_000,
        })
        if (!allowed.includes(answer.status)) problems.push(`${what}: answered ${answer.status}`)
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  it("five 50 MB bodies at once leave the server's memory flat", { timeout: 120_000 }, async () => {
    const targets = [
      routes.find((r) => r.path(world) === '/login')!,
      routes.find((r) => r.path(world) === '/chat')!,
      routes.find((r) => r.path(world) === '/api/chat/room/messages')!,
      routes.find((r) => r.path(world) === '/api/auth/sign-in/email')!,
      routes.find((r) => r.path(world) === '/properties/new')!,
    ]
    const baseline = await residentBytes(site.pid)
    let peak = baseline
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await residentBytes(site.pid))
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    const answers = await Promise.allSettled([
      ...targets.map((route) =>
        streamedBody(site.origin, {
          method: route.method,
          path: route.path(world),
          headers: headersFor(route),
          totalBytes: 50 * MB,
          timeoutMs: 60_000,
        }),
      ),
      // And five 50 MB uploads declared to a listing by strangers.
      ...Array.from({ length: 5 }, () =>
        declaredBody(site.origin, {
          method: 'POST',
          path: `/api/properties/${world.listing.id}/photos`,
          headers: { origin: site.origin, 'content-type': 'multipart/form-data; boundary=hostile-boundary' },
          declaredBytes: 50 * MB,
          sendBytes: 50 * MB,
          timeoutMs: 60_000,
        }),
      ),
    ])
    sampling = false
    await sampler
    const after = await residentBytes(site.pid)
    const statuses = answers.map((a) => (a.status === 'fulfilled' ? a.value.status : `failed: ${(a.reason as Error).message}`))
    expect(statuses.slice(0, 5), 'the five oversize bodies').toEqual([413, 413, 413, 413, 413])
    expect(statuses.slice(5), 'the five strangers').toEqual([401, 401, 401, 401, 401])
    const growth = Math.max(peak, after) - baseline
    expect(growth / MB, `the server grew from ${(baseline / MB).toFixed(0)} MB to a peak of ${(peak / MB).toFixed(0)} MB`).toBeLessThan(64)
    // And it still answers.
    expect((await site.send('/readyz')).status).toBe(200)
  })
})
