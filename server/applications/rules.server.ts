// What every application write shares: the services a front door announces through, the row locked for
// a change, its event appended beside it, and the database's refusals read as the domain's.
import { eq } from 'drizzle-orm'
import type { ApplicationAction, ApplicationState } from '#common/applications/vocabulary.ts'
import type { Database } from '#server/db/client.server.ts'
import { application, applicationEvent } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'

export type ApplicationRow = typeof application.$inferSelect

export type ApplicationServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}

/** Removes the bytes of private documents already marked deleted (the documents area's `deleteDocuments`). */
export type RemoveFiles = (ids: number[]) => Promise<void>

export const ALREADY_APPLIED = 'You have already applied for this home.'
export const NO_SUCH_APPLICATION = 'No such application.'

function hasCode(error: unknown, code: string, text: string): boolean {
  for (let current = error, depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code: found, message, constraint } = current as { code?: unknown; message?: unknown; constraint?: unknown }
    if (found === code && (constraint === text || String(message).includes(text))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The renter already has a live application for this home (the database's partial unique index). */
export const isSecondLiveApplication = (error: unknown) => hasCode(error, '23505', 'application_live_renter_listing_idx')

/**
 * An application locked for a change, if the viewer is its renter or its landlord (`null`: the site
 * itself); to anyone else, administrators included, it does not exist. A landlord never sees a draft.
 */
export async function lockApplication(tx: Tx, { applicationId, viewerId }: { applicationId: number; viewerId: string | null }) {
  const [row] = await tx.select().from(application).where(eq(application.id, applicationId)).for('update')
  const isParty = viewerId === null || row?.renterId === viewerId || (row?.landlordId === viewerId && row.state !== 'draft')
  if (!row || !isParty) throw new AppError('not-found', NO_SUCH_APPLICATION)
  return row
}

export async function appendEvent(
  tx: Tx,
  event: {
    applicationId: number
    actorId: string | null
    action: ApplicationAction
    fromState: ApplicationState | null
    toState: ApplicationState
    reason?: string
    ipAddress?: string | null
  },
) {
  await tx.insert(applicationEvent).values({ ...event, reason: event.reason ?? '', ipAddress: event.ipAddress ?? null })
}

/** Today's date as YYYY-MM-DD in UTC: what a profile's address history is measured to. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10)

/** The instant `days` days after `from`. */
export const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000)
