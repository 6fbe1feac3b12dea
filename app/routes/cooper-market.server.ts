// /cooper/:market's work: the market's latest figures for all homes and each bedrooms group, its companion
// figures, its series for the chart (all homes, or the bedrooms groups side by side) and the places within it.
import { data } from 'react-router'
import { BEDROOMS_GROUP_LABELS, marketLabel } from '#common/cooper/figures.ts'
import { marketListingsHref } from '#common/cooper/listings-link.ts'
import { aggregateWeights, marketRowOf, sortMarketRows } from '#common/cooper/markets.ts'
import { cooperMarketPath } from '#common/cooper/paths.ts'
import type { ChartUnitChoice } from '#common/cooper/query.ts'
import { chartSeriesOf, rebaseToSharedMonth } from '#common/cooper/series.ts'
import {
  findCurrentMarkets,
  findCurrentRun,
  findMarketSeriesByBedrooms,
  type BedroomsGroup,
  type CooperIndexMarket,
} from '#server/cooper-index/index.server.ts'
import type { Db } from '#server/db/client.server.ts'

const MARKET_KEY = /^[a-z0-9-]{1,120}$/
const GROUPS: BedroomsGroup[] = ['all', '0-1', '2', '3+']

function notFound(): never {
  throw new Response('Not Found', { status: 404 })
}

function companionsOf(market: CooperIndexMarket) {
  return {
    medianRentCents: market.medianRentCents,
    activeListings: market.activeListings,
    medianDaysOnMarket: market.medianDaysOnMarket,
    priceCutShare: market.priceCutShare,
  }
}

export async function loadCooperMarket(db: Db, marketKey: string, request: Request, origin = new URL(request.url).origin) {
  if (!MARKET_KEY.test(marketKey)) notFound()
  const params = new URL(request.url).searchParams
  const unit: ChartUnitChoice = params.get('unit') === 'dollars' ? 'dollars' : 'index'
  const view: 'all' | 'bedrooms' = params.get('view') === 'bedrooms' ? 'bedrooms' : 'all'

  const [run, groups] = await Promise.all([findCurrentRun(db), findCurrentMarkets(db, { marketKey })])
  // Before the first run no market exists yet; the page says so rather than calling the address unknown.
  if (!run) return data({ computed: false as const, marketKey }, { status: 404 })
  const market = groups.find((group) => group.bedrooms === 'all') ?? notFound()

  const [seriesByGroup, within] = await Promise.all([
    findMarketSeriesByBedrooms(db, marketKey),
    market.kind === 'nation'
      ? findCurrentMarkets(db, { kind: 'state', bedrooms: 'all' })
      : market.kind === 'state' && market.stateCode
        ? findCurrentMarkets(db, { kind: 'city', stateCode: market.stateCode, bedrooms: 'all' })
        : Promise.resolve([]),
  ])

  const label = marketLabel(market)
  const breakdown = GROUPS.filter((group) => group !== 'all').map((group) => {
    const found = groups.find((candidate) => candidate.bedrooms === group)
    return {
      group,
      label: BEDROOMS_GROUP_LABELS[group],
      row: found ? marketRowOf(found) : null,
      medianRentCents: found?.medianRentCents ?? null,
      activeListings: found?.activeListings ?? 0,
    }
  })

  const chartGroups: BedroomsGroup[] = view === 'bedrooms' ? ['0-1', '2', '3+'] : ['all']
  const series = chartGroups.flatMap((group) => {
    const points = seriesByGroup.get(group)
    return points ? [chartSeriesOf(`${marketKey}:${group}`, view === 'bedrooms' ? BEDROOMS_GROUP_LABELS[group] : label, points, unit)] : []
  })
  const chart = unit === 'index' ? rebaseToSharedMonth(series) : { series, baseMonth: null }

  return {
    computed: true as const,
    marketKey,
    canonicalUrl: `${origin}${cooperMarketPath(marketKey)}`,
    kind: market.kind,
    label,
    row: marketRowOf(market),
    companions: companionsOf(market),
    breakdown,
    within: sortMarketRows(within.map(marketRowOf), 'market', 'asc'),
    // The nation and a state: the cities whose indexes make theirs, with each one's weight.
    weights: market.parts ? aggregateWeights(market.parts) : null,
    listingsHref: marketListingsHref(
      market,
      within.filter((place) => place.kind === 'city').map((place) => place.name),
    ),
    unit,
    view,
    chart,
  }
}
