// The alerts area's public surface: saved searches, the listings they match, and the alerts that tell renters.
export { matchListing } from './matching/match.server.ts'
export {
  ALERT_CHANGES_FLOOR_CRON,
  ALERT_CHANGES_FLOOR_JOB,
  alertQueueing,
  changeIdsOf,
  CHANGES_PER_JOB,
  LISTING_ALERT_JOB,
  queueListingAlerts,
} from './delivery/changes-queue.server.ts'
export { processListingChanges, type ChangeWorked } from './delivery/listing-alert.server.ts'
export {
  ALERT_EMAIL_JOB,
  findAlertRecipient,
  INSTANT_EMAIL_JOB,
  instantEmailOptions,
  sendInstantEmail,
} from './delivery/instant-email.server.ts'
export { ALERT_DIGESTS_CRON, ALERT_DIGESTS_JOB, sendDigests } from './delivery/digests.server.ts'
export { markBounced } from './delivery/bounces.server.ts'
export { configureUnsubscribeTokens } from './delivery/unsubscribe-tokens.server.ts'
export { readUnsubscribeLink, unsubscribeByLink } from './delivery/unsubscribe.server.ts'
export {
  changeSavedSearch,
  createSavedSearch,
  deleteSavedSearch,
  findSavedSearch,
  findSavedSearches,
  findSavedSearchName,
  markSavedSearchSeen,
  pauseSavedSearch,
  replaceSavedSearchQuery,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
} from './saved-searches.server.ts'
export { countUnreadAlerts, findNotifications, markAlertsRead } from './notifications.server.ts'
export { findAlertSettings, resumeAlertEmails, saveAlertSettings } from './preferences.server.ts'
export { findIndexCoverage } from './coverage.server.ts'
export { savedSearchIndexOf } from './matching/saved-search-index.server.ts'
