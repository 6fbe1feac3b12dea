// The e-mails of an application: each change told to the other party, and a decline or a conditional
// approval told to the applicant as a written notice with the reasons in words. Each is a background job
// (server/jobs/definitions.server.ts) that reads the application as it is when it runs. The home-taken
// notice is claimed (home_taken_told_at) before it is sent, so an applicant is told once, however often
// the job runs.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  APPROVAL_CONDITION_LABELS,
  DECLINE_REASON_LABELS,
  type ApplicationAction,
  type ApprovalCondition,
  type DeclineReason,
} from '#common/applications/vocabulary.ts'
import { application, applicationInvite, listing, user } from '#server/db/schema.ts'
import type { MailSweepContext } from '#server/mail/mail-sweep.server.ts'
import type { Mail } from '#server/mail/mailer.server.ts'
import { appendEvent } from './rules.server.ts'

export const APPLICATION_NOTICE_JOB = 'application-notice'
export const APPLICATION_HOME_TAKEN_JOB = 'application-home-taken'
export const APPLICATION_INVITE_JOB = 'application-invite'
export const APPLICATION_EXPIRY_JOB = 'application-expiry'
/** Hourly: an application expires within the hour its 30 days end. */
export const APPLICATION_EXPIRY_CRON = '17 * * * *'
export const DOCUMENT_RETENTION_JOB = 'application-document-retention'
/** Nightly. */
export const DOCUMENT_RETENTION_CRON = '43 3 * * *'

/**
 * The adverse-action notice's statement on consumer reports. Under the Fair Credit Reporting Act, a
 * landlord who declines or sets worse terms based on a consumer report must say so and name the agency
 * (15 U.S.C. § 1681m(a)); Cooper Home obtains none, and the notice says that instead.
 */
export const NO_CONSUMER_REPORT = 'No consumer report was used in this decision: Cooper Home obtains none.'

type NoticeContext = Omit<MailSweepContext, 'logger'>

const renter = alias(user, 'renter')
const landlord = alias(user, 'landlord')

async function readApplication(db: NoticeContext['db'], applicationId: number) {
  const [row] = await db
    .select({
      application,
      title: listing.title,
      street: listing.street,
      unit: listing.unit,
      city: listing.city,
      state: listing.state,
      zip: listing.zip,
      renter: { name: renter.name, email: renter.email },
      landlord: { name: landlord.name, email: landlord.email },
    })
    .from(application)
    .innerJoin(listing, eq(listing.id, application.listingId))
    .innerJoin(renter, eq(renter.id, application.renterId))
    .innerJoin(landlord, eq(landlord.id, application.landlordId))
    .where(eq(application.id, applicationId))
  return row
}

type Read = NonNullable<Awaited<ReturnType<typeof readApplication>>>
type Side = 'renter' | 'landlord'

const addressOf = (read: Read) => `${read.street}${read.unit ? `, ${read.unit}` : ''}, ${read.city}, ${read.state} ${read.zip}`
const applicantOf = (read: Read) => {
  const legalName = (read.application.snapshot as { legalName?: unknown } | null)?.legalName
  return typeof legalName === 'string' && legalName ? legalName : read.renter.name
}
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`

/** Who hears of each action: the other party; of an expiry, both. */
const TOLD: Record<ApplicationAction, Side[]> = {
  drafted: [],
  submitted: ['landlord'],
  review_started: ['renter'],
  info_requested: ['renter'],
  info_provided: ['landlord'],
  approved: ['renter'],
  conditionally_approved: ['renter'],
  declined: ['renter'],
  withdrawn: ['landlord'],
  expired: ['renter', 'landlord'],
  home_taken_notice: [],
  documents_deleted: [],
  co_applicant_invited: [],
  co_applicant_joined: ['renter', 'landlord'],
}

function headline(action: ApplicationAction, read: Read, side: Side): string {
  const applicant = applicantOf(read)
  switch (action) {
    case 'submitted':
      return `New application from ${applicant}`
    case 'review_started':
      return 'Your application is being reviewed'
    case 'info_requested':
      return 'The landlord asks for more information'
    case 'info_provided':
      return `${applicant} has answered your request`
    case 'approved':
      return 'Your application is approved'
    case 'conditionally_approved':
      return 'Your application is approved with conditions'
    case 'declined':
      return 'Your application was declined'
    case 'withdrawn':
      return `${applicant} withdrew their application`
    case 'expired':
      return side === 'renter' ? 'Your application expired' : `The application from ${applicant} expired`
    case 'co_applicant_joined':
      return side === 'renter' ? 'A co-applicant joined your application' : `A co-applicant joined the application from ${applicant}`
    default:
      return 'Your application changed'
  }
}

/** The written notice of a decline or a conditional approval: what was decided, why, in words, and the FCRA statement. */
export function decisionNotice(row: Read['application']): string[] {
  if (row.state === 'declined') {
    return [
      'Reasons for this decision:',
      ...row.declineReasons.map((reason) => `- ${DECLINE_REASON_LABELS[reason as DeclineReason] ?? reason}`),
      ...(row.decisionText ? ['', row.decisionText] : []),
      '',
      NO_CONSUMER_REPORT,
    ]
  }
  if (row.state === 'conditionally_approved') {
    return [
      'The landlord approves your application on these conditions:',
      ...row.conditions.map((condition) => `- ${APPROVAL_CONDITION_LABELS[condition as ApprovalCondition] ?? condition}`),
      ...(row.depositCents !== null ? [`Security deposit asked: ${dollars(row.depositCents)}`] : []),
      ...(row.decisionText ? ['', row.decisionText] : []),
      '',
      NO_CONSUMER_REPORT,
    ]
  }
  return []
}

function bodyOf(action: ApplicationAction, read: Read, side: Side): string[] {
  const row = read.application
  switch (action) {
    case 'info_requested':
      return ['What the landlord needs:', row.infoRequest, '', 'Update your application if needed, then answer on the page below.']
    case 'info_provided':
    case 'withdrawn':
      return []
    case 'declined':
    case 'conditionally_approved':
      return decisionNotice(row)
    case 'submitted':
      return side === 'landlord' ? [`Move-in: ${row.moveInDate ?? 'not given'}`, `Lease: ${row.leaseMonths ?? '?'} months`] : []
    default:
      return []
  }
}

export function applicationNoticeMail(
  read: Read,
  { action, side, publicUrl }: { action: ApplicationAction; side: Side; publicUrl: string },
): Mail {
  const title = headline(action, read, side)
  const lines = [
    `${title}: ${read.title}`,
    '',
    `Home: ${addressOf(read)}`,
    `${side === 'renter' ? 'Landlord' : 'Applicant'}: ${side === 'renter' ? read.landlord.name : applicantOf(read)}`,
    '',
    ...bodyOf(action, read, side),
    ...(bodyOf(action, read, side).length > 0 ? [''] : []),
    `${publicUrl}/applications/${read.application.id}`,
    '',
    'Cooper Home',
  ]
  return { to: side === 'renter' ? read.renter.email : read.landlord.email, subject: `${title}: ${read.title}`, text: lines.join('\n') }
}

/** Tells the other party of a change (both of an expiry). */
export async function sendApplicationNotice(
  context: NoticeContext,
  { applicationId, action }: { applicationId: number; action: ApplicationAction },
): Promise<number> {
  const read = await readApplication(context.db, applicationId)
  if (!read) return 0
  const sides = TOLD[action] ?? []
  for (const side of sides) await context.mailer.send(applicationNoticeMail(read, { action, side, publicUrl: context.publicUrl }))
  return sides.length
}

/**
 * Tells an applicant, once, that the home was let to someone else: the written notice of the decline.
 * The claim and its event commit before the mail is sent, so a second run finds nothing to send.
 */
export async function sendHomeTakenNotice(context: NoticeContext, { applicationId }: { applicationId: number }): Promise<number> {
  const claimed = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(application)
      .set({ homeTakenToldAt: sql`now()` })
      .where(and(eq(application.id, applicationId), eq(application.state, 'declined'), isNull(application.homeTakenToldAt)))
      .returning({ id: application.id })
    if (row) {
      await appendEvent(tx, {
        applicationId,
        actorId: null,
        action: 'home_taken_notice',
        fromState: 'declined',
        toState: 'declined',
        reason: 'The applicant was told the home was let.',
      })
    }
    return row !== undefined
  })
  if (!claimed) return 0
  const read = await readApplication(context.db, applicationId)
  if (!read) return 0
  const mail = applicationNoticeMail(read, { action: 'declined', side: 'renter', publicUrl: context.publicUrl })
  await context.mailer.send({ ...mail, subject: `The home has been let: ${read.title}` })
  return 1
}

/**
 * The invitation to join an application, mailed to the address the renter gave, with the link holding the
 * token (the database keeps only its hash). A link sent again replaces this one: the old mail's link fails.
 */
export async function sendInviteMail(
  context: NoticeContext,
  { inviteId, token, origin }: { inviteId: number; token: string; origin: string },
): Promise<number> {
  const [invite] = await context.db
    .select({ email: applicationInvite.email, acceptedAt: applicationInvite.acceptedAt, applicationId: applicationInvite.applicationId })
    .from(applicationInvite)
    .where(eq(applicationInvite.id, inviteId))
  if (!invite || invite.acceptedAt) return 0
  const read = await readApplication(context.db, invite.applicationId)
  if (!read) return 0
  const inviter = applicantOf(read)
  const lines = [
    `${inviter} invites you to apply with them for ${read.title}.`,
    '',
    `Home: ${addressOf(read)}`,
    '',
    'Each adult who will live there applies with their own Cooper Home account and their own reusable application.',
    'Log in or create an account with this e-mail address, then join here (the link works 7 days):',
    `${origin}/applications/join/${token}`,
    '',
    'If you do not know this person, ignore this e-mail.',
    '',
    'Cooper Home',
  ]
  await context.mailer.send({
    to: invite.email,
    subject: `${inviter} invites you to apply with them: ${read.title}`,
    text: lines.join('\n'),
  })
  return 1
}
