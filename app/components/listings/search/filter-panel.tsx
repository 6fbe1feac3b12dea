// The search's filters. On a wide screen, a panel beside the results. On a phone, behind a "Filters"
// button that opens them as a sheet over the page (a modal dialog: focus moves in and stays, Escape
// closes it), whose button says how many homes the filters find, updated as they change ("Show 57
// homes"), and closes it onto the results. Without JavaScript the filters are inline and submit.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import type { FieldErrors } from '#common/forms.ts'
import { SearchFilters } from './search-filters.tsx'
import { clearFiltersHref, countFilters, hasFilters } from './search-url.ts'

/** Closed; open in the page (to show the URL's errors beside their fields); or open as a sheet. */
type Openness = 'closed' | 'inline' | 'sheet'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])'

export function FilterPanel({
  params,
  errors,
  isHydrated,
  hasErrors,
  countText,
}: {
  params: URLSearchParams
  errors: FieldErrors
  isHydrated: boolean
  /** The URL's filters are wrong: open in the page, beside the error summary. */
  hasErrors: boolean
  /** "57 homes": what the current filters find; null while there is no count. */
  countText: string | null
}) {
  const [openness, setOpenness] = useState<Openness>(hasErrors ? 'inline' : 'closed')
  const toggle = useRef<HTMLButtonElement>(null)
  const sheet = useRef<HTMLDivElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const isSheet = openness === 'sheet'
  const filterCount = countFilters(params)

  // As a sheet: focus moves in, the page behind does not scroll, and a wide window makes it a panel again.
  useEffect(() => {
    if (!isSheet) return
    close.current?.focus()
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'
    const wide = window.matchMedia('(min-width: 64rem)')
    const onWide = () => wide.matches && setOpenness('closed')
    wide.addEventListener('change', onWide)
    return () => {
      document.body.style.overflow = overflow
      wide.removeEventListener('change', onWide)
    }
  }, [isSheet])

  function closeSheet() {
    setOpenness('closed')
    toggle.current?.focus()
  }

  function onSheetKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!isSheet) return
    if (event.key === 'Escape') {
      event.preventDefault()
      closeSheet()
    } else if (event.key === 'Tab') {
      // Focus stays in the sheet: from its last control to its first, and back.
      const focusable = [...(sheet.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
      const first = focusable[0]
      const last = focusable.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
  }

  // Closed on a phone: hidden, before the page comes alive too wherever scripts run.
  const hiddenClass = openness !== 'closed' ? '' : isHydrated ? 'hidden lg:block' : 'max-lg:[@media(scripting:enabled)]:hidden'
  return (
    <div className="lg:row-span-2">
      {/* Rendered from the start where scripts run, so nothing moves when the page comes alive;
          without scripts the filters are simply open. */}
      <button
        ref={toggle}
        type="button"
        aria-expanded={openness !== 'closed'}
        aria-controls="search-filters"
        onClick={() => setOpenness((now) => (now === 'closed' ? 'sheet' : 'closed'))}
        className="w-full rounded-lg border border-gray-400 bg-white px-4 py-2.5 font-semibold text-ink lg:hidden [@media(scripting:none)]:hidden"
      >
        {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
      </button>
      {/* The key handler only keeps the keyboard inside the sheet; the controls are the sheet's own. */}
      <div
        ref={sheet}
        id="search-filters"
        role={isSheet ? 'dialog' : undefined}
        aria-modal={isSheet ? true : undefined}
        aria-labelledby={isSheet ? 'filters-title' : undefined}
        onKeyDown={onSheetKeyDown}
        className={`${hiddenClass} ${
          isSheet
            ? 'max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:m-0 max-lg:flex max-lg:flex-col max-lg:rounded-none max-lg:border-0'
            : 'mt-3'
        } rounded-2xl border border-gray-200 bg-white lg:mt-0`}
      >
        <div className="flex items-center justify-between gap-3 px-4 pt-4">
          <h2 id="filters-title" className="text-lg font-semibold">
            Filters
          </h2>
          {isSheet ? (
            <button
              ref={close}
              type="button"
              onClick={closeSheet}
              className="rounded-lg px-3 py-1.5 font-semibold text-brand-800 underline lg:hidden"
            >
              Close<span className="sr-only"> the filters</span>
            </button>
          ) : null}
        </div>
        <div className={`px-4 pt-4 ${isSheet ? 'max-lg:min-h-0 max-lg:flex-1 max-lg:overflow-y-auto max-lg:pb-4' : ''}`}>
          <SearchFilters params={params} errors={errors} />
        </div>
        <div className={`flex flex-wrap gap-3 p-4 ${isSheet ? 'max-lg:border-t max-lg:border-gray-200' : 'mt-2'}`}>
          <button
            type="submit"
            // The filters apply as they change; the button also closes the sheet onto the results.
            onClick={() => {
              if (isSheet) closeSheet()
            }}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 max-lg:flex-1"
          >
            {/* Without JavaScript the count would be the last search's, not the one the form will send. */}
            {isHydrated && countText ? `Show ${countText}` : 'Show homes'}
          </button>
          {hasFilters(params) ? (
            <Link to={clearFiltersHref(params)} className="rounded-lg px-4 py-2 font-semibold text-brand-700 underline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  )
}
