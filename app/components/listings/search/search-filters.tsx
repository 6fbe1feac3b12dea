// The filters of /properties: plain GET form fields named as the search schema names them, so
// the form works without JavaScript and the URL is the search.
import type { ReactNode } from 'react'
import type { FieldErrors } from '#common/forms.ts'
import { AMENITIES, LISTING_TYPE_LABELS, LISTING_TYPES } from '#common/listings/vocabulary.ts'
import { BOUNDS_KEYS } from './search-url.ts'

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'largest', label: 'Largest' },
] as const

const BEDS = ['1', '2', '3', '4', '5']
const BATHS = ['1', '1.5', '2', '3']

export const fieldId = (name: string) => `filter-${name}`
const errorId = (name: string) => `filter-${name}-error`

function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  const message = errors[name]?.[0]
  if (!message) return null
  return (
    <p id={errorId(name)} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  )
}

const invalidProps = (name: string, errors: FieldErrors) =>
  errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {}

const inputClass = 'mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink aria-invalid:border-red-700'
const labelClass = 'block text-sm font-semibold text-ink'

function Select({
  name,
  label,
  value,
  errors,
  children,
}: {
  name: string
  label: string
  value: string
  errors: FieldErrors
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
      </label>
      <select id={fieldId(name)} name={name} defaultValue={value} className={inputClass} {...invalidProps(name, errors)}>
        {children}
      </select>
      <FieldError name={name} errors={errors} />
    </div>
  )
}

function Checkboxes({
  name,
  legend,
  options,
  checked,
  errors,
}: {
  name: string
  legend: string
  options: readonly { value: string; label: string }[]
  checked: string[]
  errors: FieldErrors
}) {
  return (
    <fieldset {...(errors[name] ? { 'aria-describedby': errorId(name) } : {})}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 py-1 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError name={name} errors={errors} />
    </fieldset>
  )
}

/** Every value of a parameter, commas split as the schema splits them. */
const allOf = (params: URLSearchParams, name: string) => params.getAll(name).flatMap((value) => value.split(',').map((v) => v.trim()))

export function SearchFilters({ params, errors }: { params: URLSearchParams; errors: FieldErrors }) {
  const value = (name: string) => params.get(name) ?? ''
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className={labelClass}>Monthly cost, all-in (whole dollars)</legend>
        <div className="mt-1 grid grid-cols-2 gap-3">
          {(['minPrice', 'maxPrice'] as const).map((name) => (
            <div key={name}>
              <label htmlFor={fieldId(name)} className="block text-sm text-ink-soft">
                {name === 'minPrice' ? 'Minimum' : 'Maximum'}
              </label>
              <input
                id={fieldId(name)}
                type="number"
                name={name}
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={value(name)}
                placeholder={name === 'minPrice' ? 'No min' : 'No max'}
                className={inputClass}
                {...invalidProps(name, errors)}
              />
              <FieldError name={name} errors={errors} />
            </div>
          ))}
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-3">
        <Select name="beds" label="Bedrooms" value={value('beds')} errors={errors}>
          <option value="">Any</option>
          {BEDS.map((n) => (
            <option key={n} value={n}>{`${n}+`}</option>
          ))}
        </Select>
        <Select name="baths" label="Bathrooms" value={value('baths')} errors={errors}>
          <option value="">Any</option>
          {BATHS.map((n) => (
            <option key={n} value={n}>{`${n}+`}</option>
          ))}
        </Select>
      </div>

      <Select name="offer" label="Lease or short stay" value={value('offer')} errors={errors}>
        <option value="">Either</option>
        <option value="lease">Lease</option>
        <option value="short-term">Short-term stay</option>
      </Select>

      <Checkboxes
        name="type"
        legend="Type of home"
        options={LISTING_TYPES.map((type) => ({ value: type, label: LISTING_TYPE_LABELS[type] }))}
        checked={allOf(params, 'type')}
        errors={errors}
      />

      <Checkboxes
        name="pets"
        legend="Pets allowed"
        options={[
          { value: 'cats', label: 'Cats' },
          { value: 'dogs', label: 'Dogs' },
        ]}
        checked={allOf(params, 'pets')}
        errors={errors}
      />

      <div>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            name="furnished"
            value="true"
            defaultChecked={['true', '1', 'yes', 'on'].includes(value('furnished'))}
            className="size-4 accent-brand-700"
            {...invalidProps('furnished', errors)}
          />
          Furnished only
        </label>
        <FieldError name="furnished" errors={errors} />
      </div>

      <Checkboxes name="amenities" legend="Amenities" options={AMENITIES} checked={allOf(params, 'amenities')} errors={errors} />

      <div>
        <label htmlFor={fieldId('availableBy')} className={labelClass}>
          Available by
        </label>
        <input
          id={fieldId('availableBy')}
          type="date"
          name="availableBy"
          defaultValue={value('availableBy')}
          className={inputClass}
          {...invalidProps('availableBy', errors)}
        />
        <FieldError name="availableBy" errors={errors} />
      </div>

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
      <FieldError name="sort" errors={errors} />
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
