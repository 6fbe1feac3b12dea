// The inspection pages and JSON API as a browser and a client receive them: both parties read and fill
// them in (forms without scripts, a photo uploaded), and a third person gets 404 from every page, file,
// form, API address and photo link. The rules themselves are tested in server/inspections/.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { signedLeaseBetween } from '#tests/support/inspection-process.ts'
import { solidImage } from '#tests/support/images.ts'
import { callApi } from '#tests/support/json-api.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { pdfPageTexts } from '#tests/support/pdf-text.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('inspection pages and API', () => {
  let t: TestServices
  let pages: PageApp
  let owner: TestUser
  let renter: TestUser
  let stranger: TestUser
  let leaseId: number
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    await publishLeaseTemplate(db())
    owner = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, owner.email))
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
    leaseId = await signedLeaseBetween(t, listingFactory(db()), owner, renter)
  }, 120_000)
  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const page = (user: TestUser | null, pathname: string) =>
    pages.app.request(`${TEST_ORIGIN}${pathname}`, { headers: user ? { Cookie: user.cookie } : {} })
  const post = (user: TestUser, pathname: string, fields: Record<string, string>) =>
    pages.app.request(formRequest(pathname, fields, { headers: { Cookie: user.cookie } }))
  const base = () => `/leases/${leaseId}/inspections`

  it('lets both parties fill in the move-in through the page and the API, with a photo', async () => {
    expect((await page(renter, `/leases/${leaseId}`)).status).toBe(200)
    expect(await (await page(renter, `/leases/${leaseId}`)).text()).toContain('Move-in and move-out inspections')
    expect(await (await page(renter, base())).text()).toContain('Not started')
    const started = await post(renter, `${base()}/move-in`, { intent: 'start' })
    expect(started.status).toBe(302)
    const html = await (await page(owner, `${base()}/move-in`)).text()
    expect(html).toContain('Living room')
    expect(html).toContain('Send for signature')

    const { json } = await callApi(t, 'GET', `${base()}/move-in`, { cookie: owner.cookie })
    const walls = json.inspection.rooms[0].items[0]
    expect(walls.name).toBe('Walls')
    const saved = await callApi(t, 'PUT', `${base()}/move-in/items/${walls.id}`, {
      cookie: owner.cookie,
      body: { condition: 'good', notes: 'Clean' },
    })
    expect(saved.json.inspection.rooms[0].items[0]).toMatchObject({ condition: 'good', notes: 'Clean' })
    const refused = await callApi(t, 'PUT', `${base()}/move-in/items/${walls.id}`, { cookie: owner.cookie, body: { condition: 'sparkly' } })
    expect(refused.status).toBe(400)
    // The page's form refuses in words and keeps the page.
    const noComment = await post(renter, `${base()}/move-in`, { intent: 'comment', itemId: String(walls.id), body: '' })
    expect(noComment.status).toBe(400)
    expect(await post(renter, `${base()}/move-in`, { intent: 'comment', itemId: String(walls.id), body: 'Agreed.' })).toHaveProperty(
      'status',
      302,
    )

    const form = new FormData()
    form.set('photo', new File([new Uint8Array(await solidImage(40, 30).png().toBuffer())], 'wall.png', { type: 'image/png' }))
    const upload = await t.app.request(
      new Request(`${TEST_ORIGIN}/api${base()}/move-in/items/${walls.id}/photos`, {
        method: 'POST',
        headers: { Cookie: renter.cookie, Origin: TEST_ORIGIN },
        body: form,
      }),
    )
    expect(upload.status).toBe(201)
    const photo = ((await upload.json()) as { inspection: { rooms: { items: { photos: { url: string }[] }[] }[] } }).inspection.rooms[0]!
      .items[0]!.photos[0]!
    expect((await t.app.request(`${TEST_ORIGIN}${photo.url}`, { headers: { Cookie: renter.cookie } })).status).toBe(200)
    // A link minted for the tenant opens for no one else.
    expect((await t.app.request(`${TEST_ORIGIN}${photo.url}`, { headers: { Cookie: stranger.cookie } })).status).toBe(404)
  })

  it('answers a third person 404 on every page, file, form and API address', async () => {
    const { json } = await callApi(t, 'GET', `${base()}/move-in`, { cookie: renter.cookie })
    const itemId = String(json.inspection.rooms[0].items[0].id)
    for (const pathname of [base(), `${base()}/move-in`, `${base()}/move-out`, `${base()}/move-in/pdf`, `${base()}/sideways`]) {
      expect((await page(stranger, pathname)).status, pathname).toBe(404)
    }
    expect((await post(stranger, `${base()}/move-in`, { intent: 'save_item', itemId, condition: 'poor' })).status).toBe(404)
    for (const [method, pathname, body] of [
      ['GET', base(), undefined],
      ['GET', `${base()}/move-in`, undefined],
      ['POST', `${base()}/move-out`, undefined],
      ['PUT', `${base()}/move-in/items/${itemId}`, { condition: 'poor' }],
      ['POST', `${base()}/move-in/items/${itemId}/comments`, { body: 'hello' }],
      ['POST', `${base()}/move-in/ready`, undefined],
      ['GET', `${base()}/move-in/pdf`, undefined],
    ] as const) {
      expect((await callApi(t, method, pathname, { cookie: stranger.cookie, body })).status, `${method} ${pathname}`).toBe(404)
    }
    const { json: after } = await callApi(t, 'GET', `${base()}/move-in`, { cookie: renter.cookie })
    expect(after.inspection.rooms[0].items[0].condition).toBe('good')
  })

  it('serves the signed move-in with its certificate, which the public check names; a changed file it does not', async () => {
    const { json } = await callApi(t, 'GET', `${base()}/move-in`, { cookie: owner.cookie })
    for (const room of json.inspection.rooms as { items: { id: number; condition: string | null }[] }[]) {
      for (const item of room.items.filter((candidate) => !candidate.condition)) {
        await callApi(t, 'PUT', `${base()}/move-in/items/${item.id}`, { cookie: owner.cookie, body: { condition: 'good', notes: '' } })
      }
    }
    expect((await post(owner, `${base()}/move-in`, { intent: 'ready' })).status).toBe(302)
    const { json: frozen } = await callApi(t, 'GET', `${base()}/move-in`, { cookie: renter.cookie })
    const documentSha256 = frozen.inspection.document.sha256 as string
    // The tenant's consent is the lease's: the page's form refuses to withdraw it, in words.
    const withdraw = await post(renter, `${base()}/move-in`, { intent: 'withdraw_consent' })
    expect(withdraw.status).toBe(409)
    expect(await withdraw.text()).toContain('that consent covers its inspections: it cannot be withdrawn here')
    for (const [user, typedName] of [
      [renter, 'Robin Renter'],
      [owner, 'Maria Landlord'],
    ] as const) {
      const signed = await post(user, `${base()}/move-in`, { intent: 'sign', typedName, confirm: 'on', documentSha256 })
      expect(signed.status).toBe(302)
    }

    const html = await (await page(renter, `${base()}/move-in`)).text()
    expect(html).toContain('Download the signed inspection')
    const file = await page(renter, `${base()}/move-in/pdf`)
    expect(file.headers.get('Content-Disposition')).toContain(`lease-${leaseId}-move-in-inspection-signed.pdf`)
    const bytes = new Uint8Array(await file.arrayBuffer())
    const sealedSha256 = createHash('sha256').update(bytes).digest('hex')
    expect(html).toContain(sealedSha256)
    expect((await pdfPageTexts(bytes)).at(-1)!.at(-1)).toMatch(/^Certificate page (\d+) of \1$/)

    const verify = (value: string) => pages.app.request(formRequest('/leases/verify', { sha256: value }))
    // The page's text, without the markers React leaves between adjacent pieces of text.
    const named = (await (await verify(sealedSha256)).text()).replaceAll('<!-- -->', '')
    expect(named).toContain('This file matches a signed inspection on Cooper Home, with its certificate of completion')
    const [landlordParty, tenantParty] = json.inspection.parties as { name: string }[]
    expect(named).toContain(`Move-in inspection of ${json.inspection.address}, signed by ${tenantParty!.name} (tenant) on`)
    expect(named).toContain(` and ${landlordParty!.name} (landlord) on`)
    expect(await (await verify(documentSha256)).text()).toContain('This file matches an inspection as sent for signature')
    const changed = `${sealedSha256.slice(0, 63)}${sealedSha256.endsWith('0') ? '1' : '0'}`
    expect(await (await verify(changed)).text()).toContain('nor any inspection: it is not a Cooper Home document')
    const api = await callApi(t, 'POST', '/leases/verify', { body: { sha256: sealedSha256 } })
    expect(api.json).toMatchObject({ match: true, inspection: { kind: 'move_in', file: 'sealed', revision: 1 } })
    expect((await callApi(t, 'POST', '/leases/verify', { body: { sha256: changed } })).json).toEqual({ match: false })
  })
})
