// A repair asked for from a phone and answered from a desk: a tenant of a lease signed by everyone files
// an urgent request with a photo and the times that suit; the landlord, in a desktop browser of their
// own, finds it among their open requests, acknowledges it, schedules the visit and marks it completed;
// the tenant sees each step live and closes it. Every page passes axe.
import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import { APP_URL } from './environment.ts'
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look, saveProfile } from './two-parties.ts'

async function call(api: APIRequestContext, path: string, data?: unknown, method: 'GET' | 'POST' = 'POST') {
  const answer = await api.fetch(path, { method, headers: { Origin: APP_URL }, ...(data === undefined ? {} : { data }) })
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true)
  return answer.json()
}

/** The party agrees to sign electronically and signs the lease they read, through the API. */
async function sign(api: APIRequestContext, leaseId: number, typedName: string) {
  await call(api, `/api/leases/${leaseId}/consent`, { agree: true })
  const { lease } = await call(api, `/api/leases/${leaseId}`, undefined, 'GET')
  await call(api, `/api/leases/${leaseId}/sign`, { typedName, confirm: true, documentSha256: lease.document.sha256 })
}

test('a tenant files a repair with a photo from a phone; the landlord acknowledges, schedules and completes it; the tenant closes it @mobile-only', async ({
  page,
  browser,
  layout,
  signedInAccount: _renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000)
  const landlordAccount = await createAccount({ name: 'Nora Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders, { width: 1280, height: 800 })
  const listingPath = await publishListing(landlord.context().request, landlordAccount, `Repair flat ${Date.now().toString(36)}`)

  // The lease: applied for on the phone, then approved, sent and signed by both through the API.
  await saveProfile(page, 'Robin Renter')
  await visit(page, listingPath)
  await page.getByRole('region', { name: 'Apply' }).getByRole('button', { name: 'Apply now' }).click()
  await expect(page).toHaveURL(/\/applications\/\d+$/)
  const applicationId = Number(new URL(page.url()).pathname.split('/').pop())
  await call(landlord.context().request, `/api/applications/${applicationId}/approve`, { homeTaken: false })
  const { lease } = await call(landlord.context().request, '/api/leases', { applicationId })
  await call(landlord.context().request, `/api/leases/${lease.id}/send`)
  await sign(page.context().request, lease.id, 'Robin Renter')
  await sign(landlord.context().request, lease.id, 'Nora Landlord')

  // The tenant goes from the signed lease to the form, and files the request with a photo.
  await visit(page, `/leases/${lease.id}`)
  await page.getByRole('link', { name: 'Ask for a repair' }).click()
  await expect(page.getByRole('heading', { name: 'Ask for a repair' })).toBeVisible()
  await look(page, 'maintenance-new', layout)
  const since = Date.now()
  await page.getByLabel('What kind of problem').selectOption('heating_cooling')
  await page.getByRole('radio', { name: /^Urgent/ }).check()
  await page.getByLabel('What is wrong').fill('No hot water')
  await page.getByLabel('Where in the home').fill('Bathroom and kitchen taps')
  await page.getByRole('radio', { name: 'Yes' }).check()
  await page.getByLabel('Day 1', { exact: true }).fill('2099-03-02')
  await page.getByLabel('Day 1: from').fill('09:00')
  await page.getByLabel('Day 1: to').fill('12:00')
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 120, b: 160 } } })
    .jpeg()
    .toBuffer()
  await page.getByLabel(/^Photos/).setInputFiles({ name: 'boiler.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByRole('button', { name: 'File the request' }).click()
  await expect(page).toHaveURL(/\/maintenance\/\d+$/)
  const requestPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { name: 'No hot water' })).toBeVisible()
  await expect(page.getByRole('img', { name: /The problem, view 1 of 1/ })).toBeVisible()
  await look(page, 'maintenance-request', layout)

  // The landlord is told, finds it among their open requests, and answers each step.
  const told = await waitForMail(landlordAccount.email, { subject: /New maintenance request: No hot water/, since })
  expect(told.text).toContain(requestPath)
  await visit(landlord, '/maintenance')
  await look(landlord, 'maintenance-list', 'desktop')
  await landlord.getByRole('link', { name: 'No hot water' }).click()
  await expect(landlord.getByRole('img', { name: /The problem, view 1 of 1/ })).toBeVisible()
  await landlord.getByRole('button', { name: 'Acknowledge' }).click()
  await expect(page.getByText('Acknowledged', { exact: true }).first()).toBeVisible()
  await landlord.getByLabel('Day of the visit').fill('2099-03-02')
  await landlord.getByLabel(/^Time \(/).fill('10:30')
  await landlord.getByRole('button', { name: 'Schedule a visit' }).click()
  await expect(landlord.getByRole('button', { name: 'Mark work started' })).toBeVisible()
  await look(landlord, 'maintenance-landlord', 'desktop')
  // The tenant's page shows the visit on the home's clock without a reload.
  await expect(page.getByText(/March 2,? (at )?10:30 AM EST/).first()).toBeVisible()
  await landlord.getByRole('button', { name: 'Mark completed' }).click()
  await expect(landlord.getByRole('button', { name: 'Mark completed' })).toHaveCount(0)

  // The tenant closes it: it is fixed.
  await expect(page.getByRole('button', { name: 'Close: it is fixed' })).toBeVisible()
  await page.getByRole('button', { name: 'Close: it is fixed' }).click()
  await expect(page.getByText('nothing more is done on it')).toBeVisible()
  await look(page, 'maintenance-closed', layout)
  await visit(page, '/maintenance')
  await look(page, 'maintenance-tenant-list', layout)
})
