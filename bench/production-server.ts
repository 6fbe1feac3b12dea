// The production server for a benchmark: `node server/main.ts` on the build, on a fresh data folder
// (the embedded database with its demo data, unless DATABASE_URL names a PostgreSQL database),
// ready when /readyz says so.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export type ProductionServer = { origin: string; stop(): Promise<void> }

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
  const stop = async () => {
    server.kill('SIGTERM')
    await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, stop }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error('server did not become ready')
}
