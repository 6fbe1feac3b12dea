// The public surface of server/deposits/: everything outside this folder uses the deposit's return
// through these names. Writes go through the front doors of front.server.ts, which commit and then announce.
export { addDeduction, recordMoveOut, sendDepositStatement, takeBackDeduction } from './front.server.ts'
export { DEPOSIT_REMINDER_CRON, DEPOSIT_REMINDER_JOB, sendDepositReminders, sendStatementNotice } from './notices.server.ts'
export { depositPath, findDeposit, findDepositStatement } from './read.server.ts'
export { DEPOSIT_STATEMENT_JOB } from './writes.server.ts'
