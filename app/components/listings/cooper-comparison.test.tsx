import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { RentComparison } from '#common/cooper/comparison.ts'
import { comparisonWords, CooperComparison } from './cooper-comparison.tsx'

const base: RentComparison = {
  marketKey: 'de-wilmington',
  marketName: 'Wilmington',
  bedrooms: '2',
  month: '2026-10-01',
  levelCents: 180_449,
  rentCents: 195_000,
  difference: 195_000 / 180_449 - 1,
  bandHalfWidth: 0.031,
  pairs: 1412,
}

function textOf(comparison: RentComparison) {
  const router = createMemoryRouter([{ path: '/', element: <CooperComparison comparison={comparison} /> }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replaceAll('\u00a0', '~')
}

describe('the Cooper Index comparison on a listing page', () => {
  it('says how far above the index the rent is, with the pairs, the band and the typical rent in whole dollars', () => {
    expect(textOf(base)).toBe(
      '8~% above the Cooper Index for 2-bedroom homes in Wilmington · 1,412 pairs · 90~% band ±3~%' +
        'This home asks $1,950 a month; the typical asking rent of 2-bedroom homes in Wilmington was $1,804 in October 2026.',
    )
  })

  it('names studios with one-bedroom homes, and homes with three or more bedrooms', () => {
    expect(textOf({ ...base, bedrooms: '0-1' })).toContain('the Cooper Index for studio and 1-bedroom homes in Wilmington')
    expect(textOf({ ...base, bedrooms: '3+', pairs: 1, bandHalfWidth: 0.004 })).toContain(
      'the Cooper Index for homes with 3 or more bedrooms in Wilmington · 1 pair · 90~% band ±0.4~%',
    )
  })

  it('reads a gap under 1.5 % as about the same, and a cheaper rent as below', () => {
    expect(comparisonWords(0.014)).toBe('About the same as')
    expect(comparisonWords(-0.0149)).toBe('About the same as')
    expect(comparisonWords(0.015)).toBe('2\u00a0% above')
    expect(comparisonWords(-0.123)).toBe('12\u00a0% below')
  })
})
