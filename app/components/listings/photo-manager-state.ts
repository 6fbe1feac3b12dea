// The pure parts of the photo manager: moving a photo, keeping the list right as polls and uploads
// cross, what to announce when processing finishes, and how to word an API refusal. Kept apart from
// the component so they are tested directly.
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

/** A photo the page waits on while it is processed: its file's name when it was uploaded here, and when it was added. */
export type AwaitedPhoto = { name: string | null; addedAt: number }

/** The photos of a loaded page that are still being processed: the page waits on them too. */
export function awaitedPhotos(photos: OwnerPhoto[]): Map<number, AwaitedPhoto> {
  return new Map(photos.filter((photo) => photo.status === 'pending').map((photo) => [photo.id, { name: null, addedAt: 0 }]))
}

/** The list with newly uploaded photos at its end; one a poll has already brought in is not added twice. */
export function withUploaded(photos: OwnerPhoto[], added: OwnerPhoto[]): OwnerPhoto[] {
  const known = new Set(photos.map((photo) => photo.id))
  return [...photos, ...added.filter((photo) => !known.has(photo.id))]
}

/** The awaited photos added after `sentAt`: a poll sent before then cannot know them yet. */
export function addedSince(awaiting: ReadonlyMap<number, AwaitedPhoto>, sentAt: number): Set<number> {
  return new Set([...awaiting].filter(([, photo]) => photo.addedAt > sentAt).map(([id]) => id))
}

/**
 * The list after a poll: the server's answer, and after it the photos uploaded while the poll was on
 * its way (`later`), which the answer could not hold. Without them, a photo whose upload finished
 * during a poll would drop out of view, and the page would stop waiting for it.
 */
export function mergePolled(photos: OwnerPhoto[], fresh: OwnerPhoto[], later: ReadonlySet<number>): OwnerPhoto[] {
  const known = new Set(fresh.map((photo) => photo.id))
  const kept = photos.filter((photo) => later.has(photo.id) && !known.has(photo.id))
  return kept.length > 0 ? [...fresh, ...kept] : fresh
}

const count = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('#', String(n)))

/**
 * What a poll's answer means for a screen reader: the awaited photos that finished (by file name when
 * uploaded here) and, when the listing has others, how many are ready in all. Counted against the photos the
 * page waits on rather than the list before the poll, so no finished photo is missed or counted twice.
 */
export function processingNews(awaiting: ReadonlyMap<number, AwaitedPhoto>, fresh: OwnerPhoto[]): { news: string; finished: number[] } {
  const finished = fresh.filter((photo) => awaiting.has(photo.id) && photo.status !== 'pending')
  if (finished.length === 0) return { news: '', finished: [] }
  const nameOf = (photo: OwnerPhoto) => awaiting.get(photo.id)?.name ?? 'A photo'
  const ready = finished.filter((photo) => photo.status === 'ready')
  const failed = finished.filter((photo) => photo.status === 'failed')
  const parts: string[] = []
  if (ready.length > 0) parts.push(count(ready.length, `${nameOf(ready[0]!)} is ready.`, '# photos are ready.'))
  if (failed.length > 0)
    parts.push(count(failed.length, `${nameOf(failed[0]!)} could not be processed.`, '# photos could not be processed.'))
  // With photos besides the ones just named, the tally says where the whole listing stands.
  const readyInAll = fresh.filter((photo) => photo.status === 'ready').length
  if (fresh.length > finished.length) parts.push(`${readyInAll} of ${fresh.length} photos are ready.`)
  return { news: parts.join(' '), finished: finished.map((photo) => photo.id) }
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

/**
 * Runs tasks one after another in the order they were given, across calls: photos chosen together,
 * or in two goes while the first still uploads, reach the listing in the order they were chosen (the
 * server numbers each upload as it arrives, so uploads side by side could land in either order).
 */
export function createSequence() {
  let last: Promise<unknown> = Promise.resolve()
  return function inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = last.then(task, task)
    last = run.catch(() => undefined)
    return run
  }
}
