// A counter of committed listing changes in this process: caches of search results compare it to
// know they are stale.
let generation = 0

/** Called after every committed listing change. */
export function noteListingChange(): void {
  generation += 1
}

export function listingChangeGeneration(): number {
  return generation
}
