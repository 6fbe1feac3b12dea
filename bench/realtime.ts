// Realtime benchmark: starts one or two production servers, signs up N accounts, connects one
// authenticated socket per account to the room (split evenly across the instances), posts room
// messages at a steady rate through the HTTP API (spread over the accounts and the instances, within
// the room's per-person rate limit) and measures when each socket receives each message. Prints one
// JSON line. One instance uses a fresh embedded database unless DATABASE_URL is set; two instances
// need DATABASE_URL (a PostgreSQL database both share).
//   npm run build && npx node bench/realtime.ts [--sockets 1000] [--rate 50] [--seconds 60] [--instances 1]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { createLiveAccount, mailFolderReader, type LiveAccount } from '#tests/support/live-accounts.ts'
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
const basePort = option('port', 3365)
/** How long after the last send a receipt may still arrive before it counts as lost. */
const GRACE_MS = 5_000
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
// Each person may post 10 messages in 10 s; stay well inside it.
if (rate > socketCount * 0.8) {
  console.error(`--rate ${rate} needs at least ${Math.ceil(rate / 0.8)} sockets (accounts) to stay within the room's rate limit`)
  process.exit(1)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-realtime-'))
const servers: ServerProcess[] = []
const sockets: WebSocket[] = []

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

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return null
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}

try {
  for (let i = 0; i < instanceCount; i += 1) {
    const port = basePort + i
    const server = startServerProcess(
      port,
      { DATA_DIR: dataDir, RATE_LIMIT: 'false', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
      { quiet: true },
    )
    servers.push(server)
    await waitUntilReady(server, 60_000)
  }
  const ready = (await (await fetch(`${servers[0]!.url}/readyz`)).json()) as { database?: string }
  const serverOf = (i: number) => servers[i % servers.length]!

  // Accounts, signed up and confirmed through the site itself.
  const mail = mailFolderReader(dataDir)
  const run = Date.now().toString(36)
  const accounts: LiveAccount[] = await inBatches(
    Array.from({ length: socketCount }, (_, i) => i),
    8,
    (i) => createLiveAccount(serverOf(i).url, mail, { email: `bench.${run}.${i}@example.com`, name: `Bench ${i}` }),
  )

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

  await inBatches(accounts, 50, async (account, i) => {
    const server = serverOf(i)
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { origin: server.url, cookie: account.cookie },
      perMessageDeflate: false,
    })
    sockets.push(ws)
    await new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve()) // hello
      ws.once('error', reject)
    })
    ws.on('message', (data) => onFrame(i, String(data)))
  })

  // A steady rate: message k goes out at k / rate seconds, from account k (round robin).
  let errors = 0
  const total = Math.round(rate * seconds)
  const start = performance.now()
  const posts: Promise<void>[] = []
  for (let k = 0; k < total; k += 1) {
    const due = start + (k * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const index = k % accounts.length
    const account = accounts[index]!
    const server = serverOf(k)
    const txn = `bench-${run}-${k}`
    sentAt.set(txn, performance.now())
    posts.push(
      fetch(`${server.url}/api/chat/room/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie: account.cookie },
        body: JSON.stringify({ body: `Benchmark message ${k}`, clientTxnId: txn }),
      })
        .then(async (res) => {
          await res.arrayBuffer()
          if (res.status !== 201) {
            errors += 1
            sentAt.delete(txn)
          }
        })
        .catch(() => {
          errors += 1
          sentAt.delete(txn)
        }),
    )
  }
  await Promise.all(posts)
  const sendSeconds = (performance.now() - start) / 1000

  const expected = sentAt.size * sockets.length
  const graceUntil = Date.now() + GRACE_MS
  while (latencies.length < expected && Date.now() < graceUntil) await new Promise((r) => setTimeout(r, 100))
  latencies.sort((a, b) => a - b)

  console.log(
    JSON.stringify({
      benchmark: 'realtime',
      instances: servers.length,
      database: ready.database ?? null,
      connections: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
      messagesPerSecond: Math.round((sentAt.size / sendSeconds) * 10) / 10,
      messages: sentAt.size,
      sendErrors: errors,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
      lost: expected - latencies.length,
      duplicates,
    }),
  )
} finally {
  for (const ws of sockets) ws.terminate()
  await Promise.all(servers.map((s) => s.stop()))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
