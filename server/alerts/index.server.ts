// The alerts area's public surface: saved searches, the listings they match, and the alerts that tell renters.
export { belowIndexOf, matchListing } from './matching/match.server.ts'
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
