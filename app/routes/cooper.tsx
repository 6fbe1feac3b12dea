// /cooper: the Cooper Index for the nation (figures, chart) and a sortable table of every market, all
// rendered on the server; the chart draws itself after the page loads and compares up to four markets.
import { Link } from 'react-router'
import type { Route } from './+types/cooper'
import { HeadlineFigures, NotComputedYet } from '#app/components/cooper/figures.tsx'
import { IndexChart } from '#app/components/cooper/index-chart.tsx'
import { MarketTable } from '#app/components/cooper/market-table.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { formatCount, formatDay, formatMonth } from '#common/cooper/figures.ts'
import { COOPER_CSV_PATH, COOPER_METHOD_PATH, COOPER_PATH } from '#common/cooper/paths.ts'
import { cooperHref } from '#common/cooper/query.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'
import { loadCooperHome } from './cooper.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const home = await loadCooperHome(services.database.db, request)
  return { ...home, canonicalUrl: `${publicOrigin(services.config, request)}${COOPER_PATH}` }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(
      'Cooper Index',
      'The Cooper Index: how asking rents change, month by month, in the nation, each state and each city, from homes let again on Cooper Home.',
    ),
    // Sorted and compared views are the same page.
    ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl }] : []),
  ]
}

export default function Cooper({ loaderData }: Route.ComponentProps) {
  const { run, nation, rows, query, notices, chart } = loaderData
  const compared = chart.series.map((series) => series.label)
  const chartTitle =
    chart.series.length > 1
      ? `${compared.join(', ')}: ${query.unit === 'dollars' ? 'typical rent in dollars' : `index, ${chart.baseMonth ? `${formatMonth(chart.baseMonth)} = 100` : 'base 100'}`}`
      : `${compared[0] ?? 'United States'}: ${query.unit === 'dollars' ? 'typical rent in dollars' : `Cooper Index (${[nation, ...rows].find((row) => row?.key === chart.series[0]?.key)?.base ?? 'base 100'})`}`
  return (
    <div className="space-y-10">
      <PageHeader kicker="Rents, area by area" title="Cooper Index">
        <p>
          How asking rents change, month by month: the same homes compared each time they are let again on Cooper Home, for the nation, each
          state and each city.{' '}
          <Link to={COOPER_METHOD_PATH} className="text-brand-700 underline">
            How the index is computed
          </Link>
          .
        </p>
      </PageHeader>

      {notices.length > 0 ? (
        <div role="status" className="max-w-3xl rounded-lg border border-sun-300 bg-sun-100 p-3 text-sm text-ink">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}

      {!run ? (
        <NotComputedYet />
      ) : (
        <>
          <section aria-labelledby="nation-heading" className="space-y-3">
            <h2 id="nation-heading" className="text-xl font-semibold text-ink">
              The nation
            </h2>
            {nation ? <HeadlineFigures row={nation} label="United States" /> : <p>No market has enough data yet.</p>}
            <p className="text-sm text-ink-soft">
              Computed on <time dateTime={run.finishedAt}>{formatDay(run.finishedAt)}</time> from {formatCount(run.observations)} lettings
              (a home offered to new tenants, at the rent it was last asked) and {formatCount(run.pairs)} pairs of lettings of the same
              home.{' '}
              <a href={COOPER_CSV_PATH} className="text-brand-700 underline" download>
                Download every series (CSV)
              </a>
            </p>
          </section>

          <section id="chart" aria-labelledby="chart-heading" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="chart-heading" className="text-xl font-semibold text-ink">
                {chart.series.length > 1 ? 'Markets compared' : 'Over time'}
              </h2>
              <p className="text-sm">
                {query.unit === 'dollars' ? (
                  <Link to={cooperHref({ ...query, unit: 'index' }, '#chart')} preventScrollReset className="text-brand-700 underline">
                    Show the index
                  </Link>
                ) : (
                  <Link to={cooperHref({ ...query, unit: 'dollars' }, '#chart')} preventScrollReset className="text-brand-700 underline">
                    Show typical rent in dollars
                  </Link>
                )}
              </p>
            </div>
            {chart.series.length > 1 && query.unit === 'index' ? (
              <p className="text-sm text-ink-soft">
                Each market’s index is set to 100 in {chart.baseMonth ? formatMonth(chart.baseMonth) : 'its own base year'}, so the lines
                compare how rents changed, not their levels; the dollars compare levels.
              </p>
            ) : null}
            {chart.series.length > 0 ? (
              <IndexChart
                key={chart.series.map((series) => series.key).join()}
                series={chart.series}
                title={chartTitle}
                unit={query.unit}
                defaultRange="5y"
              />
            ) : null}
          </section>

          <section id="markets" aria-labelledby="markets-heading" className="space-y-3">
            <h2 id="markets-heading" className="text-xl font-semibold text-ink">
              Markets
            </h2>
            <MarketTable rows={rows} query={query} />
          </section>
        </>
      )}
    </div>
  )
}
