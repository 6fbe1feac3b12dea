// The leases world the lease suites act on, made through the site: a landlord's listing, a renter's
// approved application, and a lease drafted from it through the API with a second tenant, sent for
// signature; the strangers are another renter and another landlord.
import { expect } from 'vitest'
import { completeRenterProfile } from '#tests/support/applications.ts'
import { CRITERIA, apply, saveProfile } from './applications.ts'
import type { LiveAccount, Site } from './site.ts'

export type LeaseWorld = {
  owner: LiveAccount
  renter: LiveAccount
  second: LiveAccount
  stranger: LiveAccount
  listing: { id: number; slug: string }
  applicationId: number
  /** Sent for signature, both tenants on it. */
  leaseId: number
  /** The terms the lease was sent with (cents, as the API takes them). */
  terms: Record<string, unknown>
}

/** A JSON call to the site's API that must succeed with `status`; its body. */
export async function okJson(site: Site, path: string, options: Parameters<Site['send']>[1], status = 200) {
  const answer = await site.send(path, options)
  const text = await answer.text()
  expect(answer.status, `${options?.method ?? 'POST'} ${path}: ${text.slice(0, 500)}`).toBe(status)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the API answers; each test reads the shape it needs.
  return JSON.parse(text) as any
}

/** One lease as `cookie` reads it, without the moment it was read. */
export async function leaseAsSeen(site: Site, cookie: string, leaseId: number) {
  const { lease } = await okJson(site, `/api/leases/${leaseId}`, { cookie, method: 'GET' })
  const { now: _now, ...kept } = lease as Record<string, unknown>
  return kept
}

export async function makeLeaseWorld(site: Site, prefix: string): Promise<LeaseWorld> {
  const [owner, renter, second, stranger] = await Promise.all([
    site.landlord('Lena Leaser'),
    site.account('Rita Renter', `${prefix}-renter`),
    site.account('Sami Second', `${prefix}-second`),
    site.account('Olga Other', `${prefix}-other`),
  ])
  const listing = await site.createListing(owner.cookie)
  await okJson(site, `/api/properties/${listing.id}/application-criteria`, { method: 'PUT', cookie: owner.cookie, json: CRITERIA })
  await saveProfile(site, renter.cookie, completeRenterProfile())
  const applicationId = await apply(site, renter.cookie, listing.id)
  await okJson(site, `/api/applications/${applicationId}/approve`, { cookie: owner.cookie, json: { homeTaken: false } })
  const created = await okJson(site, '/api/leases', { cookie: owner.cookie, json: { applicationId } }, 201)
  const leaseId = created.lease.id as number
  const draft = created.lease.draftTerms as Record<string, unknown> & { tenants: unknown[]; occupants: number }
  const terms = {
    ...draft,
    tenants: [...draft.tenants, { name: 'Sami Second', email: second.email }],
    occupants: Math.max(draft.occupants, draft.tenants.length + 1),
  }
  await okJson(site, `/api/leases/${leaseId}/terms`, { method: 'PUT', cookie: owner.cookie, json: terms })
  await okJson(site, `/api/leases/${leaseId}/send`, { method: 'POST', cookie: owner.cookie })
  return { owner, renter, second, stranger, listing: { id: listing.id, slug: listing.slug }, applicationId, leaseId, terms }
}
