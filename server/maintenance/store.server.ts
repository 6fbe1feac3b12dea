// The domain's writes of a maintenance request, each in one transaction with its event: a tenant files
// one; each step of TRANSITIONS checks who takes it and from which state; the site's own reminder of an
// emergency left unacknowledged marks the request once, whichever instance gets there first.
import { and, eq, isNull, lte } from 'drizzle-orm'
import { fileRequestSchema, scheduleSchema, stepNoteSchema } from '#common/maintenance/schemas.ts'
import {
  EMERGENCY_ESCALATION_HOURS,
  STATE_LABELS,
  stepsFor,
  TRANSITIONS,
  type MaintenanceState,
  type MaintenanceStep,
} from '#common/maintenance/vocabulary.ts'
import { instantOf, localDateOf } from '#common/tours/slots.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, maintenanceRequest } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { listingTimeZone } from '#server/listings/index.server.ts'
import { appendEvent, lockRequest, sideOf, sideOfLease, type MaintenanceActor, type RequestRow } from './rules.server.ts'

export type Stored = { row: RequestRow; eventId: number }

const FALLBACK_ZONE = 'America/New_York'

/** A tenant of a fully signed lease files a request; anyone else is told there is no such lease. */
export async function storeNewRequest(
  db: Db,
  { actor, input, now = new Date() }: { actor: MaintenanceActor; input: unknown; now?: Date },
): Promise<Stored> {
  const values = parseOrThrow(fileRequestSchema, input, 'The request could not be filed: see the fields marked.')
  const found = await sideOfLease(db, values.leaseId, actor)
  if (!found) throw new AppError('not-found', 'No such lease: requests are filed for the home of a lease you signed as a tenant.')
  if (found.side !== 'tenant')
    throw new AppError('forbidden', 'A tenant of the lease files maintenance requests; the landlord answers them.')
  const [home] = await db
    .select({ timeZone: listing.timeZone, latitude: listing.latitude, longitude: listing.longitude })
    .from(listing)
    .where(eq(listing.id, found.row.listingId))
  const timeZone = home ? listingTimeZone(home) : FALLBACK_ZONE
  const today = localDateOf(now.getTime(), timeZone)
  const past = values.windows.findIndex((window) => window.date < today)
  if (past >= 0) {
    throw new AppError('invalid', 'A time window is in the past.', { [`windows.${past}.date`]: ['Choose today or a later day.'] })
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(maintenanceRequest)
      .values({
        leaseId: found.row.id,
        landlordId: found.row.landlordId,
        tenantId: actor.userId,
        category: values.category,
        urgency: values.urgency,
        title: values.title,
        location: values.location,
        description: values.description,
        entryAllowed: values.entryAllowed,
        entryNotes: values.entryNotes,
        windows: values.windows,
        timeZone,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const eventId = await appendEvent(tx, { requestId: row!.id, actor, action: 'filed', fromState: null, toState: 'new', at: now })
    return { row: row!, eventId }
  })
}

const WHO: Record<MaintenanceStep, string> = {
  acknowledged: 'The landlord acknowledges a request.',
  scheduled: 'The landlord schedules the visit.',
  started: 'The landlord marks the work started.',
  completed: 'The landlord marks the work completed.',
  closed: 'The tenant closes a completed request.',
  reopened: 'The tenant reopens a completed request.',
  cancelled: 'Only a party to the request cancels it.',
}

/** The visit's instant from the listing's wall clock; it must be later than now. */
function visitTime(input: unknown, timeZone: string, now: Date): { at: Date; note: string } {
  const { date, time, note } = parseOrThrow(scheduleSchema, input, 'Choose the day and time of the visit.')
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const instant = instantOf({ year, month, day, hour, minute }, timeZone)
  if (instant === null)
    throw new AppError('invalid', 'That time does not exist on that day (the clocks change).', { time: ['Choose another time.'] })
  if (instant <= now.getTime()) throw new AppError('invalid', 'The visit must be in the future.', { date: ['Choose a later day or time.'] })
  return { at: new Date(instant), note }
}

/** One step of a request by one of its parties: who may take it and from which states, then the state and its event. */
export async function storeStep(
  db: Db,
  {
    requestId,
    actor,
    step,
    input = {},
    now = new Date(),
  }: { requestId: number; actor: MaintenanceActor; step: MaintenanceStep; input?: unknown; now?: Date },
): Promise<Stored> {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, requestId)
    const side = await sideOf(tx, row, actor)
    const rule = TRANSITIONS[step]
    if (!rule.by.includes(side)) throw new AppError('forbidden', WHO[step])
    const from = row.state as MaintenanceState
    if (!stepsFor(side, from).includes(step)) {
      const tenantLate = step === 'cancelled' && side === 'tenant' && from === 'in_progress'
      throw new AppError(
        'conflict',
        tenantLate
          ? 'Work has started: ask the landlord in the request’s messages to cancel it.'
          : `This request is ${STATE_LABELS[from].toLowerCase()}: it cannot be ${step === 'started' ? 'started' : step} now.`,
      )
    }
    let scheduledFor = row.scheduledFor
    let note: string
    if (step === 'scheduled') {
      const visit = visitTime(input, row.timeZone, now)
      scheduledFor = visit.at
      note = visit.note
    } else {
      note = parseOrThrow(stepNoteSchema, input, 'The note could not be read.').note
    }
    if (step === 'cancelled' && side === 'landlord' && note === '') {
      throw new AppError('invalid', 'Say why you cancel the request.', { note: ['Say why, in a few words.'] })
    }
    const [moved] = await tx
      .update(maintenanceRequest)
      .set({ state: rule.to, scheduledFor, updatedAt: now })
      .where(eq(maintenanceRequest.id, row.id))
      .returning()
    const eventId = await appendEvent(tx, {
      requestId: row.id,
      actor,
      action: step,
      fromState: from,
      toState: rule.to,
      note,
      scheduledFor: step === 'scheduled' ? scheduledFor : null,
      at: now,
    })
    return { row: moved!, eventId }
  })
}

/**
 * Emergencies still new EMERGENCY_ESCALATION_HOURS after filing, not yet reminded of: each marked and
 * given its event in one transaction. An instance running at the same time waits on the rows, then finds
 * them marked (the UPDATE re-reads its condition), so each emergency is reminded of once.
 */
export async function storeEscalations(db: Db, now: Date): Promise<Stored[]> {
  const due = new Date(now.getTime() - EMERGENCY_ESCALATION_HOURS * 3_600_000)
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(maintenanceRequest)
      .set({ escalatedAt: now })
      .where(
        and(
          eq(maintenanceRequest.urgency, 'emergency'),
          eq(maintenanceRequest.state, 'new'),
          isNull(maintenanceRequest.escalatedAt),
          lte(maintenanceRequest.createdAt, due),
        ),
      )
      .returning()
    const stored: Stored[] = []
    for (const row of rows) {
      const eventId = await appendEvent(tx, {
        requestId: row.id,
        actor: null,
        action: 'escalated',
        fromState: 'new',
        toState: 'new',
        at: now,
      })
      stored.push({ row, eventId })
    }
    return stored
  })
}
