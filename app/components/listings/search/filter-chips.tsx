// The active filters of a search as removable chips above the results ("2+ beds ×", "Cats allowed ×",
// the place typed), each a link to the same search without it, and "Clear all". Links, so they work
// without JavaScript and each removal is a step the back button undoes.
import { Link } from 'react-router'
import { AMENITIES, LISTING_TYPE_LABELS, type ListingType } from '#common/listings/vocabulary.ts'
import { formatDate, formatDayMonth } from '#app/utils/format.ts'
import { BOUNDS_KEYS, PROPERTIES_PATH, withoutEmpty } from './search-url.ts'

export type FilterChip = { label: string; href: string }

const dollars = (value: string) => `$${Number(value).toLocaleString('en-US')}`
const AMENITY_LABELS: Record<string, string> = Object.fromEntries(AMENITIES.map((a) => [a.value, a.label]))
const OFFER_LABELS: Record<string, string> = { lease: 'Lease', 'short-term': 'Short-term stay' }
const PET_LABELS: Record<string, string> = { cats: 'Cats allowed', dogs: 'Dogs allowed' }

/** The values of a list parameter, given repeated or comma-separated (type=house,condo). */
const valuesOf = (params: URLSearchParams, key: string) =>
  params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)

function hrefWithout(params: URLSearchParams, change: (next: URLSearchParams) => void): string {
  const next = withoutEmpty(params)
  next.delete('cursor')
  change(next)
  const search = next.toString()
  return search ? `${PROPERTIES_PATH}?${search}` : PROPERTIES_PATH
}

/**
 * The chips of a search's URL, in the order of the form: the text (named as the place it was read as,
 * when it was), the price, rooms, offer, a stay's dates and guests, types, pets, furnished, amenities, the move-in date, the map area.
 */
export function filterChips(params: URLSearchParams, place: string | null): FilterChip[] {
  const chips: FilterChip[] = []
  const single = (key: string, label: (value: string) => string) => {
    const value = params.get(key)?.trim()
    if (value) chips.push({ label: label(value), href: hrefWithout(params, (next) => next.delete(key)) })
  }
  const each = (key: string, label: (value: string) => string) => {
    const values = valuesOf(params, key)
    for (const value of values) {
      const href = hrefWithout(params, (next) => {
        next.delete(key)
        for (const other of values) if (other !== value) next.append(key, other)
      })
      chips.push({ label: label(value), href })
    }
  }

  single('q', (q) => place ?? `“${q}”`)
  const min = params.get('minPrice')?.trim()
  const max = params.get('maxPrice')?.trim()
  if (min || max) {
    const label = min && max ? `${dollars(min)} – ${dollars(max)}` : min ? `From ${dollars(min)}` : `Up to ${dollars(max!)}`
    chips.push({ label, href: hrefWithout(params, (next) => ['minPrice', 'maxPrice'].forEach((key) => next.delete(key))) })
  }
  single('beds', (beds) => `${beds}+ ${beds === '1' ? 'bed' : 'beds'}`)
  single('baths', (baths) => `${baths}+ ${baths === '1' ? 'bath' : 'baths'}`)
  single('offer', (offer) => OFFER_LABELS[offer] ?? offer)
  // The dates go together: removing them removes the guests too (guests alone are no search).
  const checkIn = params.get('checkIn')?.trim()
  const checkOut = params.get('checkOut')?.trim()
  if (checkIn || checkOut) {
    const label = checkIn && checkOut ? `${formatDayMonth(checkIn)} – ${formatDayMonth(checkOut)}` : formatDayMonth((checkIn ?? checkOut)!)
    chips.push({ label, href: hrefWithout(params, (next) => ['checkIn', 'checkOut', 'guests'].forEach((key) => next.delete(key))) })
  }
  single('guests', (guests) => (guests === '1' ? '1 guest' : `${guests} guests`))
  each('type', (type) => LISTING_TYPE_LABELS[type as ListingType] ?? type)
  each('pets', (pet) => PET_LABELS[pet] ?? pet)
  single('furnished', (furnished) => (['false', '0', 'no', 'off'].includes(furnished) ? 'Unfurnished' : 'Furnished'))
  each('amenities', (amenity) => AMENITY_LABELS[amenity] ?? amenity)
  single('availableBy', (date) => `Available by ${formatDate(date)}`)
  if (BOUNDS_KEYS.some((key) => params.get(key)?.trim())) {
    chips.push({ label: 'Map area', href: hrefWithout(params, (next) => BOUNDS_KEYS.forEach((key) => next.delete(key))) })
  }
  return chips
}

/** The search with no text and no filters: only its sort and view kept. */
export function clearAllHref(params: URLSearchParams): string {
  return hrefWithout(params, (next) => {
    for (const key of [...next.keys()]) if (key !== 'sort' && key !== 'view') next.delete(key)
  })
}

export function FilterChips({ params, place }: { params: URLSearchParams; place: string | null }) {
  const chips = filterChips(params, place)
  if (chips.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Active filters">
        {chips.map((chip) => (
          <li key={`${chip.label}:${chip.href}`}>
            <Link
              to={chip.href}
              preventScrollReset
              aria-label={`Remove ${chip.label}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-700 bg-brand-50 py-1 pr-2 pl-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
            >
              {chip.label}
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={clearAllHref(params)} preventScrollReset className="px-2 py-1 text-sm font-semibold text-brand-700 underline">
        Clear all
      </Link>
    </div>
  )
}
