// The alerts area's public surface: saved searches, the listings they match, and the alerts that tell renters.
export { belowIndexOf, matchListing } from './matching/match.server.ts'
export { savedSearchIndexOf } from './matching/saved-search-index.server.ts'
