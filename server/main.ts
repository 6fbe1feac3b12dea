// Starts Cooper Home: one Node process serving pages, /api, auth and media on one port.
// `node server/main.ts` serves the production build; `--dev` runs Vite in middleware mode for hot
// reload. The services (database, auth, …) come from the app build so there is exactly one set.
// With WEB_CONCURRENCY=N (PostgreSQL only) this process starts N such processes sharing the port,
// one per core, as N instances of the site (server/cluster.ts).
import cluster from 'node:cluster'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import type { Connect } from 'vite'
import { compressResponses } from './http/compression.ts'
import { CONNECTION_LIMITS, guardConnections } from './http/connection-limits.ts'
import type { RealtimeSocket } from './realtime/socket.server.ts'
import type { Services } from './services.server.ts'

type EntryModule = {
  getServices(): Promise<Services>
  createHttpApp(options: { services: Services; build: ServerBuild }): {
    fetch: (request: Request, env?: unknown) => Response | Promise<Response>
  }
  attachRealtimeSocket(server: http.Server, services: Services, options?: { sharesUpgrades?: boolean }): RealtimeSocket
}

const isDev = process.argv.includes('--dev')
// React and the router pick their production builds only when NODE_ENV says so.
process.env.NODE_ENV ??= isDev ? 'development' : 'production'
const root = path.resolve(import.meta.dirname, '..')

async function main() {
  let loadBuild: () => Promise<ServerBuild>
  let devMiddleware: Connect.Server | undefined
  let listener: http.RequestListener = () => {}
  const compress = compressResponses()
  const server = http.createServer(
    {
      headersTimeout: CONNECTION_LIMITS.headersTimeoutMs,
      requestTimeout: CONNECTION_LIMITS.requestTimeoutMs,
      keepAliveTimeout: CONNECTION_LIMITS.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTION_LIMITS.checkIntervalMs,
    },
    (req, res) =>
      compress(req, res, () => {
        if (devMiddleware) devMiddleware(req, res, () => void listener(req, res))
        else void listener(req, res)
      }),
  )
  if (isDev) {
    const vite = await import('vite')
    const devServer = await vite.createServer({
      root,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    })
    devMiddleware = devServer.middlewares
    loadBuild = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  } else {
    const build = (await import(pathToFileURL(path.join(root, 'build', 'server', 'index.js')).href)) as ServerBuild
    loadBuild = async () => build
  }

  const firstBuild = await loadBuild()
  const entry = firstBuild.entry.module as unknown as EntryModule
  let services: Awaited<ReturnType<EntryModule['getServices']>>
  try {
    services = await entry.getServices()
  } catch (error) {
    if (error instanceof Error && error.name === 'ConfigError') {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { config, logger } = services

  // In development each request takes the freshest build, so route changes show without a restart.
  const apps = new WeakMap<object, ReturnType<EntryModule['createHttpApp']>>()
  const appFor = (build: ServerBuild) => {
    let app = apps.get(build)
    if (!app) {
      app = (build.entry.module as unknown as EntryModule).createHttpApp({ services, build })
      apps.set(build, app)
    }
    return app
  }
  listener = getRequestListener(async (request, env) => appFor(await loadBuild()).fetch(request, env))
  // The live socket (/ws) shares the port; in development Vite's hot reload socket shares it too.
  const socket = entry.attachRealtimeSocket(server, services, { sharesUpgrades: isDev })
  guardConnections(server, {
    headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
    connectionsPerClient: config.TRUST_PROXY ? 0 : config.CONNECTIONS_PER_CLIENT,
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.PORT, config.HOST, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  logger.info(
    { port, database: services.database.kind, mode: isDev ? 'development' : 'production' },
    `Cooper Home is listening on http://localhost:${port}`,
  )
  // Under a primary process: the next worker may start (the first one has applied the migrations).
  process.send?.('listening')

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: finishing in-flight requests')
    // Stop accepting; idle keep-alive connections close now, busy ones after their response. Live
    // sockets are told to reconnect (elsewhere, or here after the restart) and catch up over HTTP.
    const closingSockets = socket.close()
    server.close(async () => {
      await closingSockets
      try {
        await services.close()
        logger.info('shut down cleanly')
        process.exit(0)
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      }
    })
    server.closeIdleConnections()
    setTimeout(() => {
      logger.warn('in-flight requests did not finish within 10 s; closing them')
      server.closeAllConnections()
    }, 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

const concurrency = isDev || !cluster.isPrimary ? 1 : await webConcurrency()
if (concurrency > 1) {
  const { runPrimary } = await import('./cluster.ts')
  runPrimary(concurrency)
} else {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}

/** WEB_CONCURRENCY, checked with the rest of the configuration (a bad value stops the start here). */
async function webConcurrency(): Promise<number> {
  const { ConfigError, parseConfig } = await import('./config.server.ts')
  try {
    return parseConfig().WEB_CONCURRENCY
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
