// The production server as a child process (`node server/main.ts` on the build), for process tests
// and benchmarks that need real, separate instances.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export type ServerProcess = {
  child: ChildProcess
  url: string
  output: () => string
  exited: Promise<number | null>
  stop(): Promise<void>
}

export function startServerProcess(port: number, env: Record<string, string>, { quiet = false } = {}): ServerProcess {
  let output = ''
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', PORT: String(port), ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`)
    try {
      const res = await fetch(`${server.url}/readyz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server not ready:\n${server.output()}`)
}
