// /properties: the search for homes. Server-rendered from the URL (a GET form works without
// JavaScript); with JavaScript, filters apply as they change, "Show more" appends the next page and
// the map view draws the results with Leaflet. The loader's work is in properties.server.ts.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation, useNavigationType, useSubmit } from 'react-router'
import type { Route } from './+types/properties'
import { CompactFieldError } from '#app/components/ui/compact-fields.tsx'
import { ErrorSummary } from '#app/components/ui/error-summary.tsx'
import { ListingCard, type ListingCardData } from '#app/components/listings/listing-card.tsx'
import { SearchBox } from '#app/components/listings/search-box.tsx'
import { SaveButton } from '#app/components/listings/save-button.tsx'
import { fieldId, fillForm, SortSelect } from '#app/components/listings/search/search-filters.tsx'
import { FilterPanel } from '#app/components/listings/search/filter-panel.tsx'
import type { FieldErrors } from '#common/forms.ts'
import type { SearchReading } from '#common/listings/types.ts'
import {
  boundsHref,
  hasBounds,
  nextPageHref,
  PROPERTIES_PATH,
  resultCountText,
  searchTitle,
  mapQueryOf,
  viewOf,
  withoutBoundsHref,
  withoutEmpty,
  BOUNDS_KEYS,
  FILTER_FIELD_KEYS,
} from '#app/components/listings/search/search-url.ts'
import type { HighlightHome, MapBounds } from '#app/components/listings/search/results-map.tsx'
import { SearchReadingNote } from '#app/components/listings/search/search-reading.tsx'
import { FilterChips } from '#app/components/listings/search/filter-chips.tsx'
import { EmptyState } from '#app/components/listings/search/empty-state.tsx'
import { useIsWide, ViewChoice } from '#app/components/listings/search/view-choice.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { SaveSearchForm } from '#app/components/alerts/save-search-form.tsx'
import { loadPropertiesPage } from './properties.server.ts'
import { saveSearchAction } from './save-search.server.ts'

// The map module is split out; Leaflet itself is imported by it only once the map is shown.
const ResultsMap = lazy(() => import('#app/components/listings/search/results-map.tsx').then((m) => ({ default: m.ResultsMap })))

const FORM_ID = 'property-search'

/** Which schema fields have a form field of their own; the rest are reported at the top only. */
const FIELD_NAMES = new Set<string>(['q', ...FILTER_FIELD_KEYS, 'sort'])

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPropertiesPage(context.get(appContext).services, request)
}

/** "Save this search": the form posts to the search's own address. */
export const action = ({ request, context }: Route.ActionArgs) => saveSearchAction(context.get(appContext).services, request)

/** Where the search looks, for the title: the place the text names as the site spells it ("2br Brookyln": "Brooklyn, NY"), else the text. */
const whereOf = (loaderData: { q: string; page: { reading: SearchReading | null } | null } | undefined) =>
  loaderData?.page?.reading?.place ?? loaderData?.q

export function meta({ loaderData }: Route.MetaArgs) {
  const where = whereOf(loaderData)
  const title = searchTitle(where)
  const description = where
    ? `Homes to rent and lease in ${where} on Cooper Home, each with its all-in monthly cost: rent plus every recurring fee.`
    : 'Homes to rent and lease on Cooper Home, each with its all-in monthly cost: rent plus every recurring fee.'
  return [...pageMeta(title, description), ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl }] : [])]
}

type LoaderData = Route.ComponentProps['loaderData']

/** Results appended by "Show more", for the search they belong to. */
type MorePages = { search: string; items: ListingCardData[]; savedIds: number[]; nextCursor: string | null }

/** The errors by the form field they belong to: a list's values ("type.0", "type.1") are its field's ("type"). */
function errorsByField(errors: FieldErrors): FieldErrors {
  const byField: Record<string, Set<string>> = {}
  for (const [key, messages] of Object.entries(errors))
    for (const message of messages) (byField[key.split('.')[0]!] ??= new Set()).add(message)
  return Object.fromEntries(Object.entries(byField).map(([name, messages]) => [name, [...messages]]))
}

function problemsOf(errors: FieldErrors) {
  return Object.entries(errors).flatMap(([name, messages]) =>
    messages.map((message) => ({ fieldId: FIELD_NAMES.has(name) ? fieldId(name) : undefined, message })),
  )
}

/** Whether the form's stay dates are both given or both empty, and guests come with dates. */
function areStayFieldsComplete(form: HTMLFormElement): boolean {
  const valueOf = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? ''
  const dates = [valueOf('checkIn'), valueOf('checkOut')].filter((value) => value !== '').length
  return dates === 2 || (dates === 0 && valueOf('guests') === '')
}

export default function Properties({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation()
  const navigation = useNavigation()
  const navigationType = useNavigationType()
  const navigate = useNavigate()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [isHydrated, setIsHydrated] = useState(false)
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const view = viewOf(params)
  const errors = useMemo(() => errorsByField(loaderData.fieldErrors ?? {}), [loaderData.fieldErrors])
  const { page } = loaderData

  useEffect(() => setIsHydrated(true), [])
  const isWide = useIsWide()
  // Without results (a search to correct) there is nothing to map.
  const hasMapColumn = Boolean(page) && view !== 'list'

  // The form shows the URL's search whenever it changes without the form (back and forward, "Clear
  // filters", a map area), but leaves alone the field someone is typing in.
  useEffect(() => {
    if (!formRef.current) return
    const typing = navigationType === 'POP' ? null : document.activeElement
    fillForm(formRef.current, params, typing)
  }, [params, navigationType])

  useEffect(() => () => clearTimeout(typingTimer.current), [])

  function submitForm(form: HTMLFormElement, { replace }: { replace: boolean }) {
    clearTimeout(typingTimer.current)
    const fields = new URLSearchParams()
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') fields.append(key, value)
    submit(withoutEmpty(fields), { method: 'get', action: PROPERTIES_PATH, replace, preventScrollReset: true })
  }

  const isSearching = navigation.state === 'loading' && navigation.location.pathname === PROPERTIES_PATH

  // "Show more": the next page, fetched and appended under the current search.
  const more = useFetcher<LoaderData>()
  const [morePages, setMorePages] = useState<MorePages | null>(null)
  // The search a newly arrived page belongs to is read as it is now, not as a reason to run again.
  const currentSearch = useRef(location.search)
  currentSearch.current = location.search
  useEffect(() => {
    const next = more.data?.page
    if (!next || more.state !== 'idle') return
    const search = currentSearch.current
    setMorePages((previous) => {
      const base = previous?.search === search ? previous : { search, items: [], savedIds: [], nextCursor: null }
      const seen = new Set(base.items.map((item) => item.id))
      return {
        search,
        items: [...base.items, ...next.items.filter((item) => !seen.has(item.id))],
        savedIds: [...base.savedIds, ...(more.data?.savedIds ?? [])],
        nextCursor: next.nextCursor,
      }
    })
    // Only a newly arrived page counts.
  }, [more.data, more.state])
  const extra = morePages?.search === location.search ? morePages : null
  const items = useMemo(() => [...(page?.items ?? []), ...(extra?.items ?? [])], [page, extra])
  const savedIds = useMemo(() => new Set([...loaderData.savedIds, ...(extra?.savedIds ?? [])]), [loaderData.savedIds, extra])
  const nextCursor = extra ? extra.nextCursor : (page?.nextCursor ?? null)
  const redirectTo = `${location.pathname}${location.search}`

  const bounds = useMemo<MapBounds | null>(() => {
    if (!hasBounds(params) || loaderData.fieldErrors) return null
    const [south, west, north, east] = BOUNDS_KEYS.map((key) => Number(params.get(key)))
    return { south: south!, west: west!, north: north!, east: east! }
  }, [params, loaderData.fieldErrors])

  // Hovering or focusing a card makes its pin stand out on the map (a function the map hands over, so
  // that a hover redraws no card).
  const highlightOnMap = useRef<HighlightHome | null>(null)
  const followsCards = hasMapColumn && isWide

  return (
    <div className="space-y-6 lg:space-y-4">
      <PageHeader kicker="Homes to rent and lease" title={searchTitle(whereOf(loaderData))} isCompact={hasMapColumn}>
        <p>Every home shows its all-in monthly cost: rent plus every recurring fee the landlord charges.</p>
      </PageHeader>

      {loaderData.fieldErrors ? (
        <ErrorSummary title="Some search settings are not valid" problems={problemsOf(errors)} takesFocus={!isHydrated} />
      ) : null}

      {/* Beside the map the results take the whole width and the filters open from a button by the
          search box; with the list alone a wide screen keeps the filters beside it. */}
      <div className={hasMapColumn ? 'space-y-6 lg:space-y-4' : 'grid gap-6 lg:grid-cols-[18rem_1fr]'}>
        <Form
          id={FORM_ID}
          ref={formRef}
          method="get"
          action={PROPERTIES_PATH}
          role="search"
          aria-label="Search homes"
          onSubmit={(event) => {
            event.preventDefault()
            submitForm(event.currentTarget, { replace: false })
          }}
          onChange={(event) => {
            const target = event.target as unknown as HTMLInputElement
            const form = event.currentTarget
            // A stay's dates search together: one chosen alone waits for the other (guests wait for both).
            if (['checkIn', 'checkOut', 'guests'].includes(target.name) && !areStayFieldsComplete(form)) return
            // Typed fields wait for a pause and replace the history entry; choices apply at once, one entry each.
            if (['search', 'number', 'text', 'date'].includes(target.type)) {
              clearTimeout(typingTimer.current)
              typingTimer.current = setTimeout(() => submitForm(form, { replace: true }), 300)
            } else {
              submitForm(form, { replace: false })
            }
          }}
          className={hasMapColumn ? 'block space-y-6 lg:flex lg:flex-wrap lg:items-end lg:gap-3 lg:space-y-0' : 'contents'}
        >
          {/* The saved search the page was opened from stays with the search as it changes, to update it. */}
          {params.get('saved') ? <input type="hidden" name="saved" value={params.get('saved') ?? ''} /> : null}
          <div className={hasMapColumn ? 'min-w-0 lg:flex-1' : 'lg:col-span-2'}>
            <SearchBox id={fieldId('q')} defaultValue={params.get('q') ?? ''} describedBy={errors.q ? 'filter-q-error' : undefined} />
            <CompactFieldError id="filter-q-error" message={errors.q?.[0]} />
          </div>

          <FilterPanel
            params={params}
            errors={errors}
            isHydrated={isHydrated}
            hasErrors={Boolean(loaderData.fieldErrors)}
            countText={page && page.total !== null ? resultCountText(page.total, page.isTotalCapped) : null}
            isSheetOnWide={hasMapColumn}
          />
        </Form>

        <section aria-labelledby="results-title" aria-busy={isSearching} className="min-w-0 space-y-4">
          <h2 id="results-title" className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-lg font-semibold">
              {page
                ? page.total !== null
                  ? `${resultCountText(page.total, page.isTotalCapped)}${loaderData.q ? ` for “${loaderData.q}”` : ''}`
                  : 'More homes'
                : 'Correct the search to see homes'}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <SortSelect
                form={FORM_ID}
                value={params.get('sort') ?? 'newest'}
                errors={errors}
                onChange={() => formRef.current && submitForm(formRef.current, { replace: false })}
              />
              {/* A phone chooses between the list and the map above it; a wide screen, whether the map stands beside the list. */}
              <ViewChoice
                className="lg:hidden"
                params={params}
                options={[
                  { view: 'auto', label: 'List', isCurrent: view !== 'map' },
                  { view: 'map', label: 'Map', isCurrent: view === 'map' },
                ]}
              />
              <ViewChoice
                className="max-lg:hidden"
                params={params}
                options={[
                  { view: 'list', label: 'List', isCurrent: view === 'list' },
                  { view: 'auto', label: 'List and map', isCurrent: view !== 'list' },
                ]}
              />
            </div>
          </div>

          {page ? <FilterChips params={params} place={page.reading?.place ?? null} /> : null}
          <SearchReadingNote reading={page?.reading ?? null} />
          {page ? <SaveSearchForm action={redirectTo} page={loaderData} answer={actionData} /> : null}

          {bounds ? (
            <p className="text-sm text-ink-soft">
              Showing homes in the map area.{' '}
              <Link to={withoutBoundsHref(params)} className="font-semibold text-brand-700 underline">
                Search everywhere
              </Link>
            </p>
          ) : null}

          <div className={hasMapColumn ? 'lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start lg:gap-5' : ''}>
            {hasMapColumn ? (
              // The map's place is kept from the first paint (beside the list on a wide screen, above it on
              // a phone asking for the map), so nothing moves when Leaflet arrives.
              <div
                className={`mb-5 h-[55vh] min-h-80 lg:sticky lg:top-20 lg:order-2 lg:mb-0 lg:h-[calc(100vh-6rem)] ${view === 'map' ? '' : 'max-lg:hidden'}`}
              >
                <noscript>
                  <p className="rounded-lg bg-sun-100 px-3 py-2 text-sm">The map needs JavaScript; the homes are listed here.</p>
                </noscript>
                {isHydrated && page && (view === 'map' || isWide) ? (
                  <Suspense fallback={<p className="text-sm text-ink-soft">Loading the map…</p>}>
                    <ResultsMap
                      className="h-full"
                      query={mapQueryOf(params).toString()}
                      tile={loaderData.tile}
                      bounds={bounds}
                      highlighter={highlightOnMap}
                      onSearchArea={(area) => navigate(boundsHref(params, area), { preventScrollReset: true, replace: true })}
                    />
                  </Suspense>
                ) : null}
              </div>
            ) : null}

            <div className="min-w-0 space-y-5">
              <div className={isSearching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
                {page && items.length > 0 ? (
                  <ul className={`grid gap-5 sm:grid-cols-2 ${hasMapColumn ? 'lg:gap-4' : 'xl:grid-cols-3'}`}>
                    {items.map((listing, index) => (
                      <li
                        key={listing.id}
                        onMouseEnter={followsCards ? () => highlightOnMap.current?.(listing) : undefined}
                        onMouseLeave={followsCards ? () => highlightOnMap.current?.(null) : undefined}
                        onFocus={followsCards ? () => highlightOnMap.current?.(listing) : undefined}
                        onBlur={followsCards ? () => highlightOnMap.current?.(null) : undefined}
                      >
                        <ListingCard
                          listing={listing}
                          priority={index === 0}
                          action={<SaveButton listing={listing} saved={savedIds.has(listing.id)} redirectTo={redirectTo} variant="icon" />}
                        />
                      </li>
                    ))}
                  </ul>
                ) : page ? (
                  <EmptyState params={params} q={loaderData.q} waysOut={loaderData.waysOut} nearby={loaderData.nearby} />
                ) : null}
              </div>

              {page && nextCursor ? (
                <div className="flex justify-center">
                  <Link
                    to={nextPageHref(params, nextCursor)}
                    onClick={(event) => {
                      if (!isHydrated) return
                      event.preventDefault()
                      more.load(nextPageHref(params, nextCursor))
                    }}
                    aria-disabled={more.state !== 'idle' ? true : undefined}
                    className="rounded-lg border border-brand-700 bg-white px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    {!isHydrated ? 'Next page' : more.state !== 'idle' ? 'Loading more homes…' : 'Show more homes'}
                  </Link>
                </div>
              ) : null}
            </div>
          </div>
        </section>
      </div>
    </div>
  )
}
