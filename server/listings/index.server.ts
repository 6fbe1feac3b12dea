// The public surface of server/listings/: everything outside this folder uses the area through these names.
export {
  canView,
  checkMayChange,
  checkMayPublishListings,
  lockChangeable,
  mayPublishListings,
  ONLY_LANDLORDS_LIST,
  type Tx,
} from './access.server.ts'
export { noteListingChange, onListingChange } from './changes.ts'
export {
  countListingView,
  countSitemapListings,
  findLandlordCard,
  findSimilarListings,
  mapTiles,
  publicOrigin,
  SITEMAP_PAGE_SIZE,
  sitemapListings,
} from './detail.server.ts'
export { listingColumns } from './mapping.server.ts'
export { listingTimeZone } from './time-zone.ts'
export { findEditableListing, findOwnerListings } from './owner.server.ts'
export { findLatestPriceDrops, findPriceDrops, findPriceDropsOfLatest, priceDropsOf } from './price-drops.server.ts'
export { estimateListingCount, findListingById } from './read.server.ts'
export { countSavedListings, findSavedHomesCity, findSavedListings, savedListingIds, saveListing, unsaveListing } from './saved.server.ts'
export { countListings, findListings } from './search/find-listings.server.ts'
export { suggestPlaces } from './search/places.server.ts'
export { findSearchCity } from './search/search-city.server.ts'
export { findMapClusters } from './search/map-clusters.server.ts'
export { findNearbyPlaces } from './search/nearby.server.ts'
export { searchIndexOf } from './search/engine/live-index.server.ts'
export { anchorsOf, listingFactsOf, type ListingFacts, type SearchAnchors, type SearchFilter } from './search/listing-matches.server.ts'
export { SearchTests } from './search/search-tests.server.ts'
export type { ReadingChange } from './search/engine/places.ts'
export type { ParsedSearch } from './search/terms.server.ts'
export { sendStaleNotices, STALE_NOTICES_CRON, STALE_NOTICES_JOB } from './stale-notices.server.ts'
export {
  archiveListing,
  confirmAvailable,
  createListing,
  deleteListing,
  markLeased,
  publishListing,
  updateListing,
} from './write.server.ts'
export {
  approveListing,
  findListingHold,
  holdOwnerListings,
  releaseOwnerListings,
  removeListing,
  reportListing,
  unpublishListing,
  type ListingModeration,
} from './moderation.server.ts'
export { findListingReportQueue, findModerationListings, hasReportedListing } from './moderation-read.server.ts'
export { LISTING_NOTICE_JOB, LISTING_NOTICE_KINDS, sendListingNotice } from './moderation-notices.server.ts'
export { lookupZip, placeByZip, ZIP_PATTERN } from './zip.server.ts'
