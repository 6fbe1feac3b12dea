// Synthetic rental markets with a known index path and the messiness of real listings, as listings and asking
// prices ready for the database: lettings with 0–3 price cuts a few weeks apart, renewals with rent reviews of
// occupied homes, homes that change bedrooms and size, outliers, seasonal paths and seasonal lettings, and noise
// that differs from home to home. The Cooper Index's accuracy tests run them through the whole pipeline.
//
// A letting's rent (its last ask, what the home lets at) is drawn from the market's path in the month of its first
// ask: level + home effect + true log index + the home's own drift + the home's own noise. Asks before it are
// higher by the cuts that followed them.
import { seededRandom } from './synthetic-rents.ts'

/** One asking price as the listing's price history stores it. */
export type MessyAsk = { at: Date; amountCents: number; phase: 'listed' | 'asking' | 'off-market' }

/** One listing of a home: a home whose bedrooms or size changed is listed anew at the same address. */
export type MessyListing = {
  street: string
  bedrooms: number
  sizeSqft: number
  status: 'published' | 'leased' | 'archived'
  asks: MessyAsk[]
}

export type MessyMarketOptions = {
  seed: number
  /** The months the market spans, ending with `lastMonth` (months since January 2000). */
  months: number
  lastMonth: number
  /** Homes in the market; each is let about once a year (lettings ≈ homes × years). */
  homes: number
  /** When the data is read (the index's run): asks after it are not yet made. After `lastMonth`. */
  until: Date
}

export type MessyMarket = {
  /** The first month of the path (months since January 2000) and the true log index of each month from it. */
  firstMonth: number
  truthLogIndex: Float64Array
  listings: MessyListing[]
  /** Lettings drawn (observations the index should see), price cuts and rent reviews among the asks. */
  lettings: number
  cuts: number
  reviews: number
}

const DAY_MS = 86_400_000
/** Homes come on the market for three years before the first month, so the first months are not thin. */
const BURN_IN_DAYS = 3 * 365

function normalFrom(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** The first day of a month counted from January 2000, in milliseconds since 1970. */
const startOfMonth = (month: number) => Date.UTC(2000 + Math.floor(month / 12), month % 12, 1)

/**
 * One market. Its path: a trend of −2 % to +6 % a year, a seasonal swing of 0.5–2 % peaking in summer, and a random
 * walk of monthly shocks. Homes come up for let more often in summer. Per letting: 45 % are cut once or more (2–6 %
 * each, 2–5 weeks apart); 1 % is let at an unusual rent (furnished or subsidised: 0.4 or 2.5 times); after the
 * lease (mostly a year, some 6 or 18–24 months), 35 % of tenants renew after a rent review (an off-market price),
 * and 3 % of relettings follow a change of bedrooms and size (a new listing at the same address).
 */
export function messyMarket({ seed, months, lastMonth, homes, until }: MessyMarketOptions): MessyMarket {
  const random = seededRandom(seed)
  const normal = normalFrom(random)
  const firstMonth = lastMonth - months + 1
  const origin = startOfMonth(firstMonth)
  const end = startOfMonth(lastMonth + 1)
  const spanDays = (end - origin) / DAY_MS
  const untilDays = (until.getTime() - origin) / DAY_MS

  const trend = -0.02 + 0.08 * random()
  const seasonal = 0.005 + 0.015 * random()
  const truthLogIndex = new Float64Array(months)
  let shocks = 0
  for (let m = 0; m < months; m++) {
    if (m > 0) shocks += 0.003 * normal()
    // Calendar months: July is the peak, January the trough.
    const calendar = (firstMonth + m) % 12
    truthLogIndex[m] = (trend * m) / 12 + seasonal * Math.cos((2 * Math.PI * (calendar - 6)) / 12) + shocks
  }
  const start = truthLogIndex[0]!
  for (let m = 0; m < months; m++) truthLogIndex[m]! -= start
  const monthOfDay = (day: number) => {
    const date = new Date(origin + day * DAY_MS)
    return (date.getUTCFullYear() - 2000) * 12 + date.getUTCMonth() - firstMonth
  }
  const atDay = (day: number) => new Date(origin + Math.round(day * DAY_MS))
  /** A day of the year to come on the market: summer twice as likely as winter. */
  const seasonalDay = (from: number, to: number) => {
    for (;;) {
      const day = from + random() * (to - from)
      const calendar = (firstMonth + monthOfDay(day) + 1200) % 12
      if (random() < (1 + Math.cos((2 * Math.PI * (calendar - 6)) / 12)) / 2 + 0.33) return day
    }
  }

  const level = Math.log(150_000 + 100_000 * random())
  const listings: MessyListing[] = []
  let lettings = 0
  let cuts = 0
  let reviews = 0
  for (let h = 0; h < homes; h++) {
    const street = `${100 + h} ${['Market', 'Orange', 'King', 'Union', 'Front'][h % 5]} Street`
    let bedrooms = [0, 1, 1, 2, 2, 2, 3, 3, 4][Math.floor(random() * 9)]!
    let sizeSqft = Math.round((450 + 350 * bedrooms) * (0.9 + 0.2 * random()))
    let effect = 0.3 * normal() + 0.18 * bedrooms
    // Noise that differs from home to home: most homes ask close to their worth, some far off it.
    const noiseSd = 0.025 * Math.exp(0.5 * normal())
    let drift = 0
    let driftDay = -BURN_IN_DAYS
    let current: MessyListing = { street, bedrooms, sizeSqft, status: 'leased', asks: [] }
    listings.push(current)

    let day = seasonalDay(-BURN_IN_DAYS, spanDays)
    while (day < spanDays) {
      drift += 0.01 * Math.sqrt(Math.max(day - driftDay, 0) / 30.4) * normal()
      driftDay = day
      // The letting: its rent, its asks (each cut divides out), the day it is let.
      let rent = Math.exp(level + effect + (day >= 0 ? truthLogIndex[monthOfDay(day)]! : 0) + drift + noiseSd * normal())
      if (random() < 0.01) rent *= random() < 0.5 ? 0.4 : 2.5
      const cutCount = random() < 0.55 ? 0 : random() < 0.55 ? 1 : random() < 0.65 ? 2 : 3
      const factors = Array.from({ length: cutCount }, () => 1.02 + 0.04 * random())
      let ask = factors.reduce((product, factor) => product * factor, rent)
      let askDay = day
      const asks: MessyAsk[] = []
      asks.push({ at: atDay(askDay), amountCents: Math.round(ask), phase: 'listed' })
      for (const factor of factors) {
        askDay += 14 + 21 * random()
        ask /= factor
        asks.push({ at: atDay(askDay), amountCents: Math.round(ask), phase: 'asking' })
      }
      const letDay = askDay + 7 + 23 * random()
      const made = asks.filter((row) => row.at.getTime() < until.getTime())
      if (day >= 0) {
        current.asks.push(...made)
        lettings++
        cuts += made.length - 1
      }
      // Still on the market when the data is read: published, its last cuts (if any) still to come.
      if (letDay >= untilDays) {
        current.status = 'published'
        break
      }
      let leaseEnd = letDay
      // The tenancy, renewed after a rent review now and then.
      let paid = rent
      leaseEnd += 30.4 * (random() < 0.7 ? 12 : random() < 0.33 ? 6 : 18 + Math.floor(random() * 7))
      while (random() < 0.35 && leaseEnd < untilDays) {
        paid *= 1.02 + 0.04 * random()
        if (leaseEnd >= 0 && leaseEnd - 45 < untilDays) {
          current.asks.push({ at: atDay(leaseEnd - 45), amountCents: Math.round(paid), phase: 'off-market' })
          reviews++
        }
        leaseEnd += 30.4 * 12
      }
      day = leaseEnd + 60 * random()
      if (day < spanDays && random() < 0.03) {
        // Rebuilt between tenancies: another bedroom count and size, listed anew at the same address.
        const change = bedrooms === 0 || random() < 0.5 ? 1 : -1
        bedrooms += change
        sizeSqft = Math.round(sizeSqft * (1 + 0.3 * change))
        effect += 0.18 * change
        if (current.asks.length > 0) current.status = 'archived'
        else listings.pop()
        current = { street, bedrooms, sizeSqft, status: 'leased', asks: [] }
        listings.push(current)
      }
    }
    if (current.asks.length === 0) listings.splice(listings.indexOf(current), 1)
  }
  return { firstMonth, truthLogIndex, listings, lettings, cuts, reviews }
}
