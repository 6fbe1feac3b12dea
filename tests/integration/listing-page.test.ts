// The listing page, saving, the saved list, the sitemap and robots.txt as a browser receives them:
// server-rendered documents and redirects from the real HTTP app on a real database.
import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPath } from '#common/listings/listing-url.ts'
import { listing, listingPhoto, profile, savedListing } from '#server/db/schema.ts'
import { sitemapListings } from '#server/listings/detail.server.ts'
import { updateListing } from '#server/listings/index.server.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { TEST_ORIGIN, createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { signIn, signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('listing pages', () => {
  let t: TestServices
  let rendered: PageApp
  let owner: TestUser
  let renter: TestUser
  let listings: ReturnType<typeof listingFactory>

  beforeAll(async () => {
    t = await createTestServices()
    rendered = await createPageApp(t)
    listings = listingFactory(t.services.database.db)
    owner = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, owner.email))
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
  }, 120_000)

  afterAll(async () => {
    await rendered?.close()
    await t?.close()
  })

  const db = () => t.services.database.db

  async function get(pathname: string, cookie?: string, headers: Record<string, string> = {}) {
    const response = await rendered.app.request(`${TEST_ORIGIN}${pathname}`, {
      headers: cookie ? { ...headers, Cookie: cookie } : headers,
      redirect: 'manual',
    })
    return { status: response.status, html: await response.text(), headers: response.headers }
  }

  async function post(pathname: string, fields: Record<string, string>, cookie?: string, origin?: string) {
    const request = formRequest(pathname, fields, { headers: cookie ? { Cookie: cookie } : {} })
    if (origin) request.headers.set('Origin', origin)
    return rendered.app.request(request)
  }

  const ownListing = (overrides: Parameters<typeof listings.create>[0] = {}) => listings.create({ ownerId: owner.id, ...overrides })

  const savedRows = (email: string, listingId: number) =>
    db()
      .select()
      .from(savedListing)
      .where(and(eq(savedListing.email, email), eq(savedListing.listingId, listingId)))

  const textOf = (html: string) =>
    html
      .replace(/<!--.*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')

  it('shows the all-in cost, facts, amenities, pets, price history, similar homes and the landlord', async () => {
    const city = 'Dover'
    // Published before listings needed a photo: the page says in a line that there are none.
    const home = await ownListing({
      withoutPhoto: true,
      title: 'Brick rowhouse by the green',
      city,
      zip: '19901',
      neighborhood: 'The Green',
      lease: { monthlyRentCents: 180_000, minTermMonths: 12, depositCents: 200_000 },
      fees: [
        { name: 'Parking space', monthlyCents: 7_500 },
        { name: 'Trash service', monthlyCents: 2_550 },
      ],
      amenities: ['dishwasher', 'in-unit-laundry'],
      allowsCats: true,
      petPolicy: 'One cat under 15 lb.',
      bedrooms: 3,
      yearBuilt: 1912,
      interiorSqft: 1450,
    })
    await updateListing(db(), {
      viewerId: owner.id,
      listingId: home.id,
      changes: { lease: { monthlyRentCents: 185_000, minTermMonths: 12, depositCents: 200_000 } },
    })
    const similar = await listings.create({
      title: 'Porch house near Legislative Hall',
      city,
      zip: '19901',
      bedrooms: 3,
      lease: { monthlyRentCents: 175_000, minTermMonths: 12, depositCents: 175_000 },
    })
    await listings.create({
      title: 'Far too expensive mansion',
      city,
      bedrooms: 3,
      lease: { monthlyRentCents: 900_000, minTermMonths: 12, depositCents: 0 },
    })
    await listings.create({ title: 'Draft cottage nobody sees', city, bedrooms: 3, status: 'draft' })

    const { status, html } = await get(listingPath(home), renter.cookie)
    expect(status).toBe(200)
    const text = textOf(html)
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(text).toContain('Brick rowhouse by the green')
    expect(text).toContain('The Green · Dover, DE 19901')
    // $1,850 rent + $75 + $25.50 = $1,950.50 all-in.
    expect(text).toMatch(
      /Monthly rent \$1,850 .*Parking space \(required\) \$75 .*Trash service \(required\) \$25\.50 .*All-in monthly cost \$1,950\.50/,
    )
    expect(text).toContain('Security deposit $2,000')
    expect(text).toContain('Minimum lease 12 months')
    expect(text).toContain('Utilities included Water')
    expect(text).toContain('Bedrooms 3 beds')
    expect(text).toContain('Built 1912')
    expect(text).toContain('1,450 sq ft')
    expect(text).toContain('Dishwasher')
    expect(text).toContain('In-unit laundry')
    expect(text).toContain('Cats Allowed')
    expect(text).toContain('Dogs Not allowed')
    expect(text).toContain('One cat under 15 lb.')
    expect(text).toContain('Last confirmed available today')
    // Price history, newest first.
    expect(text).toMatch(/Monthly rent \$1,850 .*Monthly rent \$1,800/)
    expect(html).toContain(`href="${listingPath(similar)}"`)
    expect(text).toContain('Porch house near Legislative Hall')
    expect(text).not.toContain('Far too expensive mansion')
    expect(text).not.toContain('Draft cottage nobody sees')
    expect(text).toContain('Listed by')
    expect(text).toContain('Maria Landlord')
    expect(text).toContain('1 published listing')
    expect(html).not.toContain(owner.email)
    expect(html).not.toContain(owner.id)
    expect(text).toContain('No photos yet')
    // Only the owner is told where photos are added.
    expect(text).not.toContain('Add photos')
    expect(html).toContain(`value="${TEST_ORIGIN}${listingPath(home)}"`)
    expect(html).toContain(`aria-label="Save Brick rowhouse by the green"`)
  })

  it('reads "Available now" once the date has come, and the date before', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const past = await ownListing({ title: 'Flat free since spring', availableFrom: day(-200) })
    const today = await ownListing({ title: 'Flat free from today', availableFrom: day(0) })
    const future = await ownListing({ title: 'Flat free next season', availableFrom: '2099-03-01' })
    for (const home of [past, today]) {
      const text = textOf((await get(listingPath(home))).html)
      expect(text).toContain('Available Now')
      expect(text).toContain('Available now.')
      expect(text).not.toContain('Available from')
    }
    const text = textOf((await get(listingPath(future))).html)
    expect(text).toContain('Available March 1, 2099')
    expect(text).toContain('Available from March 1, 2099.')
    expect(text).not.toContain('Available now')
  })

  it('shows the page of a home so dear that 130% of its all-in cost passes the integer limit', async () => {
    // 30 nights at $700,000 is $21,000,000 a month: stored, but 1.3 times it is not an int32.
    const dear = await ownListing({
      title: 'Island estate by the night',
      lease: null,
      shortTerm: { nightlyCents: 70_000_000, minNights: 1 },
    })
    const alike = await ownListing({
      title: 'Neighbouring island estate',
      lease: null,
      shortTerm: { nightlyCents: 71_000_000, minNights: 1 },
    })
    expect(dear.allInMonthlyCents).toBe(2_100_000_000)
    const { status, html } = await get(listingPath(dear))
    expect(status).toBe(200)
    expect(html).toContain(`href="${listingPath(alike)}"`)
  })

  it('redirects a stale slug permanently and answers 404 for unknown ids', async () => {
    const home = await ownListing({ title: 'Loft over the old mill' })
    const stale = await get(`/properties/an-old-name-${home.id}`)
    expect(stale.status).toBe(301)
    expect(stale.headers.get('location')).toBe(listingPath(home))
    expect((await get(`/properties/loft-over-the-old-mill-${home.id + 100_000}`)).status).toBe(404)
    expect((await get('/properties/no-id-here')).status).toBe(404)
  })

  it('hides drafts from strangers and shows them to the owner with a banner and noindex', async () => {
    const draft = await ownListing({ title: 'Unfinished garden flat', status: 'draft' })
    const path = listingPath(draft)
    expect((await get(path)).status).toBe(404)
    const stranger = await get(path, renter.cookie)
    expect(stranger.status).toBe(404)
    expect(stranger.html).toContain('Page not found')

    const own = await get(path, owner.cookie)
    expect(own.status).toBe(200)
    expect(textOf(own.html)).toContain('Draft — only you can see this.')
    expect(own.html).toContain(`href="${path}/edit"`)
    expect(own.html).toContain(`action="${path}/manage"`)
    expect(own.html).toMatch(/<input type="hidden" name="intent" value="publish"\/?>/)
    expect(own.html).toMatch(/<meta name="robots" content="noindex"\/?>/)
    // No photo yet: a line says so, why it matters and where to add one, instead of a screenful of nothing.
    expect(textOf(own.html)).toContain('No photos yet A listing needs at least one photo to be published. Add photos')
    expect(own.html).toContain(`href="${path}/edit?step=photos"`)

    const published = await get(listingPath(await ownListing({ title: 'Finished garden flat' })), renter.cookie)
    expect(published.html).not.toContain('only you can see this')
    expect(published.html).not.toMatch(/name="robots" content="noindex"/)
  })

  it('has Open Graph tags, a canonical URL and JSON-LD that a title cannot break out of', async () => {
    const title = 'Nice </script><script>alert(1)</script> & cosy'
    const home = await ownListing({ title, type: 'house', bedrooms: 4, interiorSqft: 2100, withoutPhoto: true })
    const key = `test-${home.id}`
    const dir = path.join(t.dataDir, 'media', 'listings', key)
    fs.mkdirSync(dir, { recursive: true })
    for (const width of [400, 800]) {
      await sharp({ create: { width, height: Math.round((width * 2) / 3), channels: 3, background: '#4a7' } })
        .webp()
        .toFile(path.join(dir, `${width}.webp`))
    }
    await db()
      .insert(listingPhoto)
      .values({
        listingId: home.id,
        position: 0,
        altText: 'Front of the house',
        storageKey: key,
        status: 'ready',
        width: 800,
        height: 533,
        variantWidths: [400, 800],
      })
    const url = `${TEST_ORIGIN}${listingPath(home)}`
    const { html } = await get(listingPath(home))
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`)
    expect(html).toContain(`<meta property="og:url" content="${url}"/>`)
    expect(html).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/media/listings/${key}/800.webp"/>`)
    expect(html).toMatch(/<meta property="og:title" content="Nice &lt;\/script&gt;/)
    expect(html).toContain(`srcSet="/media/listings/${key}/400.webp 400w, /media/listings/${key}/800.webp 800w"`)
    expect((await rendered.app.request(`${TEST_ORIGIN}/media/listings/${key}/400.webp`)).status).toBe(200)

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    const data = JSON.parse(scripts[0]![1]!) as Record<string, unknown>
    expect(data['@type']).toBe('SingleFamilyResidence')
    expect(data.name).toBe(title)
    expect(data.address).toMatchObject({ addressLocality: 'Wilmington', addressRegion: 'DE', postalCode: '19806' })
    expect(data.geo).toMatchObject({ latitude: home.latitude, longitude: home.longitude })
    expect(data.numberOfRooms).toBe(4)
    expect(data.floorSize).toMatchObject({ value: 2100, unitCode: 'FTK' })
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: '1650.00', priceCurrency: 'USD' })
    expect(data.image).toEqual([`${TEST_ORIGIN}/media/listings/${key}/800.webp`])
  })

  it('counts views by everyone but the owner', async () => {
    const home = await ownListing({ title: 'Counted carriage house' })
    const views = async () => (await db().select({ n: listing.viewCount }).from(listing).where(eq(listing.id, home.id)))[0]!.n
    await get(listingPath(home))
    expect(await views()).toBe(1)
    await get(listingPath(home), owner.cookie)
    expect(await views()).toBe(1)
    await get(listingPath(home), renter.cookie)
    expect(await views()).toBe(2)
  })

  describe('saving', () => {
    let home: ListingDetail
    let path: string
    beforeAll(async () => {
      home = await ownListing({ title: 'Saved stone farmhouse', city: 'Lewes' })
      path = listingPath(home)
    })

    it('saves once however often it is pressed, sets setList, shows on /userprofile and unsaves', async () => {
      const fresh = await signUpVerifiedUser(t, { name: 'Sam Saver' })
      expect((await get('/', fresh.cookie)).html).not.toContain('href="/userprofile#saved"')

      for (let i = 0; i < 2; i += 1) {
        const saved = await post(`${path}/save`, { intent: 'save', redirectTo: path }, fresh.cookie)
        expect(saved.status).toBe(302)
        expect(saved.headers.get('location')).toBe(path)
        expect(saved.headers.get('set-cookie')).toContain('cooper_flash=')
      }
      expect(await savedRows(fresh.email, home.id)).toHaveLength(1)
      const [stored] = await db().select({ setList: profile.setList }).from(profile).where(eq(profile.email, fresh.email))
      expect(stored!.setList).toBe(true)

      const page = await get(path, fresh.cookie)
      expect(page.html).toContain('aria-label="Remove Saved stone farmhouse from saved"')
      expect(page.html).toContain('aria-pressed="true"')
      expect(page.html).toContain('href="/userprofile#saved"')
      expect(page.html, 'the navigation counts the saved homes').toMatch(/data-saved-count=""[^>]*>1<\/span>/)

      const profilePage = textOf((await get('/userprofile', fresh.cookie)).html)
      expect(profilePage).toMatch(/Saved homes .*Saved stone farmhouse .*\$1,650 \/month all-in/)
      expect(profilePage, 'the profile menu names the saved homes first, with their count').toMatch(
        /Saved homes \(1\) My application Profile details Photo Account/,
      )

      const removed = await post(`${path}/save`, { intent: 'unsave', redirectTo: '/userprofile#saved' }, fresh.cookie)
      expect(removed.status).toBe(302)
      expect(removed.headers.get('location')).toBe('/userprofile#saved')
      expect(await savedRows(fresh.email, home.id)).toHaveLength(0)
      expect(textOf((await get('/userprofile', fresh.cookie)).html)).toContain('You have not saved any homes yet.')
    })

    it('answers a JavaScript submission with data instead of a redirect', async () => {
      const response = await post(`${path}/save.data`, { intent: 'save', redirectTo: path }, renter.cookie)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('saved')
      expect(await savedRows(renter.email, home.id)).toHaveLength(1)
      await post(`${path}/save`, { intent: 'unsave', redirectTo: path }, renter.cookie)
    })

    it('sends a visitor to log in and brings them back with the listing saved', async () => {
      const visitor = await signUpVerifiedUser(t, { name: 'Vera Visitor' })
      const pressed = await post(`${path}/save`, { intent: 'save', redirectTo: path })
      expect(pressed.status).toBe(302)
      const login = new URL(pressed.headers.get('location')!, TEST_ORIGIN)
      expect(login.pathname).toBe('/login')
      const back = login.searchParams.get('redirectTo')!
      expect(back.startsWith(`${path}/save?`)).toBe(true)
      expect(await savedRows(visitor.email, home.id)).toHaveLength(0)

      // Signing in on the login page redirects to `back`; the browser marks that GET as started by
      // this site, so it saves and returns to the listing.
      const cookie = await signIn(t, visitor)
      const resumed = await get(back, cookie, { 'Sec-Fetch-Site': 'same-origin' })
      expect(resumed.status).toBe(302)
      expect(resumed.headers.get('location')).toBe(path)
      expect(await savedRows(visitor.email, home.id)).toHaveLength(1)
      // Following the same link again keeps one entry.
      await get(back, cookie, { 'Sec-Fetch-Site': 'same-origin' })
      expect(await savedRows(visitor.email, home.id)).toHaveLength(1)
      // Without a session the same link asks to log in first and saves nothing.
      const anonymous = await get(back)
      expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirectTo=/)
    })

    it('saves nothing from a link another site (or no site) started, and asks with a button instead', async () => {
      const target = await signUpVerifiedUser(t, { name: 'Lia Linked' })
      const link = `${path}/save?${new URLSearchParams({ intent: 'save', redirectTo: path })}`
      const starts: Record<string, string>[] = [
        { 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-site' },
        { 'Sec-Fetch-Site': 'none' },
        {},
      ]
      for (const headers of starts) {
        const page = await get(link, target.cookie, headers)
        expect(page.status).toBe(200)
        expect(textOf(page.html)).toContain('Save this home? Add Saved stone farmhouse to your saved homes.')
        expect(page.html).toContain(`action="${path}/save"`)
        expect(page.html).toMatch(/<input type="hidden" name="intent" value="save"\/?>/)
        expect(page.html).toContain(`href="${path}"`)
        expect(page.headers.get('set-cookie') ?? '').not.toContain('cooper_flash=')
        expect(await savedRows(target.email, home.id)).toHaveLength(0)
      }
      const [stored] = await db().select({ setList: profile.setList }).from(profile).where(eq(profile.email, target.email))
      expect(stored!.setList).toBe(false)

      // The button on that page is the ordinary POST form, checked for its origin like every write.
      const confirmed = await post(`${path}/save`, { intent: 'save', redirectTo: path }, target.cookie)
      expect(confirmed.status).toBe(302)
      expect(confirmed.headers.get('location')).toBe(path)
      expect(await savedRows(target.email, home.id)).toHaveLength(1)
    })

    it('refuses unknown listings, bad intents, drafts of others and cross-site posts', async () => {
      expect((await post(`/properties/nothing-${home.id + 100_000}/save`, { intent: 'save' }, renter.cookie)).status).toBe(404)
      const draft = await ownListing({ title: 'Hidden draft', status: 'draft' })
      expect((await post(`${listingPath(draft)}/save`, { intent: 'save' }, renter.cookie)).status).toBe(404)
      expect((await post(`${path}/save`, { intent: 'delete' }, renter.cookie)).status).toBe(400)
      expect((await post(`${path}/save`, {}, renter.cookie)).status).toBe(400)
      const crossSite = await post(`${path}/save`, { intent: 'save' }, renter.cookie, 'https://evil.example')
      expect(crossSite.status).toBe(403)
      expect(await savedRows(renter.email, home.id)).toHaveLength(0)
      expect(await savedRows(renter.email, draft.id)).toHaveLength(0)
    })

    it('only ever returns to this site', async () => {
      const response = await post(`${path}/save`, { intent: 'save', redirectTo: 'https://evil.example/' }, renter.cookie)
      expect(response.headers.get('location')).toBe(path)
      await post(`${path}/save`, { intent: 'unsave' }, renter.cookie)
    })
  })

  it('lists every published listing in the sitemap with the public pages, and never drafts, leased or archived ones', async () => {
    const published = await ownListing({ title: 'Mapped harbour cottage' })
    const draft = await ownListing({ title: 'Unmapped draft', status: 'draft' })
    const leased = await ownListing({ title: 'Unmapped leased loft', status: 'leased' })
    const archived = await ownListing({ title: 'Unmapped archived barn', status: 'archived' })
    // Not confirmed lately, so out of search, but its page is public and belongs in the sitemap.
    const stale = await ownListing({ title: 'Stale unconfirmed flat', lastConfirmedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
    const read = async (path: string) => {
      const response = await rendered.app.request(`${TEST_ORIGIN}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      const xml = await response.text()
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
      return xml
    }
    // The index names the public pages' part and one part of listings (there are fewer than a part's worth).
    const index = await read('/sitemap.xml')
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(parts).toEqual([`${TEST_ORIGIN}/sitemap.xml?part=pages`, `${TEST_ORIGIN}/sitemap.xml?page=1`])
    const pages = await read('/sitemap.xml?part=pages')
    for (const page of ['/', '/properties', '/cooper', '/knowledge', '/faq', '/terms']) {
      expect(pages).toContain(`<loc>${TEST_ORIGIN}${page}</loc>`)
    }
    const xml = await read('/sitemap.xml?page=1')
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toMatch(new RegExp(`<url><loc>${TEST_ORIGIN}${listingPath(published)}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`))
    expect(xml).toMatch(new RegExp(`<url><loc>${TEST_ORIGIN}${listingPath(stale)}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`))
    for (const hidden of [draft, leased, archived]) expect(xml).not.toContain(listingPath(hidden))
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
    expect((await rendered.app.request(`${TEST_ORIGIN}/sitemap.xml?page=2`)).status).toBe(404)
    expect((await rendered.app.request(`${TEST_ORIGIN}/sitemap.xml?part=other`)).status).toBe(404)
  })

  it('reads a sitemap part in batches without repeating or skipping a listing', async () => {
    const all: number[] = []
    for await (const entry of sitemapListings(db(), { page: 1, pageSize: 1_000_000 })) all.push(entry.id)
    expect(all.length).toBeGreaterThan(3)
    const parts: number[] = []
    for (let page = 1; page <= Math.ceil(all.length / 3); page += 1) {
      for await (const entry of sitemapListings(db(), { page, pageSize: 3, batchSize: 2 })) parts.push(entry.id)
    }
    expect(parts).toEqual(all)
  })

  it('serves robots.txt with the private areas disallowed and the sitemap index named', async () => {
    const response = await rendered.app.request(`${TEST_ORIGIN}/robots.txt`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await response.text()
    for (const line of [
      'User-agent: *',
      'Disallow: /userprofile',
      'Disallow: /chat',
      'Disallow: /api/',
      'Disallow: /properties/new',
      `Sitemap: ${TEST_ORIGIN}/sitemap.xml`,
    ]) {
      expect(text.split('\n')).toContain(line)
    }
  })
})
