import { describe, expect, it } from 'vitest'
import { listingDescription, listingJsonLd, scriptSafeJson } from './seo.ts'

const home: Parameters<typeof listingJsonLd>[0] = {
  title: 'Bright flat',
  description: 'Tall windows. '.repeat(30),
  type: 'apartment',
  status: 'published',
  street: '1200 Delaware Avenue',
  unit: 'Apt 3B',
  city: 'Wilmington',
  state: 'DE',
  zip: '19806',
  neighborhood: 'Trolley Square',
  latitude: 39.7555,
  longitude: -75.5643,
  bedrooms: 2,
  bathrooms: 1,
  interiorSqft: 900,
  yearBuilt: 1925,
  allInMonthlyCents: 172_500,
  lease: { monthlyRentCents: 165_000, minTermMonths: 12, depositCents: 165_000 },
  shortTerm: null,
  availableFrom: '2026-01-01',
  photos: [],
}

describe('listing SEO', () => {
  it('keeps JSON inside a script element however the text reads', () => {
    const json = scriptSafeJson({ name: '</script><script>alert(1)</script> & more' })
    expect(json).not.toMatch(/[<>&]/)
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & more' })
  })

  it('describes the home in at most 160 characters, all-in price first', () => {
    const description = listingDescription(home)
    expect(description.startsWith('2 beds, 1 bath apartment in Wilmington, DE — $1,725/month all-in. Tall windows.')).toBe(true)
    expect(description.length).toBeLessThanOrEqual(160)
  })

  it('offers the monthly rent in USD', () => {
    const data = listingJsonLd(home, { url: 'https://example.com/properties/bright-flat-1', origin: 'https://example.com' })
    expect(data['@type']).toBe('Apartment')
    expect(data.offers).toMatchObject({ price: '1650.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' })
  })

  it('gives the street with its unit, named once', () => {
    const data = listingJsonLd(home, { url: 'https://example.com/properties/bright-flat-1', origin: 'https://example.com' })
    expect(data.address).toMatchObject({ streetAddress: '1200 Delaware Avenue, Apt 3B' })
  })
})
