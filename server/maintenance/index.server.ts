// The public surface of server/maintenance/: everything outside this folder uses the area through these names.
// Writes go through the front doors of writes.server.ts, which commit and then announce.
export {
  acknowledgeRequest,
  cancelRequest,
  closeRequest,
  completeRequest,
  escalateEmergencies,
  fileRequest,
  reopenRequest,
  scheduleRequest,
  startRequestWork,
} from './writes.server.ts'
export { MAINTENANCE_ESCALATION_CRON, MAINTENANCE_ESCALATION_JOB, MAINTENANCE_NOTICE_JOB, sendMaintenanceNotice } from './notices.server.ts'
export { addRequestPhotos } from './photos.server.ts'
export { findRequest, listRequests, listTenantHomes } from './read.server.ts'
export type { MaintenanceActor } from './rules.server.ts'
export { openRequestThread } from './thread.server.ts'
