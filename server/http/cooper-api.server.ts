// The Cooper Index over HTTP: GET /api/cooper (every market with its latest figures), GET /api/cooper/:market
// (one market's monthly series), and the CSV downloads /api/cooper.csv (every series) and /api/cooper/:market.csv.
// Each answer comes from one run; its id and finish time are the cache validators. See docs/api.md.
import { Hono, type Context } from 'hono'
import {
  BEDROOMS_GROUPS,
  findCurrentExport,
  findRunSeries,
  seriesOf,
  type CooperIndexExportGroup,
  type CooperIndexRunStamp,
  type CooperIndexSeriesPoint,
} from '#server/cooper-index/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { formatBase } from '#common/cooper/figures.ts'
import { aggregateWeights, type AggregatePartInput } from '#common/cooper/markets.ts'
import { problem } from './problem.server.ts'

type BedroomsGroup = CooperIndexExportGroup['bedrooms']

/** Market keys are made of lower-case letters, digits and single hyphens (`us`, `de`, `de-wilmington`). */
const MARKET_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MAX_MARKET_KEY_LENGTH = 120
/** Markets whose series one CSV query reads; the download streams page by page. */
const MARKETS_PER_CSV_PAGE = 100
const CACHE_CONTROL = 'public, max-age=300'
const NOT_COMPUTED = 'The Cooper Index has not been computed yet; it is computed every night.'

const GROUP_WORDS: Record<BedroomsGroup, string> = {
  all: 'all homes',
  '0-1': 'studio and 1-bedroom homes',
  '2': '2-bedroom homes',
  '3+': 'homes with 3 or more bedrooms',
}

const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)))

/** A month as the API gives it: index figures to 2 decimals, changes (fractions) to 4, like the CSV. */
function pointJson(point: CooperIndexSeriesPoint) {
  return {
    month: point.month,
    index: round(point.index, 2),
    low: round(point.low, 2),
    high: round(point.high, 2),
    movingAverage3: round(point.movingAverage3, 2),
    monthOverMonth: round(point.monthOverMonth, 4),
    yearOverYear: round(point.yearOverYear, 4),
    levelCents: point.levelCents,
    pairs: point.pairs,
    units: point.units,
    hasEnoughData: point.hasEnoughData,
  }
}

function groupJson(group: CooperIndexExportGroup) {
  return {
    bedrooms: group.bedrooms,
    latestMonth: group.latestMonth,
    latest: group.latest ? pointJson(group.latest) : null,
    medianRentCents: group.medianRentCents,
    activeListings: group.activeListings,
    medianDaysOnMarket: round(group.medianDaysOnMarket, 1),
    priceCutShare: round(group.priceCutShare, 4),
    // What an index of 100 means: the months the series averages 100 over, and in words ("2021 = 100").
    base: { start: group.baseStart, end: group.baseEnd, label: formatBase(group.baseStart, group.baseEnd) },
    // The nation and a state: the cities they are the weighted aggregate of, and each one's weight (null for a city).
    weights: group.parts ? weightsOf(group.parts) : null,
    links: { series: `/api/cooper/${group.key}?bedrooms=${encodeURIComponent(group.bedrooms)}` },
  }
}

function weightsOf(parts: AggregatePartInput[]) {
  return aggregateWeights(parts).map((part) => ({ market: part.key, name: part.name, homes: part.homes, share: round(part.share, 4) }))
}

function marketLinks(key: string) {
  return { series: `/api/cooper/${key}`, csv: `/api/cooper/${key}.csv`, page: `/cooper/${key}` }
}

/** The groups of each market, markets in the run's order (nation, states, cities). */
function byMarket(groups: CooperIndexExportGroup[]): CooperIndexExportGroup[][] {
  const markets = new Map<string, CooperIndexExportGroup[]>()
  for (const group of groups) {
    const list = markets.get(group.key)
    if (list) list.push(group)
    else markets.set(group.key, [group])
  }
  return [...markets.values()]
}

const runJson = (run: CooperIndexRunStamp) => ({ id: run.id, finishedAt: run.finishedAt.toISOString() })

/**
 * Sets the run's validators and caching, and answers 304 when the client already has this run's answer. The
 * validator is weak: the body is the same run's, but a compressed copy is not byte for byte the same.
 */
function notModified(c: Context, run: CooperIndexRunStamp): Response | null {
  const etag = `W/"cooper-${run.id}"`
  c.header('Cache-Control', CACHE_CONTROL)
  c.header('ETag', etag)
  c.header('Last-Modified', run.finishedAt.toUTCString())
  const ifNoneMatch = c.req.header('If-None-Match')
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
    return tags.includes('*') || tags.includes(etag.slice(2)) ? c.body(null, 304) : null
  }
  const ifModifiedSince = Date.parse(c.req.header('If-Modified-Since') ?? '')
  if (!Number.isNaN(ifModifiedSince) && Math.floor(run.finishedAt.getTime() / 1000) * 1000 <= ifModifiedSince) return c.body(null, 304)
  return null
}

/** The bedrooms group asked for (`all` when none), or the 400 problem naming the parameter. */
function bedroomsOf(c: Context): { bedrooms: BedroomsGroup | null } | { refusal: Response } {
  const values = c.req.queries('bedrooms') ?? []
  if (values.length === 0) return { bedrooms: null }
  const refuse = (message: string) => ({
    refusal: problem(c, 400, 'The bedrooms parameter is not valid.', { bedrooms: [message] }),
  })
  if (values.length > 1) return refuse('Give bedrooms once.')
  // An unencoded `3+` arrives as `3 ` (a plus in a query string is a space), so `3` means 3 or more too.
  const value = values[0]!.trim()
  const group = value === '3' ? '3+' : BEDROOMS_GROUPS.find((g) => g === value)
  if (!group) return refuse('Bedrooms must be one of: all, 0-1, 2, 3+ (write 3+ as 3%2B, or 3).')
  return { bedrooms: group }
}

/** The market key of the path, or null when it cannot be one (a bad key is a market that does not exist). */
function marketKeyOf(raw: string): string | null {
  return raw.length <= MAX_MARKET_KEY_LENGTH && MARKET_KEY.test(raw) ? raw : null
}

const noSuchMarket = (c: Context, key: string | null) =>
  problem(
    c,
    404,
    key === null
      ? 'There is no such market in the Cooper Index; GET /api/cooper lists them.'
      : `There is no market "${key}" in the Cooper Index; GET /api/cooper lists them.`,
  )

// --- CSV (RFC 4180: comma separated, CRLF line ends, fields with a comma, a quote or a line break quoted) ---

const CSV_COLUMNS = [
  'market',
  'kind',
  'name',
  'state',
  'bedrooms',
  'month',
  'index',
  'low',
  'high',
  'ma3',
  'mom',
  'yoy',
  'level_usd',
  'pairs',
  'units',
  'enough_data',
  'base',
] as const

function csvField(value: string | number | boolean | null): string {
  if (value === null) return ''
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A text cell a spreadsheet could take for a formula (a city typed by a landlord as `=HYPERLINK(…)`) starts
 * with an apostrophe instead, as OWASP advises for CSV files; numbers are written as numbers.
 */
const safeText = (text: string | null) => (text !== null && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

const fixed = (value: number | null, digits: number) => (value === null ? null : value.toFixed(digits))

function csvRow(group: CooperIndexExportGroup, point: CooperIndexSeriesPoint): string {
  return [
    group.key,
    group.kind,
    safeText(group.name),
    safeText(group.stateCode),
    group.bedrooms,
    point.month,
    fixed(point.index, 2),
    fixed(point.low, 2),
    fixed(point.high, 2),
    fixed(point.movingAverage3, 2),
    fixed(point.monthOverMonth, 4),
    fixed(point.yearOverYear, 4),
    point.levelCents === null ? null : (point.levelCents / 100).toFixed(2),
    point.pairs,
    point.units,
    point.hasEnoughData,
    formatBase(group.baseStart, group.baseEnd),
  ]
    .map(csvField)
    .join(',')
}

/** A CSV download of the groups' series, read and sent a page of markets at a time. */
function csvResponse(c: Context, services: Services, run: CooperIndexRunStamp, groups: CooperIndexExportGroup[], filename: string) {
  const { db } = services.database
  const markets = byMarket(groups)
  const encoder = new TextEncoder()
  let page = 0
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${CSV_COLUMNS.join(',')}\r\n`))
    },
    async pull(controller) {
      const slice = markets.slice(page * MARKETS_PER_CSV_PAGE, (page + 1) * MARKETS_PER_CSV_PAGE)
      page += 1
      if (slice.length === 0) {
        controller.close()
        return
      }
      const series = await findRunSeries(
        db,
        run.id,
        slice.map((market) => market[0]!.key),
      )
      const lines: string[] = []
      for (const market of slice) {
        for (const group of market) {
          for (const point of seriesOf(series, group.key, group.bedrooms)) lines.push(`${csvRow(group, point)}\r\n`)
        }
      }
      controller.enqueue(encoder.encode(lines.join('')))
    },
  })
  c.header('Content-Type', 'text/csv; charset=utf-8')
  c.header('Content-Disposition', `attachment; filename="${filename}"`)
  return c.body(body)
}

/** `2026-10` from the newest latest month of the groups, for a download's file name. */
const monthStamp = (groups: CooperIndexExportGroup[]) =>
  groups.reduce((latest, group) => (group.latestMonth > latest ? group.latestMonth : latest), '').slice(0, 7)

export function cooperRoutes(services: Services) {
  const cooper = new Hono()
  const { db } = services.database

  cooper.get('/cooper', async (c) => {
    const found = await findCurrentExport(db)
    if (!found) {
      // Before the first run there are no markets; nothing to validate against, and soon something to show.
      c.header('Cache-Control', 'public, max-age=60')
      return c.json({ run: null, currency: 'USD', markets: [] })
    }
    const unchanged = notModified(c, found.run)
    if (unchanged) return unchanged
    return c.json({
      run: runJson(found.run),
      currency: 'USD',
      markets: byMarket(found.groups).map((groups) => {
        const { key, kind, name, stateCode } = groups[0]!
        return { key, kind, name, state: stateCode, links: marketLinks(key), groups: groups.map(groupJson) }
      }),
    })
  })

  cooper.get('/cooper.csv', async (c) => {
    const asked = bedroomsOf(c)
    if ('refusal' in asked) return asked.refusal
    const found = await findCurrentExport(db)
    if (!found) return problem(c, 404, NOT_COMPUTED)
    const unchanged = notModified(c, found.run)
    if (unchanged) return unchanged
    const groups = asked.bedrooms ? found.groups.filter((group) => group.bedrooms === asked.bedrooms) : found.groups
    return csvResponse(c, services, found.run, groups, `cooper-index-${monthStamp(found.groups)}.csv`)
  })

  cooper.get('/cooper/:market', async (c) => {
    const raw = c.req.param('market')
    const isCsv = raw.endsWith('.csv')
    const key = marketKeyOf(isCsv ? raw.slice(0, -'.csv'.length) : raw)
    const asked = bedroomsOf(c)
    if ('refusal' in asked) return asked.refusal
    if (key === null) return noSuchMarket(c, null)
    const found = await findCurrentExport(db, { marketKey: key })
    if (!found) return problem(c, 404, NOT_COMPUTED)
    if (found.groups.length === 0) return noSuchMarket(c, key)
    const bedrooms = asked.bedrooms ?? (isCsv ? null : 'all')
    const groups = bedrooms ? found.groups.filter((group) => group.bedrooms === bedrooms) : found.groups
    if (groups.length === 0) return noGroup(c, key, bedrooms!, found.groups)
    const unchanged = notModified(c, found.run)
    if (unchanged) return unchanged
    if (isCsv) return csvResponse(c, services, found.run, groups, `cooper-index-${key}-${monthStamp(found.groups)}.csv`)

    const group = groups[0]!
    const series = seriesOf(await findRunSeries(db, found.run.id, [key]), key, group.bedrooms)
    const { latest: _latest, links: _links, ...figures } = groupJson(group)
    return c.json({
      run: runJson(found.run),
      currency: 'USD',
      key,
      kind: group.kind,
      name: group.name,
      state: group.stateCode,
      groups: found.groups.map((g) => g.bedrooms),
      ...figures,
      links: {
        self: `/api/cooper/${key}?bedrooms=${encodeURIComponent(group.bedrooms)}`,
        csv: `/api/cooper/${key}.csv`,
        page: `/cooper/${key}`,
        markets: '/api/cooper',
      },
      series: series.map(pointJson),
    })
  })

  return cooper
}

function noGroup(c: Context, key: string, bedrooms: BedroomsGroup, groups: CooperIndexExportGroup[]) {
  const has = groups.map((group) => group.bedrooms).join(', ')
  return problem(c, 404, `The market "${key}" has no series for ${GROUP_WORDS[bedrooms]}; it has: ${has}.`)
}
