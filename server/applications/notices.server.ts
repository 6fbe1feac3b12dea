// The e-mails of an application: each change told to the other party, and a decline or a conditional
// approval told to the applicant as a written notice with the reasons in words. Co-applicants who joined
// hear of each change of state as the applicant does (of the applicant's own steps too). Each is a background job
// (server/jobs/definitions.server.ts) that reads the application as it is when it runs. The home-taken
// notice is claimed (home_taken_told_at) before it is sent, so an applicant is told once, however often
// the job runs.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import {
  APPROVAL_CONDITION_LABELS,
  DECLINE_REASON_LABELS,
  type ApplicationAction,
  type ApprovalCondition,
  type DeclineReason,
} from '#common/applications/vocabulary.ts'
import { application, applicationInvite, user } from '#server/db/schema.ts'
import { homeAddressOf, type NoticeContext, readHomeParties } from '#server/mail/home-parties.server.ts'
import type { Mail } from '#server/mail/mailer.server.ts'
import { hashInviteToken, inviteToken } from './invite-tokens.server.ts'
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

async function readApplication(db: NoticeContext['db'], applicationId: number) {
  const [row] = await db.select().from(application).where(eq(application.id, applicationId))
  const home = row && (await readHomeParties(db, row))
  return home && { application: row, ...home }
}

type Read = NonNullable<Awaited<ReturnType<typeof readApplication>>>
/** Who a mail is for: the renter, the landlord, or a co-applicant who joined (told as the renter is). */
type Side = 'renter' | 'landlord' | 'co_applicant'

const applicantOf = (read: Read) => {
  const legalName = (read.application.snapshot as { legalName?: unknown } | null)?.legalName
  return typeof legalName === 'string' && legalName ? legalName : read.renter.name
}
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`

/** Who hears of each action: the other party, and the co-applicants of every change of state; of an expiry, all. */
const TOLD: Record<ApplicationAction, Side[]> = {
  drafted: [],
  submitted: ['landlord'],
  review_started: ['renter', 'co_applicant'],
  info_requested: ['renter', 'co_applicant'],
  info_provided: ['landlord', 'co_applicant'],
  approved: ['renter', 'co_applicant'],
  conditionally_approved: ['renter', 'co_applicant'],
  declined: ['renter', 'co_applicant'],
  withdrawn: ['landlord', 'co_applicant'],
  expired: ['renter', 'landlord', 'co_applicant'],
  home_taken_notice: [],
  documents_deleted: [],
  co_applicant_invited: [],
  co_applicant_joined: ['renter', 'landlord'],
  co_applicant_left: ['renter'],
  co_applicant_removed: [],
}

/** The addresses of the co-applicants who joined, as their accounts have them now. */
async function coApplicantAddresses(db: NoticeContext['db'], applicationId: number): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(applicationInvite)
    .innerJoin(user, eq(user.id, applicationInvite.userId))
    .where(and(eq(applicationInvite.applicationId, applicationId), isNotNull(applicationInvite.acceptedAt)))
    .orderBy(applicationInvite.id)
  return rows.map((row) => row.email)
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
      return side === 'landlord' ? `${applicant} has answered your request` : `${applicant} has answered the landlord’s request`
    case 'approved':
      return 'Your application is approved'
    case 'conditionally_approved':
      return 'Your application is approved with conditions'
    case 'declined':
      return 'Your application was declined'
    case 'withdrawn':
      return side === 'landlord' ? `${applicant} withdrew their application` : `${applicant} withdrew the application you joined`
    case 'expired':
      return side === 'landlord' ? `The application from ${applicant} expired` : 'Your application expired'
    case 'co_applicant_joined':
      return side === 'renter' ? 'A co-applicant joined your application' : `A co-applicant joined the application from ${applicant}`
    case 'co_applicant_left':
      return 'A co-applicant left your application'
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
      return [
        'What the landlord needs:',
        row.infoRequest,
        '',
        side === 'co_applicant'
          ? `Update your own application if needed; ${applicantOf(read)} answers on the page below.`
          : 'Update your application if needed, then answer on the page below.',
      ]
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

/** One party's mail of a change; a co-applicant's goes to `to` and says whose application they joined. */
export function applicationNoticeMail(
  read: Read,
  { action, side, publicUrl, to }: { action: ApplicationAction; side: Side; publicUrl: string; to?: string },
): Mail {
  const title = headline(action, read, side)
  const lines = [
    `${title}: ${read.title}`,
    '',
    ...(side === 'co_applicant' ? [`You joined the application from ${applicantOf(read)} as a co-applicant.`, ''] : []),
    `Home: ${homeAddressOf(read)}`,
    ...(side === 'landlord' ? [] : [`Landlord: ${read.landlord.name}`]),
    ...(side === 'renter' ? [] : [`Applicant: ${applicantOf(read)}`]),
    '',
    ...bodyOf(action, read, side),
    ...(bodyOf(action, read, side).length > 0 ? [''] : []),
    `${publicUrl}/applications/${read.application.id}`,
    '',
    'Cooper Home',
  ]
  const address = to ?? (side === 'landlord' ? read.landlord.email : read.renter.email)
  return { to: address, subject: `${title}: ${read.title}`, text: lines.join('\n') }
}

/** Each recipient of `side`'s mail: the renter, the landlord, or every co-applicant who joined. */
async function addressesOf(context: NoticeContext, read: Read, side: Side): Promise<(string | undefined)[]> {
  return side === 'co_applicant' ? coApplicantAddresses(context.db, read.application.id) : [undefined]
}

/** Tells the other party of a change (both of an expiry), and the co-applicants who joined of a change of state. */
export async function sendApplicationNotice(
  context: NoticeContext,
  { applicationId, action }: { applicationId: number; action: ApplicationAction },
): Promise<number> {
  const read = await readApplication(context.db, applicationId)
  if (!read) return 0
  let sent = 0
  for (const side of TOLD[action] ?? []) {
    for (const to of await addressesOf(context, read, side)) {
      await context.mailer.send(applicationNoticeMail(read, { action, side, publicUrl: context.publicUrl, ...(to ? { to } : {}) }))
      sent += 1
    }
  }
  return sent
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
  const recipients = [
    { side: 'renter' as const, to: undefined },
    ...(await addressesOf(context, read, 'co_applicant')).map((to) => ({ side: 'co_applicant' as const, to })),
  ]
  for (const { side, to } of recipients) {
    const mail = applicationNoticeMail(read, { action: 'declined', side, publicUrl: context.publicUrl, ...(to ? { to } : {}) })
    await context.mailer.send({ ...mail, subject: `The home has been let: ${read.title}` })
  }
  return recipients.length
}

/**
 * The invitation to join an application, mailed to the address the renter gave, with the link holding the
 * token recomputed from the invitation (neither the job nor the database holds it). A job whose invitation
 * was sent again since (or whose key has changed) sends nothing: the newer job sends the working link.
 */
export async function sendInviteMail(
  context: NoticeContext,
  { inviteId, expiresAt, origin }: { inviteId: number; expiresAt: number; origin: string },
): Promise<number> {
  const [invite] = await context.db
    .select({
      email: applicationInvite.email,
      acceptedAt: applicationInvite.acceptedAt,
      applicationId: applicationInvite.applicationId,
      tokenHash: applicationInvite.tokenHash,
    })
    .from(applicationInvite)
    .where(eq(applicationInvite.id, inviteId))
  if (!invite || invite.acceptedAt || !Number.isSafeInteger(expiresAt)) return 0
  const token = inviteToken(inviteId, new Date(expiresAt))
  if (hashInviteToken(token) !== invite.tokenHash) return 0
  const read = await readApplication(context.db, invite.applicationId)
  if (!read) return 0
  const inviter = applicantOf(read)
  const lines = [
    `${inviter} invites you to apply with them for ${read.title}.`,
    '',
    `Home: ${homeAddressOf(read)}`,
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
