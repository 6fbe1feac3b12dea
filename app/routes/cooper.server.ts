// /cooper's work: the nation's latest figures, the market table in the order asked, and the series of the
// markets compared on the chart (the nation when none are chosen).
import { marketRowOf } from '#common/cooper/markets.ts'
import { parseCooperQuery } from '#common/cooper/query.ts'
import { chartSeriesOf, rebaseToSharedMonth } from '#common/cooper/series.ts'
import { findCurrentMarkets, findCurrentRun, findMarketsSeries } from '#server/cooper-index/index.server.ts'
import type { Db } from '#server/db/client.server.ts'

export async function loadCooperHome(db: Db, request: Request) {
  const query = parseCooperQuery(new URL(request.url).searchParams)
  const [run, markets] = await Promise.all([findCurrentRun(db), findCurrentMarkets(db, { bedrooms: 'all' })])
  const rows = markets.map(marketRowOf)
  const nation = markets.find((market) => market.kind === 'nation') ?? null

  const known = new Set(rows.map((row) => row.key))
  const notices = [...query.notices]
  const unknown = query.compare.filter((key) => !known.has(key))
  if (run && unknown.length > 0) notices.push(`There is no index for ${unknown.map((key) => `“${key}”`).join(', ')}; it is left out.`)
  const compare = query.compare.filter((key) => known.has(key))
  const chartKeys = compare.length > 0 ? compare : nation ? [nation.key] : []

  const seriesByKey = await findMarketsSeries(db, chartKeys)
  const labelOf = new Map(rows.map((row) => [row.key, row.label]))
  const series = chartKeys.flatMap((key) => {
    const points = seriesByKey.get(key)
    return points ? [chartSeriesOf(key, labelOf.get(key) ?? key, points, query.unit)] : []
  })
  const chart = query.unit === 'index' ? rebaseToSharedMonth(series) : { series, baseMonth: null }

  return {
    run: run ? { finishedAt: run.finishedAt.toISOString(), observations: run.observations, pairs: run.pairs } : null,
    nation: nation ? marketRowOf(nation) : null,
    rows,
    query: { sort: query.sort, dir: query.dir, compare, unit: query.unit },
    notices,
    chart,
  }
}
