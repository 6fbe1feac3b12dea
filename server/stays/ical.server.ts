// What the rest of the server uses of a listing's calendar sync (export address, imported calendars).
export { calendarJobs } from './ical-jobs.server.ts'
export { createExportToken, ownedStayListing, readCalendarSync, readFeed, removeFeed, revokeExportToken } from './ical-feeds.server.ts'
export { addCalendarFeed, fetchCalendarFeedNow } from './ical-writes.server.ts'
export { calendarPolicyOf, type CalendarFetchPolicy } from './ical-policy.server.ts'
export { readExportedCalendar } from './ical-export.server.ts'
