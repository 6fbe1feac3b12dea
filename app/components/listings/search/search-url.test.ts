import { describe, expect, it } from 'vitest'
import {
  boundsHref,
  canonicalPath,
  clearFiltersHref,
  countFilters,
  hasFilters,
  nextPageHref,
  resultCountText,
  searchQueryOf,
  searchTitle,
  viewHref,
  viewOf,
  mapQueryOf,
  withoutBoundsHref,
} from './search-url.ts'

const params = (search: string) => new URLSearchParams(search)

describe('the /properties URL', () => {
  it('reads repeated parameters as lists and single ones as text, leaving out the view', () => {
    expect(searchQueryOf(params('q=Dover&type=house&type=condo&beds=2&view=map'))).toEqual({
      q: 'Dover',
      type: ['house', 'condo'],
      beds: '2',
    })
  })

  it('reads the empty fields of a form sent without JavaScript as no filter', () => {
    expect(searchQueryOf(params('q=&minPrice=&maxPrice=&beds=&baths=&offer=&availableBy=&sort=newest'))).toEqual({ sort: 'newest' })
  })

  it('links the next page with every filter, the view and the cursor, and no empty fields', () => {
    const href = nextPageHref(params('q=Dover&minPrice=&beds=2&type=house&type=condo&view=map&cursor=old'), 'abc')
    expect(href).toBe('/properties?q=Dover&beds=2&type=house&type=condo&view=map&cursor=abc')
  })

  it('clears the filters but keeps the text, the sort and the view', () => {
    expect(clearFiltersHref(params('q=Dover&beds=2&pets=cats&sort=price-asc&south=1&view=map&cursor=x'))).toBe(
      '/properties?q=Dover&sort=price-asc&view=map',
    )
    expect(clearFiltersHref(params('beds=2'))).toBe('/properties')
  })

  it('switches view from the first page', () => {
    expect(viewHref(params('q=Dover&cursor=x'), 'map')).toBe('/properties?q=Dover&view=map')
    expect(viewHref(params('q=Dover&view=map'), 'auto')).toBe('/properties?q=Dover')
    expect(viewHref(params('q=Dover&view=map'), 'list')).toBe('/properties?q=Dover&view=list')
    expect(viewOf(params('view=map'))).toBe('map')
    expect(viewOf(params('view=list'))).toBe('list')
    expect(viewOf(params('view=nonsense'))).toBe('auto')
  })

  it('limits a search to a map area, rounded, and removes it again', () => {
    const href = boundsHref(params('q=Dover&view=map&cursor=x'), { south: 39.123456789, west: -75.6, north: 39.8, east: -75.1 })
    expect(href).toBe('/properties?q=Dover&view=map&south=39.12346&west=-75.6&north=39.8&east=-75.1')
    expect(withoutBoundsHref(new URL(href, 'http://x').searchParams)).toBe('/properties?q=Dover&view=map')
  })

  it('asks the map for the search without its view, page, sort or area', () => {
    expect(
      mapQueryOf(
        params('q=Dover&beds=2&type=house&type=condo&sort=price-asc&view=map&cursor=x&south=1&west=2&north=3&east=4&minPrice='),
      ).toString(),
    ).toBe('q=Dover&beds=2&type=house&type=condo')
  })

  it('has a canonical address without the page or the view', () => {
    expect(canonicalPath(params('q=Dover&cursor=x&view=map&beds='))).toBe('/properties?q=Dover')
    expect(canonicalPath(params(''))).toBe('/properties')
  })

  it('counts the filters set, not the text, the sort or the map area', () => {
    expect(countFilters(params('q=Dover&sort=largest&beds=2&type=house&type=condo&minPrice=&south=1'))).toBe(3)
    expect(hasFilters(params('q=Dover&sort=largest'))).toBe(false)
    expect(hasFilters(params('south=1'))).toBe(true)
  })

  it('titles and counts results as people read them', () => {
    expect(searchTitle(' Wilmington ')).toBe('Homes for rent in Wilmington')
    expect(searchTitle('')).toBe('Homes for rent')
    expect(resultCountText(1, false)).toBe('1 home')
    expect(resultCountText(42, false)).toBe('42 homes')
    expect(resultCountText(1000, true)).toBe('1,000+ homes')
  })
})
