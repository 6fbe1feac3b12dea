// A move-in inspection as the people in a signed lease would do it: the tenant, on their phone, fills in
// the checklist with a photo; the landlord, at a desk, comments on an item; both sign the frozen record.
// The move-out then shows the item beside its move-in state and photo. A stranger gets 404, and checking
// the signed file on /leases/verify is told which inspection it is. Every page passes axe.
import { createHash } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { APP_URL } from './environment.ts'
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look, saveProfile } from './two-parties.ts'

const json = { headers: { Origin: APP_URL } }

/** A party agrees to sign the lease electronically and signs the version they read, through the API. */
async function signLeaseThroughApi(api: APIRequestContext, leaseId: number, name: string) {
  expect((await api.post(`/api/leases/${leaseId}/consent`, { ...json, data: { agree: true } })).status()).toBe(200)
  const { lease } = (await (await api.get(`/api/leases/${leaseId}`)).json()) as { lease: { document: { sha256: string } } }
  const signed = await api.post(`/api/leases/${leaseId}/sign`, {
    ...json,
    data: { typedName: name, confirm: true, documentSha256: lease.document.sha256 },
  })
  expect(signed.status(), await signed.text()).toBe(200)
}

const itemCard = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .first()

async function signInspection(page: Page, path: string, name: string) {
  await visit(page, path)
  await page.getByLabel('Your full name').fill(name)
  await page.getByLabel(/I have read this inspection/).check()
  await page.getByRole('button', { name: 'Sign the inspection' }).click()
  await expect(page.getByRole('button', { name: 'Sign the inspection' })).toHaveCount(0)
}

test('a tenant fills in the move-in with a photo, the landlord comments, both sign, and the move-out shows it @mobile-only', async ({
  page,
  browser,
  layout,
  signedInAccount: _renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(300_000)
  const landlordAccount = await createAccount({ name: 'Nora Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders, { width: 1280, height: 800 })
  const listingPath = await publishListing(landlord.context().request, landlordAccount, `Inspected flat ${Date.now().toString(36)}`)

  // A lease signed by both: applied for and drafted in the browser, signed through the API.
  await saveProfile(page, 'Robin Renter')
  await visit(page, listingPath)
  await page.getByRole('region', { name: 'Apply' }).getByRole('button', { name: 'Apply now' }).click()
  await expect(page).toHaveURL(/\/applications\/\d+$/)
  await visit(landlord, new URL(page.url()).pathname)
  await landlord.getByRole('button', { name: 'Approve', exact: true }).click()
  await landlord.getByRole('button', { name: 'Draft the lease' }).click()
  await expect(landlord).toHaveURL(/\/leases\/\d+\/edit$/)
  const leaseId = Number(/\/leases\/(\d+)\/edit$/.exec(landlord.url())![1])
  expect((await landlord.context().request.post(`/api/leases/${leaseId}/send`, json)).status()).toBe(200)
  await signLeaseThroughApi(page.context().request, leaseId, 'Robin Renter')
  await signLeaseThroughApi(landlord.context().request, leaseId, 'Nora Landlord')

  // The tenant opens the inspections from the signed lease and starts the move-in.
  await visit(page, `/leases/${leaseId}`)
  await page.getByRole('link', { name: 'Move-in and move-out inspections' }).click()
  await expect(page.getByRole('heading', { name: 'Move-in inspection' })).toBeVisible()
  await look(page, 'inspections', layout)
  await page.getByRole('link', { name: 'Open the move-in inspection' }).click()
  await page.getByRole('button', { name: 'Start the move-in inspection' }).click()
  const walls = itemCard(page, 'Walls')
  await expect(walls).toBeVisible()
  const movePath = new URL(page.url()).pathname
  await walls.getByLabel('Condition').selectOption('damaged')
  await walls.getByLabel('Notes').fill('Scuff by the door')
  await walls.getByRole('button', { name: /^Save/ }).click()
  await expect(itemCard(page, 'Walls').getByText('Now: Damaged')).toBeVisible()
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer()
  await itemCard(page, 'Walls').getByLabel('Photo of walls').setInputFiles({ name: 'scuff.jpg', mimeType: 'image/jpeg', buffer: photo })
  await itemCard(page, 'Walls')
    .getByRole('button', { name: /^Add photo/ })
    .click()
  await expect(itemCard(page, 'Walls').getByRole('img', { name: /Walls, Living room, 1 of 1/ })).toBeVisible()
  // The other items are recorded through the API, as a client would.
  const { inspection } = (await (await page.context().request.get(`/api${movePath}`)).json()) as {
    inspection: { rooms: { items: { id: number; condition: string | null }[] }[] }
  }
  for (const item of inspection.rooms.flatMap((room) => room.items).filter((candidate) => !candidate.condition)) {
    await page.context().request.put(`/api${movePath}/items/${item.id}`, { ...json, data: { condition: 'good', notes: '' } })
  }
  await visit(page, movePath)
  await look(page, 'inspection-move-in', layout)

  // The landlord, told by e-mail, comments on the walls.
  const started = await waitForMail(landlordAccount.email, { subject: /Move-in inspection/ })
  expect(started.text).toContain(movePath)
  await visit(landlord, movePath)
  await itemCard(landlord, 'Walls').getByLabel('Comment on walls').fill('That scuff was there before you moved in?')
  await itemCard(landlord, 'Walls').getByRole('button', { name: /^Post/ }).click()
  await expect(itemCard(landlord, 'Walls').getByText('That scuff was there before you moved in?')).toBeVisible()
  await look(landlord, 'inspection-comment', 'desktop')

  // The tenant sends it for signature; both sign the frozen record.
  await visit(page, movePath)
  await expect(itemCard(page, 'Walls').getByText('That scuff was there before you moved in?')).toBeVisible()
  await page.getByRole('button', { name: 'Send for signature' }).click()
  await expect(page.getByRole('link', { name: /Download the inspection/ })).toBeVisible()
  await signInspection(page, movePath, 'Robin Renter')
  await look(page, 'inspection-signing', layout)
  await signInspection(landlord, movePath, 'Nora Landlord')
  await expect(landlord.getByText('Signed by everyone').first()).toBeVisible()
  await look(landlord, 'inspection-signed', 'desktop')
  await visit(page, movePath)
  await look(page, 'inspection-signed', layout)
  await visit(landlord, `/leases/${leaseId}/inspections`)
  await look(landlord, 'inspections', 'desktop')

  // The move-out shows the walls beside their move-in state and photo.
  await visit(page, `/leases/${leaseId}/inspections/move-out`)
  await page.getByRole('button', { name: 'Start the move-out inspection' }).click()
  const after = itemCard(page, 'Walls')
  await expect(after.getByText('At move-in: Damaged · Scuff by the door')).toBeVisible()
  await expect(after.getByRole('img', { name: /Walls, Living room at move-in, 1 of 1/ })).toBeVisible()
  await look(page, 'inspection-move-out', layout)
  await visit(landlord, `/leases/${leaseId}/inspections/move-out`)
  await look(landlord, 'inspection-move-out', 'desktop')

  const stranger = await browserFor(browser, await createAccount({ name: 'Sam Stranger' }), page, extraHTTPHeaders)
  expect((await stranger.goto(movePath))!.status()).toBe(404)

  // The signed move-in carries its certificate; anyone checking the file is told which inspection it is.
  await visit(page, movePath)
  const link = page.getByRole('link', { name: /Download the signed inspection/ })
  const signedFile = await page.context().request.get((await link.getAttribute('href'))!)
  expect(signedFile.headers()['content-type']).toBe('application/pdf')
  const bytes = Buffer.from(await signedFile.body())
  await expect(page.getByText(createHash('sha256').update(bytes).digest('hex')).first()).toBeVisible()
  await visit(stranger, '/leases/verify')
  await stranger.getByLabel('The PDF file').setInputFiles({ name: 'move-in.pdf', mimeType: 'application/pdf', buffer: bytes })
  await expect(stranger.getByText('This file matches a signed inspection on Cooper Home, with its certificate of completion')).toBeVisible()
  await expect(
    stranger.getByText(/^Move-in inspection of .+, signed by .+ \(tenant\) on .+ and Nora Landlord \(landlord\) on .+\.$/),
  ).toBeVisible()
  await look(stranger, 'inspection-verify', layout)
  bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 1
  await stranger.getByLabel('The PDF file').setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: bytes })
  await expect(stranger.getByText(/nor any inspection: it is not a Cooper Home document/)).toBeVisible()
  for (const other of [landlord, stranger]) await other.context().close()
})
