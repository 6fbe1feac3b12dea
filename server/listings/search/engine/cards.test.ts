import { describe, expect, it } from 'vitest'
import { CardColumns } from './cards.ts'
import type { CardFields } from './indexed-columns.ts'

const lease: CardFields = {
  title: 'Sunny loft by the river',
  cityName: 'Wilmington',
  neighborhoodName: 'Trolley Square',
  monthlyRentCents: 185_000,
  minTermMonths: 12,
  depositCents: 185_000,
  nightlyCents: null,
  minNights: null,
  amenities: ['pool', 'parking', 'dishwasher'],
  createdMs: Date.UTC(2026, 10, 1, 9, 30, 15, 123),
  confirmedMs: Date.UTC(2026, 10, 20),
  photo: {
    id: 42,
    altText: 'The living room',
    storageKey: 'a1/b2',
    width: 1600,
    height: 1200,
    placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
    variantWidths: [640, 320, 1280],
  },
}

const stay: CardFields = {
  ...lease,
  title: 'Room for a week',
  neighborhoodName: '',
  monthlyRentCents: null,
  minTermMonths: null,
  depositCents: null,
  nightlyCents: 9_500,
  minNights: 2,
  amenities: [],
  photo: { id: 7, altText: '', storageKey: 'c3', width: null, height: null, placeholder: null, variantWidths: [] },
}

describe('result cards kept per slot', () => {
  it('gives back each card as it was kept, offers, amenities in their order and photo included', () => {
    const cards = new CardColumns()
    cards.set(0, lease)
    cards.set(1, stay)
    cards.set(2, { ...lease, photo: null })
    expect(cards.get(0)).toEqual(lease)
    expect(cards.get(1)).toEqual(stay)
    expect(cards.get(2)).toEqual({ ...lease, photo: null })
  })

  it('keeps thousands of slots, each its own, and a slot kept again shows its new card', () => {
    const cards = new CardColumns()
    for (let slot = 0; slot < 5000; slot += 1)
      cards.set(slot, { ...lease, title: `Home ${slot}`, monthlyRentCents: slot, amenities: slot % 2 ? ['gym'] : [] })
    cards.set(4000, stay)
    expect(cards.get(3999)).toMatchObject({ title: 'Home 3999', monthlyRentCents: 3999, amenities: ['gym'] })
    expect(cards.get(4998)).toMatchObject({ title: 'Home 4998', monthlyRentCents: 4998, amenities: [] })
    expect(cards.get(4000)).toEqual(stay)
  })

  it('hands out copies: changing a card read does not change the one kept', () => {
    const cards = new CardColumns()
    cards.set(0, lease)
    const read = cards.get(0)
    read.amenities.push('gym')
    read.photo!.variantWidths.push(2000)
    expect(cards.get(0)).toEqual(lease)
  })

  it('lets go of the texts of a slot cleared', () => {
    const cards = new CardColumns()
    cards.set(0, lease)
    cards.clear(0)
    expect(cards.get(0)).toMatchObject({ title: '', photo: null })
  })
})
