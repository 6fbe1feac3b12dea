// The places of the search index: names of a kind of place with each one's listings, and the log of
// places that got their first listing or lost their last (a search's text names a place only while it
// has homes), for what keeps searches' readings (search-tests.server.ts).
import { IntList } from './postings.ts'

/** Names of a kind of place (cities, neighborhoods, states, ZIPs), each with its listings. */
export class PlaceDictionary {
  private readonly ids = new Map<string, number>()
  readonly names: string[] = []
  /** How each place is written, as the first listing seen there writes it. */
  readonly spellings: string[] = []
  /** How many indexed listings each place has. */
  readonly listings: number[] = []
  /** The slots each place ever had, ascending (slots no longer indexed included). */
  readonly slots: IntList[] = []

  idOf(name: string): number {
    return this.ids.get(name) ?? -1
  }

  idFor(name: string, spelling = name): number {
    let id = this.ids.get(name)
    if (id === undefined) {
      id = this.names.length
      this.ids.set(name, id)
      this.names.push(name)
      this.spellings.push(spelling)
      this.listings.push(0)
      this.slots.push(new IntList(4))
    }
    return id
  }

  /** How many indexed listings the named place has (0 for a name never seen). */
  listingsOf(name: string): number {
    const id = this.ids.get(name)
    return id === undefined ? 0 : this.listings[id]!
  }
}

/** A place that got its first listing or lost its last, or a ZIP first seen: a search's text that may name it may now read otherwise. */
export type ReadingChange = { kind: 'city' | 'neighborhood' | 'state' | 'zip'; name: string }

/** Reading changes kept for readers catching up. */
const READING_CHANGES_KEPT = 10_000

/**
 * The reading changes in order: change number `from + k` is `changes[k]`. The oldest are let go past
 * READING_CHANGES_KEPT; a reader that has fallen further behind reads every text again.
 */
export class ReadingLog {
  readonly changes: ReadingChange[] = []
  from = 0

  note(kind: ReadingChange['kind'], name: string): void {
    this.changes.push({ kind, name })
    if (this.changes.length > READING_CHANGES_KEPT * 2) {
      this.changes.splice(0, READING_CHANGES_KEPT)
      this.from += READING_CHANGES_KEPT
    }
  }
}
