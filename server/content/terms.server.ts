// The Terms of Use as stored versions: the one in force is the published version with the latest
// effective time not after now; a later one is scheduled, earlier ones are superseded, drafts are
// nobody's business but the administrators'. Users accept the version in force: at sign-up, and
// again (through the banner) when a newer one takes effect; until then the writes others read
// (messages, room posts, listings) are refused by checkTermsAccepted.
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm'
import { siteConfig } from '#common/site-config.ts'
import type { Db } from '#server/db/client.server.ts'
import { termsAcceptance, termsVersion, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { renderMarkdown, type Heading } from './markdown.server.ts'

export type TermsState = 'in-force' | 'superseded' | 'scheduled'

/** `summary` is the Markdown an administrator wrote; `summaryHtml` is it rendered and sanitised. */
export type TermsListItem = { label: string; effectiveAt: Date; summary: string; summaryHtml: string; state: TermsState }

export type TermsDocument = TermsListItem & { html: string; headings: Heading[] }

/** What a signed-in user is asked to accept: the version in force, which they have not accepted. */
export type TermsToAccept = { label: string; effectiveAt: Date; summary: string; summaryHtml: string }

const isPublished = eq(termsVersion.status, 'published')

/** A summary of changes is Markdown (often a short list); pages show it rendered. */
const summaryHtmlOf = (summary: string) => renderMarkdown(summary).html

/** The version in force at `now`, if any version is published and effective. */
async function findInForceRow(db: Db, now: Date) {
  const [row] = await db
    .select({ id: termsVersion.id, label: termsVersion.label, summary: termsVersion.summary, effectiveAt: termsVersion.effectiveAt })
    .from(termsVersion)
    .where(and(isPublished, lte(termsVersion.effectiveAt, now)))
    .orderBy(desc(termsVersion.effectiveAt), desc(termsVersion.id))
    .limit(1)
  return row
}

/** Every published version, newest first, each marked in force, superseded or scheduled. */
export async function listTermsVersions(db: Db, now = new Date()): Promise<TermsListItem[]> {
  const [rows, inForce] = await Promise.all([
    db
      .select({ id: termsVersion.id, label: termsVersion.label, summary: termsVersion.summary, effectiveAt: termsVersion.effectiveAt })
      .from(termsVersion)
      .where(isPublished)
      .orderBy(desc(termsVersion.effectiveAt), desc(termsVersion.id)),
    findInForceRow(db, now),
  ])
  return rows.map(({ id, ...row }) => ({
    ...row,
    summaryHtml: summaryHtmlOf(row.summary),
    state: stateOf(row.effectiveAt, id, inForce?.id, now),
  }))
}

function stateOf(effectiveAt: Date, id: number, inForceId: number | undefined, now: Date): TermsState {
  if (id === inForceId) return 'in-force'
  return effectiveAt > now ? 'scheduled' : 'superseded'
}

/** A published version with its text rendered, by label (the version in force without one); undefined for a draft or an unknown label. */
export async function findTermsDocument(
  db: Db,
  { label, now = new Date() }: { label?: string; now?: Date },
): Promise<TermsDocument | undefined> {
  const inForce = await findInForceRow(db, now)
  const wanted = label ?? inForce?.label
  if (wanted === undefined) return undefined
  const [row] = await db
    .select({
      id: termsVersion.id,
      label: termsVersion.label,
      summary: termsVersion.summary,
      effectiveAt: termsVersion.effectiveAt,
      body: termsVersion.body,
    })
    .from(termsVersion)
    .where(and(isPublished, eq(termsVersion.label, wanted)))
  if (!row) return undefined
  const { html, headings } = renderMarkdown(row.body)
  return {
    label: row.label,
    summary: row.summary,
    summaryHtml: summaryHtmlOf(row.summary),
    effectiveAt: row.effectiveAt,
    state: stateOf(row.effectiveAt, row.id, inForce?.id, now),
    html,
    headings,
  }
}

/** The next scheduled version, announced before it takes effect. */
export async function findScheduledTerms(db: Db, now = new Date()): Promise<TermsListItem | undefined> {
  const [row] = await db
    .select({ label: termsVersion.label, summary: termsVersion.summary, effectiveAt: termsVersion.effectiveAt })
    .from(termsVersion)
    .where(and(isPublished, gt(termsVersion.effectiveAt, now)))
    .orderBy(asc(termsVersion.effectiveAt))
    .limit(1)
  return row ? { ...row, summaryHtml: summaryHtmlOf(row.summary), state: 'scheduled' } : undefined
}

/**
 * The label a sign-up must accept: the version in force, or, on a site that has published none yet,
 * the label of the first terms (siteConfig.termsVersion).
 */
export async function termsLabelForSignUp(db: Db, now = new Date()): Promise<string> {
  return (await findInForceRow(db, now))?.label ?? siteConfig.termsVersion
}

/** Records that a new account accepted the version with this label, when it is stored. */
export async function recordSignUpAcceptance(db: Db, { userId, label }: { userId: string; label: string }): Promise<void> {
  const [version] = await db
    .select({ id: termsVersion.id })
    .from(termsVersion)
    .where(and(isPublished, eq(termsVersion.label, label)))
  if (!version) return
  await db.insert(termsAcceptance).values({ userId, termsVersionId: version.id }).onConflictDoNothing()
}

/**
 * The version in force when this user has not accepted it (neither at sign-up, through
 * user.terms_version, nor later); null when there is nothing to accept.
 */
export async function findTermsToAccept(db: Db, userId: string, now = new Date()): Promise<TermsToAccept | null> {
  const inForce = await findInForceRow(db, now)
  if (!inForce) return null
  const [accepted] = await db
    .select({ label: user.termsVersion, acceptedAt: termsAcceptance.acceptedAt })
    .from(user)
    .leftJoin(termsAcceptance, and(eq(termsAcceptance.userId, user.id), eq(termsAcceptance.termsVersionId, inForce.id)))
    .where(eq(user.id, userId))
  if (!accepted || accepted.label === inForce.label || accepted.acceptedAt) return null
  return { label: inForce.label, summary: inForce.summary, summaryHtml: summaryHtmlOf(inForce.summary), effectiveAt: inForce.effectiveAt }
}

export const TERMS_NOT_ACCEPTED =
  'The Terms of Use have changed. Read the new terms and accept them (in the notice at the top of the page, or at /terms) before you post messages or publish listings.'

/** Refuses a write others read (a message, a room post, a listing) until the user accepted the terms in force. */
export async function checkTermsAccepted(db: Db, userId: string): Promise<void> {
  if (await findTermsToAccept(db, userId)) throw new AppError('forbidden', TERMS_NOT_ACCEPTED)
}

/**
 * Records, with its time, that the user accepted the version `label`, which must be the one in force:
 * accepting a version that is not (it was replaced meanwhile, or never took effect) is refused.
 */
export async function acceptTerms(db: Db, { userId, label, now = new Date() }: { userId: string; label: string; now?: Date }) {
  const inForce = await findInForceRow(db, now)
  if (!inForce || inForce.label !== label) {
    throw new AppError('conflict', 'These are not the Terms of Use in force. Reload the page, read the terms in force and accept them.')
  }
  await db.insert(termsAcceptance).values({ userId, termsVersionId: inForce.id, acceptedAt: now }).onConflictDoNothing()
  return { label: inForce.label }
}
