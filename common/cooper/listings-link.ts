// A market's homes on /properties: the search box matches a city's name, so a city searches for itself and
// a state for its cities (`Dover or "New Castle" or Wilmington`) while that fits the box; the nation is all.
const SEARCH_MAX_LENGTH = 200

function searchTerm(city: string): string {
  const name = city.replace(/"/g, '').trim()
  return /\s/.test(name) ? `"${name}"` : name
}

export function marketListingsHref(market: { kind: 'nation' | 'state' | 'city'; name: string }, cityNames: readonly string[] = []): string {
  if (market.kind === 'city') return `/properties?${new URLSearchParams({ q: searchTerm(market.name) })}`
  if (market.kind === 'state' && cityNames.length > 0) {
    const q = cityNames.map(searchTerm).join(' or ')
    if (q.length <= SEARCH_MAX_LENGTH) return `/properties?${new URLSearchParams({ q })}`
  }
  return '/properties'
}
