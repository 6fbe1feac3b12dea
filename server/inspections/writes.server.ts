// The front door of every inspection write: commit through the domain (checklist, signing), then
// announce — the e-mail notice as a job and a realtime event to every party of the lease with an account
// (their lease and inspection pages refresh). An announcement that fails is logged and never undoes the
// record. Pages and the JSON API come through here.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { recordItem, removeItem, removeRoom, storeComment, storeItem, storeRoom, storeStart, type Change } from './checklist.server.ts'
import { inspectionEvent } from '#server/db/schema.ts'
import { INSPECTION_NOTICE_JOB } from './notices.server.ts'
import { removeItemPhoto, storeItemPhoto } from './photos.server.ts'
import { partiesOf, type InspectionServices } from './rules.server.ts'
import { storeConsent, storeConsentWithdrawal, storeReady, storeReopen, storeSignature } from './signing.server.ts'

async function announce(services: InspectionServices, { row, action }: Change) {
  const step = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run()
    } catch (error) {
      services.logger.warn({ err: error, inspectionId: row.id, what }, 'an inspection change was stored but a follow-up failed')
    }
  }
  if (action) {
    await step('notice', async () => {
      // The event just stored names who acted: the notice tells everyone else.
      const [event] = await services.database.db
        .select({ id: inspectionEvent.id })
        .from(inspectionEvent)
        .where(and(eq(inspectionEvent.inspectionId, row.id), eq(inspectionEvent.action, action)))
        .orderBy(desc(inspectionEvent.id))
        .limit(1)
      await services.jobs.send(INSPECTION_NOTICE_JOB, { inspectionId: row.id, eventId: event?.id ?? 0 })
    })
  }
  await step('realtime', async () => {
    const found = await partiesOf(services.database.db, row.leaseId)
    if (!found) return
    const userIds = found.parties.flatMap((party) => (party.userId ? [party.userId] : []))
    await services.realtime.publish({ kind: 'lease', leaseId: row.leaseId, state: 'fully_signed', userIds })
  })
  return row
}

/** Wraps a domain write as a front door: the same arguments, with the services instead of the database. */
function frontDoor<A>(store: (db: Db, args: A) => Promise<Change>) {
  return async (services: InspectionServices, args: A) => announce(services, await store(services.database.db, args))
}

export const startInspection = frontDoor(storeStart)
export const addRoom = frontDoor(storeRoom)
export const deleteRoom = frontDoor(removeRoom)
export const addItem = frontDoor(storeItem)
export const deleteItem = frontDoor(removeItem)
export const saveItem = frontDoor(recordItem)
export const commentOnItem = frontDoor(storeComment)
export const sendForSignature = frontDoor(storeReady)
export const reopenInspection = frontDoor(storeReopen)
export const consentToSignInspection = frontDoor(storeConsent)
export const withdrawInspectionConsent = frontDoor(storeConsentWithdrawal)
export const signInspection = frontDoor(storeSignature)
export const deleteItemPhoto = frontDoor(removeItemPhoto)
/** A party adds a photo to an item (stored through the private photo pipeline, then linked). */
export async function addItemPhoto(services: InspectionServices, args: Parameters<typeof storeItemPhoto>[1]) {
  return announce(services, await storeItemPhoto(services, args))
}
