// The text search for homes (city, neighbourhood or ZIP), on the home page's hero and at the top of
// /properties. It renders inside the caller's GET form, so it submits `q` with the other fields.
import type { ChangeEventHandler } from 'react'
import { SearchIcon } from '#app/components/icons.tsx'

export const MAX_QUERY_LENGTH = 200

const tones = {
  hero: {
    label: 'text-white',
    input: 'border-0 py-3.5 shadow-sm',
    button: 'bg-sun-300 py-3.5 text-ink hover:bg-sun-100',
  },
  page: {
    label: 'text-ink',
    input: 'border border-gray-400 py-3',
    button: 'bg-brand-600 py-3 text-white hover:bg-brand-700',
  },
} as const

export function SearchBox({
  id,
  defaultValue,
  tone = 'page',
  onChange,
  describedBy,
}: {
  id: string
  defaultValue?: string
  /** `hero` on the dark home banner, `page` on light backgrounds. */
  tone?: keyof typeof tones
  onChange?: ChangeEventHandler<HTMLInputElement>
  describedBy?: string
}) {
  const style = tones[tone]
  return (
    <div>
      <label htmlFor={id} className={`block text-sm font-semibold ${style.label}`}>
        Where do you want to live?
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-soft" />
          <input
            id={id}
            type="search"
            name="q"
            defaultValue={defaultValue}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            placeholder="City, neighborhood or ZIP code"
            aria-describedby={describedBy}
            onChange={onChange}
            className={`w-full rounded-lg bg-white pr-4 pl-11 text-base text-ink placeholder:text-gray-600 ${style.input}`}
          />
        </div>
        <button type="submit" className={`rounded-lg px-6 text-base font-semibold shadow-sm ${style.button}`}>
          Search homes
        </button>
      </div>
    </div>
  )
}
