// The e-mails of an inspection: each step told to the lease's other parties (and its completion to
// everyone), as a background job that reads the inspection as it is when it runs. Plain text.
import { and, eq } from 'drizzle-orm'
import { INSPECTION_KIND_LABELS, type InspectionAction, type InspectionKind } from '#common/inspections/vocabulary.ts'
import { inspection, inspectionEvent } from '#server/db/schema.ts'
import type { NoticeContext } from '#server/mail/home-parties.server.ts'
import { addressOf } from './address.ts'
import { inspectionPath } from './read.server.ts'
import { partiesOf } from './rules.server.ts'

export const INSPECTION_NOTICE_JOB = 'inspection-notice'

/** The steps that are told, and in which words. */
const TOLD: Partial<Record<InspectionAction, (what: string, actor: string) => string>> = {
  started: (what, actor) => `${actor} started the ${what}. Fill in what you find, add photos and comment on any item.`,
  commented: (what, actor) => `${actor} commented on an item of the ${what}.`,
  ready: (what, actor) => `${actor} sent the ${what} for signature. Read it and sign it, or reopen it if something is missing.`,
  reopened: (what, actor) => `${actor} reopened the ${what} for changes.`,
  consent_withdrawn: (what, actor) =>
    `${actor} withdrew their consent to sign the ${what} electronically. They cannot sign it until they agree again, so it cannot be completed before then.`,
  signed: (what, actor) => `${actor} signed the ${what}.`,
  completed: (what) => `Everyone has signed the ${what}. It is final: the signed PDF is on its page.`,
}

/** Tells the parties of one step of an inspection; returns how many mails were sent. */
export async function sendInspectionNotice(
  context: NoticeContext,
  { inspectionId, eventId }: { inspectionId: number; eventId: number },
): Promise<number> {
  const [event] = await context.db
    .select()
    .from(inspectionEvent)
    .where(and(eq(inspectionEvent.inspectionId, inspectionId), eq(inspectionEvent.id, eventId)))
  const words = event && TOLD[event.action as InspectionAction]
  if (!event || !words) return 0
  const [row] = await context.db.select().from(inspection).where(eq(inspection.id, inspectionId))
  if (!row) return 0
  const found = await partiesOf(context.db, row.leaseId)
  if (!found) return 0
  const what = INSPECTION_KIND_LABELS[row.kind as InspectionKind].toLowerCase()
  const address = addressOf(found.lease.premises)
  const link = `${context.publicUrl}${inspectionPath(row.leaseId, row.kind as InspectionKind)}`
  const recipients = found.parties.filter((party) => party.email && (event.action === 'completed' || party.userId !== event.actorId))
  for (const party of recipients) {
    await context.mailer.send({
      to: party.email,
      subject: `${INSPECTION_KIND_LABELS[row.kind as InspectionKind]}: ${address}`,
      text: `${words(what, event.actorName)}\n\n${address}\n\n${link}`,
    })
  }
  return recipients.length
}
