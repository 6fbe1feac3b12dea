// The deposit's return at move-out, as the people in a signed lease would meet it. The tenancy is built
// through the site's JSON API as each party would use it: a listing, an application approved, a lease sent
// and signed by both (its deposit charged by the site once it is sealed), the landlord recording the
// deposit's payment, and a move-in inspection with a photo of the walls signed by both. Then, in the
// browser, the landlord records the end of the tenancy, deducts for the walls citing the move-in item with
// its photo, and sends the statement; the tenant reads the itemised statement, sees the photo and the
// refund, and downloads the PDF. A stranger gets 404. Both sides' pages pass axe.
import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import sharp from 'sharp'
import { APP_URL } from './environment.ts'
import { expect, test, visit } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look, saveProfile } from './two-parties.ts'

const json = { headers: { Origin: APP_URL } }

/** A day `offset` days from today (UTC), as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** The JSON of an answer that had `status`. */
async function ok<T>(answer: Promise<APIResponse>, status = 200): Promise<T> {
  const response = await answer
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as T
}

/** A party agrees to sign the lease electronically and signs the version they read, through the API. */
async function signLease(api: APIRequestContext, leaseId: number, name: string) {
  await ok(api.post(`/api/leases/${leaseId}/consent`, { ...json, data: { agree: true } }))
  const { lease } = await ok<{ lease: { document: { sha256: string } } }>(api.get(`/api/leases/${leaseId}`))
  await ok(
    api.post(`/api/leases/${leaseId}/sign`, { ...json, data: { typedName: name, confirm: true, documentSha256: lease.document.sha256 } }),
  )
}

type Inspection = {
  rooms: { name: string; items: { id: number; name: string }[] }[]
  document: { sha256: string } | null
}

/** A party signs the move-in inspection as they read it (their consent is the lease's). */
async function signMoveIn(api: APIRequestContext, leaseId: number, name: string) {
  const path = `/api/leases/${leaseId}/inspections/move-in`
  const { inspection } = await ok<{ inspection: Inspection }>(api.get(path))
  await ok(api.post(`${path}/sign`, { ...json, data: { typedName: name, confirm: true, documentSha256: inspection.document!.sha256 } }))
}

const deduction = (page: Page) => page.getByRole('region', { name: 'Deductions' }).getByRole('listitem').first()

test('the landlord deducts for damage shown in the move-in photo and sends the statement; the tenant reads it and its PDF @desktop-only', async ({
  page,
  browser,
  signedInAccount: _renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(300_000)
  const renterApi = page.context().request
  const landlordAccount = await createAccount({ name: 'Nora Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const landlordApi = landlord.context().request
  const listingPath = await publishListing(landlordApi, landlordAccount, `Deposit flat ${Date.now().toString(36)}`)
  const listingId = Number(/-(\d+)$/.exec(listingPath)![1])

  // The renter applies and the landlord approves; the lease, started two days ago, is sent and signed by both.
  await saveProfile(page, 'Robin Renter')
  const { application } = await ok<{ application: { id: number } }>(
    renterApi.post(`/api/properties/${listingId}/applications`, { ...json, data: { moveInDate: day(14), leaseMonths: '12', note: '' } }),
    201,
  )
  await ok(landlordApi.post(`/api/applications/${application.id}/approve`, { ...json, data: { homeTaken: false } }))
  const drafted = await ok<{ lease: { id: number; draftTerms: Record<string, unknown> } }>(
    landlordApi.post('/api/leases', { ...json, data: { applicationId: application.id } }),
    201,
  )
  const leaseId = drafted.lease.id
  const startDate = day(-2)
  await ok(
    landlordApi.put(`/api/leases/${leaseId}/terms`, { ...json, data: { ...drafted.lease.draftTerms, startDate, endDate: day(360) } }),
  )
  await ok(landlordApi.post(`/api/leases/${leaseId}/send`, json))
  await signLease(renterApi, leaseId, 'Robin Renter')
  await signLease(landlordApi, leaseId, 'Nora Landlord')

  // Sealing the lease has the site post its first charges, the deposit among them; the landlord records its payment.
  type Ledger = { charges: { kind: string; amountCents: number }[] }
  let depositCents = 0
  await expect
    .poll(
      async () => {
        const ledger = await ok<Ledger>(landlordApi.get(`/api/leases/${leaseId}/rent`))
        depositCents = ledger.charges.find((charge) => charge.kind === 'deposit')?.amountCents ?? 0
        return depositCents
      },
      { message: 'the deposit is charged once the lease is signed', timeout: 30_000, intervals: [250] },
    )
    .toBeGreaterThan(0)
  expect(depositCents).toBe(150_000)
  await ok(
    landlordApi.post(`/api/leases/${leaseId}/rent/payments`, {
      ...json,
      data: { method: 'check', paidOn: startDate, amountCents: depositCents, reference: 'Check 1001' },
    }),
    201,
  )

  // The move-in inspection: the walls scuffed, with a photo; everything else good; signed by both.
  const inspectionPath = `/api/leases/${leaseId}/inspections/move-in`
  const { inspection } = await ok<{ inspection: Inspection }>(landlordApi.post(inspectionPath, json), 201)
  const [firstRoom] = inspection.rooms
  const walls = firstRoom!.items.find((item) => item.name === 'Walls')!
  for (const item of inspection.rooms.flatMap((room) => room.items)) {
    const data = item === walls ? { condition: 'fair', notes: 'Small scuff by the door' } : { condition: 'good', notes: '' }
    await ok(landlordApi.put(`${inspectionPath}/items/${item.id}`, { ...json, data }))
  }
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer()
  await ok(
    landlordApi.post(`${inspectionPath}/items/${walls.id}/photos`, {
      headers: { Origin: APP_URL },
      multipart: { photo: { name: 'scuff.jpg', mimeType: 'image/jpeg', buffer: photo } },
    }),
    201,
  )
  await ok(landlordApi.post(`${inspectionPath}/ready`, json))
  await signMoveIn(renterApi, leaseId, 'Robin Renter')
  await signMoveIn(landlordApi, leaseId, 'Nora Landlord')

  // The landlord, at a desk: the deposit is held; they record the end of the tenancy.
  const depositPath = `/leases/${leaseId}/deposit`
  await visit(landlord, depositPath)
  const held = landlord.getByRole('region', { name: 'The deposit' })
  await expect(held.getByText('Held (what was paid)')).toBeVisible()
  await expect(held.getByRole('definition').nth(1)).toHaveText('$1,500')
  await look(landlord, 'deposit-landlord-start', 'desktop')
  const endedOn = day(-1)
  await landlord.getByLabel('The day the tenancy ended (move-out)').fill(endedOn)
  await landlord.getByRole('button', { name: 'Record the end' }).click()
  await expect(landlord.getByText(`The tenancy ended on ${endedOn}.`)).toBeVisible()

  // A deduction for the walls, citing the move-in item with its photo.
  const form = landlord.getByRole('region', { name: 'Add a deduction' })
  await form.getByLabel('Amount in dollars').fill('240.00')
  await form.getByLabel('What it is for').selectOption('damage')
  await form
    .getByLabel('Why, in words')
    .fill('Repainting the living room wall: the gouge by the door is far larger than the scuff at move-in.')
  await form.getByRole('checkbox', { name: /Move-in inspection · Living room: Walls — Fair · 1 photo/ }).check()
  await form.getByRole('button', { name: 'Add the deduction' }).click()
  const cited = deduction(landlord)
  await expect(cited.getByRole('heading', { name: '1. Damage' })).toBeVisible()
  await expect(cited.getByText('$240')).toBeVisible()
  await expect(cited.getByText('“Small scuff by the door”')).toBeVisible()
  const evidencePhoto = cited.getByRole('img', { name: 'Living room: Walls, move-in inspection, 1 of 1' })
  await expect(evidencePhoto).toBeVisible()
  await expect.poll(() => evidencePhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(landlord.getByRole('region', { name: 'Deductions' }).getByText('$1,260')).toBeVisible()
  // The form starts afresh, so a second click does not add the same deduction twice.
  await expect(form.getByLabel('Amount in dollars')).toHaveValue('')
  await expect(form.getByLabel('Why, in words')).toHaveValue('')
  await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await look(landlord, 'deposit-landlord-drafting', 'desktop')

  // The statement sent, with the refund paid by check.
  const send = landlord.getByRole('region', { name: 'Send the itemised statement' })
  await send.getByLabel('How the refund was paid').selectOption('check')
  await send.getByLabel('Paid on').fill(endedOn)
  await send.getByLabel('Reference (optional)').fill('Check 2044')
  await send.getByLabel('I understand that the statement is final once sent.').check()
  await send.getByRole('button', { name: 'Send the statement' }).click()
  await expect(landlord.getByRole('heading', { name: 'The itemised statement' })).toBeVisible()
  await expect(landlord.getByRole('button', { name: 'Take back deduction 1' })).toHaveCount(0)
  await look(landlord, 'deposit-landlord-sent', 'desktop')

  // The tenant reads the itemised statement: the deduction, its evidence photo, the refund, and the PDF.
  await visit(page, depositPath)
  await expect(page.getByText('Deposit · you are the tenant')).toBeVisible()
  await expect(page.getByText(`The refund was paid by check on ${endedOn} (Check 2044).`)).toBeVisible()
  const seen = deduction(page)
  await expect(seen.getByRole('heading', { name: '1. Damage' })).toBeVisible()
  await expect(seen.getByText(/Repainting the living room wall/)).toBeVisible()
  const tenantPhoto = seen.getByRole('img', { name: 'Living room: Walls, move-in inspection, 1 of 1' })
  await expect(tenantPhoto).toBeVisible()
  await expect.poll(() => tenantPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const totals = page.getByRole('region', { name: 'Deductions' })
  await expect(totals.getByText('Total deducted')).toBeVisible()
  await expect(totals.getByText('$1,260')).toBeVisible()
  await look(page, 'deposit-tenant-sent', 'desktop')
  const pdfLink = page.getByRole('link', { name: 'Download the statement (PDF)' })
  const pdf = await renterApi.get((await pdfLink.getAttribute('href'))!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF')

  // Anyone else gets 404.
  const stranger = await browserFor(browser, await createAccount({ name: 'Sam Stranger' }), page, extraHTTPHeaders)
  expect((await stranger.goto(depositPath))!.status()).toBe(404)
  for (const other of [landlord, stranger]) await other.context().close()
})
