// /my-listings: a landlord's listings a page at a time, searched by title and filtered by status, with
// the counts of the status filter; a stranger's listings never show; a bad address says what is wrong.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

const days = (n: number) => new Date(Date.now() - n * 86_400_000)

describe('/my-listings', () => {
  let t: TestServices
  let pages: PageApp
  let owner: TestUser

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    owner = await signUpVerifiedUser(t, { name: 'Paging Landlord' })
    await t.services.database.db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, owner.id))
    const listings = listingFactory(t.services.database.db)
    // 25 listings: 20 published gardens, 3 draft lofts, 2 archived cottages, created one day apart.
    for (let n = 1; n <= 25; n += 1) {
      const [status, kind] =
        n <= 20 ? (['published', 'garden flat'] as const) : n <= 23 ? (['draft', 'loft'] as const) : (['archived', 'cottage'] as const)
      await listings.create({ ownerId: owner.id, title: `Paging ${kind} number ${n}`, status, createdAt: days(30 - n) })
    }
    await listings.create({ title: 'Paging garden flat of someone else' })
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const get = (pathname: string) => pages.get(pathname, owner.cookie)
  const titles = (html: string) => [...html.matchAll(/<h2 id="my-listing-\d+"[^>]*><a [^>]*>([^<]+)<\/a><\/h2>/g)].map((m) => m[1]!)

  it('shows twenty at a time, most recently changed first, and pages to the rest', async () => {
    const first = await get('/my-listings')
    expect(first.status).toBe(200)
    expect(titles(first.html)).toHaveLength(20)
    expect(first.html).toContain('1–20 of 25 listings')
    expect(first.html).toContain('Page <!-- -->1<!-- --> of <!-- -->2')
    expect(first.html).toMatch(/href="\/my-listings\?page=2"[^>]*>Next page/)
    expect(first.html).not.toContain('someone else')

    const second = await get('/my-listings?page=2')
    expect(titles(second.html)).toHaveLength(5)
    expect(second.html).toContain('21–25 of 25 listings')
    expect(new Set([...titles(first.html), ...titles(second.html)]).size).toBe(25)
  })

  it('filters by status, counting each status for the filter', async () => {
    const { html } = await get('/my-listings?status=draft')
    expect(titles(html).sort()).toEqual(['Paging loft number 21', 'Paging loft number 22', 'Paging loft number 23'])
    expect(html).toContain('<option value="">All (25)</option>')
    expect(html).toContain('<option value="published">Published (20)</option>')
    expect(html).toContain('<option value="draft" selected="">Draft (3)</option>')
    expect(html).toContain('<option value="archived">Archived (2)</option>')
  })

  it('searches by title, any case, and keeps the search on the next page', async () => {
    const { html } = await get('/my-listings?q=COTTAGE')
    expect(titles(html).sort()).toEqual(['Paging cottage number 24', 'Paging cottage number 25'])
    const gardens = await get('/my-listings?q=garden&status=published')
    expect(gardens.html).toContain('1–20 of 20 listings')
    const none = await get('/my-listings?q=castle')
    expect(none.html).toContain('None of your listings match.')
    // Wildcards are text: "%" finds no title.
    expect((await get('/my-listings?q=%25')).html).toContain('None of your listings match.')
  })

  it('comes back to the same page after a listing is changed from it', async () => {
    const { html } = await get('/my-listings?status=draft&page=1')
    expect(html).toContain('name="redirectTo" value="/my-listings?status=draft&amp;page=1"')
  })

  it('says what is wrong with a hand-edited address, and shows nothing else', async () => {
    const bad = await get('/my-listings?status=sold&page=0')
    expect(bad.status).toBe(400)
    expect(bad.html).toContain('Status must be one of: draft, published, leased, archived, held.')
    expect(bad.html).toContain('Pages start at 1.')
    expect(titles(bad.html)).toEqual([])
  })

  it('sends a visitor to log in first, and back', async () => {
    const visitor = await pages.get('/my-listings?status=draft')
    expect(visitor.status).toBe(302)
  })
})
