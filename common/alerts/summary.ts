// A saved search in words: one short phrase per filter (the pages' chips) and a readable name made
// of them ("2+ bedrooms in Austin, TX under $2,000"), the default name of a search saved unnamed.
import { AMENITIES, LISTING_TYPE_LABELS, type ListingType } from '#common/listings/vocabulary.ts'
import { MAX_SAVED_SEARCH_NAME } from './limits.ts'

/** One filter of a saved search, in words. */
export type FilterWord = { key: string; label: string }

const dollars = (value: string) => `$${Number(value).toLocaleString('en-US')}`
const AMENITY_LABELS: Record<string, string> = Object.fromEntries(AMENITIES.map((a) => [a.value, a.label]))
const PET_LABELS: Record<string, string> = { cats: 'cats allowed', dogs: 'dogs allowed' }
const plural = (n: string, one: string, many: string) => `${n}+ ${n === '1' ? one : many}`

/** A day `YYYY-MM-DD` as "Jan 5". */
function dayMonth(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime())) return date
  return parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** The values of a list parameter, given repeated or comma-separated. */
const valuesOf = (params: URLSearchParams, key: string) =>
  params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)

/**
 * The filters of a saved query in words, in the order of the search form: the place (as the search
 * read it, else the text typed), price, rooms, offer, dates, types, pets, furnished, amenities, the
 * move-in date, the map area.
 */
export function searchWordsOf(query: string, place: string | null): FilterWord[] {
  const params = new URLSearchParams(query)
  const words: FilterWord[] = []
  const get = (key: string) => params.get(key)?.trim() || undefined
  const q = get('q')
  if (q) words.push({ key: 'q', label: place ?? `“${q}”` })
  const [min, max] = [get('minPrice'), get('maxPrice')]
  if (min && max) words.push({ key: 'price', label: `${dollars(min)} – ${dollars(max)}` })
  else if (min) words.push({ key: 'price', label: `from ${dollars(min)}` })
  else if (max) words.push({ key: 'price', label: `under ${dollars(max)}` })
  const beds = get('beds')
  if (beds) words.push({ key: 'beds', label: beds === '0' ? 'studios and up' : plural(beds, 'bedroom', 'bedrooms') })
  const baths = get('baths')
  if (baths) words.push({ key: 'baths', label: plural(baths, 'bathroom', 'bathrooms') })
  const offer = get('offer')
  if (offer) words.push({ key: 'offer', label: offer === 'short-term' ? 'short stays' : 'to lease' })
  const [checkIn, checkOut] = [get('checkIn'), get('checkOut')]
  if (checkIn && checkOut) words.push({ key: 'dates', label: `${dayMonth(checkIn)} – ${dayMonth(checkOut)}` })
  const guests = get('guests')
  if (guests) words.push({ key: 'guests', label: guests === '1' ? '1 guest' : `${guests} guests` })
  for (const type of valuesOf(params, 'type')) words.push({ key: `type:${type}`, label: LISTING_TYPE_LABELS[type as ListingType] ?? type })
  for (const pet of valuesOf(params, 'pets')) words.push({ key: `pets:${pet}`, label: PET_LABELS[pet] ?? pet })
  const furnished = get('furnished')
  if (furnished) words.push({ key: 'furnished', label: ['false', '0', 'no', 'off'].includes(furnished) ? 'unfurnished' : 'furnished' })
  for (const amenity of valuesOf(params, 'amenities')) words.push({ key: `amenity:${amenity}`, label: AMENITY_LABELS[amenity] ?? amenity })
  const availableBy = get('availableBy')
  if (availableBy) words.push({ key: 'availableBy', label: `available by ${dayMonth(availableBy)}` })
  if (['south', 'west', 'north', 'east'].some((key) => get(key))) words.push({ key: 'map', label: 'in the map area' })
  return words
}

/**
 * A readable name of the search: its rooms, "in" its place, its price, then the rest
 * ("2+ bedrooms in Austin, TX under $2,000"); "All homes" for a search of everything.
 */
export function searchNameOf(query: string, place: string | null): string {
  const words = searchWordsOf(query, place)
  const label = (key: string) => words.find((word) => word.key === key)?.label
  const [beds, where, price] = [label('beds'), label('q'), label('price')]
  const rest = words.filter((word) => !['beds', 'q', 'price'].includes(word.key)).map((word) => word.label)
  const head = [beds ?? 'Homes', where ? `in ${where}` : null, price].filter(Boolean).join(' ')
  const name = [head, ...rest].join(', ')
  const text = words.length === 0 ? 'All homes' : name.charAt(0).toUpperCase() + name.slice(1)
  return text.length <= MAX_SAVED_SEARCH_NAME ? text : `${text.slice(0, MAX_SAVED_SEARCH_NAME - 1).trimEnd()}…`
}
