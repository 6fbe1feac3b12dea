// The public surface of server/ledger/: everything outside this folder uses the rent ledger through
// these names. Writes go through the front doors of payments.server.ts and adjustments.server.ts (and the hourly job), which commit and then announce.
export { addPayment, answerPayment, LEDGER_RECEIPT_JOB } from './payments.server.ts'
export { addCharge, LEDGER_ADJUSTMENT_JOB, sendAdjustmentNotice, waiveCharge } from './adjustments.server.ts'
export { LEDGER_CHARGES_CRON, LEDGER_CHARGES_JOB, runLeaseCharges, runLedgerCharges } from './charges.server.ts'
export { findLedger, rentRoll } from './read.server.ts'
export { findReceipt, renderStatement, sendReceipt } from './receipts.server.ts'
// For the deposit's return at move-out (server/deposits/): whose books, what they hold, and posting to them.
export { addressLine, sideOf, signedLease, todayAt, type LedgerLease, type LedgerViewer } from './access.server.ts'
export { accountBalance, readBooks, transactionsOf } from './books.server.ts'
export { tenantEmails } from './mail.server.ts'
export { renderLinesPdf, sha256Hex, type PdfLine } from './pdf.server.ts'
export { post } from './posting.server.ts'
