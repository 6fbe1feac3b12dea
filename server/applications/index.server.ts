// The public surface of server/applications/: everything outside this folder uses the area through these
// names. Writes go through the front doors of application-writes.server.ts, which commit and then announce.
export { applyToListing, changeApplication, deleteRetainedDocuments, expireApplications, homeLet } from './application-writes.server.ts'
export { removeCoApplicant } from './co-applicant-leaving.server.ts'
export { acceptInvite, findInvite, inviteCoApplicant } from './co-applicants.server.ts'
export { findCriteria, saveCriteria } from './criteria.server.ts'
export { configureInviteTokens } from './invite-tokens.server.ts'
export {
  APPLICATION_EXPIRY_CRON,
  APPLICATION_EXPIRY_JOB,
  APPLICATION_HOME_TAKEN_JOB,
  APPLICATION_INVITE_JOB,
  APPLICATION_NOTICE_JOB,
  DOCUMENT_RETENTION_CRON,
  DOCUMENT_RETENTION_JOB,
  sendApplicationNotice,
  sendHomeTakenNotice,
  sendInviteMail,
} from './notices.server.ts'
export { deleteRenterProfile, findRenterProfile, saveRenterProfile } from './profile.server.ts'
export {
  countWaitingApplications,
  findApplication,
  findListingApplyState,
  listListingApplications,
  listRenterApplications,
} from './read.server.ts'
export type { PartyAction } from './transitions.server.ts'
