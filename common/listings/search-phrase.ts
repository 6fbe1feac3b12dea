// What a renter types into the search box, read the way a person would: the rooms it asks for ("2
// bedroom", "2br", "two-bedroom", "3 baths"), the words it leaves, and where those words may name a
// place: "Austin, TX", "austin tx" and "Austin Texas" are Austin in Texas, "condo in Austin" is condos
// in Austin. Whether a place is one the site has homes in is for the server to say, from its counts.
import { US_STATE_NAMES } from '#common/cooper/states.ts'

/** The most bedrooms and bathrooms a search may ask for (as the search schema allows). */
const MOST_ROOMS = 20

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
}

const COUNT = `(\\d{1,2}(?:\\.5)?|${Object.keys(NUMBER_WORDS).join('|')})`
/** A count and a room word, as one word or two, with or without a hyphen: "2 bedroom", "2br", "two-bedroom", "2.5 baths". */
const roomPattern = (words: string) => new RegExp(`(?<=^|[\\s,(])${COUNT}\\s*-?\\s*(?:${words})(?=$|[\\s,.;)])`, 'i')
const BEDROOMS = roomPattern('bedrooms?|beds?|bdrms?|bdr|brs?|bds?')
const BATHROOMS = roomPattern('bathrooms?|baths?|ba')

/** Each state's name, lower case, longest first (so "west virginia" is tried before "virginia"), with its code. */
const STATE_NAMES = Object.entries(US_STATE_NAMES)
  .map(([code, name]) => ({ code, name: name.toLowerCase() }))
  .sort((a, b) => b.name.length - a.name.length)

/** The words that join what is sought to where: "condo in Austin", "lofts near Fishtown". */
const PLACE_JOINER = /^(?:(.*?)\s+)?(?:in|near|around)\s+(.+)$/i

export type PlaceWithState = {
  /** What comes before the state (empty when the text is only a state). */
  place: string
  /** The state's two-letter code. */
  state: string
  /**
   * The state is spelt out, written in capitals or set off by a comma ("austin, tx"): it is meant. A
   * lower-case code after a word ("homes in" ends in "in", Indiana) counts only after a known place.
   */
  isCertain: boolean
}

export type SearchPhrase = {
  /** The text without the rooms it asked for. */
  text: string
  /** The words of what is sought when the text says where with "in" or "near" ("condo" of "condo in Austin"). */
  words: string
  /** The text that may name a place: all of it, or what follows "in" or "near". */
  place: string
  /** The place read as "<place>, <state>" when it ends in a state; absent otherwise. */
  withState?: PlaceWithState
  /** At least this many bedrooms, when the text asked ("2 bedroom"). */
  beds?: number
  /** At least this many bathrooms, when the text asked ("1.5 baths"). */
  baths?: number
}

/** The text with single spaces and without the punctuation left at its ends, but a word's minus ("-garden": without it) kept. */
const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^(?:[\s,;.]|-(?![^\s,;.-]))+|[\s,;-]+$/g, '')
    .trim()

function takeRooms(text: string, pattern: RegExp, halves: boolean): { text: string; count?: number } {
  const match = pattern.exec(text)
  if (!match) return { text }
  const spoken = match[1]!.toLowerCase()
  const count = NUMBER_WORDS[spoken] ?? Number(spoken)
  if (count > MOST_ROOMS || (!halves && !Number.isInteger(count))) return { text }
  return { text: tidy(`${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`), count }
}

/** The text read as a place followed by its state ("Austin, TX", "austin texas", "New York"), if it ends in one. */
export function placeWithState(text: string): PlaceWithState | undefined {
  const trimmed = text.replace(/\.+$/, '').trim()
  const lower = trimmed.toLowerCase()
  const before = (length: number) => trimmed.slice(0, trimmed.length - length)
  const endsAfterBreak = (length: number) => length === trimmed.length || /[\s,]$/.test(before(length))
  for (const { code, name } of STATE_NAMES) {
    if (lower.endsWith(name) && endsAfterBreak(name.length)) return { place: tidy(before(name.length)), state: code, isCertain: true }
  }
  const code = /(?:^|[\s,])([a-z]{2}|[a-z]\.[a-z])$/i.exec(trimmed)?.[1]
  const key = code?.replace('.', '').toUpperCase()
  if (!code || !key || !(key in US_STATE_NAMES)) return undefined
  const place = before(code.length)
  return { place: tidy(place), state: key, isCertain: code === key || /,\s*$/.test(place) || code.includes('.') }
}

/** Reads the rooms, words and place of what was typed into the search box. */
export function readSearchPhrase(q: string | undefined): SearchPhrase {
  const beds = takeRooms(tidy(q ?? ''), BEDROOMS, false)
  const baths = takeRooms(beds.text, BATHROOMS, true)
  const text = baths.text
  const joined = PLACE_JOINER.exec(text)
  const words = joined ? tidy(joined[1] ?? '') : ''
  const place = joined ? tidy(joined[2]!) : text
  const withState = placeWithState(place)
  return {
    text,
    words,
    place,
    ...(withState ? { withState } : {}),
    ...(beds.count !== undefined ? { beds: beds.count } : {}),
    ...(baths.count !== undefined ? { baths: baths.count } : {}),
  }
}
