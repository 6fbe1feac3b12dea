// Password reset request benchmark: starts nothing itself. Against a running server it signs up a
// pool of accounts through the API, then sends reset requests one at a time to
// POST /api/auth/request-password-reset, for addresses drawn at random (from the seed) among those
// accounts and among addresses that have none, in random order, and prints one JSON line with the
// answer times of each kind. Known and unknown addresses should take the same time: the request only
// checks the limits and queues a job, whatever the address.
//
// The server must trust X-Forwarded-For (TRUST_PROXY=true): each request comes from an address of
// its own, so the per-client limits do not stop the run, and each account is asked for at most 3
// times, within the per-address limit. Leave its rate limits on, so their work is measured too.
//   TRUST_PROXY=true PORT=3000 node_modules/.bin/node server/main.ts &
//   BASE_URL=http://localhost:3000 npx node bench/password-reset.ts --seed 42 [--requests 400] [--accounts 70]
// (ORIGIN=… when the server's PUBLIC_URL is not BASE_URL's origin.)
import { siteConfig } from '#common/site-config.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback?: number) => {
  const index = args.indexOf(`--${name}`)
  const value = index >= 0 ? Number(args[index + 1]) : fallback
  if (value === undefined || !Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number`)
    process.exit(1)
  }
  return value
}
const seed = option('seed')
const requestCount = option('requests', 400)
const accountCount = option('accounts', 70)
const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
/** Reset links one address may ask for in an hour (server/accounts/password-reset-requests.server.ts). */
const PER_ADDRESS = 3
const WARM_UP = 10

if (Math.ceil(requestCount / 2) > accountCount * PER_ADDRESS) {
  console.error(`--requests ${requestCount} needs at least ${Math.ceil(requestCount / 2 / PER_ADDRESS)} --accounts`)
  process.exit(1)
}

/** mulberry32: a small seeded generator, so a seed gives the same addresses and order every run. */
function generator(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = generator(seed)
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!
/** A client address of its own for each request (10.0.0.0/8). */
const clientAddress = () => `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`
const token = () => Math.floor(random() * 2 ** 32).toString(36)

/** What the server's cross-site write check expects: its PUBLIC_URL (by default BASE_URL's origin). */
const origin = process.env.ORIGIN ?? new URL(baseUrl).origin
async function post(path: string, body: unknown) {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Forwarded-For': clientAddress() },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}

const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { database?: string }

// The accounts: new for each seed; a second run with the same seed finds them already there (422).
const run = token()
const known = Array.from({ length: accountCount }, (_, i) => `bench.reset.${seed}.${i}@example.com`)
for (const email of known) {
  const { status } = await post('/sign-up/email', {
    name: 'Bench Reset',
    email,
    password: `bench reset ${seed} lantern`,
    termsVersion: siteConfig.termsVersion,
  })
  if (status !== 200 && status !== 422) {
    console.error(`Signing up ${email} answered ${status}; is TRUST_PROXY=true set on the server?`)
    process.exit(1)
  }
}

const asked = new Map<string, number>()
const nextKnown = () => {
  for (;;) {
    const email = pick(known)
    const count = asked.get(email) ?? 0
    if (count < PER_ADDRESS) {
      asked.set(email, count + 1)
      return email
    }
  }
}
const nextUnknown = () => `nobody.${run}.${token()}@example.com`

const times = { known: [] as number[], unknown: [] as number[] }
let errors = 0
for (let i = 0; i < WARM_UP; i++) await post('/request-password-reset', { email: nextUnknown(), redirectTo: '/reset-password' })
// Half known, half unknown, shuffled.
const kinds = Array.from({ length: requestCount }, (_, i) => (i % 2 === 0 ? 'known' : 'unknown') as 'known' | 'unknown')
for (let i = kinds.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1))
  ;[kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!]
}
for (const kind of kinds) {
  const email = kind === 'known' ? nextKnown() : nextUnknown()
  const { status, ms } = await post('/request-password-reset', { email, redirectTo: '/reset-password' })
  if (status === 200) times[kind].push(ms)
  else errors += 1
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) =>
    sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 100) / 100
  return { requests: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) }
}
const knownTimes = summary(times.known)
const unknownTimes = summary(times.unknown)
console.log(
  JSON.stringify({
    benchmark: 'password-reset',
    seed,
    known: knownTimes,
    unknown: unknownTimes,
    p50DifferenceMs:
      knownTimes.p50 === null || unknownTimes.p50 === null ? null : Math.round((knownTimes.p50 - unknownTimes.p50) * 100) / 100,
    errors,
    database: ready.database ?? null,
  }),
)
