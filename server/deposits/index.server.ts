// The public surface of server/deposits/: everything outside this folder uses the deposit's return
// through these names. Writes go through the front doors of front.server.ts, which commit and then announce.
export { addDeduction, recordMoveOut, sendDepositStatement, takeBackDeduction } from './front.server.ts'
export { depositJobs, sendDepositReminders } from './notices.server.ts'
export { findDeposit, findDepositStatement } from './read.server.ts'
