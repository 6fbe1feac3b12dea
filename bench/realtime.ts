/* eslint-disable max-lines -- one benchmark in one file: the run and its socket threads (the same module in a worker) share its options, shared buffers and counters */
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
import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads'
import WebSocket from 'ws'
import { siteConfig } from '#common/site-config.ts'
import { createAuth } from '#server/accounts/index.server.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { startServerProcess, waitUntilReady, type ServerProcess } from '#tests/support/server-process.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'

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
/** Threads that hold the sockets and read their frames (the client's own limit is one core per thread). */
const threadCount = option('threads', 2)
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

// mulberry32: the same seed draws the same run.
const random = seededRandom(seed)
const WORDS = 'the flat has two bedrooms near the park and a sunny kitchen is it still free for viewing on friday rent deposit'.split(' ')
/** A message body as people write them: mostly a line, sometimes a paragraph, rarely the room's 2000 characters. */
function drawBody(k: number) {
  const u = random()
  const length = u < 0.7 ? 20 + random() * 100 : u < 0.95 ? 120 + random() * 480 : 600 + random() * 1400
  let body = `Benchmark message ${k}:`
  while (body.length < length) body += ` ${WORDS[Math.floor(random() * WORDS.length)]}`
  return body.slice(0, Math.floor(length))
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

/** CPU seconds (user + system) a process has used: its share of a shared machine's time, whatever the load. */
const cpuSeconds = (pid: number | undefined) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

type Account = { id: string; cookie: string }

/** Accounts with a confirmed e-mail and an open session each, made through the site's auth. */
async function makeAccounts(dataDir: string, publicUrl: string, secret: string, run: string): Promise<Account[]> {
  const databaseUrl = process.env.DATABASE_URL
  const database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 16 } : { kind: 'pglite', dataDir })
  try {
    const auth = createAuth({
      config: { publicUrl, PUBLIC_URL: publicUrl, PORT: Number(new URL(publicUrl).port), oidc: undefined, RATE_LIMIT: false, secret },
      database,
      mailer: { send: async () => {} } as never,
      logger: createLogger('warn'),
      queueJob: async () => {},
    })
    const { internalAdapter } = await auth.$context
    return await inBatches(
      Array.from({ length: socketCount }, (_, i) => i),
      databaseUrl ? 16 : 1,
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

/** Latencies are counted in buckets of this many ms (p99 to the nearest half millisecond). */
const BUCKET_MS = 0.5
const BUCKETS = 240_000
/** Counters the threads share: receipts, duplicates, sockets closed early. */
const RECEIVED = 0
const DUPLICATES = 1
const CLOSED = 2

type Receiver = {
  run: string
  total: number
  sockets: { index: number; url: string; cookie: string; localAddress: string | undefined }[]
  /** When each message was sent (ms since the epoch, as performance.timeOrigin + now()); 0 before, -1 if refused. */
  sentAt: SharedArrayBuffer
  counters: SharedArrayBuffer
  histogram: SharedArrayBuffer
}

/** A thread of sockets: connects them, then counts each message each one receives, once. */
async function receive(data: Receiver) {
  const sentAt = new Float64Array(data.sentAt)
  const counters = new Int32Array(data.counters)
  const histogram = new Uint32Array(data.histogram)
  const seen = new Uint8Array(Math.ceil((data.sockets.length * data.total) / 8))
  const pattern = new RegExp(`"clientTxnId":"bench-${data.run}-(\\d+)"`, 'g')
  const sockets: WebSocket[] = []
  const onFrame = (local: number, text: string) => {
    // Cheaper than parsing every frame: the bench's own transaction ids are easy to find. A frame
    // holds one event or several (a JSON array); only room messages carry a bench- transaction id.
    const receivedAt = performance.timeOrigin + performance.now()
    for (const match of text.matchAll(pattern)) {
      const k = Number(match[1])
      const sent = sentAt[k]!
      if (!(sent > 0)) continue
      const bit = local * data.total + k
      if (seen[bit >> 3]! & (1 << (bit & 7))) {
        Atomics.add(counters, DUPLICATES, 1)
        continue
      }
      seen[bit >> 3]! |= 1 << (bit & 7)
      Atomics.add(counters, RECEIVED, 1)
      Atomics.add(histogram, Math.min(BUCKETS - 1, Math.floor((receivedAt - sent) / BUCKET_MS)), 1)
    }
  }
  await inBatches(data.sockets, 50, async (socket, local) => {
    const ws = new WebSocket(`${socket.url.replace('http', 'ws')}/ws`, {
      headers: { origin: socket.url, cookie: socket.cookie },
      perMessageDeflate: false,
      localAddress: socket.localAddress,
    })
    sockets.push(ws)
    const hello = new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve())
      ws.once('error', reject)
      ws.once('unexpected-response', (_request, response) => reject(new Error(`socket ${socket.index}: HTTP ${response.statusCode}`)))
    })
    ws.on('message', (frame) => onFrame(local, String(frame)))
    ws.on('close', () => Atomics.add(counters, CLOSED, 1))
    await hello
  })
  const lag = monitorEventLoopDelay({ resolution: 10 })
  parentPort!.on('message', (message: string) => {
    if (message === 'measure') lag.enable()
    if (message === 'report') {
      lag.disable()
      parentPort!.postMessage({ open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length, lagP99: lag.percentile(99) / 1e6 })
      for (const ws of sockets) ws.terminate()
    }
  })
  parentPort!.postMessage('connected')
}

/** The p-th percentile of a few values. */
function quantile(values: number[], p: number) {
  if (values.length === 0) return null
  const sorted = values.toSorted((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}

/** The latency below which p % of the receipts came, to the bucket's upper end. */
function percentileOf(histogram: Uint32Array, count: number, p: number) {
  if (count === 0) return null
  const rank = Math.max(1, Math.ceil((p / 100) * count))
  let seenSoFar = 0
  for (let i = 0; i < histogram.length; i += 1) {
    seenSoFar += histogram[i]!
    if (seenSoFar >= rank) return Math.round((i + 1) * BUCKET_MS * 10) / 10
  }
  return null
}

const servers: ServerProcess[] = []
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

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-realtime-'))
  const workers: Worker[] = []
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
    const rssBefore = servers.map((s) => rssMB(s.child.pid))

    // Socket i goes to instance i mod n; an instance's sockets come from one loopback address per
    // socketsPerAddress of them. The threads take the sockets in turn.
    const total = Math.round(rate * seconds)
    const shared = {
      sentAt: new SharedArrayBuffer(total * 8),
      counters: new SharedArrayBuffer(3 * 4),
      histogram: new SharedArrayBuffer(BUCKETS * 4),
    }
    const plan = accounts.map((account, i) => {
      const k = Math.floor(i / servers.length / socketsPerAddress)
      return {
        index: i,
        url: servers[i % servers.length]!.url,
        cookie: account.cookie,
        localAddress: Number.isFinite(socketsPerAddress) ? `127.1.${Math.floor(k / 250)}.${1 + (k % 250)}` : undefined,
      }
    })
    await Promise.all(
      Array.from({ length: threadCount }, async (_, t) => {
        const data: Receiver = { run, total, sockets: plan.filter((_, i) => i % threadCount === t), ...shared }
        const worker = new Worker(new URL(import.meta.url), { workerData: data, argv: args })
        workers.push(worker)
        await new Promise<void>((resolve, reject) => {
          worker.once('message', () => resolve())
          worker.once('error', reject)
        })
      }),
    )
    // Presence news of the connections settles before the clock starts.
    await new Promise((r) => setTimeout(r, 2_000))
    const rssConnected = servers.map((s) => rssMB(s.child.pid))
    const perInstance = socketCount / servers.length
    for (const worker of workers) worker.postMessage('measure')
    const lag = monitorEventLoopDelay({ resolution: 10 })
    lag.enable()

    // Arrivals at random (a Poisson process of the given rate), each from a person drawn at random
    // among those still inside the room's limit, to an instance drawn at random.
    const sentAt = new Float64Array(shared.sentAt)
    const counters = new Int32Array(shared.counters)
    let errors = 0
    /** How long each POST took to answer: the write's share of the latency. */
    const postMs: number[] = []
    const recentPosts = new Map<number, number[]>()
    const cpuBefore = servers.map((server) => cpuSeconds(server.child.pid))
    const clientCpuBefore = process.cpuUsage()
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
      sentAt[k] = performance.timeOrigin + performance.now()
      posts.push(
        post(`${server.url}/api/chat/room/messages`, accounts[index]!.cookie, { body, clientTxnId: `bench-${run}-${k}` })
          .then((status) => {
            if (status !== 201) throw new Error(String(status))
            postMs.push(performance.timeOrigin + performance.now() - sentAt[k]!)
          })
          .catch(() => {
            errors += 1
            sentAt[k] = -1
          }),
      )
    }
    await Promise.all(posts)
    const sendSeconds = (performance.now() - start) / 1000
    lag.disable()

    const messages = total - errors
    const expected = messages * socketCount
    const graceUntil = Date.now() + GRACE_MS
    while (Atomics.load(counters, RECEIVED) < expected && Date.now() < graceUntil) await new Promise((r) => setTimeout(r, 100))
    const received = Atomics.load(counters, RECEIVED)
    const serverCpu = servers.reduce((sum, server, i) => sum + cpuSeconds(server.child.pid) - cpuBefore[i]!, 0)
    const clientCpuUsage = process.cpuUsage(clientCpuBefore)
    const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6
    const duplicates = Atomics.load(counters, DUPLICATES)
    const closedEarly = Atomics.load(counters, CLOSED)
    const reports = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<{ open: number; lagP99: number }>((resolve) => {
            worker.once('message', resolve)
            worker.postMessage('report')
          }),
      ),
    )
    const histogram = new Uint32Array(shared.histogram)
    const clientLag = Math.max(lag.percentile(99) / 1e6, ...reports.map((r) => r.lagP99))

    console.log(
      JSON.stringify({
        benchmark: 'realtime',
        seed,
        instances: servers.length,
        database: ready.database ?? null,
        connections: reports.reduce((sum, r) => sum + r.open, 0),
        messagesPerSecond: Math.round((messages / sendSeconds) * 10) / 10,
        messages,
        sendErrors: errors,
        latencyMs: {
          p50: percentileOf(histogram, received, 50),
          p95: percentileOf(histogram, received, 95),
          p99: percentileOf(histogram, received, 99),
          max: percentileOf(histogram, received, 100),
        },
        postMs: { p50: quantile(postMs, 50), p99: quantile(postMs, 99) },
        lost: expected - received,
        duplicates,
        socketsClosed: closedEarly,
        serverCpuMsPerMessage: Math.round((serverCpu / Math.max(1, messages)) * 10_000) / 10,
        // The client's threads read every socket's frames on the same cores: as much CPU as the servers' sends.
        clientCpuMsPerMessage: Math.round((clientCpu / Math.max(1, messages)) * 10_000) / 10,
        serverMB: rssConnected,
        perSocketKB: Math.round(
          (servers.reduce((sum, _, i) => sum + (rssConnected[i]! - rssBefore[i]!), 0) / servers.length / perInstance) * 1024,
        ),
        clientThreads: threadCount,
        clientLagMsP99: Math.round(clientLag * 10) / 10,
        setupSeconds,
        loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
      }),
    )
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()))
    agent.destroy()
    await Promise.all(servers.map((s) => s.stop()))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (isMainThread) await main()
else await receive(workerData as Receiver)
