// The public surface of server/listings/: everything outside this folder uses the area through these names.
export { noteListingChange, noteListingChangeElsewhere, onListingChange } from './changes.ts'
export {
  countListingView,
  countSitemapListings,
  findLandlordCard,
  findSimilarListings,
  type LandlordCard,
  mapTiles,
  publicOrigin,
  SITEMAP_PAGE_SIZE,
  sitemapListings,
} from './detail.server.ts'
export { answerListingForm, readListingForm, submitListingForm } from './listing-form.server.ts'
export {
  archiveListing,
  canChange,
  canView,
  confirmAvailable,
  deleteListing,
  estimateListingCount,
  findListingById,
  listingColumns,
  type ListingDetail,
  type ListingSummary,
  markLeased,
  publishListing,
} from './listings.server.ts'
export { findEditableListing, findOwnerListings, type OwnerListing } from './owner.server.ts'
export { findSavedListings, savedListingIds, saveListing, unsaveListing } from './saved.server.ts'
export { createListingSearcher, type ListingSearcher } from './search-cache.server.ts'
export { sendStaleNotices, STALE_NOTICES_CRON, STALE_NOTICES_JOB } from './stale-notices.server.ts'
export { lookupZip, ZIP_PATTERN } from './zip.server.ts'
