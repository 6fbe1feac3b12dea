// /properties as a browser receives it before any script runs: the search in the URL, the results,
// the next page, the empty state, bad parameters and the saved state of a signed-in renter.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveListing } from '#server/listings/saved.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser } from '#tests/support/users.ts'

describe('/properties', () => {
  let t: TestServices
  let pages: PageApp
  let listings: ReturnType<typeof listingFactory>

  beforeAll(async () => {
    t = await createTestServices()
    listings = listingFactory(t.services.database.db)
    pages = await createPageApp(t)
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const get = (pathname: string, cookie?: string) => pages.get(pathname, cookie)

  /** The titles of the result cards, in the order shown. */
  const cardTitles = (html: string) => [...html.matchAll(/<h3[^>]*><a [^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]!)
  const nextPageLink = (html: string) => {
    const match = /<a [^>]*href="([^"]*cursor=[^"]*)"[^>]*>Next page<\/a>/.exec(html)
    return match ? match[1]!.replaceAll('&amp;', '&') : null
  }

  /** The first opening tag of this element that carries all these attributes, in any order. */
  const tagWith = (html: string, element: string, ...attributes: string[]) =>
    [...html.matchAll(new RegExp(`<${element}\\s[^>]*>`, 'g'))].map((m) => m[0]).find((tag) => attributes.every((a) => tag.includes(a))) ??
    ''

  /** Listings in a town of their own, so each test sees only its own. */
  async function town(name: string, homes: Parameters<typeof listings.create>[0][]) {
    for (const home of homes) await listings.create({ city: name, neighborhood: 'Old Town', ...home })
  }

  it('narrows the results by the text and the filters in the URL', async () => {
    await town('Harrowgate', [
      { title: 'Harrowgate cottage with a garden', type: 'house', bedrooms: 3, allowsCats: true, amenities: ['parking'] },
      { title: 'Harrowgate loft by the station', type: 'apartment', bedrooms: 1 },
      { title: 'Harrowgate furnished condo', type: 'condo', bedrooms: 2, isFurnished: true, amenities: ['parking', 'gym'] },
    ])
    await town('Elsewhere', [{ title: 'Elsewhere flat above the bakery' }])

    const all = await get('/properties?q=Harrowgate')
    expect(all.status).toBe(200)
    expect(cardTitles(all.html).sort()).toEqual([
      'Harrowgate cottage with a garden',
      'Harrowgate furnished condo',
      'Harrowgate loft by the station',
    ])
    expect(all.html).toContain('3 homes')
    expect(all.html).not.toContain('Elsewhere flat above the bakery')

    expect(cardTitles((await get('/properties?q=Harrowgate&beds=2')).html).sort()).toEqual([
      'Harrowgate cottage with a garden',
      'Harrowgate furnished condo',
    ])
    expect(cardTitles((await get('/properties?q=Harrowgate&type=house&type=apartment&pets=cats')).html)).toEqual([
      'Harrowgate cottage with a garden',
    ])
    expect(cardTitles((await get('/properties?q=Harrowgate&furnished=true')).html)).toEqual(['Harrowgate furnished condo'])
    expect(cardTitles((await get('/properties?q=Harrowgate&amenities=parking&amenities=gym')).html)).toEqual(['Harrowgate furnished condo'])

    // The whole form as a browser sends it without JavaScript: every empty field means "any".
    const plain = await get(
      '/properties?q=Harrowgate&minPrice=&maxPrice=&beds=2&baths=&offer=&type=condo&furnished=true&availableBy=&sort=newest',
    )
    expect(plain.status).toBe(200)
    expect(cardTitles(plain.html)).toEqual(['Harrowgate furnished condo'])

    // The form shows the search it ran.
    const filtered = await get('/properties?q=Harrowgate&type=house&beds=2')
    expect(tagWith(filtered.html, 'input', 'id="filter-q"')).toContain('value="Harrowgate"')
    expect(tagWith(filtered.html, 'input', 'name="type"', 'value="house"')).toContain('checked=""')
    expect(tagWith(filtered.html, 'input', 'name="type"', 'value="condo"')).not.toContain('checked')
    expect(filtered.html).toMatch(/<option value="2" selected="">2\+<\/option>/)
  })

  it('sorts by price, lowest or highest first, and by size', async () => {
    await town('Pricewell', [
      { title: 'Pricewell middle home', lease: { monthlyRentCents: 200_000, minTermMonths: 12, depositCents: 0 }, interiorSqft: 700 },
      { title: 'Pricewell cheap home', lease: { monthlyRentCents: 100_000, minTermMonths: 12, depositCents: 0 }, interiorSqft: 1500 },
      { title: 'Pricewell dear home', lease: { monthlyRentCents: 300_000, minTermMonths: 12, depositCents: 0 }, interiorSqft: 1000 },
    ])
    expect(cardTitles((await get('/properties?q=Pricewell&sort=price-asc')).html)).toEqual([
      'Pricewell cheap home',
      'Pricewell middle home',
      'Pricewell dear home',
    ])
    expect(cardTitles((await get('/properties?q=Pricewell&sort=price-desc')).html)).toEqual([
      'Pricewell dear home',
      'Pricewell middle home',
      'Pricewell cheap home',
    ])
    expect(cardTitles((await get('/properties?q=Pricewell&sort=largest')).html)).toEqual([
      'Pricewell cheap home',
      'Pricewell dear home',
      'Pricewell middle home',
    ])
  })

  it('shows the all-in monthly cost first, the rent before fees, and the nightly price', async () => {
    await town('Feeford', [
      {
        title: 'Feeford home with fees',
        lease: { monthlyRentCents: 150_000, minTermMonths: 12, depositCents: 0 },
        fees: [
          { name: 'Parking', monthlyCents: 7_500 },
          { name: 'Trash', monthlyCents: 2_500 },
        ],
        shortTerm: { nightlyCents: 12_000, minNights: 3 },
      },
      { title: 'Feeford home without fees', lease: { monthlyRentCents: 99_000, minTermMonths: 12, depositCents: 0 } },
    ])
    const { html } = await get('/properties?q=Feeford&sort=price-desc')
    expect(html).toMatch(/\$1,600<span[^>]*>\/mo all-in<\/span>/)
    expect(html).toContain('$1,500/mo rent before fees · or $120/night')
    expect(html).toMatch(/\$990<span[^>]*>\/mo all-in<\/span>/)
    expect(html).not.toContain('$990/mo rent before fees')
    expect(html).toMatch(/href="\/properties\/feeford-home-with-fees-\d+"/)
  })

  it('links the next page with the filters and the cursor, and never shows a listing twice', async () => {
    const titles = Array.from({ length: 7 }, (_, i) => `Pagewood home number ${i + 1}`)
    await town(
      'Pagewood',
      titles.map((title) => ({ title, bedrooms: 2 })),
    )
    await town('Pagewood', [{ title: 'Pagewood one-bed outside the filter', bedrooms: 1 }])

    const seen: string[] = []
    let path: string | null = '/properties?q=Pagewood&beds=2&limit=3&sort=price-asc'
    let pages = 0
    while (path) {
      const { status, html } = await get(path)
      expect(status).toBe(200)
      seen.push(...cardTitles(html))
      path = nextPageLink(html)
      if (path) {
        expect(path).toMatch(/^\/properties\?/)
        const next = new URLSearchParams(path.split('?')[1])
        expect(next.get('q')).toBe('Pagewood')
        expect(next.get('beds')).toBe('2')
        expect(next.get('sort')).toBe('price-asc')
        expect(next.get('cursor')).toBeTruthy()
      }
      pages += 1
      expect(pages).toBeLessThan(5)
    }
    expect(pages).toBe(3)
    expect(seen.sort()).toEqual([...titles].sort())

    // A listing added between pages still appears once at most.
    const first = await get('/properties?q=Pagewood&beds=2&limit=3')
    await town('Pagewood', [{ title: 'Pagewood newcomer', bedrooms: 2 }])
    const second = await get(nextPageLink(first.html) ?? '/missing-next-page')
    const both = [...cardTitles(first.html), ...cardTitles(second.html)]
    expect(new Set(both).size).toBe(both.length)
  })

  it('has a helpful empty state that clears the filters and keeps the text', async () => {
    await town('Emptybrook', [{ title: 'Emptybrook starter flat', bedrooms: 1 }])
    const { status, html } = await get('/properties?q=Emptybrook&beds=4&pets=dogs&sort=price-asc')
    expect(status).toBe(200)
    expect(cardTitles(html)).toEqual([])
    expect(html).toContain('0 homes')
    expect(html).toContain('No homes match “Emptybrook” with these filters')
    expect(html).toMatch(/<a [^>]*href="\/properties\?q=Emptybrook&amp;sort=price-asc"[^>]*>Clear filters, keep “Emptybrook”<\/a>/)
    // Following it finds the home again.
    expect(cardTitles((await get('/properties?q=Emptybrook&sort=price-asc')).html)).toEqual(['Emptybrook starter flat'])
  })

  it('answers bad parameters with 400 and a message beside the field, never 500', async () => {
    const beds = await get('/properties?beds=abc')
    expect(beds.status).toBe(400)
    expect(beds.html).toContain('Some search settings are not valid')
    expect(beds.html).toContain('Bedrooms must be a number.')
    expect(tagWith(beds.html, 'select', 'id="filter-beds"')).toContain('aria-invalid="true" aria-describedby="filter-beds-error"')
    expect(beds.html).toMatch(/<p id="filter-beds-error"[^>]*>Bedrooms must be a number\.<\/p>/)
    expect(beds.html).toMatch(/<a [^>]*href="#filter-beds"[^>]*>Bedrooms must be a number\.<\/a>/)
    expect(cardTitles(beds.html)).toEqual([])

    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
    const dated = await get(`/properties?checkIn=${inDays(5)}&checkOut=${inDays(5)}`)
    expect(tagWith(dated.html, 'input', 'id="filter-checkOut"')).toContain('aria-invalid="true" aria-describedby="filter-checkOut-error"')
    const cases: [string, string][] = [
      ['/properties?minPrice=-5', 'Minimum price cannot be negative.'],
      ['/properties?minPrice=900&maxPrice=100', 'Maximum price must be at least the minimum price.'],
      ['/properties?sort=cheapest', 'Sort must be one of: newest, price-asc, price-desc, largest.'],
      ['/properties?cursor=not-a-cursor', 'This page link is no longer valid; start the search again.'],
      ['/properties?amenities=moat', 'Amenities must be among:'],
      ['/properties?availableBy=soon', 'Available by must be a date (YYYY-MM-DD).'],
      ['/properties?south=1&north=2', 'Give all four map bounds: south, west, north and east.'],
      [`/properties?q=${'x'.repeat(300)}`, 'The search text can have at most 200 characters.'],
      ['/properties?beds=%00%27%3B--', 'Bedrooms must be a number.'],
      // Values PostgreSQL itself would refuse, failing the search.
      ['/properties?q=%00', 'The search text cannot contain the NUL character.'],
      ['/properties?availableBy=0000-01-01', 'Available by must be a date between 1900 and 2200.'],
      // A short stay's dates: both or neither, check-out after check-in, not past, not beyond any booking window.
      [`/properties?checkIn=${inDays(5)}`, 'Choose a check-out date as well as the check-in.'],
      [`/properties?checkOut=${inDays(5)}&guests=2`, 'Choose a check-in date as well as the check-out.'],
      ['/properties?guests=2', 'Choose check-in and check-out dates to search by guests.'],
      [`/properties?checkIn=${inDays(5)}&checkOut=${inDays(5)}`, 'Check-out must be after check-in.'],
      [`/properties?checkIn=${inDays(-5)}&checkOut=${inDays(-2)}`, 'Check-in cannot be in the past.'],
      [`/properties?checkIn=${inDays(700)}&checkOut=${inDays(800)}`, 'Stays can be searched up to 730 days ahead.'],
      [`/properties?checkIn=${inDays(5)}&checkOut=${inDays(7)}&guests=0`, 'Guests must be at least 1.'],
      [`/properties?checkIn=${inDays(5)}&checkOut=${inDays(7)}&guests=many`, 'Guests must be a number.'],
    ]
    for (const [path, message] of cases) {
      const { status, html } = await get(path)
      expect(status, path).toBe(400)
      expect(html, path).toContain(message)
    }
  })

  it('answers a database data exception that validation missed with a 400 page, not a 500', async () => {
    const { services } = t
    const searchListings = services.searchListings
    services.searchListings = async () => {
      await services.database.db.execute(sql`select ${'\u0000'}::text`)
      throw new Error('The query should have failed.')
    }
    try {
      const { status, html } = await get('/properties?q=Anywhere')
      expect(status).toBe(400)
      expect(html).toContain('That request did not work')
    } finally {
      services.searchListings = searchListings
    }
    expect((await get('/properties?q=Anywhere')).status).toBe(200)
  })

  it('shows which results a signed-in renter has saved', async () => {
    await town('Savesby', [{ title: 'Savesby saved home' }, { title: 'Savesby other home' }])
    const renter = await signUpVerifiedUser(t, { name: 'Sally Saver' })
    const { items } = JSON.parse((await get('/api/properties?q=Savesby')).html) as { items: { id: number; title: string }[] }
    const saved = items.find((item) => item.title === 'Savesby saved home')!
    await saveListing(t.services.database.db, { user: renter, listingId: saved.id })

    const { html } = await get('/properties?q=Savesby', renter.cookie)
    expect(tagWith(html, 'button', 'aria-label="Remove Savesby saved home from saved"')).toContain('aria-pressed="true"')
    expect(tagWith(html, 'button', 'aria-label="Save Savesby other home"')).toContain('aria-pressed="false"')
    // Each card's form posts to the listing's save route and comes back to this search.
    const action = `/properties/savesby-saved-home-${saved.id}/save`
    const form = html.slice(html.indexOf(tagWith(html, 'form', `action="${action}"`)))
    expect(tagWith(html, 'form', `action="${action}"`)).toContain('method="post"')
    expect(tagWith(form, 'input', 'name="intent"')).toContain('value="unsave"')
    expect(tagWith(form, 'input', 'name="redirectTo"')).toContain('value="/properties?q=Savesby"')

    const visitor = await get('/properties?q=Savesby')
    expect(visitor.html).not.toContain('aria-pressed="true"')
    expect(visitor.html).toContain('aria-label="Save Savesby saved home"')
  })

  it('titles the page by the search, with a canonical address without the page or view', async () => {
    await town('Titleton', [{ title: 'Titleton row house' }])
    const { html } = await get('/properties?q=Titleton&view=map&cursor=&beds=')
    // The text names a city: the title spells it as the site does, with its state.
    expect(html).toContain('<title>Homes for rent in Titleton, DE · Cooper Home</title>')
    expect(html).toMatch(/<h1[^>]*>Homes for rent in Titleton, DE<\/h1>/)
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/properties?q=Titleton"/>')
    expect(html).toMatch(/<meta name="description" content="Homes to rent and lease in Titleton, DE/)
  })

  it('says plainly when the text alone finds nothing, without speaking of filters', async () => {
    const { status, html } = await get('/properties?q=Nowhereville')
    expect(status).toBe(200)
    expect(cardTitles(html)).toEqual([])
    expect(html).toContain('No homes match “Nowhereville”</h3>')
    expect(html).not.toContain('with these filters')
  })

  it('offers, when nothing matches, the filters whose removal alone finds homes, with how many', async () => {
    await town('Waysville', [
      { title: 'Waysville flat for a cat', bedrooms: 2, allowsCats: true },
      { title: 'Waysville house for a big family', bedrooms: 5 },
    ])
    const { html } = await get('/properties?q=Waysville&pets=cats&beds=5')
    expect(html).toContain('No homes match “Waysville” with these filters')
    const wayOut = (href: string, label: string, count: string) =>
      new RegExp(
        `href="${href.replaceAll('?', '\\?').replaceAll('&', '&amp;')}"[^>]*>Without (<!-- -->)?${label.replace('+', '\\+')}(<!-- -->)?:<span[^>]*>${count}</span>`,
      )
    expect(html).toMatch(wayOut('/properties?q=Waysville&pets=cats', '5+ beds', '1 home'))
    expect(html).toMatch(wayOut('/properties?q=Waysville&beds=5', 'Cats allowed', '1 home'))

    // A search that finds homes offers none.
    expect((await get('/properties?q=Waysville&beds=5')).html).not.toContain('Filters to remove')
  })

  it('says what it read from the text: the place meant by a misspelling, and rooms', async () => {
    await town('Readington', [{ title: 'Readington flat', bedrooms: 2 }])
    const { html } = await get('/properties?q=2br+Readingtn')
    expect(html).toMatch(/<h1[^>]*>Homes for rent in Readington, DE<\/h1>/)
    expect(html).toContain('No homes match “Readingtn”. Showing homes in Readington, DE with at least 2 bedrooms.')
    expect(html).toContain('Readington flat')
  })

  it('shows the list in the map view without JavaScript, saying the map needs it', async () => {
    await town('Mapleford', [{ title: 'Mapleford cabin' }])
    const { status, html } = await get('/properties?q=Mapleford&view=map')
    expect(status).toBe(200)
    expect(html).toContain('The map needs JavaScript; the homes are listed here.')
    expect(cardTitles(html)).toEqual(['Mapleford cabin'])
    expect(tagWith(html, 'a', 'href="/properties?q=Mapleford&amp;view=map"')).toContain('aria-current="true"')
    expect(tagWith(html, 'a', 'href="/properties?q=Mapleford"')).not.toContain('aria-current')
  })

  it('the home page and /properties share one search box', async () => {
    const home = await get('/')
    expect(tagWith(home.html, 'form', 'action="/properties"')).toContain('role="search"')
    expect(tagWith(home.html, 'input', 'id="home-search"')).toContain('name="q"')
    const page = await get('/properties')
    expect(page.html).toMatch(/<label for="filter-q"[^>]*>Where do you want to live\?<\/label>/)
  })
})
