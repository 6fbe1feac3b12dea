// The pure parts of the photo manager: moving a photo, what to announce when processing finishes,
// and how to word an API refusal. Kept apart from the component so they are tested directly.
import type { OwnerPhoto } from '#common/listings/photos.ts'

/** The list with the photo at `from` moved to `to` (both clamped to the list). */
export function movePhoto<T>(photos: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(photos.length - 1, to))
  if (from === target || from < 0 || from >= photos.length) return photos
  const next = [...photos]
  const [moved] = next.splice(from, 1)
  next.splice(target, 0, moved!)
  return next
}

export function hasPending(photos: OwnerPhoto[]): boolean {
  return photos.some((photo) => photo.status === 'pending')
}

/** What changed for a screen reader when a refreshed list arrives: photos that finished or failed. */
export function processingNews(before: OwnerPhoto[], after: OwnerPhoto[]): string {
  const wasPending = new Set(before.filter((p) => p.status === 'pending').map((p) => p.id))
  const finished = after.filter((p) => wasPending.has(p.id) && p.status !== 'pending')
  const ready = finished.filter((p) => p.status === 'ready').length
  const failed = finished.filter((p) => p.status === 'failed').length
  const parts: string[] = []
  if (ready > 0) parts.push(ready === 1 ? '1 photo is ready.' : `${ready} photos are ready.`)
  if (failed > 0) parts.push(failed === 1 ? '1 photo could not be processed.' : `${failed} photos could not be processed.`)
  return parts.join(' ')
}

/** The message of a JSON problem body, or a general one when the answer was not one. */
export function problemMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' && body.detail) return body.detail
  return fallback
}

/** "Photo 3 of 7: the front porch", naming a photo for buttons and labels. */
export function photoLabel(photo: OwnerPhoto, index: number, total: number): string {
  const alt = photo.altText.trim()
  return `Photo ${index + 1} of ${total}${alt ? `: ${alt}` : ''}`
}
