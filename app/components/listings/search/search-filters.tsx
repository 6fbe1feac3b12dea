// The filters of /properties: plain GET form fields named as the search schema names them, so
// the form works without JavaScript and the URL is the search.
import type { FieldErrors } from '#common/forms.ts'
import { AMENITIES, LISTING_TYPE_LABELS, LISTING_TYPES } from '#common/listings/vocabulary.ts'
import {
  CheckboxList,
  CompactCheckbox,
  CompactFieldError,
  CompactFieldset,
  CompactSelect,
  CompactTextField,
} from '#app/components/ui/compact-fields.tsx'
import { BOUNDS_KEYS } from './search-url.ts'

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'largest', label: 'Largest' },
] as const

const BEDS = ['1', '2', '3', '4', '5']
const BATHS = ['1', '1.5', '2', '3']
const GUESTS = ['1', '2', '3', '4', '5', '6', '8', '10']

export const fieldId = (name: string) => `filter-${name}`
const errorId = (name: string) => `filter-${name}-error`

const invalidProps = (name: string, errors: FieldErrors) =>
  errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {}

/** Every value of a parameter, commas split as the schema splits them. */
const allOf = (params: URLSearchParams, name: string) => params.getAll(name).flatMap((value) => value.split(',').map((v) => v.trim()))

export function SearchFilters({ params, errors }: { params: URLSearchParams; errors: FieldErrors }) {
  const value = (name: string) => params.get(name) ?? ''
  return (
    <div className="space-y-5">
      <CompactFieldset id={fieldId('price')} legend="Monthly cost, all-in (whole dollars)">
        <div className="mt-1 grid grid-cols-2 gap-3">
          {(['minPrice', 'maxPrice'] as const).map((name) => (
            <CompactTextField
              key={name}
              quietLabel
              id={fieldId(name)}
              label={name === 'minPrice' ? 'Minimum' : 'Maximum'}
              type="number"
              name={name}
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={value(name)}
              placeholder={name === 'minPrice' ? 'No min' : 'No max'}
              error={errors[name]}
            />
          ))}
        </div>
      </CompactFieldset>

      <div className="grid grid-cols-2 gap-3">
        <CompactSelect id={fieldId('beds')} name="beds" label="Bedrooms" defaultValue={value('beds')} error={errors.beds}>
          <option value="">Any</option>
          {BEDS.map((n) => (
            <option key={n} value={n}>{`${n}+`}</option>
          ))}
        </CompactSelect>
        <CompactSelect id={fieldId('baths')} name="baths" label="Bathrooms" defaultValue={value('baths')} error={errors.baths}>
          <option value="">Any</option>
          {BATHS.map((n) => (
            <option key={n} value={n}>{`${n}+`}</option>
          ))}
        </CompactSelect>
      </div>

      <CompactSelect id={fieldId('offer')} name="offer" label="Lease or short stay" defaultValue={value('offer')} error={errors.offer}>
        <option value="">Either</option>
        <option value="lease">Lease</option>
        <option value="short-term">Short-term stay</option>
      </CompactSelect>

      <CompactFieldset id={fieldId('stay')} legend="Short stay dates (short-term homes only)">
        <div className="mt-1 grid grid-cols-1 gap-3">
          {(['checkIn', 'checkOut'] as const).map((name) => (
            <CompactTextField
              key={name}
              quietLabel
              id={fieldId(name)}
              label={name === 'checkIn' ? 'Check-in' : 'Check-out'}
              type="date"
              name={name}
              defaultValue={value(name)}
              error={errors[name]}
            />
          ))}
        </div>
        <div className="mt-3">
          <CompactSelect id={fieldId('guests')} name="guests" label="Guests" defaultValue={value('guests')} error={errors.guests}>
            <option value="">Any</option>
            {GUESTS.map((n) => (
              <option key={n} value={n}>
                {n === '1' ? '1 guest' : `${n} guests`}
              </option>
            ))}
          </CompactSelect>
        </div>
      </CompactFieldset>

      <CheckboxList
        id={fieldId('type')}
        name="type"
        legend="Type of home"
        options={LISTING_TYPES.map((type) => ({ value: type, label: LISTING_TYPE_LABELS[type] }))}
        defaultChecked={allOf(params, 'type')}
        error={errors.type}
      />

      <CheckboxList
        id={fieldId('pets')}
        name="pets"
        legend="Pets allowed"
        options={[
          { value: 'cats', label: 'Cats' },
          { value: 'dogs', label: 'Dogs' },
        ]}
        defaultChecked={allOf(params, 'pets')}
        error={errors.pets}
      />

      <CompactCheckbox
        id={fieldId('furnished')}
        name="furnished"
        value="true"
        label="Furnished only"
        defaultChecked={['true', '1', 'yes', 'on'].includes(value('furnished'))}
        error={errors.furnished}
      />

      <CheckboxList
        id={fieldId('amenities')}
        name="amenities"
        legend="Amenities"
        options={AMENITIES}
        defaultChecked={allOf(params, 'amenities')}
        error={errors.amenities}
      />

      <CompactTextField
        id={fieldId('availableBy')}
        label="Available by"
        type="date"
        name="availableBy"
        defaultValue={value('availableBy')}
        error={errors.availableBy}
      />

      {/* The map area and the view travel with every change of filter. */}
      {BOUNDS_KEYS.map((key) => (params.get(key) ? <input key={key} type="hidden" name={key} value={value(key)} /> : null))}
      {params.get('view') === 'map' ? <input type="hidden" name="view" value="map" /> : null}
    </div>
  )
}

export function SortSelect({
  form,
  value,
  errors,
  onChange,
}: {
  /** The id of the search form: the select sits beside the results but submits with the filters. */
  form: string
  value: string
  errors: FieldErrors
  onChange(): void
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={fieldId('sort')} className="text-sm font-semibold whitespace-nowrap text-ink">
        Sort by
      </label>
      <select
        id={fieldId('sort')}
        name="sort"
        form={form}
        defaultValue={value}
        onChange={onChange}
        className="rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink"
        {...invalidProps('sort', errors)}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <CompactFieldError id={errorId('sort')} message={errors.sort?.[0]} />
    </div>
  )
}

/** Puts the URL's values into the form's fields, all but `skip` (the one being typed in). */
export function fillForm(form: HTMLFormElement, params: URLSearchParams, skip: Element | null = null) {
  for (const element of Array.from(form.elements)) {
    if (element === skip) continue
    if (element instanceof HTMLInputElement) {
      if (!element.name || element.type === 'hidden' || element.type === 'submit') continue
      if (element.type === 'checkbox') element.checked = allOf(params, element.name).includes(element.value)
      else element.value = params.get(element.name) ?? ''
    } else if (element instanceof HTMLSelectElement && element.name) {
      element.value = params.get(element.name) ?? (element.name === 'sort' ? 'newest' : '')
    }
  }
}
