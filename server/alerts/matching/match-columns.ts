// What a match tells of each saved search (its id, renter, frequency and Cooper Index condition), by its
// number, in columns: the matches of a listing are made from these, not from an object a saved search
// scattered across the heap (saved-search-index.server.ts).
import type { BelowIndex, ListingMatch } from '#common/alerts/types.ts'
import type { AlertFrequency } from '#common/alerts/vocabulary.ts'

function grownTo(array: Float64Array, length: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(length)
  next.set(array)
  return next
}

export class MatchColumns {
  private ids: Float64Array<ArrayBuffer> = new Float64Array(1024)
  /** The percentage below the Cooper Index asked for; NaN for none. */
  private percents: Float64Array<ArrayBuffer> = new Float64Array(1024)
  private readonly userIds: string[] = []
  private readonly frequencies: AlertFrequency[] = []

  set(number: number, search: { id: number; userId: string; frequency: AlertFrequency; percent: number | null }): void {
    if (number >= this.ids.length) {
      const length = Math.max(number + 1, this.ids.length * 2)
      this.ids = grownTo(this.ids, length)
      this.percents = grownTo(this.percents, length)
    }
    this.ids[number] = search.id
    this.percents[number] = search.percent ?? Number.NaN
    this.userIds[number] = search.userId
    this.frequencies[number] = search.frequency
  }

  idOf(number: number): number {
    return this.ids[number]!
  }

  /** Whether any of the saved searches asks for the Cooper Index condition. */
  asksIndex(numbers: Int32Array): boolean {
    for (let i = 0; i < numbers.length; i += 1) if (!Number.isNaN(this.percents[numbers[i]!]!)) return true
    return false
  }

  /**
   * The matches of the saved searches, in order: those asking for the Cooper Index condition only when
   * `belowIndexOf` finds the listing below enough (asked once for each percentage).
   */
  matchesOf(numbers: Int32Array, belowIndexOf: (percent: number) => BelowIndex | null): ListingMatch[] {
    const below = new Map<number, BelowIndex | null>()
    const matches: ListingMatch[] = []
    for (let i = 0; i < numbers.length; i += 1) {
      const number = numbers[i]!
      const percent = this.percents[number]!
      let belowIndex: BelowIndex | null = null
      if (!Number.isNaN(percent)) {
        if (!below.has(percent)) below.set(percent, belowIndexOf(percent))
        belowIndex = below.get(percent)!
        if (!belowIndex) continue
      }
      matches.push({ savedSearchId: this.ids[number]!, userId: this.userIds[number]!, frequency: this.frequencies[number]!, belowIndex })
    }
    return matches
  }
}
