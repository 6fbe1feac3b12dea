// The app compiled by Vite (in-process, server side) and served by the real HTTP app, for tests of
// whole documents as a browser receives them before any script runs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { createServer, type ViteDevServer } from 'vite'
import type { createHttpApp } from '#server/http/app.server.ts'
import { TEST_ORIGIN, type TestServices } from './test-services.ts'

const root = path.resolve(import.meta.dirname, '..', '..')

export type PageApp = {
  app: ReturnType<typeof createHttpApp>
  /** GETs a page (optionally with a Cookie header) and reads its whole document. */
  get(pathname: string, cookie?: string): Promise<{ status: number; html: string }>
  close(): Promise<void>
}

/**
 * Runs `work` while holding a lock shared by every test process (a directory, created atomically). React Router's
 * Vite plugin regenerates `.react-router/types` when a dev server starts (it empties the folder, then writes it):
 * two test files starting one at once can empty it under each other's writes, which fails the run.
 */
async function whileHoldingTypegenLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `cooper-typegen-${Buffer.from(root).toString('hex').slice(-24)}.lock`)
  for (const started = Date.now(); ;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // A lock left by a process that died is taken over after a minute.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 60_000 || Date.now() - started > 120_000) fs.rmSync(lock, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

const serverBuildTypes = path.join(root, '.react-router', 'types', '+server-build.d.ts')

/**
 * Resolves once the dev server's generated types are written again (the plugin writes them without waiting):
 * the file was removed before the server started, so its return is this server's write.
 */
async function typegenWritten() {
  for (const started = Date.now(); !fs.existsSync(serverBuildTypes) && Date.now() - started < 10_000;) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // The route files are written alongside it.
  await new Promise((resolve) => setTimeout(resolve, 300))
}

type CompiledApp = { build: ServerBuild; close(): Promise<void> }

/** Starts the compiler and loads the server build through it. */
async function compileApp(): Promise<CompiledApp> {
  // A cache of its own, so this compiler never writes where a running dev server reads.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-vite-'))
  process.once('exit', () => fs.rmSync(cacheDir, { recursive: true, force: true }))
  let vite: ViteDevServer | undefined
  const close = async () => {
    await vite?.close()
    fs.rmSync(cacheDir, { recursive: true, force: true })
  }
  try {
    vite = await whileHoldingTypegenLock(async () => {
      fs.rmSync(serverBuildTypes, { force: true })
      const server = await createServer({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'silent',
        cacheDir,
        optimizeDeps: { noDiscovery: true, include: [] },
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
      })
      await typegenWritten()
      return server
    })
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    return { build, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * The app compiled once per test process: compiling it took 5–8 s of CPU, and the integration files
 * that read pages did it each (nineteen files, on both databases). The build holds no file's data:
 * each file makes its own HTTP app from it over its own services, and the server keeps its caches
 * per services or per database. The compiler is closed when the process ends.
 */
let compiled: Promise<CompiledApp> | undefined

function compiledApp(): Promise<CompiledApp> {
  if (!compiled) {
    const compiling = compileApp()
    compiled = compiling
    // A failed compile is not kept: the next file tries again and reports its own error.
    compiling.catch(() => {
      if (compiled === compiling) compiled = undefined
    })
    process.once('beforeExit', () => void compiling.then((app) => app.close()).catch(() => {}))
  }
  return compiled
}

export async function createPageApp(t: TestServices): Promise<PageApp> {
  const { build } = await compiledApp()
  // The HTTP app from the build itself, so it and the routes share one router context key.
  const entry = build.entry.module as unknown as { createHttpApp: typeof createHttpApp }
  const app = entry.createHttpApp({ services: t.services, build })
  return {
    app,
    async get(pathname, cookie) {
      const response = await app.request(`${TEST_ORIGIN}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} })
      return { status: response.status, html: await response.text() }
    },
    // The compiled app stays for the next file of this process.
    async close() {},
  }
}
