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

export async function createPageApp(t: TestServices): Promise<PageApp> {
  // A cache of its own, so this compiler never writes where a running dev server reads.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-vite-'))
  let vite: ViteDevServer | undefined
  try {
    vite = await createServer({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      cacheDir,
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
    })
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    // The HTTP app from the build itself, so it and the routes share one router context key.
    const entry = build.entry.module as unknown as { createHttpApp: typeof createHttpApp }
    const app = entry.createHttpApp({ services: t.services, build })
    const server = vite
    return {
      app,
      async get(pathname, cookie) {
        const response = await app.request(`${TEST_ORIGIN}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} })
        return { status: response.status, html: await response.text() }
      },
      async close() {
        await server.close()
        fs.rmSync(cacheDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await vite?.close()
    fs.rmSync(cacheDir, { recursive: true, force: true })
    throw error
  }
}
