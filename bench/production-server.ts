// The production server for a benchmark: `node server/main.ts` on the build, on a fresh data folder
// (the embedded database with its demo data, unless DATABASE_URL names a PostgreSQL database),
// ready when /readyz says so.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export type ProductionServer = {
  origin: string
  /** CPU seconds (user + system) the server has used so far, its cluster workers' (WEB_CONCURRENCY) included. */
  cpuSeconds(): number
  stop(): Promise<void>
}

/** CPU seconds of a process and its live children (Linux /proc; 0 where there is none). */
function processTreeCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const own = (Number(fields[11]) + Number(fields[12])) / 100
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    return own + children.reduce((sum, child) => sum + processTreeCpuSeconds(Number(child)), 0)
  } catch {
    return 0
  }
}

/** Answers of /readyz in a row, each on a new connection, that make the server ready. */
const READY_IN_A_ROW = 8

/** Whether /readyz answers 200 on a new connection (not a kept-alive one, which stays with one process). */
function isReady(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(`${origin}/readyz`, { agent: false }, (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      })
      .on('error', () => resolve(false))
  })
}

export async function startProductionServer(port: number, env: Record<string, string> = {}): Promise<ProductionServer> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    console.error('Build first: npm run build')
    process.exit(1)
  }
  const origin = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-'))
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => server.on('exit', resolve))
  const cpuSeconds = () => (server.pid === undefined ? 0 : processTreeCpuSeconds(server.pid))
  const stop = async () => {
    server.kill('SIGTERM')
    await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  // A million listings take a while to index, the longer with two processes on two busy cores. Each
  // process answers /readyz for itself, and connections take turns between them (WEB_CONCURRENCY), so
  // the server is ready when readyz says so on several new connections in a row.
  const deadline = Date.now() + 300_000
  let readyInARow = 0
  while (Date.now() < deadline) {
    readyInARow = (await isReady(origin)) ? readyInARow + 1 : 0
    if (readyInARow >= READY_IN_A_ROW) return { origin, cpuSeconds, stop }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error('server did not become ready')
}
