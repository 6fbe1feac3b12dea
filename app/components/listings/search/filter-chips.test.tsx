import { describe, expect, it } from 'vitest'
import { clearAllHref, filterChips } from './filter-chips.tsx'

const chipsOf = (search: string, place: string | null = null) => filterChips(new URLSearchParams(search), place)

describe('the active filters as chips', () => {
  it('names each filter value and links to the search without it, from its first page', () => {
    const search =
      'q=loft&minPrice=1000&maxPrice=2500&beds=2&type=house,condo&pets=cats&amenities=pool&amenities=gym&cursor=abc&sort=price-asc'
    expect(chipsOf(search)).toEqual([
      {
        label: '“loft”',
        href: '/properties?minPrice=1000&maxPrice=2500&beds=2&type=house%2Ccondo&pets=cats&amenities=pool&amenities=gym&sort=price-asc',
      },
      {
        label: '$1,000 – $2,500',
        href: '/properties?q=loft&beds=2&type=house%2Ccondo&pets=cats&amenities=pool&amenities=gym&sort=price-asc',
      },
      {
        label: '2+ beds',
        href: '/properties?q=loft&minPrice=1000&maxPrice=2500&type=house%2Ccondo&pets=cats&amenities=pool&amenities=gym&sort=price-asc',
      },
      {
        label: 'House',
        href: '/properties?q=loft&minPrice=1000&maxPrice=2500&beds=2&pets=cats&amenities=pool&amenities=gym&sort=price-asc&type=condo',
      },
      {
        label: 'Condo',
        href: '/properties?q=loft&minPrice=1000&maxPrice=2500&beds=2&pets=cats&amenities=pool&amenities=gym&sort=price-asc&type=house',
      },
      {
        label: 'Cats allowed',
        href: '/properties?q=loft&minPrice=1000&maxPrice=2500&beds=2&type=house%2Ccondo&amenities=pool&amenities=gym&sort=price-asc',
      },
      {
        label: 'Pool',
        href: '/properties?q=loft&minPrice=1000&maxPrice=2500&beds=2&type=house%2Ccondo&pets=cats&sort=price-asc&amenities=gym',
      },
      {
        label: 'Gym',
        href: '/properties?q=loft&minPrice=1000&maxPrice=2500&beds=2&type=house%2Ccondo&pets=cats&sort=price-asc&amenities=pool',
      },
    ])
  })

  it('names the text by the place it was read as, and the rest plainly', () => {
    expect(chipsOf('q=austin+tx', 'Austin, TX').map((chip) => chip.label)).toEqual(['Austin, TX'])
    expect(
      chipsOf('maxPrice=1800&baths=1.5&offer=short-term&furnished=false&availableBy=2026-03-01&south=1&west=2&north=3&east=4').map(
        (c) => c.label,
      ),
    ).toEqual(['Up to $1,800', '1.5+ baths', 'Short-term stay', 'Unfurnished', 'Available by March 1, 2026', 'Map area'])
    expect(chipsOf('minPrice=900&furnished=true').map((chip) => chip.label)).toEqual(['From $900', 'Furnished'])
    // A stay's dates are one chip (removing them removes the guests too); the guests another.
    expect(chipsOf('checkIn=2026-12-20&checkOut=2026-12-23&guests=3&sort=newest')).toEqual([
      { label: 'Dec 20 – Dec 23', href: '/properties?sort=newest' },
      { label: '3 guests', href: '/properties?checkIn=2026-12-20&checkOut=2026-12-23&sort=newest' },
    ])
  })

  it('has no chips without text or filters, and "Clear all" keeps only the sort and the view', () => {
    expect(chipsOf('sort=largest&view=map&q=')).toEqual([])
    expect(clearAllHref(new URLSearchParams('q=loft&beds=2&sort=largest&view=map&cursor=x'))).toBe('/properties?sort=largest&view=map')
    expect(clearAllHref(new URLSearchParams('q=loft'))).toBe('/properties')
  })
})
