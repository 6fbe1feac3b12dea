// The moves of an application after it is sent, one entry per transition: who may take it and from
// which states. Each writes the new state and its event in one transaction; approving a home as taken
// also declines the listing's other open applications (by the site) and stops it taking new ones.
// Announcing is the front door's (application-writes.server.ts).
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  approveSchema,
  conditionalApprovalSchema,
  declineSchema,
  infoProvidedSchema,
  infoRequestSchema,
  withdrawSchema,
} from '#common/applications/schemas.ts'
import {
  APPLICATION_STATE_LABELS,
  DECLINE_REASON_LABELS,
  FINAL_APPLICATION_STATES,
  OPEN_APPLICATION_STATES,
  type ApplicationAction,
  type ApplicationState,
  type DeclineReason,
} from '#common/applications/vocabulary.ts'
import { checkDeposit as checkStateDeposit, isStateCode } from '#common/leasing/state-rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { application, listing } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { stopAccepting } from './criteria.server.ts'
import { appendEvent, type ApplicationRow, lockApplication } from './rules.server.ts'

type Who = 'renter' | 'landlord' | 'site'
type Transition = { to: ApplicationState; from: readonly ApplicationState[]; who: Who }

const DECIDABLE = ['submitted', 'under_review', 'info_requested'] as const satisfies readonly ApplicationState[]

const TRANSITIONS = {
  review_started: { to: 'under_review', from: ['submitted'], who: 'landlord' },
  info_requested: { to: 'info_requested', from: ['submitted', 'under_review'], who: 'landlord' },
  info_provided: { to: 'submitted', from: ['info_requested'], who: 'renter' },
  approved: { to: 'approved', from: DECIDABLE, who: 'landlord' },
  conditionally_approved: { to: 'conditionally_approved', from: DECIDABLE, who: 'landlord' },
  declined: { to: 'declined', from: DECIDABLE, who: 'landlord' },
  withdrawn: { to: 'withdrawn', from: OPEN_APPLICATION_STATES, who: 'renter' },
  expired: { to: 'expired', from: OPEN_APPLICATION_STATES, who: 'site' },
} as const satisfies Record<string, Transition>

export type ApplicationTransition = keyof typeof TRANSITIONS
/** What a party may ask for: every transition but the site's expiry. */
export type PartyAction = Exclude<ApplicationTransition, 'expired'>
export const PARTY_ACTIONS = Object.keys(TRANSITIONS).filter((name) => name !== 'expired') as PartyAction[]

const WHO_REFUSED: Record<Who, string> = {
  renter: 'Only the applicant can do this.',
  landlord: 'Only the landlord can decide on an application.',
  site: 'Only Cooper Home expires an application.',
}

/** The transitions the viewer may take now, for the page's buttons. */
export function actionsFor(row: Pick<ApplicationRow, 'state' | 'renterId' | 'landlordId'>, viewerId: string): PartyAction[] {
  const role: Who | null = viewerId === row.renterId ? 'renter' : viewerId === row.landlordId ? 'landlord' : null
  return PARTY_ACTIONS.filter((name) => {
    const transition: Transition = TRANSITIONS[name]
    return transition.who === role && transition.from.includes(row.state as ApplicationState)
  })
}

/** The reasons of a decline in words, the landlord's own words after them. */
export function declineWords(reasons: readonly string[], text: string) {
  const words = reasons.map((reason) => DECLINE_REASON_LABELS[reason as DeclineReason] ?? reason)
  return [...words, ...(text ? [text] : [])].join('; ')
}

export type TransitionResult = {
  row: ApplicationRow
  /** Other applications declined by the site because the home was taken (approving with `homeTaken`). */
  declinedOthers: ApplicationRow[]
}

const SCHEMAS = {
  info_requested: infoRequestSchema,
  info_provided: infoProvidedSchema,
  approved: approveSchema,
  conditionally_approved: conditionalApprovalSchema,
  declined: declineSchema,
  withdrawn: withdrawSchema,
} satisfies Partial<Record<ApplicationTransition, z.ZodType>>

/**
 * A higher deposit asked as a condition stays within the state's limit (common/leasing/state-rules.ts,
 * each limit with its statute); a state whose limit the table lacks is not refused here.
 */
async function checkDeposit(tx: Tx, current: ApplicationRow, depositCents: number) {
  if (current.rentCents === null) return
  const [home] = await tx
    .select({ state: listing.state, furnished: listing.isFurnished })
    .from(listing)
    .where(eq(listing.id, current.listingId))
  if (!home || !isStateCode(home.state)) return
  const verdict = checkStateDeposit({ state: home.state, monthlyRentCents: current.rentCents, depositCents, furnished: home.furnished })
  if (!verdict.ok) throw new AppError('invalid', verdict.message, { depositCents: [verdict.message] })
}

/** The changes a transition makes besides the state, and the reason its event records. */
async function changesOf(
  tx: Tx,
  { name, current, input }: { name: ApplicationTransition; current: ApplicationRow; input: unknown },
): Promise<{ set: Partial<typeof application.$inferInsert>; reason: string; homeTaken: boolean }> {
  switch (name) {
    case 'info_requested': {
      const { text } = parseOrThrow(SCHEMAS.info_requested, input)
      return { set: { infoRequest: text }, reason: text, homeTaken: false }
    }
    case 'info_provided': {
      const { note } = parseOrThrow(SCHEMAS.info_provided, input)
      return { set: { infoRequest: '' }, reason: note, homeTaken: false }
    }
    case 'approved': {
      const { homeTaken } = parseOrThrow(SCHEMAS.approved, input)
      return { set: {}, reason: homeTaken ? 'The home is taken.' : '', homeTaken }
    }
    case 'conditionally_approved': {
      const valid = parseOrThrow(SCHEMAS.conditionally_approved, input)
      const depositCents = valid.conditions.includes('higher_deposit') ? valid.depositCents : null
      if (depositCents !== null) await checkDeposit(tx, current, depositCents)
      return { set: { conditions: valid.conditions, decisionText: valid.text, depositCents }, reason: valid.text, homeTaken: false }
    }
    case 'declined': {
      const valid = parseOrThrow(SCHEMAS.declined, input)
      return {
        set: { declineReasons: valid.reasons, decisionText: valid.text },
        reason: declineWords(valid.reasons, valid.text),
        homeTaken: false,
      }
    }
    case 'withdrawn': {
      const { reason } = parseOrThrow(SCHEMAS.withdrawn, input)
      return { set: {}, reason, homeTaken: false }
    }
    default:
      return { set: {}, reason: '', homeTaken: false }
  }
}

/** The home is let: every other open application of the listing is declined by the site, and the listing stops taking new ones. */
async function takeHome(tx: Tx, chosen: Pick<ApplicationRow, 'id' | 'listingId'>, now: Date): Promise<ApplicationRow[]> {
  await tx.select({ id: listing.id }).from(listing).where(eq(listing.id, chosen.listingId)).for('update')
  const others = await tx
    .select()
    .from(application)
    .where(
      and(
        eq(application.listingId, chosen.listingId),
        ne(application.id, chosen.id),
        inArray(application.state, [...OPEN_APPLICATION_STATES]),
      ),
    )
    .orderBy(application.id)
    .for('update')
  const declined: ApplicationRow[] = []
  for (const other of others) {
    const [row] = await tx
      .update(application)
      .set({ state: 'declined', declineReasons: ['another_applicant'], decidedAt: now, updatedAt: sql`now()` })
      .where(eq(application.id, other.id))
      .returning()
    await appendEvent(tx, {
      applicationId: other.id,
      actorId: null,
      action: 'declined',
      fromState: other.state as ApplicationState,
      toState: 'declined',
      reason: declineWords(['another_applicant'], ''),
    })
    declined.push(row!)
  }
  await stopAccepting(tx, chosen.listingId)
  return declined
}

/**
 * Moves an application along one transition. Anyone but its renter and its landlord, or anyone for an
 * application that does not exist, gets 'not-found'; a party taking a step that is not theirs gets
 * 'forbidden', and a step the application's state does not allow gets 'conflict'.
 */
export async function storeApplicationTransition(
  db: Db,
  {
    name,
    applicationId,
    actorId,
    input = {},
    ipAddress = null,
    now = new Date(),
  }: {
    name: ApplicationTransition
    applicationId: number
    actorId: string | null
    input?: unknown
    ipAddress?: string | null
    now?: Date
  },
): Promise<TransitionResult> {
  const transition: Transition = TRANSITIONS[name]
  return db.transaction(async (tx) => {
    const current = await lockApplication(tx, { applicationId, viewerId: actorId })
    const who = actorId === null ? 'site' : actorId === current.renterId ? 'renter' : 'landlord'
    if (who !== transition.who) throw new AppError('forbidden', WHO_REFUSED[transition.who])
    const from = current.state as ApplicationState
    if (!transition.from.includes(from)) {
      throw new AppError('conflict', `This application is ${APPLICATION_STATE_LABELS[from].toLowerCase()}: that step is not open now.`)
    }
    const { set, reason, homeTaken } = await changesOf(tx, { name, current, input })
    const [row] = await tx
      .update(application)
      .set({
        ...set,
        state: transition.to,
        ...((FINAL_APPLICATION_STATES as readonly ApplicationState[]).includes(transition.to) ? { decidedAt: now } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(application.id, applicationId))
      .returning()
    await appendEvent(tx, {
      applicationId,
      actorId,
      action: name as ApplicationAction,
      fromState: from,
      toState: transition.to,
      reason,
      ipAddress,
    })
    const declinedOthers = homeTaken ? await takeHome(tx, row!, now) : []
    return { row: row!, declinedOthers }
  })
}

/** Open applications past their expiry: each expires in a transaction of its own. */
export async function expireDueApplications(
  db: Db,
  { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {},
): Promise<ApplicationRow[]> {
  const due = await db
    .select({ id: application.id })
    .from(application)
    .where(and(inArray(application.state, [...OPEN_APPLICATION_STATES]), lte(application.expiresAt, now)))
    .orderBy(application.expiresAt)
    .limit(limit)
  const expired: ApplicationRow[] = []
  for (const { id } of due) {
    try {
      expired.push((await storeApplicationTransition(db, { name: 'expired', applicationId: id, actorId: null, now })).row)
    } catch (error) {
      // Decided, withdrawn or deleted (with its listing or account) since it was read: nothing to expire.
      if (!(error instanceof AppError && (error.code === 'conflict' || error.code === 'not-found'))) throw error
    }
  }
  return expired
}

/**
 * A lease for the home was signed: every open application of the listing but the one the lease came from
 * (if any) is declined by the site, and the listing stops taking new ones. Returns those declined.
 */
export function storeHomeLet(
  db: Db,
  { listingId, applicationId, now = new Date() }: { listingId: number; applicationId: number | null; now?: Date },
) {
  return db.transaction((tx) => takeHome(tx, { id: applicationId ?? 0, listingId }, now))
}
