// Sign-in benchmark: against a running server on PostgreSQL, it makes a pool of accounts (signed up
// through the API, their addresses marked confirmed through DATABASE_URL, the same database), turns on
// two-factor sign-in for a third of them through the profile page as a person does (password, the key the
// page shows, a first code), adds a passkey to another third (a software authenticator: an ES256 key,
// 'none' attestation), then signs accounts in one at a time, drawn at random from --seed: by
// password (POST /api/auth/sign-in/email), by password and an authenticator code (that, then
// POST /api/auth/two-factor/verify-totp with the second step's cookie), or by passkey
// (GET /api/auth/passkey/generate-authenticate-options, then POST …/verify-authentication with the
// signed answer). It prints one JSON line with p50/p95/p99 of each method; a two-step sign-in is timed
// over both requests.
//
// The server must trust X-Forwarded-For (TRUST_PROXY=true): each request comes from an address of its
// own, so the per-client budgets do not stop the run. Leave its rate limits on, so their work is measured.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/signin_bench TRUST_PROXY=true PORT=3000 node_modules/.bin/node server/main.ts &
//   DATABASE_URL=… BASE_URL=http://localhost:3000 npx node bench/sign-in.ts --seed 42 [--signins 300] [--accounts 20]
import { parseArgs } from 'node:util'
import { inArray } from 'drizzle-orm'
import { siteConfig } from '#common/site-config.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { user } from '#server/db/schema.ts'
import { createSoftwareAuthenticator } from '#tests/support/software-authenticator.ts'
import { totpCode } from '#tests/support/totp.ts'

const { values } = parseArgs({
  options: { seed: { type: 'string' }, signins: { type: 'string', default: '300' }, accounts: { type: 'string', default: '20' } },
})
const seed = Number(values.seed)
const signinCount = Number(values.signins)
const accountCount = Number(values.accounts)
if (!Number.isInteger(seed) || !Number.isInteger(signinCount) || !Number.isInteger(accountCount) || accountCount < 3) {
  console.error('Usage: npx node bench/sign-in.ts --seed N [--signins 300] [--accounts 20]')
  process.exit(1)
}
const url = process.env.DATABASE_URL
if (!url?.startsWith('postgres')) throw new Error("Set DATABASE_URL to the server's PostgreSQL database")
const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
const origin = process.env.ORIGIN ?? new URL(baseUrl).origin
const WARM_UP = 10

/** mulberry32: a small seeded generator, so a seed gives the same accounts and order every run. */
function generator(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = generator(seed)
const clientAddress = () => `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`

/** The cookies a browser would keep from these answers (name=value pairs, the latest of each). */
function cookieOf(response: Response, previous = ''): string {
  const jar = new Map(previous ? previous.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const) : [])
  for (const setCookie of response.headers.getSetCookie()) {
    const pair = setCookie.split(';')[0]!
    const name = pair.slice(0, pair.indexOf('='))
    if (/max-age=0\b/i.test(setCookie) || pair.endsWith('=')) jar.delete(name)
    else jar.set(name, pair)
  }
  return [...jar.values()].join('; ')
}

async function request(path: string, init: { body?: unknown; form?: Record<string, string>; cookie?: string; method?: string } = {}) {
  const headers: Record<string, string> = { Origin: origin, 'X-Forwarded-For': clientAddress() }
  if (init.cookie) headers.Cookie = init.cookie
  let body: string | undefined
  if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  return fetch(`${baseUrl}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
}

// The accounts: new for each seed and run.
const run = `${seed}.${Date.now().toString(36)}`
const accounts = Array.from({ length: accountCount }, (_, i) => ({
  email: `bench.signin.${run}.${i}@example.com`,
  password: `bench sign-in ${seed} harbour lantern`,
  secret: '',
  passkey: null as ReturnType<typeof createSoftwareAuthenticator> | null,
}))
for (const account of accounts) {
  const answer = await request('/api/auth/sign-up/email', {
    body: { name: 'Bench Sign-in', email: account.email, password: account.password, termsVersion: siteConfig.termsVersion },
  })
  if (answer.status !== 200) throw new Error(`Signing up ${account.email} answered ${answer.status}: ${await answer.text()}`)
}
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
await database.db
  .update(user)
  .set({ emailVerified: true })
  .where(
    inArray(
      user.email,
      accounts.map((account) => account.email),
    ),
  )
await database.close()

/** Two-factor sign-in turned on from the profile, as a person does it. */
async function turnOnTwoFactor(account: (typeof accounts)[number]) {
  const signedIn = await request('/api/auth/sign-in/email', { body: { email: account.email, password: account.password } })
  if (signedIn.status !== 200) throw new Error(`Signing in ${account.email} answered ${signedIn.status}`)
  const cookie = cookieOf(signedIn)
  const started = await request('/userprofile', { form: { intent: 'two-factor-start', password: account.password }, cookie })
  if (started.status >= 400) throw new Error(`Turning on two-factor sign-in answered ${started.status}`)
  const page = await (await request('/userprofile', { cookie })).text()
  const key = /data-testid="totp-secret"[^>]*>([^<]+)</.exec(page)?.[1]
  if (!key) throw new Error('The profile shows no setup key')
  account.secret = key.replace(/\s/g, '')
  const confirmed = await request('/userprofile', { form: { intent: 'two-factor-confirm', code: totpCode(account.secret) }, cookie })
  if (confirmed.status >= 400) throw new Error(`Confirming the first code answered ${confirmed.status}`)
}
/** A passkey added from a fresh sign-in, as the profile's button does it. */
async function addPasskey(account: (typeof accounts)[number]) {
  const signedIn = await request('/api/auth/sign-in/email', { body: { email: account.email, password: account.password } })
  if (signedIn.status !== 200) throw new Error(`Signing in ${account.email} answered ${signedIn.status}`)
  const cookie = cookieOf(signedIn)
  const options = await request('/api/auth/passkey/generate-register-options?name=Bench', { cookie })
  if (options.status !== 200) throw new Error(`Passkey options answered ${options.status}`)
  const authenticator = createSoftwareAuthenticator({ origin, rpId: new URL(origin).hostname })
  const response = authenticator.register((await options.json()) as never)
  const verified = await request('/api/auth/passkey/verify-registration', {
    body: { response, name: 'Bench' },
    cookie: cookieOf(options, cookie),
  })
  if (verified.status !== 200) throw new Error(`Adding a passkey answered ${verified.status}: ${await verified.text()}`)
  account.passkey = authenticator
}
for (const [i, account] of accounts.entries()) {
  if (i % 3 === 1) await turnOnTwoFactor(account)
  if (i % 3 === 2) await addPasskey(account)
}

type Method = 'password' | 'password+totp' | 'passkey'
const times: Record<Method, number[]> = { password: [], 'password+totp': [], passkey: [] }
let errors = 0

async function signIn(account: (typeof accounts)[number]): Promise<{ method: Method; ms: number; ok: boolean }> {
  const started = performance.now()
  if (account.passkey) {
    const options = await request('/api/auth/passkey/generate-authenticate-options')
    const response = account.passkey.authenticate((await options.json()) as never)
    const verified = await request('/api/auth/passkey/verify-authentication', { body: { response }, cookie: cookieOf(options) })
    const ok = verified.status === 200 && /session_token=/.test(cookieOf(verified))
    await verified.arrayBuffer()
    return { method: 'passkey', ms: performance.now() - started, ok }
  }
  const first = await request('/api/auth/sign-in/email', { body: { email: account.email, password: account.password } })
  const answer = (await first.json()) as { twoFactorRedirect?: boolean }
  if (!account.secret) return { method: 'password', ms: performance.now() - started, ok: first.status === 200 && !answer.twoFactorRedirect }
  const second = await request('/api/auth/two-factor/verify-totp', { body: { code: totpCode(account.secret) }, cookie: cookieOf(first) })
  const ok = answer.twoFactorRedirect === true && second.status === 200 && /session_token=/.test(cookieOf(second))
  await second.arrayBuffer()
  return { method: 'password+totp', ms: performance.now() - started, ok }
}

/** Every timed sign-in, for the slowest cases. */
const all: { method: Method; email: string; ms: number }[] = []
for (let i = 0; i < WARM_UP + signinCount; i++) {
  const account = accounts[Math.floor(random() * accounts.length)]!
  const { method, ms, ok } = await signIn(account)
  if (!ok) errors += 1
  else if (i >= WARM_UP) {
    times[method].push(ms)
    all.push({ method, email: account.email, ms })
  }
}

const round = (n: number) => Math.round(n * 10) / 10
function percentiles(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)) }
}
console.log(
  JSON.stringify({
    benchmark: 'sign-in',
    seed,
    accounts: accountCount,
    signins: signinCount,
    errors,
    password: percentiles(times.password),
    'password+totp': percentiles(times['password+totp']),
    passkey: percentiles(times.passkey),
    cache: 'none (no cache answers sign-ins)',
    slowest: all
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((one) => ({ ...one, ms: round(one.ms) })),
  }),
)
