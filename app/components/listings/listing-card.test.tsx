import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListingSummary, PriceDrop } from '#common/listings/types.ts'
import { cardDataOf, ListingCard, listingCosts, listingPlace, priceDropWords, type ListingCardData } from './listing-card.tsx'

const lease = { monthlyRentCents: 200_000, minTermMonths: 12, depositCents: 200_000 }

const home: ListingSummary = {
  id: 42,
  title: 'Bright row house on Elm Street',
  type: 'townhouse',
  status: 'published',
  city: 'Wilmington',
  state: 'DE',
  zip: '19806',
  neighborhood: 'Trolley Square',
  latitude: 39.75,
  longitude: -75.56,
  bedrooms: 3,
  bathrooms: 1.5,
  interiorSqft: 1450,
  currency: 'USD',
  allInMonthlyCents: 215_000,
  lease,
  shortTerm: null,
  amenities: [],
  allowsCats: false,
  allowsDogs: false,
  isFurnished: false,
  availableFrom: '2026-01-01',
  createdAt: '2025-12-01T00:00:00.000Z',
  lastConfirmedAt: '2025-12-01T00:00:00.000Z',
  photo: null,
}

// Three days after the home was last confirmed available.
beforeEach(() => vi.useFakeTimers({ now: new Date('2025-12-04T09:00:00.000Z'), toFake: ['Date'] }))
afterEach(() => vi.useRealTimers())

function render(listing: ListingCardData, priority = false, drop: PriceDrop | null = null) {
  const router = createMemoryRouter([{ path: '/', element: <ListingCard listing={listing} priority={priority} drop={drop} /> }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('listing cards', () => {
  it('put the all-in month first and the rent alone second when fees add to it', () => {
    expect(listingCosts(home)).toEqual({
      allIn: '$2,150/mo all-in',
      rent: '$2,000/mo rent before fees',
      nightly: null,
      isNightsBased: false,
    })
    expect(listingCosts({ ...home, allInMonthlyCents: 200_000 }).rent).toBeNull()
  })

  it('offer the nightly price beside a lease, and count 30 nights for a short stay only', () => {
    expect(listingCosts({ ...home, shortTerm: { nightlyCents: 12_500 } }).nightly).toBe('$125/night')
    const stayOnly = listingCosts({ ...home, lease: null, shortTerm: { nightlyCents: 10_000 }, allInMonthlyCents: 300_000 })
    expect(stayOnly).toMatchObject({ allIn: '$3,000/mo all-in', rent: null, isNightsBased: true })
  })

  it('name the neighborhood and the city', () => {
    expect(listingPlace(home)).toBe('Trolley Square · Wilmington, DE')
    expect(listingPlace({ ...home, neighborhood: '' })).toBe('Wilmington, DE')
  })

  it('link the title to the listing and draw a placeholder where there is no photo', () => {
    const html = render(cardDataOf(home))
    expect(html).toMatch(/<a [^>]*href="\/properties\/bright-row-house-on-elm-street-42"[^>]*>Bright row house on Elm Street<\/a>/)
    expect(html).toContain('$2,150<span class="text-base font-semibold text-ink-soft lg:text-sm">/mo all-in</span>')
    expect(html).toContain('$2,000/mo rent before fees')
    expect(html).toContain('3 beds · 1½ baths · 1,450 sq ft')
    expect(html).toContain('No photo yet')
    expect(html).not.toContain('<img')
  })

  it('say how lately the landlord confirmed the home available, counted in calendar days', () => {
    expect(render(cardDataOf(home))).toContain('Confirmed available <time dateTime="2025-12-01T00:00:00.000Z">3 days ago</time>')
    const today = cardDataOf({ ...home, lastConfirmedAt: '2025-12-04T00:30:00.000Z' })
    expect(today.confirmedDaysAgo).toBe(0)
    expect(render(today)).toContain('>today</time>')
  })

  it('say a price drop as the amount less since its day, with the price it replaced', () => {
    const drop: PriceDrop = { kind: 'lease', fromCents: 215_000, toCents: 200_000, changedAt: '2026-11-12T23:30:00.000Z' }
    expect(priceDropWords(drop)).toEqual({ less: 'Rent $150 less since', since: 'Nov 12', was: '$2,150/mo' })
    expect(priceDropWords({ ...drop, kind: 'short-term', fromCents: 12_050, toCents: 11_000 })).toEqual({
      less: 'Nightly price $10.50 less since',
      since: 'Nov 12',
      was: '$120.50/night',
    })
    const html = render(cardDataOf(home), false, drop)
    expect(html).toContain('Price cut</span>')
    expect(html).toMatch(/Rent \$150 less since <time dateTime="2026-11-12">Nov 12<\/time>/)
    expect(html).toContain('<s>$2,150/mo</s>')
    expect(render(cardDataOf(home))).not.toContain('Price cut')
  })

  it("load the first card's photo at once and at high priority (the largest paint), the others lazily", () => {
    const photo = {
      id: 7,
      alt: 'Front of the house',
      width: 1600,
      height: 1200,
      placeholder: null,
      colour: null,
      src: '/media/7-800.webp',
      srcSet: '/media/7-800.webp 800w',
    }
    const first = render(cardDataOf({ ...home, photo }), true)
    expect(first).toMatch(/<img [^>]*loading="eager"/)
    expect(first).toMatch(/<img [^>]*fetchPriority="high"/i)
    const other = render(cardDataOf({ ...home, photo }))
    expect(other).toMatch(/<img [^>]*loading="lazy"/)
    expect(other).not.toMatch(/fetchPriority/i)
  })
})

describe('the data of a card', () => {
  it('keeps what the card and the map show and drops the rest', () => {
    const card = cardDataOf(home)
    expect(card).toEqual({
      id: 42,
      title: 'Bright row house on Elm Street',
      allInMonthlyCents: 215_000,
      lease: { monthlyRentCents: 200_000 },
      shortTerm: null,
      neighborhood: 'Trolley Square',
      city: 'Wilmington',
      state: 'DE',
      photo: null,
      bedrooms: 3,
      bathrooms: 1.5,
      interiorSqft: 1450,
      latitude: 39.75,
      longitude: -75.56,
      lastConfirmedAt: '2025-12-01T00:00:00.000Z',
      confirmedDaysAgo: 3,
    })
    // The card drawn from it says the same as the card drawn from the whole listing.
    expect(render(card)).toContain('Bright row house on Elm Street')
  })
})
