// News of listing changes made through this process (create, update, status changes, confirm, delete,
// a photo ready, reordered or deleted), which the services publish on the realtime bus so that every
// instance's search index applies the change log at once, in the background, rather than in the next
// search. Nothing depends on it for correctness: every search reads the change log's head itself, and
// changes made by SQL or a script, which announce nothing, are applied by the next search or the
// index's slow poll (live-index.server.ts).
const listeners = new Set<() => void>()

/** Called after every committed listing change made here. */
export function noteListingChange(): void {
  for (const listener of listeners) listener()
}

/** Hears every change made here (to tell the other instances). */
export function onListingChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
