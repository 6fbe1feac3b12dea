// The saved searches whose text may name a place or a ZIP, by the keys of their readings (`reading` of
// `anchorsOf`): when a place gets its first listing or loses its last, or a ZIP is first seen, these
// are the saved searches whose text may now read otherwise, and only their checks are made again.
import type { ReadingChange, SearchAnchors } from '#server/listings/index.server.ts'
import { Spellings } from './spellings.ts'

export class Readers {
  private readonly byKey = new Map<string, Set<number>>()
  private readonly spellings = new Spellings()

  add(number: number, { keys, spelling }: SearchAnchors['reading']): void {
    for (const key of keys) {
      let numbers = this.byKey.get(key)
      if (!numbers) this.byKey.set(key, (numbers = new Set()))
      numbers.add(number)
    }
    if (spelling !== null) this.spellings.add(spelling, number)
  }

  remove(number: number, { keys, spelling }: SearchAnchors['reading']): void {
    for (const key of keys) {
      const numbers = this.byKey.get(key)
      numbers?.delete(number)
      if (numbers?.size === 0) this.byKey.delete(key)
    }
    if (spelling !== null) this.spellings.remove(spelling, number)
  }

  /**
   * The saved searches whose reading the change may move: a ZIP, those whose text is a start of it;
   * a place, those naming it (as a city, neighborhood or state), those whose text is a start of its
   * name (a city's start), and those spelt like it.
   */
  of({ kind, name }: ReadingChange): Set<number> {
    const lower = name.toLowerCase()
    const keys: string[] = []
    const starts = (prefix: string) => {
      for (let length = 1; length <= lower.length; length += 1) keys.push(`${prefix}:${lower.slice(0, length)}`)
    }
    if (kind === 'zip') starts('zip')
    else {
      keys.push(`name:${lower}`, `state:${lower}`)
      starts('prefix')
    }
    const found = new Set<number>()
    for (const key of keys) for (const number of this.byKey.get(key) ?? []) found.add(number)
    if (kind !== 'zip') for (const number of this.spellings.like(lower)) found.add(number)
    return found
  }
}
