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
  private percents: Float64Array<ArrayBuffer> = new Float64Array(1024).fill(Number.NaN)
  private readonly userIds: string[] = []
  private readonly frequencies: AlertFrequency[] = []

  /** How many kept saved searches ask for the Cooper Index condition. */
  private asking = 0

  get isIndexAsked(): boolean {
    return this.asking > 0
  }

  set(number: number, search: { id: number; userId: string; frequency: AlertFrequency; percent: number | null }): void {
    if (number >= this.ids.length) {
      const length = Math.max(number + 1, this.ids.length * 2)
      this.ids = grownTo(this.ids, length)
      this.percents = grownTo(this.percents, Math.max(number + 1, this.percents.length * 2)).fill(Number.NaN, this.percents.length)
    }
    this.clear(number)
    if (search.percent !== null) this.asking += 1
    this.ids[number] = search.id
    this.percents[number] = search.percent ?? Number.NaN
    this.userIds[number] = search.userId
    this.frequencies[number] = search.frequency
  }

  /** Forgets the Cooper Index condition of the saved search of `number` (taken out). */
  clear(number: number): void {
    if (number < this.percents.length && !Number.isNaN(this.percents[number]!)) this.asking -= 1
    if (number < this.percents.length) this.percents[number] = Number.NaN
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
