// One asking rent per letting. A letting is one marketing period of one home: from the listing going on the
// market until it is let, archived or left without a new ask for LETTING_GAP_DAYS. Its rent is the last ask of
// that period (price cuts while it waited are not changes of the market), dated by the month the period began:
// the market the home was offered to.
// Prices changed while the home was not on the market (a draft, a let home's rent review) are not asks: the
// reader leaves them out. A letting still on the market when the index is computed has no settled rent yet (a cut
// may follow): it waits for a later run. A lease signed on the site gives its letting the agreed rent instead of the
// last ask. The reasons and the choice of the gap are in docs/cooper-index-method.md.

/**
 * Asks of one listing further apart than this, with no publication between them, belong to two lettings.
 * Longer than nearly every marketing period (a month or two is usual; a cut comes weeks after the first ask),
 * shorter than the shortest usual lease, so a home let again without being marked let is still seen twice.
 */
export const LETTING_GAP_DAYS = 90
const LETTING_GAP_MICROS = LETTING_GAP_DAYS * 86_400_000_000

/** One price of one listing while it was on the market: `listed` when it put the listing on the market. */
export type Ask = { timeMicros: number; rentCents: number; listed: boolean }

/**
 * Whether ask `k` of a listing's asks (in time order, `count` of them) is the last of its letting: the next
 * ask begins a new one (a publication, or an ask after a long gap), or there is none.
 */
export function endsLetting(timeMicros: ArrayLike<number>, listed: ArrayLike<number | boolean>, k: number, count: number): boolean {
  if (k + 1 >= count) return true
  return Boolean(listed[k + 1]) || timeMicros[k + 1]! - timeMicros[k]! > LETTING_GAP_MICROS
}

/**
 * Whether a listing's last letting is still on the market at `nowMicros`: the listing is published and its last
 * ask is at most LETTING_GAP_DAYS old. Counting it at today's ask would read the cuts still to come as a higher rent.
 */
export function isStillOnMarket(status: string, lastAskMicros: number, nowMicros: number): boolean {
  return status === 'published' && nowMicros - lastAskMicros <= LETTING_GAP_MICROS
}

/** A fully signed lease of one listing: when its last signature was made, and the monthly rent it agreed. */
export type AgreedRent = { timeMicros: number; rentCents: number }

/**
 * The lease (an index into `leaseTimes`, in time order, `leaseCount` of them) that settles the letting of asks
 * `start`…`end` (of `count`), or -1: the latest signed while that letting's asks were the nearest before it, from
 * its first ask until the next letting's first, and at most LETTING_GAP_DAYS after its last ask (a lease signed
 * later, with no ask between, is a sitting tenant's renewal, not the letting's rent).
 */
export function leaseOfLetting(
  askTimes: ArrayLike<number>,
  start: number,
  end: number,
  count: number,
  leaseTimes: ArrayLike<number>,
  leaseCount: number,
): number {
  const from = askTimes[start]!
  const until = Math.min(end + 1 < count ? askTimes[end + 1]! : Infinity, askTimes[end]! + LETTING_GAP_MICROS + 1)
  for (let j = leaseCount - 1; j >= 0; j--) {
    const time = leaseTimes[j]!
    if (time >= from && time < until) return j
  }
  return -1
}

/** One letting: the rent of its last ask (or of its signed lease), at the time of its first ask. */
export type Letting = { timeMicros: number; rentCents: number }

/**
 * The lettings of one listing's asks (in time order), each at its lease's agreed rent where a lease of `leases`
 * (in time order) was signed in it; the last is left out while it is still on the market and has no signed lease.
 */
export function lettingRents(
  asks: readonly Ask[],
  { stillOnMarket = false, leases = [] }: { stillOnMarket?: boolean; leases?: readonly AgreedRent[] } = {},
): Letting[] {
  const times = asks.map((ask) => ask.timeMicros)
  const listed = asks.map((ask) => ask.listed)
  const leaseTimes = leases.map((lease) => lease.timeMicros)
  const lettings: Letting[] = []
  let start = 0
  for (let k = 0; k < asks.length; k++) {
    if (!endsLetting(times, listed, k, asks.length)) continue
    const lease = leaseOfLetting(times, start, k, asks.length, leaseTimes, leases.length)
    if (stillOnMarket && k === asks.length - 1 && lease < 0) break
    lettings.push({ timeMicros: times[start]!, rentCents: lease < 0 ? asks[k]!.rentCents : leases[lease]!.rentCents })
    start = k + 1
  }
  return lettings
}
