// The Cooper Index's figures as the pages write them: index levels, dollars, signed changes, the 90 % band
// as a ± percentage, months, and market names with their states spelled out. Browser-safe.
import { stateName } from './states.ts'

export const NOT_ENOUGH_DATA = 'not enough data'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** An index level, one decimal: `112.4`. */
export function formatIndex(value: number): string {
  return oneDecimal.format(value)
}

/** Whole dollars from cents: `$1,845`. */
export function formatDollars(cents: number): string {
  return `$${whole.format(Math.round(cents / 100))}`
}

/** A count with thousands separators: `12,408`. */
export function formatCount(value: number): string {
  return whole.format(value)
}

/** A change as a signed percentage with one decimal: `+3.1 %`, `−0.4 %`, `0.0 %`. */
export function formatChange(fraction: number): string {
  const percent = Math.round(fraction * 1000) / 10
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : ''
  return `${sign}${oneDecimal.format(Math.abs(percent))} %`
}

/** A share as a whole percentage: `18 %`. */
export function formatShare(fraction: number): string {
  return `${whole.format(Math.round(fraction * 100))} %`
}

/** Half the 90 % band's width as a share of the level: how far either way the true figure may lie. */
export function bandHalfWidth(point: { index: number | null; low: number | null; high: number | null }): number | null {
  if (point.index === null || point.low === null || point.high === null || point.index <= 0) return null
  return (point.high - point.low) / 2 / point.index
}

/** The 90 % band's half width (see bandHalfWidth) as `±1.2 %`, or null where the month has no band. */
export function formatBand(halfWidth: number | null): string | null {
  if (halfWidth === null) return null
  return `±${oneDecimal.format(Math.round(halfWidth * 1000) / 10)} %`
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** A moment's day in UTC: `November 24, 2026`. */
export function formatDay(iso: string): string {
  return longDate.format(new Date(iso))
}

/** `2026-10-01` → `October 2026`. */
export function formatMonth(month: string): string {
  const year = month.slice(0, 4)
  const index = Number(month.slice(5, 7)) - 1
  return `${MONTHS[index] ?? month} ${year}`
}

/**
 * What an index of 100 means: "2021 = 100" for a calendar year, "March 2022 – February 2023 = 100" for a series based on
 * other months (one without enough pairs in every month of the run's base year), "base 100" when not known.
 */
export function formatBase(start: string | null, end: string | null): string {
  if (start === null || end === null) return 'base 100'
  const year = start.slice(0, 4)
  if (start.slice(5, 7) === '01' && end === `${year}-12-01`) return `${year} = 100`
  return `${formatMonth(start)} – ${formatMonth(end)} = 100`
}

/** A market's name as the pages show it: the nation's, a state's spelled out, a city's with its state. */
export function marketLabel(market: { kind: 'nation' | 'state' | 'city'; name: string; stateCode: string | null }): string {
  if (market.kind === 'state') return stateName(market.stateCode ?? market.name)
  if (market.kind === 'city' && market.stateCode) return `${market.name}, ${stateName(market.stateCode)}`
  return market.name
}

export type BedroomsGroupName = 'all' | '0-1' | '2' | '3+'

export const BEDROOMS_GROUP_LABELS: Record<BedroomsGroupName, string> = {
  all: 'All homes',
  '0-1': 'Studios and 1 bedroom',
  '2': '2 bedrooms',
  '3+': '3 or more bedrooms',
}
