// The search's filters. On a wide screen showing the list alone, a panel beside the results. On a
// phone, and on a wide screen where the map stands beside the list (the results need the width), behind
// a "Filters" button that opens them as a sheet over the page (a modal dialog: focus moves in and
// stays, Escape closes it), whose button says how many homes the filters find, updated as they change
// ("Show 57 homes"), and closes it onto the results. Without JavaScript the filters are inline and submit.
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
  isSheetOnWide = false,
}: {
  params: URLSearchParams
  errors: FieldErrors
  isHydrated: boolean
  /** The URL's filters are wrong: open in the page, beside the error summary. */
  hasErrors: boolean
  /** "57 homes": what the current filters find; null while there is no count. */
  countText: string | null
  /** The map stands beside the list: on a wide screen too the filters open as a sheet, from the right. */
  isSheetOnWide?: boolean
}) {
  const [openness, setOpenness] = useState<Openness>(hasErrors ? 'inline' : 'closed')
  const toggle = useRef<HTMLButtonElement>(null)
  const sheet = useRef<HTMLDivElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const isSheet = openness === 'sheet'
  const filterCount = countFilters(params)

  // As a sheet: focus moves in, the page behind does not scroll, and a wide window makes it a panel
  // again where a wide screen has the panel.
  useEffect(() => {
    if (!isSheet) return
    close.current?.focus()
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'
    const wide = window.matchMedia('(min-width: 64rem)')
    const onWide = () => wide.matches && !isSheetOnWide && setOpenness('closed')
    wide.addEventListener('change', onWide)
    return () => {
      document.body.style.overflow = overflow
      wide.removeEventListener('change', onWide)
    }
  }, [isSheet, isSheetOnWide])

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

  // Closed behind its button: hidden, before the page comes alive too wherever scripts run.
  const hiddenClass =
    openness !== 'closed'
      ? ''
      : isSheetOnWide
        ? isHydrated
          ? 'hidden'
          : '[@media(scripting:enabled)]:hidden'
        : isHydrated
          ? 'hidden lg:block'
          : 'max-lg:[@media(scripting:enabled)]:hidden'
  // While open as a sheet: over the whole phone, or from the right of a wide screen, the side of its button.
  const sheetClasses = isSheetOnWide
    ? {
        box: 'fixed inset-y-0 right-0 z-50 m-0 flex w-full flex-col rounded-none border-0 shadow-2xl sm:max-w-md',
        fields: 'min-h-0 flex-1 overflow-y-auto pb-4',
        actions: 'border-t border-gray-200',
      }
    : {
        box: 'rounded-2xl border border-gray-200 max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:m-0 max-lg:flex max-lg:flex-col max-lg:rounded-none max-lg:border-0',
        fields: 'max-lg:min-h-0 max-lg:flex-1 max-lg:overflow-y-auto max-lg:pb-4',
        actions: 'max-lg:border-t max-lg:border-gray-200',
      }
  return (
    <div className={isSheetOnWide ? 'lg:shrink-0 [@media(scripting:none)]:lg:basis-full' : 'lg:row-span-2'}>
      {/* Rendered from the start where scripts run, so nothing moves when the page comes alive;
          without scripts the filters are simply open. */}
      <button
        ref={toggle}
        type="button"
        aria-expanded={openness !== 'closed'}
        aria-controls="search-filters"
        onClick={() => setOpenness((now) => (now === 'closed' ? 'sheet' : 'closed'))}
        className={`w-full rounded-lg border border-gray-400 bg-white px-4 py-2.5 font-semibold text-ink [@media(scripting:none)]:hidden ${
          isSheetOnWide ? 'hover:bg-brand-50 lg:w-auto lg:px-5 lg:py-3' : 'lg:hidden'
        }`}
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
        className={`${hiddenClass} ${isSheet ? sheetClasses.box : 'mt-3 rounded-2xl border border-gray-200'} bg-white lg:mt-0`}
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
              className={`rounded-lg px-3 py-1.5 font-semibold text-brand-800 underline ${isSheetOnWide ? '' : 'lg:hidden'}`}
            >
              Close<span className="sr-only"> the filters</span>
            </button>
          ) : null}
        </div>
        <div className={`px-4 pt-4 ${isSheet ? sheetClasses.fields : ''}`}>
          <SearchFilters params={params} errors={errors} />
        </div>
        <div className={`flex flex-wrap gap-3 p-4 ${isSheet ? sheetClasses.actions : 'mt-2'}`}>
          <button
            type="submit"
            // The filters apply as they change; the button also closes the sheet onto the results.
            onClick={() => {
              if (isSheet) closeSheet()
            }}
            className={`rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 max-lg:flex-1 ${isSheet && isSheetOnWide ? 'flex-1' : ''}`}
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
      {isSheet && isSheetOnWide ? (
        // The page behind the sheet, dimmed; a click on it closes the sheet as Escape does.
        <div aria-hidden="true" onClick={closeSheet} className="fixed inset-0 z-40 bg-ink/40" />
      ) : null}
    </div>
  )
}
