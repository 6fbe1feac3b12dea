// The e-mail a listing's owner gets when their listing is held out of search, unpublished or removed
// by an administrator: a job queued by the caller after the change commits, so a mail that fails is
// retried and never undoes the change.
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, user } from '#server/db/schema.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { HOLD_REASON_TEXT, type HoldReason } from '#common/moderation/vocabulary.ts'

export const LISTING_NOTICE_JOB = 'listing-moderation-notice'

export const LISTING_NOTICE_KINDS = ['held', 'unpublished', 'removed'] as const
export type ListingNoticeKind = (typeof LISTING_NOTICE_KINDS)[number]

/** The words of the notice. Pure, so its wording is tested without a mailer. */
export function listingNoticeEmail({
  publicUrl,
  kind,
  listing: home,
  reason,
}: {
  publicUrl: string
  kind: ListingNoticeKind
  listing: { id: number; title: string }
  reason: string
}) {
  const link = `${publicUrl}${listingPath(home)}`
  const subject = {
    held: `Your listing is held for review: ${home.title}`,
    unpublished: `Your listing was unpublished: ${home.title}`,
    removed: `Your listing was removed: ${home.title}`,
  }[kind]
  const body = {
    held: ['Your listing is out of search for now:', '', `  ${home.title}`, `  ${link}`, '', `Why: ${reason}`],
    unpublished: [
      'An administrator unpublished your listing; it is a draft again:',
      '',
      `  ${home.title}`,
      `  ${link}`,
      '',
      `Why: ${reason}`,
      '',
      'You may correct it and publish it again.',
    ],
    removed: [
      'An administrator removed your listing; it cannot be published again:',
      '',
      `  ${home.title}`,
      '',
      `Why: ${reason}`,
      '',
      'Leases, applications and rent records about it stay as they are.',
    ],
  }[kind]
  const text = ['Hello,', '', ...body, '', `Your listings: ${publicUrl}/my-listings`, '', 'Cooper Home'].join('\n')
  return { subject, text }
}

/** Sends the notice of a listing's hold (its reason as it stands now; nothing if no longer held) or of an administrator's action. */
export async function sendListingNotice(
  { db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string },
  { listingId, kind, reason }: { listingId: number; kind: ListingNoticeKind; reason: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: listing.id, title: listing.title, status: listing.status, heldReason: listing.heldReason, email: user.email })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.ownerId))
    .where(eq(listing.id, listingId))
  if (!row) return false
  let why = reason
  if (kind === 'held') {
    if (row.status !== 'held' || !row.heldReason) return false
    why = HOLD_REASON_TEXT[row.heldReason as HoldReason]
  }
  await mailer.send({ to: row.email, ...listingNoticeEmail({ publicUrl, kind, listing: row, reason: why }) })
  return true
}
