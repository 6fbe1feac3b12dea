// The applications world the application suites act on, made through the site: a landlord's listing
// with published criteria, a renter with a complete reusable application and an uploaded PDF who has
// applied, a second renter who is ready to apply but has not, and the strangers (another renter,
// another landlord, the administrator).
import { expect } from 'vitest'
import { completeRenterProfile } from '#tests/support/applications.ts'
import type { LiveAccount, Site } from './site.ts'

export const CRITERIA = {
  incomeMultiple: 2,
  petPolicy: 'cats',
  maxOccupants: 4,
  moveInFrom: null,
  moveInTo: null,
  otherRequirements: 'No smoking indoors.',
  accepting: true,
}

/** A move-in date a month from now. */
export const moveInDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

/** Saves a reusable application through the API. */
export async function saveProfile(site: Site, cookie: string, profile: unknown) {
  const saved = await site.send('/api/me/application', { method: 'PUT', cookie, json: profile })
  expect(saved.status, `the application is saved (${await saved.clone().text()})`).toBe(200)
}

/** Uploads a document through My application's form; the id of the newest document. */
export async function uploadDocument(site: Site, cookie: string, bytes: Uint8Array, fileName: string, type = 'application/pdf') {
  const form = new FormData()
  form.append('intent', 'upload')
  form.append('kind', 'pay_slip')
  form.append('file', new File([new Uint8Array(bytes)], fileName, { type }))
  const uploaded = await site.send('/userprofile/application', { cookie, multipart: form })
  expect(uploaded.status, `the document is uploaded (${uploaded.status === 302 ? '' : (await uploaded.text()).slice(0, 300)})`).toBe(302)
  const { profile } = (await (await site.send('/api/me/application', { cookie })).json()) as { profile: { documentIds: number[] } }
  return profile.documentIds.at(-1)!
}

/** Applies through the API; the application's id. */
export async function apply(site: Site, cookie: string, listingId: number, note = 'We would love to live here.') {
  const sent = await site.send(`/api/properties/${listingId}/applications`, {
    cookie,
    json: { moveInDate: moveInDate(), leaseMonths: 12, note },
  })
  expect(sent.status, `the application is sent (${await sent.clone().text()})`).toBe(201)
  return ((await sent.json()) as { application: { id: number } }).application.id
}

export const PDF = (extra = '') => new TextEncoder().encode(`%PDF-1.4\n${extra}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`)

export type ApplicationWorld = {
  owner: LiveAccount
  renter: LiveAccount
  /** Ready to apply (a complete application) but has not. */
  ready: LiveAccount
  otherRenter: LiveAccount
  otherLandlord: LiveAccount
  admin: LiveAccount
  listing: { id: number; slug: string }
  /** The other landlord's listing. */
  otherListing: { id: number; slug: string }
  applicationId: number
  documentId: number
  /** A document of the other renter's. */
  foreignDocumentId: number
}

export async function makeApplicationWorld(site: Site): Promise<ApplicationWorld> {
  const [owner, otherLandlord, renter, ready, otherRenter, admin] = await Promise.all([
    site.landlord('Lena Landlord'),
    site.landlord('Otto Otherlord'),
    site.account('Rita Renter', 'app-renter'),
    site.account('Rudi Ready', 'app-ready'),
    site.account('Olga Other', 'app-other'),
    site.admin(),
  ])
  const [listing, otherListing] = await Promise.all([site.createListing(owner.cookie), site.createListing(otherLandlord.cookie)])
  const criteria = await site.send(`/api/properties/${listing.id}/application-criteria`, {
    method: 'PUT',
    cookie: owner.cookie,
    json: CRITERIA,
  })
  expect(criteria.status, await criteria.clone().text()).toBe(200)
  await Promise.all([
    saveProfile(site, renter.cookie, completeRenterProfile()),
    saveProfile(site, ready.cookie, completeRenterProfile({ legalName: 'Rudi Ready' })),
    saveProfile(site, otherRenter.cookie, completeRenterProfile({ legalName: 'Olga Other' })),
  ])
  const documentId = await uploadDocument(site, renter.cookie, PDF(), 'payslip.pdf')
  const foreignDocumentId = await uploadDocument(site, otherRenter.cookie, PDF(), 'theirs.pdf')
  const applicationId = await apply(site, renter.cookie, listing.id)
  return {
    owner,
    renter,
    ready,
    otherRenter,
    otherLandlord,
    admin,
    listing: { id: listing.id, slug: listing.slug },
    otherListing: { id: otherListing.id, slug: otherListing.slug },
    applicationId,
    documentId,
    foreignDocumentId,
  }
}

/** A JSON answer without its document links (they carry their own expiry, minted anew on each read). */
export function withoutLinks(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'url' || (typeof v === 'string' && v.startsWith('/documents/')) ? undefined : v)),
  )
}
