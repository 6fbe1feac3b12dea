// The HTTP application: operations endpoints, auth, the JSON API, media and static files, and the
// server-rendered React Router app, behind request ids, logging, security headers and CSRF checks.
import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { linkOriginOf, withLinkOrigin } from '#server/link-origin.server.ts'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router'
import { appContext } from '#server/http/app-context.server.ts'
import { findProjectRoot } from '#server/db/client.server.ts'
import { INVALID_INPUT_MESSAGE, dataExceptionOf } from '#server/errors.server.ts'
import { estimateListingCount, searchIndexOf } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { unsubscribeByPost } from './alerts-unsubscribe.server.ts'
import { apiRoutes } from './api.server.ts'
import { isOpenAuthEndpoint, withoutSessionTokens } from './auth-surface.server.ts'
import { serveDocument, servePhoto } from './documents-route.server.ts'
import { problem } from './problem.server.ts'
import { serveStayCalendar } from './stays-calendar-api.server.ts'
import { clientAddressOf, publicRequestOf, withClientAddress, withoutUntrustedAddress } from './proxy.server.ts'
import { limitRequests } from './request-limits.server.ts'
import { contentSecurityPolicy, hasSessionCookie, isCrossSiteWrite, isOneClickUnsubscribe } from './security.server.ts'

/** How long /readyz waits for the search index to finish loading before saying it is not ready yet. */
const READY_WAIT_MS = 2_000

type Env = {
  Variables: { requestId: string; nonce: string; log: Services['logger'] }
}

/** The HTTP app. Without a build (some integration tests) documents answer 404. */
export function createHttpApp({ services, build }: { services: Services; build?: ServerBuild }) {
  const { config, logger } = services
  const app = new Hono<Env>()
  const root = findProjectRoot()
  const clientDir = path.relative(process.cwd(), path.join(root, 'build', 'client')) || '.'
  const mediaRoot = path.join(path.resolve(config.DATA_DIR), 'media')
  fs.mkdirSync(mediaRoot, { recursive: true })
  const mediaDir = path.relative(process.cwd(), mediaRoot)
  const isHttps = config.publicUrl.startsWith('https://')
  const handleDocument = build
    ? createRequestHandler(withDataExceptionsAs400(build), config.isDevelopment ? 'development' : 'production')
    : async () => new Response('Not Found', { status: 404 })

  // The few files at the root of the build (icons, the web manifest) and in /.well-known
  // (security.txt), by name: looking every page request up on disk first would cost a file-system
  // call each.
  const filesIn = (folder: string) =>
    fs.existsSync(path.join(clientDir, folder))
      ? fs
          .readdirSync(path.join(clientDir, folder), { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.posix.join('/', folder, entry.name))
      : []
  const rootFiles = new Set([...filesIn(''), ...filesIn('.well-known')])
  /** A file the server hands out as it is: the build's assets, uploaded media, the root files. */
  const isAsset = (pathname: string) => pathname.startsWith('/assets/') || pathname.startsWith('/media/') || rootFiles.has(pathname)

  // Behind a trusted TLS-terminating proxy, every part of the app sees the URL the browser used; the
  // links mailed while answering open where the person browsed (link-origin.server.ts).
  app.use(async (c, next) => {
    c.req.raw = publicRequestOf(c.req.raw, config.TRUST_PROXY)
    await withLinkOrigin(linkOriginOf(config, c.req.raw), next)
  })

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const requestId = config.TRUST_PROXY && incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID()
    const log = logger.child({ requestId })
    const started = performance.now()
    c.set('requestId', requestId)
    c.set('log', log)
    c.set('nonce', crypto.randomUUID().replaceAll('-', ''))
    await next()
    c.header('X-Request-Id', requestId)
    const ms = Math.round((performance.now() - started) * 10) / 10
    const status = c.res.status
    // A private document's link is a grant for five minutes: the log keeps where, not the token.
    const loggedPath = c.req.path.startsWith('/documents/')
      ? '/documents/:token'
      : c.req.path.startsWith('/photos/')
        ? '/photos/:token'
        : c.req.path.startsWith('/alerts/unsubscribe/')
          ? '/alerts/unsubscribe/:token'
          : c.req.path
    const line = { method: c.req.method, path: loggedPath, status, ms }
    // A page the browser stopped waiting for (the person moved on) ends its loaders early; nobody
    // gets the answer, so it is not an error of ours.
    if (status >= 500 && c.req.raw.signal.aborted) log.info(line, 'request abandoned by the client')
    // Not ready is an answer, not a failure: the search index loading at start (expected, searches
    // are answered meanwhile), or the database unreachable (logged as a warning by /readyz itself).
    else if (status === 503 && c.req.path === '/readyz') log.info(line, 'not ready')
    else if (status >= 500) log.error(line, 'request failed')
    // Refused access, another site's write and a spent budget are security events (ASVS 16.3).
    else if (status === 401 || status === 403 || status === 429) {
      log.warn({ ...line, event: 'refused', address: clientAddressOf(c, config.TRUST_PROXY) }, 'security: request refused')
    } else if (status < 400 && isAsset(c.req.path)) log.debug(line, 'asset')
    // Pages and API calls; a file only when it failed (a missing asset is worth seeing, each served one is noise).
    else if (c.req.path !== '/healthz') log.info(line, 'request')
  })

  app.use(async (c, next) => {
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    // A private document says no-referrer itself (documents-route.server.ts).
    if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)')
    if (!headers.has('Content-Security-Policy') && !config.isDevelopment) {
      headers.set(
        'Content-Security-Policy',
        contentSecurityPolicy({
          nonce: c.get('nonce'),
          oidcIssuer: config.oidc?.issuer,
          tileUrl: config.MAP_TILE_URL,
          pageUrl: config.PUBLIC_URL ? config.publicUrl : c.req.url,
        }),
      )
    }
    if (isHttps) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    // What depends on who is asking, or sets a cookie, is for that browser only and never stored;
    // answers that say they are the same for everyone (assets, media, public lists) stay public.
    const isPublic = /\bpublic\b/.test(headers.get('cache-control') ?? '')
    if (headers.has('set-cookie') || (hasSessionCookie(c.req.raw) && !isPublic)) {
      headers.set('Cache-Control', 'private, no-store')
    }
  })

  // Every state-changing request must come from our own pages, but an alert e-mail's one-click
  // unsubscribe, which mail providers post from anywhere (security.server.ts).
  app.use(async (c, next) => {
    if (isCrossSiteWrite(c.req.raw, config.publicUrl) && !isOneClickUnsubscribe(c.req.method, c.req.path)) {
      return c.json(
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: 'This request came from another site and was refused.',
        },
        403,
      )
    }
    await next()
  })

  app.use(limitRequests())

  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/readyz', async (c) => {
    try {
      await services.database.ping()
      const listings = await estimateListingCount(services.database.db)
      // Until the search index is loaded (some seconds for a million listings) PostgreSQL answers this
      // instance's searches, more slowly: it says it is not ready, so a load balancer prefers another.
      const searchIndex = searchIndexOf(services.database.db)
      const isLoaded = await Promise.race([searchIndex.load().then(() => true), sleep(READY_WAIT_MS).then(() => false)])
      if (!isLoaded) return c.json({ status: 'loading', database: services.database.kind, listings }, 503)
      return c.json({ status: 'ok', database: services.database.kind, listings, searchIndex: searchIndex.stats() })
    } catch (error) {
      c.get('log').warn({ err: error }, 'database not ready')
      return c.json({ status: 'unavailable', database: services.database.kind }, 503)
    }
  })

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    if (!isOpenAuthEndpoint(c.req.method, c.req.path)) return problem(c, 404, 'No such API endpoint.')
    return withoutSessionTokens(await services.auth.handler(withClientAddress(c, config.TRUST_PROXY)))
  })
  app.route('/api', apiRoutes(services))
  // Private documents, only through a short-lived link for the signed-in reader; anything else falls
  // through to the not-found page below.
  app.get('/documents/:token', serveDocument(services))
  app.get('/photos/:token', servePhoto(services))
  // A listing's calendar for other platforms, behind its secret token (stays-calendar-api.server.ts).
  app.get('/stays/calendar/:file', serveStayCalendar(services))
  // An alert e-mail's unsubscribe link, posted (the page on GET is the app's).
  app.post('/alerts/unsubscribe/:token', unsubscribeByPost(services))

  // Every media file has a name of its own (a new photo is a new URL), so caches may keep it for good.
  // Set on the response: serveStatic calls onFound after it has built the response.
  app.use('/media/*', async (c, next) => {
    await next()
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/media/*', serveStatic({ root: mediaDir, rewriteRequestPath: (p) => p.replace(/^\/media/, '') }))
  // Without a client build (integration tests, a fresh clone before `npm run build`) there is no
  // folder to serve, and serveStatic would complain about it on every request.
  if (fs.existsSync(clientDir)) {
    app.use(
      '/assets/*',
      serveStatic({
        root: clientDir,
        // The build wrote a Brotli and a gzip copy of each script and style sheet (vite.config.ts).
        precompressed: true,
        onFound: (_, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable')
        },
      }),
    )
    // The root files by name (rootFiles, above).
    const serveRootFile = serveStatic({
      root: clientDir,
      onFound: (_, c) => {
        c.header('Cache-Control', 'public, max-age=3600')
      },
    })
    app.use('*', (c, next) => (rootFiles.has(c.req.path) ? serveRootFile(c, next) : next()))
  }

  app.all('*', async (c) => {
    const context = new RouterContextProvider()
    context.set(appContext, {
      services,
      requestId: c.get('requestId'),
      nonce: c.get('nonce'),
      log: c.get('log'),
    })
    // Reading a page limits nothing; only form posts are counted per client address.
    const isRead = c.req.method === 'GET' || c.req.method === 'HEAD'
    return handleDocument(
      isRead ? withoutUntrustedAddress(c.req.raw, config.TRUST_PROXY) : withClientAddress(c, config.TRUST_PROXY),
      context,
    )
  })

  app.onError((error, c) => {
    const dataException = dataExceptionOf(error)
    if (dataException) {
      c.get('log').warn({ dataException }, 'input refused by the database')
      return problem(c, 400, INVALID_INPUT_MESSAGE)
    }
    c.get('log').error({ err: error }, 'unhandled error')
    return c.json({ type: 'about:blank', title: 'Internal Server Error', status: 500 }, 500)
  })

  return app
}

/**
 * The build with each route's loader and action answering a database data exception (input that
 * validation missed) with a 400 page, logged as a warning, as the JSON API does, instead of a 500.
 */
function withDataExceptionsAs400(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue
    const { loader, action } = route.module
    const module = { ...route.module }
    if (loader) module.loader = (args, ctx) => refusingDataExceptions(() => loader(args, ctx), args.context)
    if (action) module.action = (args, ctx) => refusingDataExceptions(() => action(args, ctx), args.context)
    routes[id] = { ...route, module }
  }
  return { ...build, routes }
}

async function refusingDataExceptions<T>(run: () => T, context: unknown): Promise<Awaited<T>> {
  try {
    return await run()
  } catch (error) {
    const dataException = dataExceptionOf(error)
    if (!dataException) throw error
    ;(context as RouterContextProvider).get(appContext).log.warn({ dataException }, 'input refused by the database')
    throw new Response(INVALID_INPUT_MESSAGE, { status: 400 })
  }
}
