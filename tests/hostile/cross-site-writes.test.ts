// Cross-site writes: every state-changing route, sent with a signed-in person's cookie and a body
// that would change something, as another site's form or script would send it (its Origin; or a
// browser's Sec-Fetch-Site: cross-site without an Origin), answers 403 and changes nothing anyone
// can see afterwards.
import { describe, expect, it } from 'vitest'
import { withoutLinks } from './support/applications.ts'
import { mailFolder } from './support/mail.ts'
import { Site, hostileSites, type LiveAccount } from './support/site.ts'
import { tenancyAsSeen } from './support/tenancy.ts'
import { WRITE_ROUTES, bodyOf, describeRoute, makeWorld, type World } from './support/write-routes.ts'

const EVIL = 'https://evil.example'

describe.each(hostileSites().map((info) => [info.database, info] as const))('cross-site writes on %s', (_database, info) => {
  const site = new Site(info)

  /** What the people of the world can see: it must read the same before and after the attempts. */
  async function whatTheySee(world: World, owner: LiveAccount, other: LiveAccount, admin: LiveAccount) {
    const read = async (path: string, cookie?: string) => {
      const response = await site.send(path, { cookie })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    /** A lease as `cookie` reads it, without the moment it was read. */
    const lease = async (cookie: string) => {
      const { status, body } = await read(`/api/leases/${world.leaseId}`, cookie)
      const { now: _now, ...kept } = (body as { lease: Record<string, unknown> }).lease
      return { status, lease: kept }
    }
    const session = (await read('/api/auth/get-session', owner.cookie)).body as { user?: Record<string, unknown> } | null
    const photos = (await read(`/api/properties/${world.listing.id}/photos`, owner.cookie)).body as {
      photos: { id: number; altText: string }[]
    }
    return {
      // Still signed in, with the same name and address.
      owner: session?.user ? { name: session.user.name, email: session.user.email } : null,
      other: ((await read('/api/auth/get-session', other.cookie)).body as { user?: { name: unknown } } | null)?.user?.name ?? null,
      listing: await read(`/api/properties/${world.listing.id}`, owner.cookie),
      photos: photos.photos.map((photo) => ({ id: photo.id, altText: photo.altText })),
      room: await read('/api/chat/room/messages'),
      conversations: await read('/api/chat/conversations', owner.cookie),
      thread: await read(`/api/chat/conversations/${world.conversationId}/messages`, owner.cookie),
      unread: await read('/api/chat/unread', other.cookie),
      reports: await read('/api/chat/reports', admin.cookie),
      mutes: await read('/api/chat/mutes', admin.cookie),
      tour: await read(`/api/tours/${world.tourId}`, other.cookie),
      stay: await read(`/api/stays/${world.stayBookingId}`, other.cookie),
      stayCalendar: await read(`/api/properties/${world.listing.id}/stay-calendar?months=3`, owner.cookie),
      stayRules: await read(`/api/properties/${world.listing.id}/stay-rules`, owner.cookie),
      tours: await read('/api/tours', admin.cookie),
      availability: await read(`/api/tour-availability?listing=${world.listing.id}`, owner.cookie),
      defaults: await read('/api/tour-availability', owner.cookie),
      listings: await read('/api/properties?limit=50'),
      renterProfile: await read('/api/me/application', other.cookie),
      application: withoutLinks(await read(`/api/applications/${world.applicationId}`, other.cookie)),
      applications: await read(`/api/properties/${world.listing.id}/applications`, owner.cookie),
      criteria: await read(`/api/properties/${world.listing.id}/application-criteria`),
      adminApplications: await read('/api/applications', admin.cookie),
      lease: await lease(owner.cookie),
      tenantsLease: await lease(other.cookie),
      leases: await read('/api/leases', owner.cookie),
      tenantsLeases: await read('/api/leases', other.cookie),
      // The signed lease's rent ledger, inspections and deposit, as its landlord and its tenant read them.
      tenancy: await tenancyAsSeen(site, world.tenancy.leaseId, owner.cookie),
      tenantsTenancy: await tenancyAsSeen(site, world.tenancy.leaseId, other.cookie),
      mails: mailFolder(site.dataDir).total(),
    }
  }

  it('every write route refuses another site with 403 (by Origin, or by Sec-Fetch-Site alone) and nothing changes', async () => {
    const { world, owner, other, admin } = await makeWorld(site)
    const before = await whatTheySee(world, owner, other, admin)

    const answers: string[] = []
    for (const route of WRITE_ROUTES) {
      const cookie = route.asAdmin ? admin.cookie : route.asRenter ? other.cookie : owner.cookie
      for (const [how, extra] of [
        ['Origin', { origin: EVIL, 'sec-fetch-site': 'cross-site' }],
        ['Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
      ] as const) {
        const { headers, body } = bodyOf(route, world)
        const response = await site.send(route.path(world), {
          method: route.method,
          cookie,
          origin: null,
          headers: { ...headers, ...extra },
          body,
        })
        if (response.status !== 403) answers.push(`${describeRoute(route, world)} by ${how}: ${response.status}`)
        if (response.headers.getSetCookie().some((c) => /session_token=/.test(c)))
          answers.push(`${describeRoute(route, world)} by ${how}: set a session cookie`)
      }
    }
    expect(answers, 'routes that did not answer 403').toEqual([])
    expect(await whatTheySee(world, owner, other, admin)).toEqual(before)

    // The same bodies from the site's own pages do change what is seen (so the comparison can fail).
    const own = await site.send('/api/chat/room/messages', {
      cookie: owner.cookie,
      json: { body: 'Posted from the site', clientTxnId: 'same-site-control' },
    })
    expect(own.status).toBe(201)
    const renamed = await site.send('/userprofile', {
      cookie: owner.cookie,
      form: { intent: 'save-profile', name: 'Renamed on the site', role: 'landlord', bio: '', phone: '' },
    })
    expect(renamed.status).toBe(302)
    // The tenant's signature body, from the lease's own page, signs it.
    const route = WRITE_ROUTES.find(
      (r) => r.path(world) === `/leases/${world.leaseId}` && (r.body?.(world) as { intent?: string }).intent === 'sign',
    )!
    const signed = await site.send(route.path(world), { cookie: other.cookie, ...bodyOf(route, world) })
    expect(signed.status).toBe(302)
    // The landlord's payment body, from the rent page, records it.
    const paying = WRITE_ROUTES.find(
      (r) => r.path(world) === `/leases/${world.tenancy.leaseId}/rent` && (r.body?.(world) as { intent?: string }).intent === 'pay',
    )!
    const paid = await site.send(paying.path(world), { cookie: owner.cookie, ...bodyOf(paying, world) })
    expect(paid.status).toBe(302)
    const after = await whatTheySee(world, owner, other, admin)
    expect(after.room).not.toEqual(before.room)
    expect(after.owner).not.toEqual(before.owner)
    expect(after.lease).not.toEqual(before.lease)
    expect(after.tenantsTenancy.rent).not.toEqual(before.tenantsTenancy.rent)
  })

  it('a save link followed from another site saves nothing until the person confirms', async () => {
    const { world, other } = await makeWorld(site)
    const path = `/properties/${world.listing.slug}`
    const visited = await site.send(`${path}/save?intent=save&redirectTo=%2F`, {
      cookie: other.cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(visited.status).toBe(200)
    const page = await (await site.send(path, { cookie: other.cookie })).text()
    // The listing page's save button still offers to save.
    expect(page).toContain('name="intent" value="save"')
    expect(page).not.toContain('name="intent" value="unsave"')
  })
})
