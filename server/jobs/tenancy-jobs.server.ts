// The background jobs of a tenancy after its lease is signed: the rent ledger's charges and receipts,
// the inspections' and maintenance requests' notices, the emergency reminder, and the deposit's
// statement and deadline reminders.
import type { Database } from '#server/db/client.server.ts'
import { depositJobs } from '#server/deposits/index.server.ts'
import { INSPECTION_NOTICE_JOB, sendInspectionNotice } from '#server/inspections/index.server.ts'
import {
  LEDGER_ADJUSTMENT_JOB,
  LEDGER_CHARGES_CRON,
  LEDGER_CHARGES_JOB,
  LEDGER_RECEIPT_JOB,
  runLeaseCharges,
  runLedgerCharges,
  sendAdjustmentNotice,
  sendReceipt,
} from '#server/ledger/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import {
  escalateEmergencies,
  MAINTENANCE_ESCALATION_CRON,
  MAINTENANCE_ESCALATION_JOB,
  MAINTENANCE_NOTICE_JOB,
  sendMaintenanceNotice,
} from '#server/maintenance/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import type { JobDefinition } from './queue.server.ts'

export function tenancyJobs({
  database,
  mailer,
  logger,
  publicUrl,
  publish,
}: {
  database: Database
  mailer: Mailer
  logger: Logger
  publicUrl: string
  publish: (news: PublicNews) => Promise<void>
}): JobDefinition[] {
  const { db } = database
  return [
    {
      // The parties of a lease told of a step of one of its inspections (server/inspections/notices.server.ts).
      name: INSPECTION_NOTICE_JOB,
      handler: async (data) => {
        await sendInspectionNotice({ db, mailer, publicUrl }, { inspectionId: Number(data.inspectionId), eventId: Number(data.eventId) })
      },
    },
    {
      // The other side of a maintenance request told of a step (server/maintenance/notices.server.ts).
      name: MAINTENANCE_NOTICE_JOB,
      handler: async (data) => {
        await sendMaintenanceNotice({ db, mailer, publicUrl }, { requestId: Number(data.requestId), eventId: Number(data.eventId) })
      },
    },
    {
      // Emergencies not acknowledged within 4 hours: the landlord is e-mailed again, once.
      name: MAINTENANCE_ESCALATION_JOB,
      cron: MAINTENANCE_ESCALATION_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const reminded = await escalateEmergencies({ database, jobs, realtime: { publish }, logger })
        if (reminded > 0) logger.info({ reminded }, 'landlords reminded of unacknowledged emergencies')
      },
    },
    {
      // Every fully signed lease's charges posted ahead of their due day, late fees and reminders, each once
      // (server/ledger/charges.server.ts); a run that misses something leaves it to the next hour. Queued
      // with a leaseId when a lease is sealed: that lease's first charges at once.
      name: LEDGER_CHARGES_JOB,
      cron: LEDGER_CHARGES_CRON,
      retryLimit: 0,
      handler: async (data) => {
        const context = { db, mailer, publicUrl }
        const run = data.leaseId ? await runLeaseCharges(context, Number(data.leaseId)) : await runLedgerCharges(context)
        if (run.charges + run.lateFees + run.reminders > 0) logger.info(run, 'rent charges, late fees and reminders posted')
      },
    },
    {
      // A confirmed payment's receipt rendered, kept and mailed to the tenants once.
      name: LEDGER_RECEIPT_JOB,
      handler: async (data) => {
        await sendReceipt({ db, mailer, publicUrl }, Number(data.paymentId))
      },
    },
    {
      // The tenants told once of a charge the landlord waived or added (server/ledger/adjustments.server.ts).
      name: LEDGER_ADJUSTMENT_JOB,
      handler: async (data) => {
        await sendAdjustmentNotice({ db, mailer, publicUrl }, Number(data.transactionId))
      },
    },
    // The deposit statement mailed to the tenants, and the landlords' reminders of the deadline (server/deposits/).
    ...depositJobs({ db, mailer, publicUrl }, logger),
  ]
}
