// The public surface of server/inspections/: everything outside this folder uses the area through these
// names. Writes go through the front doors of writes.server.ts, which commit and then announce.
export { INSPECTION_NOTICE_JOB, sendInspectionNotice } from './notices.server.ts'
export {
  findInspection,
  findInspectionPdf,
  findInspections,
  inspectionPath,
  listInspectionEvidence,
  type InspectionEvidence,
} from './read.server.ts'
export type { InspectionSigner } from './signing.server.ts'
export { findInspectionFile } from './verify.server.ts'
export {
  addItem,
  addItemPhoto,
  deleteItemPhoto,
  addRoom,
  commentOnItem,
  consentToSignInspection,
  deleteItem,
  deleteRoom,
  reopenInspection,
  saveItem,
  sendForSignature,
  signInspection,
  startInspection,
  withdrawInspectionConsent,
} from './writes.server.ts'
