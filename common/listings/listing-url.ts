// Listing addresses: a readable slug ending in the id (/properties/sunny-2-bed-near-the-river-42).
// Only the id counts; a stale or edited slug still finds the listing and is redirected to the
// canonical one.
import { parsePositiveId } from '#common/ids.ts'

const MAX_SLUG_LENGTH = 80

/** Any character outside ASCII: only such a text has accents to take off. */
const NOT_ASCII = /[^\u0000-\u007f]/

export function slugify(text: string): string {
  // Every card of a page has its address made: the accents are taken off only where there are any.
  const plain = NOT_ASCII.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text
  return plain
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '')
}

export function listingSlug(listing: { id: number; title: string }): string {
  const words = slugify(listing.title)
  return words ? `${words}-${listing.id}` : String(listing.id)
}

export function listingPath(listing: { id: number; title: string }): string {
  return `/properties/${listingSlug(listing)}`
}

/** The id at the end of a slug, or null when there is none (so the route answers 404). */
export function listingIdFromSlug(slug: string | undefined): number | null {
  return parsePositiveId((slug ?? '').split('-').at(-1))
}

/**
 * The edit page opened on the listing form's photos step (`path` is the listing's): photos belong
 * to a saved listing, so a new one's form leads here once its draft is saved.
 */
export function photosStepPath(path: string): string {
  return `${path}/edit?step=photos`
}
