// The public surface of server/cooper-index/: everything outside this folder uses the area through these names.
export {
  buildPairs,
  MAX_ABS_LOG_CHANGE,
  pairArraysOf,
  SIZE_TOLERANCE,
  unitKeyOf,
  type PairArrays,
  type RentObservation,
} from './pairs.server.ts'
export {
  BAND_Z,
  BASE_PERIOD_MONTHS,
  estimateRepeatRentIndex,
  MIN_PAIRS_PER_MONTH,
  withDerivedFigures,
  withEnoughData,
  type IndexMonth,
  type RepeatRentIndex,
} from './repeat-rent.server.ts'
export { dollarAnchor, dollarAnchorSpread, inDollars } from './dollars.server.ts'
export {
  COOPER_INDEX_RECOMPUTE_CRON,
  COOPER_INDEX_RECOMPUTE_JOB,
  recomputeCooperIndex,
  requestCooperIndexRecompute,
} from './compute.server.ts'
export { CooperIndexRunInProgressError, findRunningCooperIndexRun } from './run-record.server.ts'
export {
  findCurrentMarkets,
  findCurrentRun,
  findMarketSeries,
  findMarketSeriesByBedrooms,
  findMarketsSeries,
  type CooperIndexMarket,
} from './read.server.ts'
export type { BedroomsGroup } from './markets.server.ts'
export {
  BEDROOMS_GROUPS,
  findCurrentExport,
  findRunSeries,
  seriesOf,
  type CooperIndexExportGroup,
  type CooperIndexRunStamp,
  type CooperIndexSeriesPoint,
} from './export.server.ts'
export { findRentComparison, findTypicalRent } from './comparison.server.ts'
export { findPendingRecompute, findRecentRuns, requestRecomputeOnce } from './runs.server.ts'
