import { describe, expect, it } from 'vitest'
import { listingIdFromSlug, listingPath, slugify } from '#common/listings/listing-url.ts'

describe('listing addresses', () => {
  it('makes a readable slug that ends in the id', () => {
    expect(listingPath({ id: 42, title: 'Sunny 2-bed near the Riverfront!' })).toBe('/properties/sunny-2-bed-near-the-riverfront-42')
    expect(listingPath({ id: 7, title: 'Café “Élan” loft' })).toBe('/properties/cafe-elan-loft-7')
    expect(listingPath({ id: 9, title: '!!!' })).toBe('/properties/9')
  })

  it('reads the id back from the slug, whatever the words', () => {
    expect(listingIdFromSlug('sunny-2-bed-near-the-riverfront-42')).toBe(42)
    expect(listingIdFromSlug('an-old-title-42')).toBe(42)
    expect(listingIdFromSlug('9')).toBe(9)
    expect(listingIdFromSlug('no-id-here')).toBeNull()
    expect(listingIdFromSlug('zero-0')).toBeNull()
    expect(listingIdFromSlug(undefined)).toBeNull()
  })

  it('keeps slugs short', () => {
    expect(slugify('word '.repeat(50)).length).toBeLessThanOrEqual(80)
    expect(slugify('word '.repeat(50))).not.toMatch(/-$/)
  })
})
