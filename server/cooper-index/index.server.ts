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
  dollarAnchor,
  estimateRepeatRentIndex,
  inDollars,
  MIN_PAIRS_PER_MONTH,
  withDerivedFigures,
  withEnoughData,
  type IndexMonth,
} from './repeat-rent.server.ts'
export {
  COOPER_INDEX_RECOMPUTE_CRON,
  COOPER_INDEX_RECOMPUTE_JOB,
  CooperIndexRunInProgressError,
  findRunningCooperIndexRun,
  recomputeCooperIndex,
  requestCooperIndexRecompute,
} from './compute.server.ts'
export { findCurrentMarkets, findMarketSeries } from './read.server.ts'
