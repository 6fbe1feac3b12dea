// The e-mails of a lease: each step told to the parties it concerns, as a background job
// (server/jobs/definitions.server.ts) that reads the lease as it is when it runs. Plain text; the parties'
// words (reasons) are quoted as they wrote them.
import { and, desc, eq } from 'drizzle-orm'
import { LEASE_SIGNING_DAYS, type LeaseAction } from '#common/leases/vocabulary.ts'
import { lease, leaseEvent, leaseSignature, leaseSigner, user } from '#server/db/schema.ts'
import type { NoticeContext } from '#server/mail/home-parties.server.ts'
import type { Mail } from '#server/mail/mailer.server.ts'
import { addressOf, type Premises } from './compose.server.ts'

export const LEASE_NOTICE_JOB = 'lease-notice'
export const LEASE_EXPIRY_JOB = 'lease-expiry'
/** Hourly: a lease expires within the hour its 14 days end. */
export const LEASE_EXPIRY_CRON = '23 * * * *'

/** Who hears of each step: 'signers' are the tenants and the guarantor; 'unsigned' those still to sign. */
type Audience = 'landlord' | 'signers' | 'unsigned' | 'everyone'
const TOLD: Partial<Record<LeaseAction, Audience[]>> = {
  sent: ['signers'],
  signed: ['landlord'],
  completed: ['everyone'],
  declined: ['everyone'],
  voided: ['signers'],
  expired: ['everyone'],
  new_version: ['signers'],
  consent_withdrawn: ['landlord'],
}

function subjectOf(action: LeaseAction, address: string): string {
  switch (action) {
    case 'sent':
      return `Please sign your lease: ${address}`
    case 'signed':
      return `A lease was signed: ${address}`
    case 'completed':
      return `Your lease is signed by everyone: ${address}`
    case 'declined':
      return `A lease was declined: ${address}`
    case 'voided':
      return `A lease was voided: ${address}`
    case 'expired':
      return `A lease expired unsigned: ${address}`
    case 'new_version':
      return `A lease you were sent has changed: ${address}`
    case 'consent_withdrawn':
      return `A signer withdrew consent to sign electronically: ${address}`
    default:
      return `Your lease: ${address}`
  }
}

function bodyOf(
  action: LeaseAction,
  { address, actor, reason, link, awaiting }: { address: string; actor: string; reason: string; link: string; awaiting: string[] },
): string {
  const quoted = reason ? `\n\nIn their words: “${reason}”` : ''
  switch (action) {
    case 'sent':
      return `${actor} sent you the lease of ${address} to sign.\n\nRead it, agree to sign electronically, and sign at:\n${link}\n\nIt must be signed by everyone within ${LEASE_SIGNING_DAYS} days. You may ask the landlord for a paper copy instead.`
    case 'signed':
      return `${actor} signed the lease of ${address}.${awaiting.length > 0 ? `\n\nStill to sign: ${awaiting.join(', ')}.` : ''}\n\n${link}`
    case 'completed':
      return `Everyone has signed the lease of ${address}. Download the signed PDF, with its certificate, from:\n${link}\n\nKeep it: you can also check any copy at the lease's verify page.`
    case 'declined':
      return `${actor} declined to sign the lease of ${address}; it can no longer be signed.${quoted}\n\n${link}`
    case 'voided':
      return `${actor} voided the lease of ${address}; it can no longer be signed.${quoted}\n\n${link}`
    case 'expired':
      return `The lease of ${address} was not signed by everyone within ${LEASE_SIGNING_DAYS} days and has expired.\n\n${link}`
    case 'new_version':
      return `${actor} changed the lease of ${address}. The version you were sent is void, and any signature on it no longer counts; you will be asked to sign the new version once it is sent.\n\n${link}`
    case 'consent_withdrawn':
      return `${actor} withdrew their consent to sign the lease of ${address} electronically. Give them the lease on paper, or void it.\n\n${link}`
    default:
      return link
  }
}

/** Tells the parties of one step of a lease; returns how many mails were sent. */
export async function sendLeaseNotice(
  context: NoticeContext,
  { leaseId, action }: { leaseId: number; action: LeaseAction },
): Promise<number> {
  const audience = TOLD[action]
  if (!audience) return 0
  const [row] = await context.db.select().from(lease).where(eq(lease.id, leaseId))
  if (!row) return 0
  const [event] = await context.db
    .select()
    .from(leaseEvent)
    .where(and(eq(leaseEvent.leaseId, leaseId), eq(leaseEvent.action, action)))
    .orderBy(desc(leaseEvent.id))
    .limit(1)
  // A new version's notice goes to the signers of the version before it.
  const version = action === 'new_version' ? row.version - 1 : (event?.version ?? row.version)
  const signers = await context.db
    .select({ signer: leaseSigner, signedAt: leaseSignature.createdAt })
    .from(leaseSigner)
    .leftJoin(leaseSignature, eq(leaseSignature.signerId, leaseSigner.id))
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.version, version)))
    .orderBy(leaseSigner.position)
  const [landlord] = await context.db.select({ email: user.email }).from(user).where(eq(user.id, row.landlordId))
  const premises = row.premises as unknown as Premises
  const landlordEmail = landlord?.email ?? premises.landlordEmail
  const recipients = new Set<string>()
  for (const side of audience) {
    if (side === 'landlord' || side === 'everyone') recipients.add(landlordEmail)
    for (const { signer, signedAt } of signers) {
      if (signer.role === 'landlord') continue
      if (side === 'signers' || side === 'everyone' || (side === 'unsigned' && !signedAt)) recipients.add(signer.email)
    }
  }
  if (event?.actorId) {
    const [actor] = await context.db.select({ email: user.email }).from(user).where(eq(user.id, event.actorId))
    if (actor && action !== 'completed') recipients.delete(actor.email)
  }
  const address = addressOf(premises)
  const awaiting = signers.filter(({ signedAt }) => !signedAt).map(({ signer }) => signer.name)
  const link = `${context.publicUrl}/leases/${leaseId}`
  for (const to of recipients) {
    const mail: Mail = {
      to,
      subject: subjectOf(action, address),
      text: bodyOf(action, { address, actor: event?.actorName ?? 'Cooper Home', reason: event?.reason ?? '', link, awaiting }),
    }
    await context.mailer.send(mail)
  }
  return recipients.size
}
