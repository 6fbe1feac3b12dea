import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ListingDetail } from '#common/listings/types.ts'
import { KeyFacts } from './listing-facts.tsx'

const home = {
  type: 'house',
  bedrooms: 3,
  bathrooms: 1.5,
  interiorSqft: 1450,
  yearBuilt: 1962,
  isFurnished: false,
  availableFrom: '2026-01-01',
} as Omit<ListingDetail, 'ownerId'>

const textOf = (html: string) => html.replace(/<\/(dt|dd)>/g, ' ').replace(/<[^>]+>/g, '')

describe('KeyFacts', () => {
  it('says when the home was built when the landlord says', () => {
    expect(textOf(renderToStaticMarkup(<KeyFacts listing={home} today="2026-05-01" />))).toContain('Built 1962')
  })

  it('leaves the year out when it is not known', () => {
    const text = textOf(renderToStaticMarkup(<KeyFacts listing={{ ...home, yearBuilt: null }} today="2026-05-01" />))
    expect(text).toContain('Interior 1,450 sq ft')
    expect(text).not.toMatch(/built/i)
  })
})
