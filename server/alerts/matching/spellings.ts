// Texts that may be read as a misspelt place ("Brookyln"), each with the numbers of the saved searches
// whose text it is (many share one), found from a place's name through their trigrams: the saved
// searches a listing in that place may be announced to, or whose reading a place's first home or its
// last may change.
import { similarityAtLeast, trigramsOf } from './trigrams.ts'

/**
 * pg_trgm takes a place for a misspelling at a similarity of 0.35 (terms.server.ts); these are kept
 * from a little lower, so a rounding difference never loses one.
 */
const SPELLING_SIMILARITY = 0.3

type Spelling = { trigrams: Set<string>; numbers: Set<number> }

/** Whether `text` is spelt like `name` as `Spellings.like` finds it. */
export function isSpeltLike(name: string, text: string): boolean {
  const [a, b] = [trigramsOf(name), trigramsOf(text)]
  let shared = 0
  for (const trigram of a) if (b.has(trigram)) shared += 1
  return similarityAtLeast(shared, b.size, a.size, SPELLING_SIMILARITY)
}

export class Spellings {
  private readonly texts = new Map<string, Spelling>()
  private readonly byTrigram = new Map<string, Set<Spelling>>()

  add(text: string, number: number): void {
    let spelling = this.texts.get(text)
    if (!spelling) {
      spelling = { trigrams: trigramsOf(text), numbers: new Set() }
      this.texts.set(text, spelling)
      for (const trigram of spelling.trigrams) {
        let set = this.byTrigram.get(trigram)
        if (!set) this.byTrigram.set(trigram, (set = new Set()))
        set.add(spelling)
      }
    }
    spelling.numbers.add(number)
  }

  remove(text: string, number: number): void {
    const spelling = this.texts.get(text)
    if (!spelling) return
    spelling.numbers.delete(number)
    if (spelling.numbers.size > 0) return
    this.texts.delete(text)
    for (const trigram of spelling.trigrams) {
      const set = this.byTrigram.get(trigram)
      set?.delete(spelling)
      if (set?.size === 0) this.byTrigram.delete(trigram)
    }
  }

  /** The numbers of the saved searches whose text is spelt like `name` (each distinct text compared once). */
  like(name: string): number[] {
    const trigrams = trigramsOf(name)
    const shared = new Map<Spelling, number>()
    for (const trigram of trigrams)
      for (const spelling of this.byTrigram.get(trigram) ?? []) shared.set(spelling, (shared.get(spelling) ?? 0) + 1)
    const found: number[] = []
    for (const [spelling, count] of shared) {
      if (similarityAtLeast(count, spelling.trigrams.size, trigrams.size, SPELLING_SIMILARITY)) found.push(...spelling.numbers)
    }
    return found
  }
}
