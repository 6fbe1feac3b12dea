// The text search for homes (city, neighborhood or ZIP), on the home page's hero and at the top of
// /properties. It renders inside the caller's GET form, so it submits `q` with the other fields. As
// someone types, it suggests places with homes (GET /api/places), following the WAI-ARIA combobox
// pattern: arrows move through the suggestions, Enter or a click chooses one and searches, Escape
// closes them. Without JavaScript it is a plain search field.
import { useEffect, useRef, useState, type ChangeEventHandler, type KeyboardEvent } from 'react'
import { SearchIcon } from '#app/components/icons.tsx'
import type { PlaceSuggestion } from '#common/listings/types.ts'

export const MAX_QUERY_LENGTH = 200

/** How long typing pauses before places are looked up, and how much must be typed first. */
const LOOKUP_DELAY_MS = 150
const LOOKUP_MIN_LENGTH = 2

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

const homesText = (homes: number) => `${homes.toLocaleString('en-US')} ${homes === 1 ? 'home' : 'homes'}`

/** Places suggested for the text being typed: looked up after a pause, the last lookup winning. */
function usePlaceSuggestions() {
  const [places, setPlaces] = useState<PlaceSuggestion[]>([])
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const lookup = useRef<AbortController>(undefined)

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      lookup.current?.abort()
    },
    [],
  )

  function lookUp(text: string, onFound: (places: PlaceSuggestion[]) => void) {
    clearTimeout(timer.current)
    lookup.current?.abort()
    if (text.trim().length < LOOKUP_MIN_LENGTH) {
      setPlaces([])
      onFound([])
      return
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController()
      lookup.current = controller
      fetch(`/api/places?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ places: PlaceSuggestion[] }>) : { places: [] }))
        .then(({ places: found }) => {
          setPlaces(found)
          onFound(found)
        })
        // Aborted by newer typing, or offline: no suggestions, the search still works.
        .catch(() => undefined)
    }, LOOKUP_DELAY_MS)
  }

  return { places, lookUp }
}

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
  const inputRef = useRef<HTMLInputElement>(null)
  const { places, lookUp } = usePlaceSuggestions()
  const [isOpen, setIsOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listId = `${id}-places`
  const optionId = (index: number) => `${id}-place-${index}`
  const isShown = isOpen && places.length > 0

  function close() {
    setIsOpen(false)
    setActive(-1)
  }

  function choose(place: PlaceSuggestion) {
    const input = inputRef.current
    if (!input) return
    input.value = place.value
    close()
    input.form?.requestSubmit()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = places.length
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault()
      setIsOpen(true)
      setActive(isShown ? (active + 1) % count : 0)
    } else if (event.key === 'ArrowUp' && isShown) {
      event.preventDefault()
      setActive(active <= 0 ? count - 1 : active - 1)
    } else if (event.key === 'Enter' && isShown && active >= 0) {
      event.preventDefault()
      choose(places[active]!)
    } else if (event.key === 'Escape' && isShown) {
      // Closes the suggestions only; a second Escape clears the field as usual.
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      close()
    }
  }

  return (
    <div>
      <label htmlFor={id} className={`block text-sm font-semibold ${style.label}`}>
        Where do you want to live?
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-soft" />
          <input
            ref={inputRef}
            id={id}
            // A text field, not type=search: ARIA 1.2's combobox is an input of type text (a search field
            // may not take the combobox role or aria-expanded in HTML); the phone keyboard still offers Search.
            type="text"
            enterKeyHint="search"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={isShown}
            aria-controls={listId}
            aria-activedescendant={isShown && active >= 0 ? optionId(active) : undefined}
            defaultValue={defaultValue}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            placeholder="City, neighborhood or ZIP code"
            aria-describedby={describedBy}
            onChange={(event) => {
              onChange?.(event)
              const input = event.currentTarget
              lookUp(input.value, (found) => {
                setActive(-1)
                setIsOpen(found.length > 0 && document.activeElement === input)
              })
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
            className={`w-full rounded-lg bg-white pr-4 pl-11 text-base text-ink placeholder:text-gray-600 ${style.input}`}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggested places"
            hidden={!isShown}
            className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-auto rounded-lg border border-gray-300 bg-white py-1 text-left shadow-lg"
          >
            {places.map((place, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the field's: it moves through the options (aria-activedescendant)
              <li
                key={`${place.kind}:${place.value}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the field, so the click lands before the list closes.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 text-ink ${index === active ? 'bg-brand-50' : 'hover:bg-gray-50'}`}
              >
                <span>
                  <span className="font-semibold">{place.label}</span> <span className="text-sm text-ink-soft">{place.detail}</span>
                </span>
                <span className="shrink-0 text-sm text-ink-soft">{homesText(place.homes)}</span>
              </li>
            ))}
          </ul>
          <p role="status" className="sr-only">
            {isShown ? `${places.length} ${places.length === 1 ? 'place' : 'places'} suggested; use the up and down arrows to choose.` : ''}
          </p>
        </div>
        <button type="submit" className={`rounded-lg px-6 text-base font-semibold shadow-sm ${style.button}`}>
          Search homes
        </button>
      </div>
    </div>
  )
}
