// Abuse of the site's shared limits, against the production server as an operator runs it by
// default: no PUBLIC_URL, the rate limits on, no proxy in front. The shared sites of this suite turn
// the limits off and set PUBLIC_URL, so this file starts its own pair (PGlite and PostgreSQL), with a 2-second headers timeout and a cap of 20
// connections per client so that the connection limits can be seen quickly. An article and a few
// homes are written before the server opens its database.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/client.server.ts'
import { createArticle } from '#tests/support/articles.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { startServerProcess, waitUntilReady, type ServerProcess } from '#tests/support/server-process.ts'
import { rawBytes } from './support/raw-http.ts'

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PORTS = { pglite: 3340, postgres: 3341 } as const
const HEADERS_TIMEOUT_SECONDS = 2
const CONNECTIONS_PER_CLIENT = 20
const TILE_ORIGIN = 'https://tiles.example.test'

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

type Running = { origin: string; server: ServerProcess; drop(): Promise<void> }

async function startSite(database: keyof typeof PORTS): Promise<Running> {
  const port = PORTS[database]
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cooper-abuse-${database}-`))
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    MAP_TILE_URL: `${TILE_ORIGIN}/{z}/{x}/{y}.png`,
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    CONNECTIONS_PER_CLIENT: String(CONNECTIONS_PER_CLIENT),
    TEST: 'false',
  }
  const databaseName = database === 'postgres' ? `cooper_abuse_${Date.now()}_${Math.random().toString(36).slice(2, 8)}` : null
  if (databaseName) {
    await admin(`create database ${databaseName}`)
    const url = new URL(adminUrl)
    url.pathname = `/${databaseName}`
    env.DATABASE_URL = url.toString()
  }
  const opened = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 } : { kind: 'pglite', dataDir },
  )
  try {
    await createArticle(opened.db, { title: 'Reading a lease before signing' })
    const listings = listingFactory(opened.db)
    for (const [latitude, longitude] of [
      [40.7, -74],
      [34.05, -118.24],
      [41.88, -87.63],
    ] as const) {
      await listings.create({ latitude, longitude })
    }
  } finally {
    await opened.close()
  }
  const server = startServerProcess(port, env)
  await waitUntilReady(server, 120_000)
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    async drop() {
      await server.stop()
      if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Opens a socket that sends nothing; resolves with how long until the server closed it (or null if it stayed open). */
function silentSocket(port: number, waitMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(null)
    }, waitMs)
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(Date.now() - started)
    })
  })
}

/** The value of one CSP directive, as its list of sources. */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
  return found?.slice(1) ?? []
}

describe.each(['pglite', 'postgres'] as const)('abuse of shared limits on %s', (database) => {
  let site: Running
  const url = (p: string) => `${site.origin}${p}`
  let articlePath = ''

  beforeAll(async () => {
    site = await startSite(database)
    // The first request that names the site's origin: the origin the site keeps (L5).
    const feed = await (await fetch(url('/knowledge/feed.xml'))).text()
    articlePath = new URL(/<entry>[\s\S]*?<link[^>]*href="([^"]+)"/.exec(feed)![1]!).pathname
  }, 240_000)

  afterAll(async () => {
    await site?.drop()
  })

  it('closes connections that never send a byte within the headers timeout, and refuses a client past its connection cap', async () => {
    const port = PORTS[database]
    // Past the cap, a connection is closed at once.
    const crowd = await Promise.all(Array.from({ length: CONNECTIONS_PER_CLIENT + 5 }, () => silentSocket(port, 15_000)))
    const atOnce = crowd.filter((ms) => ms !== null && ms < 1_000)
    expect(atOnce.length, 'connections past the cap closed at once').toBeGreaterThanOrEqual(5)
    // Every silent one is closed once the headers timeout has passed (checked every second).
    for (const ms of crowd) {
      expect(ms, 'a silent connection is closed').not.toBeNull()
      expect(ms!).toBeLessThan((HEADERS_TIMEOUT_SECONDS + 2) * 1000)
    }
    // The site still answers.
    expect((await fetch(url('/healthz'))).status).toBe(200)
  }, 30_000)

  it('answers deeply nested JSON to /api/auth with 400, not a 500', async () => {
    const body = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`
    const response = await fetch(url('/api/auth/sign-in/email'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.origin },
      body,
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { detail: string }).detail).toMatch(/nests deeper than/)
  })

  it('bounds one map answer whatever the zoom, and limits how often a client asks for the map', async () => {
    const world = await fetch(url('/api/properties/map?zoom=18&south=-90&west=-180&north=90&east=180'))
    expect(world.status).toBe(200)
    const map = (await world.json()) as { total: number; clusters: unknown[]; homes: unknown[] }
    expect(map.total).toBeGreaterThan(0)
    expect(map.clusters.length + map.homes.length).toBeLessThanOrEqual(1_000)
    // A client's budget of maps is 120 a minute: the rest are refused cheaply, with Retry-After.
    const statuses: number[] = []
    for (let i = 0; i < 125; i++) {
      const response = await fetch(url('/api/properties/map?zoom=3&south=40&west=-75&north=41&east=-73'))
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    expect(statuses.filter((s) => s === 200).length).toBe(119)
    const refused = await fetch(url('/api/properties/map?zoom=3'))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  }, 60_000)

  it('serves the sitemap as an index of parts of at most 50,000 URLs, each built once and kept', async () => {
    const robots = await (await fetch(url('/robots.txt'))).text()
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m)
    const index = await fetch(url('/sitemap.xml'))
    const indexXml = await index.text()
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const parts = [...indexXml.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(parts.length).toBeGreaterThanOrEqual(2)
    for (const part of parts.slice(0, 2)) {
      const first = await fetch(part)
      const xml = await first.text()
      expect(xml.match(/<url>/g)?.length ?? 0).toBeLessThanOrEqual(50_000)
      expect(xml).toContain('<urlset')
      // Asked again, the same answer is served: built when it was first asked for.
      const again = await fetch(part)
      await again.arrayBuffer()
      expect(first.headers.get('last-modified')).toBeTruthy()
      expect(again.headers.get('last-modified')).toBe(first.headers.get('last-modified'))
    }
  })

  it('limits how many article votes one client can cast', async () => {
    const vote = () =>
      fetch(url(articlePath), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.origin },
        body: 'intent=vote&helpful=yes',
        redirect: 'manual',
      })
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const response = await vote()
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  }, 60_000)

  it('never shows a toast from a flash cookie it did not sign', async () => {
    const forged = Buffer.from(JSON.stringify({ type: 'error', message: 'Forged: call +1 555 0100 now' })).toString('base64')
    const response = await fetch(url('/'), { headers: { cookie: `cooper_flash=${encodeURIComponent(forged)}` } })
    expect(response.status).toBe(200)
    expect(await response.text()).not.toContain('Forged: call')
  })

  it('never writes another Host into the feed, canonical links, og:url or JSON-LD', async () => {
    const headers = { host: 'evil.example' }
    const feed = await rawBytes(site.origin, { method: 'GET', path: '/knowledge/feed.xml', headers })
    expect(feed.status).toBe(200)
    expect(feed.body).toContain(site.origin)
    expect(feed.body).not.toContain('evil.example')
    const page = await rawBytes(site.origin, { method: 'GET', path: articlePath, headers })
    expect(page.status).toBe(200)
    expect(page.body).toContain(`href="${site.origin}${articlePath}"`)
    expect(page.body).not.toContain('evil.example')
  })

  it('names the hosts images and connections may come from in the CSP', async () => {
    const csp = (await fetch(url('/'))).headers.get('content-security-policy') ?? ''
    const images = directive(csp, 'img-src')
    const connections = directive(csp, 'connect-src')
    expect(images).toContain(TILE_ORIGIN)
    for (const any of ['https:', 'http:', '*']) expect(images).not.toContain(any)
    expect(connections).toEqual(["'self'", `ws://127.0.0.1:${PORTS[database]}`])
  })
})
