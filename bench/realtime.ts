// Realtime benchmark: starts one or two production servers, makes N accounts with a session each,
// connects one authenticated socket per account to the room (split evenly across the instances),
// posts room messages through the HTTP API at random (seeded: when, who, to which instance, how long)
// and measures when each socket receives each message. Prints one JSON line. One instance uses a
// fresh embedded database unless DATABASE_URL is set; two instances need DATABASE_URL (a PostgreSQL
// database both share).
//   npm run build && npx node bench/realtime.ts [--sockets 1000] [--rate 50] [--seconds 60] [--instances 1] [--seed 1]
//
// The accounts and their sessions are made in the database before the servers start, through the
// site's own auth (better-auth's internal adapter: the same hooks as a sign-up, a confirmed e-mail,
// a session as a sign-in opens one) with the AUTH_SECRET the servers are then given: signing up
// 10,000 people through the site would spend most of the run hashing passwords.
//
// The sockets come from several loopback addresses (127.1.x.y), at most CONNECTIONS_PER_CLIENT less a
// margin from each, so the per-address connection cap (README, configuration) holds as configured.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import WebSocket from 'ws'
import { siteConfig } from '#common/site-config.ts'
import { createAuth } from '#server/accounts/index.server.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { startServerProcess, waitUntilReady, type ServerProcess } from '#tests/support/server-process.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? Number(args[index + 1]) : fallback
}
const socketCount = option('sockets', 1000)
const rate = option('rate', 50)
const seconds = option('seconds', 60)
const instanceCount = option('instances', 1)
const seed = option('seed', 1)
const basePort = option('port', 3365)
/** How long after the last send a receipt may still arrive before it counts as lost. */
const GRACE_MS = 5_000
/** Room messages one person may post in 10 s (the room's limit is 10); the draw keeps below it. */
const POSTS_PER_PERSON_10S = 8
/** The per-address connection cap the servers keep (README: CONNECTIONS_PER_CLIENT; 0 for none). */
const connectionCap = Number(process.env.CONNECTIONS_PER_CLIENT ?? 100)
/** Sockets from one source address: the cap less room for the address's other connections. */
const socketsPerAddress = connectionCap > 0 ? Math.max(1, connectionCap - 10) : Number.POSITIVE_INFINITY
const root = path.resolve(import.meta.dirname, '..')

if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
  console.error('Build first: npm run build')
  process.exit(1)
}
if (instanceCount !== 1 && instanceCount !== 2) {
  console.error('--instances is 1 or 2')
  process.exit(1)
}
if (instanceCount === 2 && !process.env.DATABASE_URL) {
  console.error('Two instances share a PostgreSQL database: set DATABASE_URL')
  process.exit(1)
}
if (rate > (socketCount * POSTS_PER_PERSON_10S) / 10 / 2) {
  console.error(
    `--rate ${rate} needs at least ${Math.ceil((rate * 20) / POSTS_PER_PERSON_10S)} sockets (accounts) to stay within the room's rate limit`,
  )
  process.exit(1)
}
// Every socket is a file descriptor here and on its server (which inherits this limit).
const openFiles = Number(/^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity)
if (openFiles < socketCount + 500) {
  console.error(
    `${socketCount} sockets need more open files than this shell allows (${openFiles}): run \`ulimit -n ${socketCount + 1000}\` first`,
  )
  process.exit(1)
}

/** mulberry32: the same seed draws the same run. */
function randomFrom(start: number) {
  let state = start >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = randomFrom(seed)
const WORDS = 'the flat has two bedrooms near the park and a sunny kitchen is it still free for viewing on friday rent deposit'.split(' ')
/** A message body as people write them: mostly a line, sometimes a paragraph, rarely the room's 2000 characters. */
function drawBody(k: number) {
  const u = random()
  const length = u < 0.7 ? 20 + random() * 100 : u < 0.95 ? 120 + random() * 480 : 600 + random() * 1400
  let body = `Benchmark message ${k}:`
  while (body.length < length) body += ` ${WORDS[Math.floor(random() * WORDS.length)]}`
  return body.slice(0, Math.floor(length))
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return null
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await fn(items[index]!, index)
      }
    }),
  )
  return results
}

const rssMB = (pid: number | undefined) => {
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return Math.round(kb / 102.4) / 10
}

type Account = { id: string; cookie: string }

/** Accounts with a confirmed e-mail and an open session each, made through the site's auth. */
async function makeAccounts(dataDir: string, publicUrl: string, secret: string, run: string): Promise<Account[]> {
  const databaseUrl = process.env.DATABASE_URL
  const database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 8 } : { kind: 'pglite', dataDir })
  try {
    const auth = createAuth({
      config: { publicUrl, oidc: undefined, RATE_LIMIT: false, secret },
      database,
      mailer: { send: async () => {} } as never,
      logger: createLogger('warn'),
      queueJob: async () => {},
    })
    const { internalAdapter } = await auth.$context
    return await inBatches(
      Array.from({ length: socketCount }, (_, i) => i),
      databaseUrl ? 8 : 1,
      async (i) => {
        const user = await internalAdapter.createUser(
          {
            email: `bench.${run}.${i}@example.com`,
            name: `Bench ${i}`,
            emailVerified: true,
            termsVersion: siteConfig.termsVersion,
          },
          { method: 'email-password' },
        )
        const session = await internalAdapter.createSession(user.id)
        if (!session) throw new Error(`No session for bench account ${i}`)
        // The session cookie as better-auth signs it: the token, a dot, its HMAC-SHA256 in base64.
        const signature = crypto.createHmac('sha256', secret).update(session.token).digest('base64')
        return { id: user.id, cookie: `cooper.session_token=${encodeURIComponent(`${session.token}.${signature}`)}` }
      },
    )
  } finally {
    await database.close()
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-realtime-'))
const servers: ServerProcess[] = []
const sockets: WebSocket[] = []
const agent = new http.Agent({ keepAlive: true, maxSockets: 32, localAddress: '127.0.0.1' })

/** POSTs JSON on the bench's own keep-alive connections; resolves with the status. */
function post(url: string, cookie: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body)
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), origin: new URL(url).origin, cookie },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    request.on('error', reject)
    request.end(text)
  })
}

try {
  const run = Date.now().toString(36)
  const secret = crypto.randomBytes(32).toString('base64url')
  const setupStarted = performance.now()
  const accounts = await makeAccounts(dataDir, `http://127.0.0.1:${basePort}`, secret, run)
  const setupSeconds = Math.round((performance.now() - setupStarted) / 100) / 10

  for (let i = 0; i < instanceCount; i += 1) {
    const port = basePort + i
    const server = startServerProcess(
      port,
      { DATA_DIR: dataDir, RATE_LIMIT: 'false', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', AUTH_SECRET: secret },
      { quiet: true },
    )
    servers.push(server)
    await waitUntilReady(server, 60_000)
  }
  const ready = (await (await fetch(`${servers[0]!.url}/readyz`)).json()) as { database?: string }
  const serverOf = (i: number) => servers[i % servers.length]!
  const rssBefore = servers.map((s) => rssMB(s.child.pid))

  // Receipts: per message (by client transaction id), the sockets that received it and when.
  const sentAt = new Map<string, number>()
  const receivedBy = new Map<string, Set<number>>()
  const latencies: number[] = []
  let duplicates = 0
  const onFrame = (socketIndex: number, text: string) => {
    // Cheaper than parsing every frame: the bench's own transaction ids are easy to find. A frame
    // holds one event or several (a JSON array); only room messages carry a bench- transaction id.
    const receivedAt = performance.now()
    for (const match of text.matchAll(/"clientTxnId":"(bench-[^"]+)"/g)) {
      const txn = match[1]!
      const started = sentAt.get(txn)
      if (started === undefined) continue
      let receivers = receivedBy.get(txn)
      if (!receivers) receivedBy.set(txn, (receivers = new Set()))
      if (receivers.has(socketIndex)) {
        duplicates += 1
        continue
      }
      receivers.add(socketIndex)
      latencies.push(receivedAt - started)
    }
  }

  let closedEarly = 0
  await inBatches(accounts, 100, async (account, i) => {
    const server = serverOf(i)
    // Socket i of an instance comes from its own loopback address, a new one every socketsPerAddress.
    const k = Math.floor(i / servers.length / socketsPerAddress)
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { origin: server.url, cookie: account.cookie },
      perMessageDeflate: false,
      localAddress: Number.isFinite(socketsPerAddress) ? `127.1.${Math.floor(k / 250)}.${1 + (k % 250)}` : undefined,
    })
    sockets.push(ws)
    const hello = new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve())
      ws.once('error', reject)
      ws.once('unexpected-response', (_request, response) => reject(new Error(`socket ${i}: HTTP ${response.statusCode}`)))
    })
    ws.on('message', (data) => onFrame(i, String(data)))
    ws.on('close', () => (closedEarly += 1))
    await hello
  })
  // Presence news of the connections settles before the clock starts.
  await new Promise((r) => setTimeout(r, 2_000))
  const rssConnected = servers.map((s) => rssMB(s.child.pid))
  const perInstance = socketCount / servers.length
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()

  // Arrivals at random (a Poisson process of the given rate), each from a person drawn at random
  // among those still inside the room's limit, to an instance drawn at random.
  let errors = 0
  const total = Math.round(rate * seconds)
  const recentPosts = new Map<number, number[]>()
  const start = performance.now()
  const posts: Promise<void>[] = []
  let due = start
  for (let k = 0; k < total; k += 1) {
    due += (-Math.log(1 - random()) * 1000) / rate
    let index: number
    for (;;) {
      index = Math.floor(random() * accounts.length)
      const times = (recentPosts.get(index) ?? []).filter((t) => t > due - 10_000)
      recentPosts.set(index, times)
      if (times.length < POSTS_PER_PERSON_10S) break
    }
    recentPosts.get(index)!.push(due)
    const server = servers[Math.floor(random() * servers.length)]!
    const body = drawBody(k)
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const txn = `bench-${run}-${k}`
    sentAt.set(txn, performance.now())
    posts.push(
      post(`${server.url}/api/chat/room/messages`, accounts[index]!.cookie, { body, clientTxnId: txn })
        .then((status) => {
          if (status !== 201) throw new Error(String(status))
        })
        .catch(() => {
          errors += 1
          sentAt.delete(txn)
        }),
    )
  }
  await Promise.all(posts)
  const sendSeconds = (performance.now() - start) / 1000

  const openAtStart = sockets.length
  const expected = sentAt.size * openAtStart
  const graceUntil = Date.now() + GRACE_MS
  while (latencies.length < expected && Date.now() < graceUntil) await new Promise((r) => setTimeout(r, 100))
  lag.disable()
  latencies.sort((a, b) => a - b)

  console.log(
    JSON.stringify({
      benchmark: 'realtime',
      seed,
      instances: servers.length,
      database: ready.database ?? null,
      connections: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
      messagesPerSecond: Math.round((sentAt.size / sendSeconds) * 10) / 10,
      messages: sentAt.size,
      sendErrors: errors,
      latencyMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: percentile(latencies, 100),
      },
      lost: expected - latencies.length,
      duplicates,
      socketsClosed: closedEarly,
      serverMB: rssConnected,
      perSocketKB: Math.round(
        (servers.reduce((sum, _, i) => sum + (rssConnected[i]! - rssBefore[i]!), 0) / servers.length / perInstance) * 1024,
      ),
      clientLagMsP99: Math.round(lag.percentile(99) / 1e5) / 10,
      setupSeconds,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    }),
  )
} finally {
  for (const ws of sockets) ws.terminate()
  agent.destroy()
  await Promise.all(servers.map((s) => s.stop()))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
