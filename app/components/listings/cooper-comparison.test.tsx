import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { RentComparison } from '#common/cooper/comparison.ts'
import { comparisonWords, CooperComparison, headlineWords } from './cooper-comparison.tsx'

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
  levelRents: 118,
  levelHalfWidth: 0.034,
}

function textOf(comparison: RentComparison) {
  const router = createMemoryRouter([{ path: '/', element: <CooperComparison comparison={comparison} /> }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replaceAll('\u00a0', '~')
}

describe('the Cooper Index comparison on a listing page', () => {
  it('leads with the gap in dollars a month, then the typical rent and how sure it is, the index one step away', () => {
    expect(textOf(base)).toBe(
      'About $150 a month more than similar 2-bedroom homes in Wilmington' +
        'This home asks $1,950 a month; the typical asking rent of 2-bedroom homes in Wilmington was $1,804 in October 2026. ' +
        'It is the middle of 118 asking rents of the last three months; nine times in ten the true figure lies between $1,743 and $1,866.' +
        'How this compares with the Cooper Index' +
        '8~% above the Cooper Index for 2-bedroom homes in Wilmington · 1,412 pairs of lettings of the same homes · 90~% band of the index ±3~%',
    )
  })

  it('reads a gap inside the typical rent’s own band as about the typical rent, and a cheaper rent as less', () => {
    expect(headlineWords({ ...base, rentCents: 186_000 })).toBe('About the typical rent of similar 2-bedroom homes in Wilmington')
    expect(headlineWords({ ...base, rentCents: 171_400 })).toBe('About $90 a month less than similar 2-bedroom homes in Wilmington')
    // Without a known spread, a gap under 2 % is about the typical rent.
    expect(headlineWords({ ...base, rentCents: 183_000, levelHalfWidth: null })).toBe(
      'About the typical rent of similar 2-bedroom homes in Wilmington',
    )
    expect(textOf({ ...base, levelRents: null, levelHalfWidth: null })).not.toContain('nine times in ten')
  })

  it('names studios with one-bedroom homes, and homes with three or more bedrooms', () => {
    expect(textOf({ ...base, bedrooms: '0-1' })).toContain('the Cooper Index for studio and 1-bedroom homes in Wilmington')
    expect(textOf({ ...base, bedrooms: '3+', pairs: 1, bandHalfWidth: 0.004 })).toContain(
      'the Cooper Index for homes with 3 or more bedrooms in Wilmington · 1 pair of lettings of the same homes · 90~% band of the index ±0.4~%',
    )
  })

  it('reads a gap under 1.5 % as about the same, and a cheaper rent as below', () => {
    expect(comparisonWords(0.014)).toBe('About the same as')
    expect(comparisonWords(-0.0149)).toBe('About the same as')
    expect(comparisonWords(0.015)).toBe('2\u00a0% above')
    expect(comparisonWords(-0.123)).toBe('12\u00a0% below')
  })
})
