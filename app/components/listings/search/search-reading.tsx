// What the search read from its text, said in a sentence under the result count, so that a renter
// sees why these homes: "Showing homes in Austin, TX with at least 2 bedrooms." or, for a place
// misspelt, "No homes match “Brookyln”. Showing homes in Brooklyn, NY." or, for words like "the",
// that they are too common to search for.
import type { SearchReading } from '#common/listings/types.ts'

const rooms = (count: number, noun: string) => `at least ${count} ${noun}${count === 1 ? '' : 's'}`

/**
 * The sentence for a reading, or null when there is nothing to add: a place read as typed is already
 * said by the title and its chip.
 */
export function readingText({ place, correctedFrom, beds, baths, tooCommon }: SearchReading): string | null {
  if (tooCommon !== null) {
    return `“${tooCommon}” has only words too common to search for, like “the” or “and”. Try a place, a ZIP code or a word that describes the home.`
  }
  if (correctedFrom === null && beds === null && baths === null) return null
  const wanted = [beds !== null ? rooms(beds, 'bedroom') : null, baths !== null ? rooms(baths, 'bathroom') : null].filter(Boolean)
  const where = place ? ` in ${place}` : ''
  const withRooms = wanted.length > 0 ? ` with ${wanted.join(' and ')}` : ''
  if (!where && !withRooms) return null
  const showing = `Showing homes${where}${withRooms}.`
  return correctedFrom ? `No homes match “${correctedFrom}”. ${showing}` : showing
}

export function SearchReadingNote({ reading }: { reading: SearchReading | null }) {
  const text = reading ? readingText(reading) : null
  return text ? <p className="text-sm text-ink-soft">{text}</p> : null
}
