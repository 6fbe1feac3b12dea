// Two server processes on one PostgreSQL database behave as one site: a message sent through one
// reaches sockets connected to the other (LISTEN/NOTIFY). Needs `npm run build` first.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { slugify } from '#common/listings/listing-url.ts'
import { createLiveAccount, mailFolderReader, type LiveAccount } from '#tests/support/live-accounts.ts'
import { startServerProcess, waitUntilReady, type ServerProcess } from '#tests/support/server-process.ts'
import { newTestDatabaseName } from '#tests/support/test-postgres.ts'
import { openSocket, type TestSocket } from '#tests/support/sockets.ts'

const root = path.resolve(import.meta.dirname, '../..')
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PORTS = [3363, 3364]

let dataDir: string
let databaseName: string
let databaseUrl: string
let servers: ServerProcess[] = []
const sockets: TestSocket[] = []

async function admin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

async function post(server: ServerProcess, account: LiveAccount, pathname: string, body: unknown) {
  const res = await fetch(`${server.url}/api/chat${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: account.cookie },
    body: JSON.stringify(body),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the API answers; each test asserts the shape it reads.
  return { status: res.status, json: (await res.json()) as any }
}

describe('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('No build: run `npm run build` first.')
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-instances-'))
    databaseName = newTestDatabaseName('instances')
    await admin((c) => c.query(`create database ${databaseName}`))
    const url = new URL(ADMIN_URL)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RATE_LIMIT: 'false' }
    // One after the other: the first applies the migrations.
    for (const port of PORTS) {
      const server = startServerProcess(port, { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` })
      servers.push(server)
      await waitUntilReady(server)
    }
  })

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await Promise.all(servers.map((s) => s.stop()))
    servers = []
    if (databaseName) await admin((c) => c.query(`drop database if exists ${databaseName} with (force)`))
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('delivers direct messages, unread counts and room messages across instances', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const mail = mailFolderReader(dataDir)
    const renter = await createLiveAccount(one.url, mail, { email: `renter.${Date.now()}@example.com`, name: 'Robin Renter' })
    const landlord = await createLiveAccount(two.url, mail, { email: `landlord.${Date.now()}@example.com`, name: 'Lee Landlord' })

    const wsUrl = (server: ServerProcess) => `${server.url.replace('http', 'ws')}/ws`
    const landlordOnOne = await openSocket(wsUrl(one), { cookie: landlord.cookie, origin: one.url })
    const visitorOnOne = await openSocket(wsUrl(one), { origin: one.url })
    const renterOnTwo = await openSocket(wsUrl(two), { cookie: renter.cookie, origin: two.url })
    sockets.push(landlordOnOne, visitorOnOne, renterOnTwo)
    await landlordOnOne.waitFor('hello')

    const opened = await post(two, renter, '/conversations', { otherUserId: landlord.id })
    expect(opened.status).toBe(201)
    const sent = await post(two, renter, `/conversations/${opened.json.conversationId}/messages`, {
      body: 'Hello from the other instance',
      clientTxnId: 'cross-instance-1',
    })
    expect(sent.status).toBe(201)
    const dm = await landlordOnOne.waitFor('dm')
    expect(dm.message).toMatchObject({ id: sent.json.message.id, body: 'Hello from the other instance' })
    expect(await landlordOnOne.waitFor('unread')).toEqual({ type: 'unread', unread: 1 })

    const room = await post(one, landlord, '/room/messages', { body: 'Hello, room', clientTxnId: 'cross-instance-2' })
    expect(room.status).toBe(201)
    expect((await renterOnTwo.waitFor('room')).message).toMatchObject({ body: 'Hello, room', author: { name: 'Lee Landlord' } })
    expect((await visitorOnOne.waitFor('room')).message.id).toBe(room.json.message.id)
    expect(visitorOnOne.events.some((e) => e.type === 'dm')).toBe(false)

    // Presence sums both instances: three people in all.
    await renterOnTwo.waitFor('presence', (e) => e.online === 3)
  })

  it("shows a listing published on one instance in the other's next search", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const mail = mailFolderReader(dataDir)
    const landlord = await createLiveAccount(two.url, mail, { email: `owner.${Date.now()}@example.com`, name: 'Olga Owner' })
    const word = `cachebust${Date.now().toString(36)}`
    const title = `Loft by the river ${word}`
    const id = await (async () => {
      const db = new pg.Client({ connectionString: databaseUrl })
      await db.connect()
      try {
        await db.query(`update profile set role = 'landlord' where user_id = $1`, [landlord.id])
        const inserted = await db.query<{ id: string }>(
          `insert into listing (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
             all_in_monthly_cents, street, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft, available_from)
           values ($1, $2, 'A loft.', 'apartment', 'draft', 150000, 12, 150000, 150000, '1 Front Street', 'Wilmington', 'DE', '19801',
             39.74, -75.55, 1, 2, 700, '2026-01-01') returning id`,
          [landlord.id, title],
        )
        const id = Number(inserted.rows[0]!.id)
        // The processed photo publishing needs, as the demo seed writes them.
        await db.query(
          `insert into listing_photo (listing_id, position, storage_key, status, width, height, variant_widths)
           values ($1, 0, 'test-photo', 'ready', 800, 533, '{400,800}')`,
          [id],
        )
        return id
      } finally {
        await db.end()
      }
    })()
    const found = async () => ((await (await fetch(`${one.url}/api/properties?q=${word}`)).json()) as { items: unknown[] }).items.length
    // Instance one answers the search: nothing yet.
    expect(await found()).toBe(0)

    const published = await fetch(`${two.url}/properties/${slugify(title)}-${id}/manage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: two.url, cookie: landlord.cookie },
      body: new URLSearchParams({ intent: 'publish' }),
      redirect: 'manual',
    })
    expect(published.status).toBeLessThan(400)
    expect(published.headers.get('location'), 'published, not sent to add a photo').toBe('/userprofile#my-listings')
    // Instance one's next search reads the change log's head and applies the change: the home shows at once.
    expect(await found()).toBe(1)
  })

  it('tells its sockets to reconnect and still shuts down cleanly on SIGTERM', async () => {
    const two = servers[1]!
    const socket = await openSocket(`${two.url.replace('http', 'ws')}/ws`, { origin: two.url })
    sockets.push(socket)
    await socket.waitFor('hello')
    two.child.kill('SIGTERM')
    expect(await socket.closed).toBe(1012)
    expect(await two.exited).toBe(0)
    expect(two.output()).not.toMatch(/did not finish within/)
  })
})
