// The public surface of server/stays/: everything outside this folder uses the area through these
// names. Booking writes go through the front doors of stay-writes.server.ts, which commit and then announce.
export { addHostBlock, removeHostBlock } from './blocks.server.ts'
export { findStayCalendar } from './calendar.server.ts'
export { NightsTakenError } from './holds.server.ts'
export {
  sendStayNotice,
  STAY_COMPLETION_CRON,
  STAY_COMPLETION_JOB,
  STAY_EXPIRY_CRON,
  STAY_EXPIRY_JOB,
  STAY_NOTICE_JOB,
} from './notices.server.ts'
export { findStayQuote } from './quote.server.ts'
export {
  sendReviewNotice,
  STAY_REVIEW_NOTICE_JOB,
  STAY_REVIEW_PUBLICATION_CRON,
  STAY_REVIEW_PUBLICATION_JOB,
} from './review-notices.server.ts'
export { answerStayReview, publishStayReviews, removeReportedStayReview, removeStayReview, reviewStay } from './review-writes.server.ts'
export { dismissReviewReports, findReviewReportQueue, removeReportedReview, reportReview } from './review-reports.server.ts'
export { findBookingReviews, findListingReviews, findListingReviewsPage, reviewWindowEnd } from './reviews.server.ts'
export { findStayBooking, listStayBookings } from './read.server.ts'
export { findStayRules, saveStayRules } from './stay-rules.server.ts'
export { changeStay, completeStays, expireStays, requestStay } from './stay-writes.server.ts'
