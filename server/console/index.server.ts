// The public surface of server/console/ (the operator console): the audit log, the people search
// and a person's page, and what administrators do to an account.
export { auditCsv, listAuditActions, listAuditAdministrators, listAuditEntries, recordAdminAction } from './audit.server.ts'
export {
  banPerson,
  endPersonSessions,
  EXPIRED_BANS_CRON,
  EXPIRED_BANS_JOB,
  liftExpiredBans,
  resendPersonVerification,
  unbanPerson,
} from './bans.server.ts'
export { countConsoleWork, findPerson, searchPeople } from './people.server.ts'
