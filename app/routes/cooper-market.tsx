// /cooper/:market: one market's Cooper Index — its latest figures, its chart (the index or dollars, all homes
// or by bedrooms), the bedrooms breakdown, the companion figures from its listings and the places within it.
import { Link } from 'react-router'
import type { Route } from './+types/cooper-market'
import { HeadlineFigures, NotComputedYet } from '#app/components/cooper/figures.tsx'
import { IndexChart } from '#app/components/cooper/index-chart.tsx'
import { AggregateWeights, BedroomsBreakdown, CompanionFigures, PlacesTable } from '#app/components/cooper/market-details.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { formatChange, formatDollars, formatMonth } from '#common/cooper/figures.ts'
import { COOPER_METHOD_PATH, COOPER_PATH, cooperMarketCsvPath, cooperMarketPath } from '#common/cooper/paths.ts'
import { cooperHref } from '#common/cooper/query.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'
import { loadCooperMarket } from './cooper-market.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadCooperMarket(services.database.db, params.market, request, publicOrigin(services.config, request))
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData?.computed) return pageMeta('Cooper Index', 'The Cooper Index has not been computed yet.')
  const { label, row } = loaderData
  const place = inSentence(loaderData.kind, label)
  const figures =
    row.hasEnoughData && row.levelCents !== null
      ? ` In ${formatMonth(row.latestMonth)} the typical rent was ${formatDollars(row.levelCents)}${row.yearOverYear === null ? '' : `, ${formatChange(row.yearOverYear)} over a year`}.`
      : ''
  return [
    ...pageMeta(
      `Cooper Index: ${label}`,
      `How asking rents change in ${place}, month by month, from homes let again on Cooper Home.${figures}`,
    ),
    // The unit and bedrooms views are the same page.
    { tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl },
  ]
}

/** A market's name inside a sentence: "in the United States", "in Delaware". */
function inSentence(kind: string, label: string): string {
  return kind === 'nation' ? `the ${label}` : label
}

function pageHref(marketKey: string, choice: { unit: string; view: string }) {
  const params = new URLSearchParams()
  if (choice.view === 'bedrooms') params.set('view', 'bedrooms')
  if (choice.unit === 'dollars') params.set('unit', 'dollars')
  const search = params.toString()
  return `${cooperMarketPath(marketKey)}${search ? `?${search}` : ''}#chart`
}

export default function CooperMarket({ loaderData }: Route.ComponentProps) {
  if (!loaderData.computed) {
    return (
      <div className="space-y-8">
        <PageHeader kicker="Cooper Index" title="Not computed yet" />
        <NotComputedYet />
        <Link to={COOPER_PATH} className="text-brand-700 underline">
          Back to the Cooper Index
        </Link>
      </div>
    )
  }
  const { marketKey, kind, label, row, companions, breakdown, within, weights, listingsHref, unit, view, chart } = loaderData
  const chartTitle = `${label}${view === 'bedrooms' ? ' by bedrooms' : ''}: ${
    unit === 'dollars'
      ? 'typical rent in dollars'
      : chart.baseMonth
        ? `index, ${formatMonth(chart.baseMonth)} = 100`
        : `Cooper Index (${row.base})`
  }`
  const linkClass = 'text-brand-700 underline'
  const place = inSentence(kind, label)
  return (
    <div className="space-y-10">
      <div className="space-y-3">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to={COOPER_PATH} className={linkClass}>
            Cooper Index
          </Link>
          <span aria-hidden="true"> › </span>
          <span aria-current="page">{label}</span>
        </nav>
        <PageHeader kicker="Cooper Index" title={label}>
          <p>
            How asking rents change in {place}, month by month, from homes let again on Cooper Home.{' '}
            <Link to={COOPER_METHOD_PATH} className={linkClass}>
              How the index is computed
            </Link>
            .
          </p>
        </PageHeader>
      </div>

      <section aria-labelledby="latest-heading" className="space-y-3">
        <h2 id="latest-heading" className="text-xl font-semibold text-ink">
          Latest figures
        </h2>
        <HeadlineFigures row={row} label={label} />
      </section>

      <section id="chart" aria-labelledby="chart-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="chart-heading" className="text-xl font-semibold text-ink">
            Over time
          </h2>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link
              to={pageHref(marketKey, { unit: unit === 'dollars' ? 'index' : 'dollars', view })}
              preventScrollReset
              className={linkClass}
            >
              {unit === 'dollars' ? 'Show the index' : 'Show typical rent in dollars'}
            </Link>
            <Link
              to={pageHref(marketKey, { unit, view: view === 'bedrooms' ? 'all' : 'bedrooms' })}
              preventScrollReset
              className={linkClass}
            >
              {view === 'bedrooms' ? 'Show all homes' : 'Compare by bedrooms'}
            </Link>
            {kind !== 'nation' ? (
              <Link to={cooperHref({ compare: ['us', marketKey] }, '#chart')} className={linkClass}>
                Compare with the nation
              </Link>
            ) : null}
          </p>
        </div>
        {chart.series.length > 1 && unit === 'index' && chart.baseMonth ? (
          <p className="text-sm text-ink-soft">
            Each group’s index is set to 100 in {formatMonth(chart.baseMonth)}, so the lines compare how rents changed; the dollars compare
            levels.
          </p>
        ) : null}
        {chart.series.length > 0 ? (
          <IndexChart key={`${view}-${unit}`} series={chart.series} title={chartTitle} unit={unit} defaultRange="5y" />
        ) : (
          <p>{label} has no series by bedrooms yet.</p>
        )}
      </section>

      <section aria-labelledby="bedrooms-heading" className="space-y-3">
        <h2 id="bedrooms-heading" className="text-xl font-semibold text-ink">
          By bedrooms
        </h2>
        <BedroomsBreakdown rows={breakdown} marketLabel={label} />
      </section>

      {weights ? (
        <section aria-labelledby="weights-heading" className="space-y-3">
          <h2 id="weights-heading" className="text-xl font-semibold text-ink">
            How the figure for {place} is made
          </h2>
          <p className="max-w-3xl text-sm text-ink-soft">
            {kind === 'nation' ? 'The nation’s' : `${label}’s`} index is the average of its cities’ indexes, each weighted by the homes let
            there over its base year: a city counts for the homes it has for rent, not for how often they change hands. A city with too few
            lettings for an index of its own is left out.{' '}
            <Link to={`${COOPER_METHOD_PATH}#the-nation-and-the-states`} className={linkClass}>
              More on the weights
            </Link>
            .
          </p>
          {weights.length > 0 ? (
            <AggregateWeights weights={weights} caption={`The cities behind ${place}, heaviest first`} withState={kind === 'nation'} />
          ) : (
            <p>No city in {place} has enough lettings for an index yet.</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="listings-heading" className="space-y-3">
        <h2 id="listings-heading" className="text-xl font-semibold text-ink">
          Homes on the market now
        </h2>
        <p className="text-sm text-ink-soft">
          From the homes listed in {place} today, not from the index. Their median asking rent can differ from the typical rent above: that
          is the middle of the rents homes were let at over the last three months (each letting’s last ask), while these are the first asks
          of whatever homes happen to be on offer now, before any price cut.
        </p>
        <CompanionFigures companions={companions} />
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={listingsHref} className={`${linkClass} font-semibold`}>
            See homes for rent in {place}
          </Link>
          <a href={cooperMarketCsvPath(marketKey)} className={linkClass} download>
            Download the series for {place} (CSV)
          </a>
        </p>
      </section>

      {within.length > 0 ? (
        <section aria-labelledby="within-heading" className="space-y-3">
          <h2 id="within-heading" className="text-xl font-semibold text-ink">
            {kind === 'nation' ? 'States' : `Cities in ${label}`}
          </h2>
          <PlacesTable rows={within} caption={kind === 'nation' ? 'States, latest month' : `Cities in ${label}, latest month`} />
        </section>
      ) : null}
    </div>
  )
}
