// The sites the hostile-input suite attacks: the production server (`node server/main.ts` on the
// build) once on a fresh embedded database and once on a fresh PostgreSQL database, shared by every
// file of the project (the files run one after another, so one file's flood never skews another's
// measurements). Each database gets an administrator before the server opens it, since no request
// can make one. Needs `react-router build` first, PostgreSQL and Chromium.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashPassword } from 'better-auth/crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { siteConfig } from '#common/site-config.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { account, profile, user } from '#server/db/schema.ts'
import { startServerProcess, waitUntilReady, type ServerProcess } from '#tests/support/server-process.ts'
import { newTestDatabaseName } from '#tests/support/test-postgres.ts'
import { ADMIN, PORTS, type DatabaseKind, type SiteInfo } from './site-info.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

type Running = { info: SiteInfo; server: ServerProcess; drop(): Promise<void> }

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Migrates the database, adds the administrator and publishes a lease template, as an operator would by hand. */
async function addAdministrator(options: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(options)
  try {
    const now = new Date()
    await database.db.insert(user).values({
      id: 'hostile-admin',
      name: ADMIN.name,
      email: ADMIN.email,
      emailVerified: true,
      termsVersion: siteConfig.termsVersion,
      createdAt: now,
      updatedAt: now,
    })
    await database.db.insert(account).values({
      id: 'hostile-admin-credential',
      accountId: 'hostile-admin',
      providerId: 'credential',
      userId: 'hostile-admin',
      password: await hashPassword(ADMIN.password),
      createdAt: now,
      updatedAt: now,
    })
    await database.db.insert(profile).values({ email: ADMIN.email, userId: 'hostile-admin', isAdministrator: true })
  } finally {
    await database.close()
  }
}

async function startSite(database: DatabaseKind): Promise<Running> {
  const port = PORTS[database]
  const origin = `http://127.0.0.1:${port}`
  await expectPortFree(origin)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cooper-hostile-${database}-`))
  let databaseName: string | null = null
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    HOST: '127.0.0.1',
    // The suite signs up dozens of accounts and signs in over and over from one address; the
    // sign-up and sign-in limits (RATE_LIMIT) would refuse it within a minute. The chat's own
    // per-author limit is not tied to this switch and stays on.
    RATE_LIMIT: 'false',
    // Map tiles from this very server (they 404): the browser never waits on the internet.
    MAP_TILE_URL: `${origin}/no-tiles/{z}/{x}/{y}.png`,
    LOG_LEVEL: 'warn',
    // Vitest sets TEST=true for itself and the child would inherit it; better-auth turns its origin
    // and callback checks off when TEST is set. The server here runs as an operator runs it.
    TEST: 'false',
  }
  if (database === 'postgres') {
    databaseName = newTestDatabaseName('hostile')
    await admin((c) => c.query(`create database ${databaseName}`))
    const url = new URL(adminUrl)
    url.pathname = `/${databaseName}`
    env.DATABASE_URL = url.toString()
    await addAdministrator({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 })
  } else {
    await addAdministrator({ kind: 'pglite', dataDir })
  }
  const server = startServerProcess(port, env)
  const drop = async () => {
    await server.stop()
    if (databaseName) await admin((c) => c.query(`drop database if exists ${databaseName} with (force)`))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    // A cold start migrates a fresh database and loads the search index: seconds alone, a minute or
    // more on a machine busy with other work.
    await waitUntilReady(server, 180_000)
  } catch (error) {
    // A server that did not get ready is stopped here: left running, it would hold the port and
    // answer the next run in place of that run's own server.
    await drop()
    throw error
  }
  const info: SiteInfo = { database, origin, pid: server.child.pid!, dataDir }
  return { info, server, drop }
}

/** Refuses to start when something already answers on a site's port (a server left by an earlier run). */
async function expectPortFree(origin: string) {
  const answered = await fetch(`${origin}/readyz`).then(
    () => true,
    () => false,
  )
  if (answered) throw new Error(`Something already answers at ${origin}: stop it (a server left by an earlier run?) and run again.`)
}

/** Lines of the server's log that speak of a failure of ours (a 5xx or an unhandled error), for the reader of a failed run. */
function failuresIn(output: string): string[] {
  return output.split('\n').filter((line) => /"level":(50|60)/.test(line) && /"msg":"(request failed|unhandled error)/.test(line))
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No build: run `npx react-router build` before the hostile-input tests (npm test does).')
  }
  // Both at once: each start is one process's work (the PostgreSQL one partly the database server's),
  // so on two cores they overlap.
  const started = await Promise.allSettled([startSite('pglite'), startSite('postgres')])
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await Promise.allSettled(running.map((site) => site.drop()))
    throw failed.reason
  }
  project.provide(
    'hostileSites',
    running.map((site) => site.info),
  )
  return async () => {
    for (const site of running) {
      const failures = failuresIn(site.server.output())
      if (failures.length > 0) {
        console.log(`\nThe ${site.info.database} server logged ${failures.length} failure(s):\n${failures.slice(0, 20).join('\n')}`)
      }
    }
    await Promise.allSettled(running.map((site) => site.drop()))
  }
}
