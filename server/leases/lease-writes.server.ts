// The front door of every lease write: commit through the domain (drafts, signing), then announce — the
// e-mail notice as a job and a realtime event to every party with an account. A fully signed lease then
// marks the listing leased (out of search at once) and has the listing's other applicants told, once.
// An announcement or follow-up that fails is logged and never undoes the signed record. Pages, the JSON
// API and the jobs all come through here.
import type { LeaseAction, LeaseState } from '#common/leases/vocabulary.ts'
import { homeLet } from '#server/applications/index.server.ts'
import { LEDGER_CHARGES_JOB } from '#server/ledger/index.server.ts'
import { markLeased } from '#server/listings/index.server.ts'
import { storeAmendmentText, storeLeaseTerms, storeNewAmendment, storeNewLease, storeSentLease, storeVoidedLease } from './drafts.server.ts'
import { LEASE_NOTICE_JOB } from './notices.server.ts'
import { partyUserIds } from './read.server.ts'
import { appendEvent, type LeaseActor, type LeaseRow, type LeaseServices } from './rules.server.ts'
import { expireDueLeases, storeConsent, storeDecline, storeSignature, type Signer } from './signing.server.ts'
import { voidLeaseSchema } from '#common/leases/terms.ts'
import { parseOrThrow } from '#server/errors.server.ts'

async function step(services: LeaseServices, row: Pick<LeaseRow, 'id'>, what: string, run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    services.logger.warn({ err: error, leaseId: row.id, what }, 'a lease change was stored but a follow-up failed')
  }
}

/** Queues the notice of `action` (when it tells anyone) and tells the parties' open pages. */
export async function announce(services: LeaseServices, row: LeaseRow, action: LeaseAction | null) {
  if (action) await step(services, row, 'notice', () => services.jobs.send(LEASE_NOTICE_JOB, { leaseId: row.id, action }))
  await step(services, row, 'realtime', async () =>
    services.realtime.publish({
      kind: 'lease',
      leaseId: row.id,
      state: row.state as LeaseState,
      userIds: await partyUserIds(services.database.db, row),
    }),
  )
}

/** The landlord drafts a lease (from an approved application or for one of their listings). */
export async function createLease(services: LeaseServices, args: Parameters<typeof storeNewLease>[1]) {
  const row = await storeNewLease(services.database.db, args)
  await announce(services, row, null)
  return row
}

/** The landlord saves the terms; a lease out for signature becomes a new version, and its signers are told. */
export async function saveLeaseTerms(services: LeaseServices, args: Parameters<typeof storeLeaseTerms>[1]) {
  const { row, newVersion } = await storeLeaseTerms(services.database.db, args)
  await announce(services, row, newVersion ? 'new_version' : null)
  return row
}

export async function saveAmendmentText(services: LeaseServices, args: Parameters<typeof storeAmendmentText>[1]) {
  const { row, newVersion } = await storeAmendmentText(services.database.db, args)
  await announce(services, row, newVersion ? 'new_version' : null)
  return row
}

export async function sendLease(services: LeaseServices, args: Parameters<typeof storeSentLease>[1]) {
  const row = await storeSentLease(services.database.db, args)
  await announce(services, row, 'sent')
  return row
}

export async function voidLease(
  services: LeaseServices,
  { leaseId, actor, input }: { leaseId: number; actor: LeaseActor; input: unknown },
) {
  const { reason } = parseOrThrow(voidLeaseSchema, input)
  const row = await storeVoidedLease(services.database.db, { leaseId, actor, reason })
  await announce(services, row, 'voided')
  return row
}

export async function amendLease(services: LeaseServices, args: Parameters<typeof storeNewAmendment>[1]) {
  const row = await storeNewAmendment(services.database.db, args)
  await announce(services, row, null)
  return row
}

export async function consentToSign(services: LeaseServices, args: Parameters<typeof storeConsent>[1]) {
  const row = await storeConsent(services.database.db, args)
  await announce(services, row, args.given ? null : 'consent_withdrawn')
  return row
}

export async function declineLease(services: LeaseServices, args: Parameters<typeof storeDecline>[1]) {
  const row = await storeDecline(services.database.db, args)
  await announce(services, row, 'declined')
  return row
}

/**
 * A signer signs. The last signature seals the lease; a signed lease (not an amendment) then marks its
 * listing leased, has the listing's other applicants told the home is let, and has the ledger's job post
 * what is already due (the deposit, a first rent within days) rather than at the next hour.
 */
export async function signLease(services: LeaseServices, args: { leaseId: number; actor: Signer; input: unknown; now?: Date }) {
  const { row, completed } = await storeSignature(services.database.db, args)
  await announce(services, row, completed ? 'completed' : 'signed')
  if (completed && row.kind === 'lease') await letHome(services, row)
  return row
}

/** What a signed lease changes elsewhere: its first charges posted, the listing leased, the other applicants told. */
async function letHome(services: LeaseServices, row: LeaseRow) {
  await step(services, row, 'charges posted', () => services.jobs.send(LEDGER_CHARGES_JOB, { leaseId: row.id }))
  await step(services, row, 'listing leased', () =>
    markLeased(services.database.db, { viewerId: row.landlordId, listingId: row.listingId }),
  )
  await step(services, row, 'applicants told', async () => {
    const told = await homeLet(services, { listingId: row.listingId, applicationId: row.applicationId })
    if (told === 0) return
    const reason = `${told} other ${told === 1 ? 'applicant was' : 'applicants were'} told the home is let.`
    await services.database.db.transaction((tx) =>
      appendEvent(tx, {
        leaseId: row.id,
        version: row.version,
        actor: null,
        action: 'applicants_told',
        fromState: 'fully_signed',
        toState: 'fully_signed',
        reason,
      }),
    )
  })
}

/** The expiry job: leases not signed by everyone within 14 days expire, and the parties are told. */
export async function expireLeases(services: LeaseServices, now = new Date()): Promise<number> {
  const expired = await expireDueLeases(services.database.db, { now })
  for (const row of expired) await announce(services, row, 'expired')
  return expired.length
}
