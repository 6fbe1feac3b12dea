// The public surface of server/tours/: everything outside this folder uses the area through these
// names. Writes go through the front doors of tour-writes.server.ts, which commit and then announce.
export { findAvailability, saveAvailability, followDefaultAvailability } from './availability.server.ts'
export {
  sendTourNotice,
  sendTourReminder,
  TOUR_EXPIRY_CRON,
  TOUR_EXPIRY_JOB,
  TOUR_NOTICE_JOB,
  TOUR_REMINDER_JOB,
} from './notices.server.ts'
export { findTour, listLandlordDay, listTours } from './read.server.ts'
export { SlotTakenError } from './rules.server.ts'
export { findOpenSlots } from './slots.server.ts'
export { changeTour, expireTours, requestTour, rescheduleTour } from './tour-writes.server.ts'
export { countToursThisWeek } from './week-counts.server.ts'
