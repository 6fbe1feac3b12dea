// The e-mails of a maintenance request: each step told to the other side, as a background job
// (server/jobs/definitions.server.ts) that reads the request and the step's event when it runs. A tenant's
// step goes to the landlord; the landlord's to the lease's tenants; the emergency reminder to the landlord.
import { and, eq, inArray } from 'drizzle-orm'
import {
  CATEGORY_LABELS,
  DANGER_NOTE,
  EMERGENCY_ESCALATION_HOURS,
  URGENCY_LABELS,
  type MaintenanceAction,
  type MaintenanceCategory,
  type MaintenanceUrgency,
} from '#common/maintenance/vocabulary.ts'
import { formatTourTime } from '#common/tours/format.ts'
import { lease, maintenanceEvent, maintenanceRequest, user } from '#server/db/schema.ts'
import type { NoticeContext } from '#server/mail/home-parties.server.ts'
import { addressOfPremises, partyUserIds } from './rules.server.ts'

export const MAINTENANCE_NOTICE_JOB = 'maintenance-request-notice'
export const MAINTENANCE_ESCALATION_JOB = 'maintenance-emergency-reminder'
/** Every ten minutes: an emergency is reminded of within ten minutes of its fourth hour. */
export const MAINTENANCE_ESCALATION_CRON = '*/10 * * * *'

function subjectOf(action: MaintenanceAction, title: string, urgency: MaintenanceUrgency): string {
  const flag = urgency === 'emergency' ? 'Emergency: ' : ''
  switch (action) {
    case 'filed':
      return `${flag}New maintenance request: ${title}`
    case 'escalated':
      return `Emergency still not acknowledged after ${EMERGENCY_ESCALATION_HOURS} hours: ${title}`
    case 'scheduled':
      return `Visit scheduled: ${title}`
    default:
      return `Maintenance request ${action.replace('_', ' ')}: ${title}`
  }
}

/** Tells the other side of one step of a request; returns how many mails were sent. */
export async function sendMaintenanceNotice(
  context: NoticeContext,
  { requestId, eventId }: { requestId: number; eventId: number },
): Promise<number> {
  const [found] = await context.db
    .select({ request: maintenanceRequest, event: maintenanceEvent, premises: lease.premises })
    .from(maintenanceEvent)
    .innerJoin(maintenanceRequest, eq(maintenanceRequest.id, maintenanceEvent.requestId))
    .innerJoin(lease, eq(lease.id, maintenanceRequest.leaseId))
    .where(and(eq(maintenanceEvent.id, eventId), eq(maintenanceEvent.requestId, requestId)))
  if (!found) return 0
  const { request, event } = found
  const action = event.action as MaintenanceAction
  const parties = await partyUserIds(context.db, request)
  const toLandlord = action === 'filed' || action === 'escalated' || event.actorId !== request.landlordId
  const ids = toLandlord ? [request.landlordId] : parties.filter((id) => id !== request.landlordId)
  const recipients =
    ids.length === 0 ? [] : await context.db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids))
  const to = recipients.filter((row) => row.id !== event.actorId).map((row) => row.email)
  const address = addressOfPremises(found.premises)
  const link = `${context.publicUrl}/maintenance/${request.id}`
  const lines = [
    action === 'escalated'
      ? `An emergency maintenance request at ${address} was filed more than ${EMERGENCY_ESCALATION_HOURS} hours ago and is not acknowledged yet. Please acknowledge it and arrange the repair, or tell the tenant what to do.`
      : `${event.actorName}: ${action === 'filed' ? 'filed a maintenance request' : `${action.replace('_', ' ')} the maintenance request`} at ${address}.`,
    '',
    `${request.title} (${CATEGORY_LABELS[request.category as MaintenanceCategory]}, ${URGENCY_LABELS[request.urgency as MaintenanceUrgency].toLowerCase()}) — ${request.location}`,
  ]
  if (event.scheduledFor) lines.push('', `The visit: ${formatTourTime(event.scheduledFor.toISOString(), request.timeZone)}.`)
  if (event.note) lines.push('', `In their words: “${event.note}”`)
  if (request.urgency === 'emergency' && (action === 'filed' || action === 'escalated')) lines.push('', DANGER_NOTE)
  lines.push('', link)
  for (const address of to)
    await context.mailer.send({
      to: address,
      subject: subjectOf(action, request.title, request.urgency as MaintenanceUrgency),
      text: lines.join('\n'),
    })
  return to.length
}
