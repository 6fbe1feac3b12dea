// The front door of every maintenance write: commit through the domain (store.server.ts), then announce
// — the e-mail as a job and a realtime event to both sides. An announcement that fails is logged and
// never undoes the stored step. Pages, the JSON API and the jobs all come through here.
import type { MaintenanceState, MaintenanceStep } from '#common/maintenance/vocabulary.ts'
import { MAINTENANCE_NOTICE_JOB } from './notices.server.ts'
import { partyUserIds, type MaintenanceActor, type MaintenanceServices } from './rules.server.ts'
import { storeEscalations, storeNewRequest, storeStep, type Stored } from './store.server.ts'

async function announce(services: MaintenanceServices, { row, eventId }: Stored) {
  try {
    await services.jobs.send(MAINTENANCE_NOTICE_JOB, { requestId: row.id, eventId }, { singletonKey: `maintenance-event-${eventId}` })
  } catch (error) {
    services.logger.warn({ err: error, requestId: row.id }, 'a maintenance step was stored but its e-mail could not be queued')
  }
  try {
    await services.realtime.publish({
      kind: 'maintenance',
      requestId: row.id,
      state: row.state as MaintenanceState,
      userIds: await partyUserIds(services.database.db, row),
    })
  } catch (error) {
    services.logger.warn({ err: error, requestId: row.id }, 'a maintenance step was stored but could not be told live')
  }
}

type StepArgs = { requestId: number; actor: MaintenanceActor; input?: unknown; now?: Date }

async function take(services: MaintenanceServices, step: MaintenanceStep, args: StepArgs) {
  const stored = await storeStep(services.database.db, { ...args, step })
  await announce(services, stored)
  return stored.row
}

/** A tenant of a fully signed lease files a request; the landlord is told. */
export async function fileRequest(services: MaintenanceServices, args: { actor: MaintenanceActor; input: unknown; now?: Date }) {
  const stored = await storeNewRequest(services.database.db, args)
  await announce(services, stored)
  return stored.row
}

/** The landlord acknowledges a new or reopened request. */
export const acknowledgeRequest = (services: MaintenanceServices, args: StepArgs) => take(services, 'acknowledged', args)
/** The landlord sets (or moves) the visit: { date, time, note } on the listing's clock. */
export const scheduleRequest = (services: MaintenanceServices, args: StepArgs) => take(services, 'scheduled', args)
/** The landlord marks the work started. */
export const startRequestWork = (services: MaintenanceServices, args: StepArgs) => take(services, 'started', args)
/** The landlord marks the work completed; the tenant then closes or reopens it. */
export const completeRequest = (services: MaintenanceServices, args: StepArgs) => take(services, 'completed', args)
/** A tenant closes a completed request: it is fixed. */
export const closeRequest = (services: MaintenanceServices, args: StepArgs) => take(services, 'closed', args)
/** A tenant reopens a completed request: it is not fixed. */
export const reopenRequest = (services: MaintenanceServices, args: StepArgs) => take(services, 'reopened', args)
/** A tenant cancels before work starts; the landlord until it is completed, with a reason. */
export const cancelRequest = (services: MaintenanceServices, args: StepArgs) => take(services, 'cancelled', args)

/** The job: remind landlords of emergencies left unacknowledged; returns how many were reminded of. */
export async function escalateEmergencies(services: MaintenanceServices, { now = new Date() }: { now?: Date } = {}) {
  const stored = await storeEscalations(services.database.db, now)
  for (const one of stored) await announce(services, one)
  return stored.length
}
