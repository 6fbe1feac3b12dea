// A lease signed in the browser, as the people in it would: the landlord (at a desk) approves an
// application and sends a lease with a second tenant; both tenants, each on their phone, agree to sign
// electronically and sign; the landlord countersigns. Everyone downloads the same signed PDF, the
// verify page says it matches and that a copy with one byte changed does not. Every page passes axe.
import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look, saveProfile } from './two-parties.ts'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A signer agrees to sign electronically, types their name, ticks the box and signs. */
async function consentAndSign(page: Page, leasePath: string, name: string, layout: string, shot: string) {
  await visit(page, leasePath)
  await page.getByLabel(/I have read these disclosures/).check()
  await page.getByRole('button', { name: 'I agree' }).click()
  await expect(page.getByRole('button', { name: 'Sign the lease' })).toBeVisible()
  await look(page, shot, layout)
  await page.getByLabel('Your full name').fill(name)
  await page.getByLabel(/I have read this lease \(version 1/).check()
  await page.getByRole('button', { name: 'Sign the lease' }).click()
  await expect(page.getByRole('button', { name: 'Sign the lease' })).toHaveCount(0)
}

/** The signed PDF as the party downloads it from the lease page. */
async function downloadSigned(page: Page, leasePath: string): Promise<Buffer> {
  await visit(page, leasePath)
  const link = page.getByRole('link', { name: 'Download the signed lease' })
  const answer = await page.context().request.get((await link.getAttribute('href'))!)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('application/pdf')
  return Buffer.from(await answer.body())
}

test('a landlord sends a lease, two tenants sign on their phones, the landlord countersigns and anyone can verify the PDF @mobile-only', async ({
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
  const listingPath = await publishListing(landlord.context().request, landlordAccount, `Garden flat ${Date.now().toString(36)}`)
  const partnerAccount = await createAccount({ name: 'Pat Partner' })
  const partner = await browserFor(browser, partnerAccount, page, extraHTTPHeaders)

  // The renter applies; the landlord approves and drafts the lease from the application.
  await saveProfile(page, 'Robin Renter')
  await visit(page, listingPath)
  await page.getByRole('region', { name: 'Apply' }).getByRole('button', { name: 'Apply now' }).click()
  await expect(page).toHaveURL(/\/applications\/\d+$/)
  await visit(landlord, new URL(page.url()).pathname)
  await landlord.getByRole('button', { name: 'Approve', exact: true }).click()
  await landlord.getByRole('button', { name: 'Draft the lease' }).click()
  await expect(landlord).toHaveURL(/\/leases\/\d+\/edit$/)
  const leasePath = new URL(landlord.url()).pathname.replace(/\/edit$/, '')
  await expect(landlord.getByLabel('Tenant 1: full name')).toHaveValue('Robin Renter')
  await landlord.getByRole('button', { name: 'Add a tenant' }).click()
  await landlord.getByLabel('Tenant 2: full name').fill('Pat Partner')
  await landlord.getByLabel('Tenant 2: e-mail').fill(partnerAccount.email)
  await landlord.getByLabel('Number of occupants').fill('2')
  await landlord.getByRole('button', { name: 'Add a clause' }).click()
  await landlord.getByLabel('Clause 1').fill('The tenants may keep one cat.')
  await landlord.getByRole('button', { name: 'Save the lease' }).click()
  await expect(landlord.getByRole('alert').filter({ hasText: 'Saved.' })).toBeVisible()
  await look(landlord, 'lease-edit', 'desktop')

  const since = Date.now()
  await visit(landlord, leasePath)
  await landlord.getByRole('button', { name: 'Send for signature' }).click()
  await expect(landlord.getByText('Sent for signature').first()).toBeVisible()
  await look(landlord, 'lease-sent', 'desktop')

  // Both tenants are asked by e-mail, and each signs on their phone.
  const invitation = await waitForMail(partnerAccount.email, { subject: /Please sign your lease/, since })
  expect(invitation.text).toContain(leasePath)
  await visit(page, '/leases')
  await expect(page.getByText('Awaiting your signature').first()).toBeVisible()
  await look(page, 'leases', layout)
  await consentAndSign(page, leasePath, 'Robin Renter', layout, 'lease-sign')
  await expect(page.getByText('Signed by some').first()).toBeVisible()
  await consentAndSign(partner, leasePath, 'Pat Partner', layout, 'lease-sign-partner')

  // The landlord countersigns, which seals the lease.
  await consentAndSign(landlord, leasePath, 'Nora Landlord', 'desktop', 'lease-countersign')
  await expect(landlord.getByText('Fully signed').first()).toBeVisible()
  await look(landlord, 'lease-signed', 'desktop')

  // Everyone holds the same file.
  const copies = [
    await downloadSigned(page, leasePath),
    await downloadSigned(partner, leasePath),
    await downloadSigned(landlord, leasePath),
  ]
  expect(new Set(copies.map(sha256)).size).toBe(1)
  expect(copies[0]!.subarray(0, 5).toString()).toBe('%PDF-')
  await expect(page.getByText(sha256(copies[0]!)).first()).toBeVisible()
  await look(page, 'lease-signed', layout)

  // The verify page hashes the file in the browser: a match, then a copy with one byte changed.
  const stranger = await browserFor(browser, await createAccount({ name: 'Sam Stranger' }), page, extraHTTPHeaders)
  expect((await stranger.goto(leasePath))!.status()).toBe(404)
  await visit(stranger, '/leases/verify')
  await stranger.getByLabel('The PDF file').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: copies[0]! })
  await expect(stranger.getByText('This file matches a lease signed on Cooper Home')).toBeVisible()
  await look(stranger, 'lease-verify', layout)
  const changed = Buffer.from(copies[0]!)
  changed[changed.length - 20] = changed[changed.length - 20]! ^ 1
  await stranger.getByLabel('The PDF file').setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed })
  await expect(stranger.getByText('This file does not match any lease on record')).toBeVisible()

  for (const other of [partner, landlord, stranger]) await other.context().close()
})
