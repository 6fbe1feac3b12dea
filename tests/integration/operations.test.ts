import fs from 'node:fs'
import path from 'node:path'
import { count } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '#server/db/schema.ts'
import { createHttpApp } from '#server/http/app.server.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'

describe('operations endpoints and HTTP safety', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  it('/healthz says the process is up and /readyz that the database answers', async () => {
    const health = await t.app.request('/healthz')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await t.app.request('/readyz')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ok', database: t.services.database.kind })
  })

  it('tags every response with a request id and security headers', async () => {
    const res = await t.app.request('/healthz')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/)
    // Plain HTTP: no HSTS (browsers ignore it there, and it would pin a development host).
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('answers an unknown API path with a JSON problem and 404', async () => {
    const res = await t.app.request('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' })
  })

  it('refuses a state-changing request from another site and writes nothing', async () => {
    const before = await t.services.database.db.select({ n: count() }).from(user)
    const res = await t.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Eve', email: 'eve@example.com', password: 'a long enough passphrase' }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ status: 403, title: 'Forbidden' })
    const after = await t.services.database.db.select({ n: count() }).from(user)
    expect(after).toEqual(before)
  })

  it('serves nothing outside the media folder', async () => {
    const res = await t.app.request('/media/..%2f..%2fpackage.json', { headers: { origin: TEST_ORIGIN } })
    expect(res.status).toBe(404)
  })
})

describe('readiness when the database is gone', () => {
  it('/readyz answers 503 once the database is closed, logged as information and a warning, not as a failed request', async () => {
    const t = await createTestServices()
    const lines: { level: number; msg: string }[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) })
    const app = createHttpApp({ services: { ...t.services, logger } })
    try {
      await t.services.database.close()
      const res = await app.request('/readyz')
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ status: 'unavailable' })
      // A balancer asks every few seconds while an instance starts (its search index loading) or its
      // database is away: those answers are expected, and no error is logged for them.
      expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
        { level: 40, msg: 'database not ready' },
        { level: 30, msg: 'not ready' },
      ])
    } finally {
      await t.close().catch(() => {})
    }
  })
})

describe('the request log', () => {
  it('logs pages and API calls, and a served file only when it fails', async () => {
    const t = await createTestServices()
    const lines: { level: number; msg: string; path: string; status: number }[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) })
    const app = createHttpApp({ services: { ...t.services, logger } })
    try {
      const media = path.join(t.services.config.DATA_DIR, 'media')
      fs.writeFileSync(path.join(media, 'logged.txt'), 'a served file')
      expect((await app.request('/media/logged.txt')).status).toBe(200)
      expect((await app.request('/media/missing.webp')).status).toBe(404)
      expect((await app.request('/api/no-such-thing')).status).toBe(404)
      expect((await app.request('/api/recent-posts')).status).toBe(200)
      expect(lines.map(({ level, msg, path, status }) => ({ level, msg, path, status }))).toEqual([
        { level: 30, msg: 'request', path: '/media/missing.webp', status: 404 },
        { level: 30, msg: 'request', path: '/api/no-such-thing', status: 404 },
        { level: 30, msg: 'request', path: '/api/recent-posts', status: 200 },
      ])
    } finally {
      await t.close()
    }
  })
})

describe('HSTS behind HTTPS', () => {
  it('is sent when the public URL is https', async () => {
    const t = await createTestServices({ PUBLIC_URL: 'https://cooperhome.example' })
    try {
      const res = await t.app.request('/healthz')
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await t.close()
    }
  })
})
