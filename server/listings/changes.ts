// A counter of listing changes that caches of search results compare to know they are stale. It
// moves for every change committed in this process, and for every change another instance reports
// over the realtime bus (services.server.ts wires the two together).
let generation = 0
const listeners = new Set<() => void>()

/** Called after every committed listing change made here. */
export function noteListingChange(): void {
  generation += 1
  for (const listener of listeners) listener()
}

/** A change another instance made: stale here too, but not to be told again. */
export function noteListingChangeElsewhere(): void {
  generation += 1
}

/** Hears every change made here (to tell the other instances). */
export function onListingChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function listingChangeGeneration(): number {
  return generation
}
