// The fixed, realistic mix of listing searches that bench/search.ts sends and bench/explain.ts
// checks: text, filters, sorts and map bounds, as /properties would ask for them.
export const SEARCH_MIX: Record<string, string>[] = [
  {},
  { q: 'Wilmington' },
  { q: 'two-bedroom apartment', beds: '2', sort: 'price-asc' },
  { minPrice: '1200', maxPrice: '2500', beds: '2', sort: 'price-asc' },
  { type: 'house,townhouse', pets: 'dogs', sort: 'largest' },
  { south: '40.64', west: '-73.99', north: '40.70', east: '-73.92', sort: 'newest' },
  { q: '19801' },
  { q: 'Phil', sort: 'price-desc' },
  { amenities: 'parking,in-unit-laundry', maxPrice: '3000', sort: 'price-desc' },
  { offer: 'short-term', q: 'Rehoboth Beach', sort: 'price-asc' },
  { furnished: 'true', availableBy: '2026-01-01' },
  { south: '39.70', west: '-75.62', north: '39.78', east: '-75.50', minPrice: '1000', maxPrice: '2200', sort: 'price-asc' },
]
