// The rent of a signed lease, as its parties keep it: the lease is reached through the JSON API (drafted
// from the landlord's listing, sent, consented to and signed by the tenant, countersigned), and signing it
// has the site post what is already due. The tenant reads the charges and reports a payment on the rent
// page; the landlord confirms it there, the books then owe nothing, the tenant is mailed the receipt and
// downloads it as a PDF, and the landlord reads the rent roll. Every page passes axe at a desk and on a phone.
import { createHash } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expect, test, visit, waitForMail, type Account } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look } from './two-parties.ts'

const PHONE = { width: 390, height: 844 }
const headers = { Origin: APP_URL }

async function json<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(answer.status(), await answer.text()).toBe(status)
  return (await answer.json()) as T
}

type LeaseAnswer = { lease: { id: number; state: string; draftTerms: Record<string, unknown> | null; document: { sha256: string } | null } }

/** A signer agrees to sign electronically and signs the version they read, through the API. */
async function consentAndSign(api: APIRequestContext, leaseId: number, typedName: string) {
  await json(await api.post(`/api/leases/${leaseId}/consent`, { headers, data: { agree: true } }))
  const { lease } = await json<LeaseAnswer>(await api.get(`/api/leases/${leaseId}`))
  return json<LeaseAnswer>(
    await api.post(`/api/leases/${leaseId}/sign`, { headers, data: { typedName, confirm: true, documentSha256: lease.document!.sha256 } }),
  )
}

/** A lease of a new listing of the landlord's to the tenant, starting today, signed by both. */
async function signedLease(landlord: APIRequestContext, landlordAccount: Account, tenant: APIRequestContext, tenantAccount: Account) {
  const listingPath = await publishListing(landlord, landlordAccount, `Rent flat ${Date.now().toString(36)}`)
  const listingId = Number(/-(\d+)$/.exec(listingPath)![1])
  const { lease } = await json<LeaseAnswer>(await landlord.post('/api/leases', { headers, data: { listingId } }), 201)
  // Today where the home is (the listing is in Wilmington, DE): the books say what is owed by that day, which is
  // not yet the UTC date in the evening there.
  const startDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  const start = new Date(`${startDate}T12:00:00Z`)
  const endDate = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate() - 1)).toISOString().slice(0, 10)
  const terms = {
    ...lease.draftTerms,
    tenants: [{ name: tenantAccount.name, email: tenantAccount.email }],
    guarantor: null,
    termKind: 'fixed',
    startDate,
    endDate,
    rentCents: 150_000,
    dueDay: Math.min(start.getUTCDate(), 28),
    graceDays: 5,
    lateFeeCents: 5_000,
    depositCents: 150_000,
    otherFees: [],
    occupants: 1,
  }
  await json(await landlord.put(`/api/leases/${lease.id}/terms`, { headers, data: terms }))
  await json(await landlord.post(`/api/leases/${lease.id}/send`, { headers }))
  await consentAndSign(tenant, lease.id, tenantAccount.name)
  const sealed = await consentAndSign(landlord, lease.id, landlordAccount.name)
  expect(sealed.lease.state).toBe('fully_signed')
  return lease.id
}

/** The same page again at the phone's size (axe sees what the size shows), then back at the desk's. */
async function lookAtBothSizes(page: Page, name: string) {
  await look(page, name, 'desktop')
  const desk = page.viewportSize()!
  await page.setViewportSize(PHONE)
  await look(page, name, 'mobile')
  await page.setViewportSize(desk)
}

test('a tenant reports a rent payment, the landlord confirms it and the receipt is a PDF mailed and downloaded @desktop-only', async ({
  page,
  browser,
  signedInAccount: tenantAccount,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000)
  const landlordAccount = await createAccount({ name: 'Nora Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const leaseId = await signedLease(landlord.context().request, landlordAccount, page.context().request, tenantAccount)
  const rentPath = `/leases/${leaseId}/rent`

  // Signing has the site post what is due already: the deposit and the first rent.
  type Ledger = { balanceCents: number; charges: { kind: string; memo: string }[] }
  let ledger: Ledger | undefined
  await expect
    .poll(
      async () => {
        ledger = await json<Ledger>(await page.context().request.get(`/api${rentPath}`))
        return ledger.charges.map((charge) => charge.kind).sort()
      },
      { message: 'the first charges are posted', timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['deposit', 'rent']))
  const owed = (ledger!.balanceCents / 100).toFixed(2)

  // The tenant reads what is owed and reports paying it all by bank transfer.
  await visit(page, rentPath)
  const charges = page.getByRole('region', { name: 'Charges' })
  await expect(charges.getByRole('row').filter({ hasText: 'Security deposit' })).toContainText('Due')
  await expect(
    charges
      .getByRole('row')
      .filter({ hasText: /Rent for \d{4}-\d{2}/ })
      .first(),
  ).toContainText('Due')
  await expect(page.getByRole('heading', { name: /^Owed now: \$/ })).toBeVisible()
  await lookAtBothSizes(page, 'rent-tenant')
  await page.getByLabel('Amount (USD)').fill(owed)
  await page.getByLabel('How it was paid').selectOption({ label: 'Bank transfer' })
  await page.getByLabel('Reference (optional)').fill('TRF-2291')
  await page.getByRole('button', { name: 'Report payment' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Payment reported: your landlord is asked to confirm it.' })).toBeVisible()
  await expect(page.getByText(/· Awaiting the landlord$/)).toBeVisible()
  await expect(page.getByRole('link', { name: /^Receipt no\./ })).toHaveCount(0)

  // The landlord sees the report and confirms it: nothing is owed any more.
  const since = Date.now()
  await visit(landlord, rentPath)
  const report = landlord.getByRole('listitem').filter({ hasText: 'reference TRF-2291' })
  await expect(report).toContainText(`told by ${tenantAccount.name}`)
  await lookAtBothSizes(landlord, 'rent-landlord')
  await report.getByRole('button', { name: 'Confirm' }).click()
  await expect(landlord.getByRole('alert').filter({ hasText: 'Payment confirmed: the tenants get the receipt by e-mail.' })).toBeVisible()
  await expect(landlord.getByRole('heading', { name: 'Nothing is owed now' })).toBeVisible()
  await expect(report).toContainText('· Confirmed')
  const rows = landlord.getByRole('region', { name: 'Charges' }).locator('tbody tr')
  await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(await rows.count())
  await expect(landlord.getByRole('cell', { name: 'Due', exact: true })).toHaveCount(0)
  await lookAtBothSizes(landlord, 'rent-landlord-confirmed')

  // The rent roll has the lease with nothing late, owed or left to confirm (what fell due and was paid this
  // month depends on the day: near a month's end the payment's day, the home's, may be a month before the site's).
  await visit(landlord, '/rent')
  const roll = landlord.getByRole('row').filter({ has: landlord.locator(`a[href="${rentPath}"]`) })
  await expect(roll.getByRole('rowheader')).toContainText(tenantAccount.name)
  const cells = roll.getByRole('cell')
  await expect(cells).toHaveCount(5)
  await expect(cells.nth(2)).toHaveText('$0')
  await expect(cells.nth(3)).toHaveText('$0')
  await expect(cells.nth(4)).toHaveText('0')
  await expect(landlord.getByRole('rowheader', { name: 'Total (1 lease)', exact: true })).toBeVisible()
  await lookAtBothSizes(landlord, 'rent-roll')
  // On a phone each lease stacks into a card: every figure, "To confirm" the last, shows whole on the screen
  // (still a cell of the table), and the table's region has nothing to scroll sideways.
  const desk = landlord.viewportSize()!
  await landlord.setViewportSize(PHONE)
  await cells.nth(4).scrollIntoViewIfNeeded()
  await expect(cells.nth(4)).toBeInViewport({ ratio: 1 })
  const region = landlord.getByRole('region', { name: /^Rent roll for / })
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
  await landlord.setViewportSize(desk)

  // The tenant is mailed the receipt, and downloads the same PDF from the rent page.
  const mail = await waitForMail(tenantAccount.email, { subject: /^Rent receipt: /, since })
  expect(mail.text).toContain(rentPath)
  await visit(page, rentPath)
  await expect(page.getByRole('heading', { name: 'Nothing is owed now' })).toBeVisible()
  const receipt = page.getByRole('link', { name: /^Receipt no\. \d+ \(PDF\)$/ })
  const answer = await page.context().request.get((await receipt.getAttribute('href'))!)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('application/pdf')
  const bytes = Buffer.from(await answer.body())
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  const sha256 = /SHA-256 ([0-9a-f]{64})/.exec(mail.text)?.[1]
  expect(createHash('sha256').update(bytes).digest('hex'), 'the receipt downloaded is the one mailed').toBe(sha256)
  await lookAtBothSizes(page, 'rent-tenant-paid')

  await landlord.context().close()
})
