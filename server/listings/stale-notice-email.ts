// The e-mail that tells a landlord their listings left search because nobody confirmed them for
// CONFIRMATION_DAYS days. Pure, so its wording is tested without a mailer.
import { listingPath } from '#common/listings/listing-url.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'

export type StaleListing = { id: number; title: string }

/** A mail names at most this many listings; the rest are counted and found on the profile page. */
export const MAX_LISTINGS_NAMED = 20

export function staleNoticeEmail({ publicUrl, listings }: { publicUrl: string; listings: StaleListing[] }) {
  const isOne = listings.length === 1
  const subject = isOne
    ? `Your listing is hidden from search: ${listings[0]!.title}`
    : `${listings.length.toLocaleString('en-US')} of your listings are hidden from search`
  const lines = listings.slice(0, MAX_LISTINGS_NAMED).map((l) => `- ${l.title}\n  ${publicUrl}${listingPath(l)}`)
  const unnamed = listings.length - MAX_LISTINGS_NAMED
  if (unnamed > 0) lines.push(`- and ${unnamed.toLocaleString('en-US')} more, listed under "My listings"`)
  const text = [
    'Hello,',
    '',
    `${isOne ? 'This listing has' : 'These listings have'} not been confirmed available for ${CONFIRMATION_DAYS} days, so renters no longer find ${isOne ? 'it' : 'them'} in search:`,
    '',
    ...lines,
    '',
    `If ${isOne ? 'the home is' : 'the homes are'} still available, confirm it under "My listings" on your profile and ${isOne ? 'it shows' : 'they show'} in search again at once:`,
    `${publicUrl}/userprofile`,
    '',
    'If a home has been let, mark it leased or archive it there instead.',
    '',
    'Cooper Home',
  ].join('\n')
  return { subject, text }
}
