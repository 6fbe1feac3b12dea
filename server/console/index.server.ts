// The public surface of server/console/ (the operator console): the audit log, the people search
// and a person's page, and what administrators do to an account.
export {
  AUDIT_PAGE_SIZE,
  type AdminAction,
  auditCsv,
  listAuditActions,
  listAuditAdministrators,
  listAuditEntries,
  recordAdminAction,
} from './audit.server.ts'
export {
  banPerson,
  type BanOutcome,
  CANNOT_BAN_ADMIN,
  CANNOT_BAN_SELF,
  type ConsoleActor,
  endPersonSessions,
  resendPersonVerification,
  unbanPerson,
} from './bans.server.ts'
export { countConsoleWork, findPerson, PEOPLE_PAGE_SIZE, searchPeople } from './people.server.ts'
