// The public surface of server/leases/: everything outside this folder uses the area through these names.
// Writes go through the front doors of lease-writes.server.ts, which commit and then announce.
export { type LeaseSigner, type SigningRecord, sealLeasePdf } from './certificate.server.ts'
export { renderLeasePdf, sha256Hex } from './pdf.server.ts'
export {
  amendLease,
  consentToSign,
  createLease,
  declineLease,
  expireLeases,
  saveAmendmentText,
  saveLeaseTerms,
  sendLease,
  signLease,
  voidLease,
} from './lease-writes.server.ts'
export { sendDemoLease } from './demo.server.ts'
export { LEASE_EXPIRY_CRON, LEASE_EXPIRY_JOB, LEASE_NOTICE_JOB, sendLeaseNotice } from './notices.server.ts'
export { findLease, findLeasePdf, listLeases, ownsSignedLease, verifyLeaseHash } from './read.server.ts'
export type { LeaseActor } from './rules.server.ts'
export { findCurrentLeaseTemplate } from './template-read.server.ts'
