// Repeat-rent pairs for the Cooper Index: the asking rents of one unit, observed at two times, as one
// log change. Pure functions over arrays; the method and the dropping rules are in docs/cooper-index-method.md.

/** One asking rent of one unit. `month` counts months since January 2000 (0 = 2000-01). */
export type RentObservation = {
  unitKey: string
  month: number
  rentCents: number
  type: string
  bedrooms: number
  sizeSqft: number | null
}

/** Two consecutive observations of one unit: `logChange` = ln(rent at `to`) − ln(rent at `from`). */
export type RentPair = { unitKey: string; from: number; to: number; logChange: number }

/** What was left out, and why: observations for `invalid` and `sameMonth`, pairs for the rest. */
export type PairDrops = {
  invalid: number
  sameMonth: number
  typeChanged: number
  bedroomsChanged: number
  sizeChanged: number
  outlier: number
}

/** A pair whose rent changed by more than this in log terms (about −50 % or +101 %) is taken for an error. */
export const MAX_ABS_LOG_CHANGE = 0.7

/** A size that moved by more than this fraction means the home itself changed (a remeasure within it does not). */
export const SIZE_TOLERANCE = 0.05

/**
 * Consecutive pairs of each unit's observations, in unit order and then month order, so a unit's pairs are
 * adjacent. Within one month only the last observation in input order counts: pass observations in time order.
 */
export function buildPairs(observations: readonly RentObservation[]): { pairs: RentPair[]; dropped: PairDrops } {
  const dropped: PairDrops = { invalid: 0, sameMonth: 0, typeChanged: 0, bedroomsChanged: 0, sizeChanged: 0, outlier: 0 }
  const byUnit = new Map<string, RentObservation[]>()
  for (const observation of observations) {
    if (!isValid(observation)) {
      dropped.invalid++
      continue
    }
    const list = byUnit.get(observation.unitKey)
    if (list) list.push(observation)
    else byUnit.set(observation.unitKey, [observation])
  }

  const pairs: RentPair[] = []
  for (const [unitKey, list] of byUnit) {
    // Array.prototype.sort is stable, so equal months keep their input order and the last one wins.
    list.sort((a, b) => a.month - b.month)
    let previous: RentObservation | undefined
    for (let i = 0; i < list.length; i++) {
      const current = list[i]!
      const next = list[i + 1]
      if (next && next.month === current.month) {
        dropped.sameMonth++
        continue
      }
      if (previous) {
        const reason = changeBetween(previous, current)
        if (reason) dropped[reason]++
        else {
          const logChange = Math.log(current.rentCents / previous.rentCents)
          if (Math.abs(logChange) > MAX_ABS_LOG_CHANGE) dropped.outlier++
          else pairs.push({ unitKey, from: previous.month, to: current.month, logChange })
        }
      }
      previous = current
    }
  }
  return { pairs, dropped }
}

function isValid(observation: RentObservation): boolean {
  return (
    observation.unitKey !== '' &&
    Number.isInteger(observation.month) &&
    Number.isFinite(observation.rentCents) &&
    observation.rentCents > 0 &&
    (observation.sizeSqft === null || (Number.isFinite(observation.sizeSqft) && observation.sizeSqft > 0))
  )
}

/** Why two observations of one unit do not describe the same home, or null when they do. */
function changeBetween(a: RentObservation, b: RentObservation): 'typeChanged' | 'bedroomsChanged' | 'sizeChanged' | null {
  if (a.type !== b.type) return 'typeChanged'
  if (a.bedrooms !== b.bedrooms) return 'bedroomsChanged'
  // A size known only on one side is not a change: many listings omit it.
  if (a.sizeSqft !== null && b.sizeSqft !== null && Math.abs(b.sizeSqft - a.sizeSqft) > SIZE_TOLERANCE * a.sizeSqft) return 'sizeChanged'
  return null
}

/** Pairs as parallel typed arrays for the estimator; units get dense integer ids in order of first appearance. */
export type PairArrays = { from: Int32Array; to: Int32Array; logChange: Float64Array; unit: Int32Array }

export function pairArraysOf(pairs: readonly RentPair[]): PairArrays {
  const n = pairs.length
  const arrays: PairArrays = { from: new Int32Array(n), to: new Int32Array(n), logChange: new Float64Array(n), unit: new Int32Array(n) }
  const unitIds = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const pair = pairs[i]!
    let id = unitIds.get(pair.unitKey)
    if (id === undefined) {
      id = unitIds.size
      unitIds.set(pair.unitKey, id)
    }
    arrays.from[i] = pair.from
    arrays.to[i] = pair.to
    arrays.logChange[i] = pair.logChange
    arrays.unit[i] = id
  }
  return arrays
}

export type UnitAddress = { street: string; unit?: string | null; city: string; state: string; zip: string }

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  str: 'st',
  avenue: 'ave',
  av: 'ave',
  avn: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  blv: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  square: 'sq',
  trail: 'trl',
  way: 'way',
  alley: 'aly',
  expressway: 'expy',
  freeway: 'fwy',
  heights: 'hts',
  point: 'pt',
  mount: 'mt',
  fort: 'ft',
  saint: 'st',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
}

/** Words that introduce a unit number, within the street line or the unit field. */
const UNIT_WORDS = new Set(['apartment', 'apt', 'unit', 'suite', 'ste', 'no', 'number', 'num', 'flat', 'rm', 'room', '#'])

const ASCII = /^[\x00-\x7f]*$/

/** Lower-case runs of letters and digits, and each '#' as a word of its own; accents are dropped. */
function wordsOf(text: string): string[] {
  if (ASCII.test(text)) return asciiWordsOf(text.toLowerCase())
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '')
}

/** wordsOf for lower-case ASCII text (which NFKD leaves as it is), in one pass. */
function asciiWordsOf(text: string): string[] {
  const words: string[] = []
  let start = -1
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32
    const isWordCharacter = (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
    if (isWordCharacter) {
      if (start < 0) start = i
      continue
    }
    if (start >= 0) {
      words.push(text.slice(start, i))
      start = -1
    }
    if (code === 35) words.push('#')
  }
  return words
}

/** City and state lines repeat across many listings: their normalised form is kept (a bounded cache). */
const placeWords = new Map<string, string>()

function placeOf(city: string, state: string): string {
  const raw = `${city}\u0000${state}`
  let place = placeWords.get(raw)
  if (place === undefined) {
    const cityWords = wordsOf(city)
      .map((word) => STREET_WORDS[word] ?? word)
      .join(' ')
    place = `${cityWords}|${wordsOf(state).join('')}`
    if (placeWords.size >= 10_000) placeWords.clear()
    placeWords.set(raw, place)
  }
  return place
}

function unitNumberOf(words: string[]): string {
  let number = ''
  for (const word of words) if (!UNIT_WORDS.has(word)) number += word
  return number
}

/**
 * One key per unit: the same home written as "12 Main Street, Apt. 4B" or "12 main st #4-b" gets the same key.
 * A unit number written into the street line is taken from there when the unit field is empty.
 */
export function unitKeyOf(address: UnitAddress): string {
  let streetWords = wordsOf(address.street)
  let unitWords = wordsOf(address.unit ?? '')
  const unitStart = streetWords.findIndex((word, i) => i > 0 && UNIT_WORDS.has(word) && word !== 'no')
  if (unitStart > 0) {
    if (unitWords.length === 0) unitWords = streetWords.slice(unitStart)
    streetWords = streetWords.slice(0, unitStart)
  }
  let street = ''
  for (let i = 0; i < streetWords.length; i++) street += (i > 0 ? ' ' : '') + (STREET_WORDS[streetWords[i]!] ?? streetWords[i]!)
  const zip = address.zip.replace(/\D/g, '').slice(0, 5)
  return `${street}|${unitNumberOf(unitWords)}|${placeOf(address.city, address.state)}|${zip}`
}
