// One budget per client address for each account action, whether the client calls /api/auth or
// posts the site's forms (which call better-auth in-process).
import crypto from 'node:crypto'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as forgotAction } from '#app/routes/forgot-password.tsx'
import { action as loginAction } from '#app/routes/login.tsx'
import { PRUNE_RATE_LIMITS_JOB } from '#server/accounts/rate-limit.server.ts'
import { rateLimit } from '#server/db/schema.ts'
import { createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { callRoute, postForm, uniqueEmail } from './accounts-helpers.ts'

describe('per-client limits on account actions', () => {
  let t: TestServices
  beforeAll(async () => {
    // Behind a trusted proxy, so each test can speak from an address of its own.
    t = await createTestServices({ TRUST_PROXY: 'true' })
  })
  afterAll(async () => {
    await t.close()
  })

  const api = (path: string, body: unknown, ip: string) =>
    t.app.request(jsonRequest(`/api/auth${path}`, body, { headers: { 'X-Forwarded-For': ip } }))

  it('count reset requests through the API and the page together', async () => {
    const ip = '198.51.100.200'
    const viaApi = (email: string) => api('/request-password-reset', { email, redirectTo: '/reset-password' }, ip)
    const viaPage = (email: string) => callRoute(t, forgotAction, postForm('/forgot-password', { email }, { ip }))

    for (let i = 0; i < 3; i++) expect((await viaApi(uniqueEmail())).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await viaPage(uniqueEmail())).status).toBe(200)

    const page = await viaPage(uniqueEmail())
    expect(page.status).toBe(429)
    expect(page.data).toMatchObject({
      formError: expect.stringMatching(/^Too many attempts from your network\. Try again in \d+ minutes?\./),
    })
    const refused = await viaApi(uniqueEmail())
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts from your network/),
    })

    // Another client is not affected.
    expect(
      (await callRoute(t, forgotAction, postForm('/forgot-password', { email: uniqueEmail() }, { ip: '198.51.100.201' }))).status,
    ).toBe(200)
    expect((await api('/request-password-reset', { email: uniqueEmail(), redirectTo: '/reset-password' }, '198.51.100.202')).status).toBe(
      200,
    )
  })

  it('count an address however it is written, an IPv4-mapped address as its IPv4 address, and IPv6 by its /64', async () => {
    const ask = (ip: string) => api('/request-password-reset', { email: uniqueEmail(), redirectTo: '/reset-password' }, ip)
    // Five spellings and addresses of one /64 share its budget of five…
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:0:0:0:1',
      '2001:DB8:1:2::ffff',
      '2001:db8:1:2:aaaa::7',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
    ]) {
      expect((await ask(ip)).status, ip).toBe(200)
    }
    expect((await ask('2001:db8:1:2:1234::9')).status).toBe(429)
    // …the next /64 has its own.
    expect((await ask('2001:db8:1:3::1')).status).toBe(200)
    // An IPv4 address and its IPv4-mapped IPv6 form are one client.
    for (let i = 0; i < 5; i++) expect((await ask(i % 2 === 0 ? '198.51.100.250' : '::ffff:198.51.100.250')).status).toBe(200)
    expect((await ask('::ffff:198.51.100.250')).status).toBe(429)
    expect((await ask('198.51.100.250')).status).toBe(429)
  })

  it('hold while better-auth tidies the counts of its own limiter', async () => {
    const ip = '198.51.100.220'
    const viaPage = () => callRoute(t, forgotAction, postForm('/forgot-password', { email: uniqueEmail() }, { ip }))
    for (let i = 0; i < 5; i++) expect((await viaPage()).status).toBe(200)
    // Five minutes later, still within the 15-minute window of this budget…
    const { db } = t.services.database
    const key = `auth|${ip}|/request-password-reset`
    await db
      .update(rateLimit)
      .set({ lastRequest: Date.now() - 5 * 60_000 })
      .where(eq(rateLimit.key, key))
    // …better-auth's limiter starts a new window for another client's session look-up (its own window
    // of that one ended two minutes ago), which is when it clears what it takes for old counts.
    const other = '198.51.100.221'
    await db
      .insert(rateLimit)
      .values({ id: crypto.randomUUID(), key: `${other}|/get-session`, count: 1, lastRequest: Date.now() - 120_000 })
    const lookUp = await t.app.request(new Request('http://localhost:3000/api/auth/get-session', { headers: { 'X-Forwarded-For': other } }))
    expect(lookUp.status).toBe(200)

    expect((await viaPage()).status).toBe(429)
  })

  it('leave better-auth limiting the other endpoints, 100 a minute per client', async () => {
    const lookUp = () =>
      t.app.request(new Request('http://localhost:3000/api/auth/get-session', { headers: { 'X-Forwarded-For': '198.51.100.240' } }))
    for (let i = 0; i < 100; i++) expect((await lookUp()).status).toBe(200)
    expect((await lookUp()).status).toBe(429)
  })

  it('are tidied by the hourly job only once their longest window is long over', async () => {
    const { db } = t.services.database
    const now = Date.now()
    const rows = [
      { key: 'auth|198.51.100.230|/sign-up/email', lastRequest: now - 50 * 60_000 },
      { key: 'auth|198.51.100.231|/sign-up/email', lastRequest: now - 25 * 60 * 60_000 },
    ]
    for (const row of rows) await db.insert(rateLimit).values({ id: crypto.randomUUID(), count: 3, ...row })
    await t.services.jobs.send(PRUNE_RATE_LIMITS_JOB)
    await t.services.jobs.runUntilIdle()
    const left = await db.select({ key: rateLimit.key }).from(rateLimit).where(like(rateLimit.key, 'auth|198.51.100.23_|%'))
    expect(left).toEqual([{ key: rows[0]!.key }])
  })

  it('count sign-ins through the API and the page together', async () => {
    const ip = '198.51.100.210'
    const statuses: number[] = []
    // Unknown addresses, so no failure count per e-mail gets in the way.
    for (let i = 0; i < 15; i++)
      statuses.push((await api('/sign-in/email', { email: uniqueEmail(), password: 'not the password' }, ip)).status)
    for (let i = 0; i < 15; i++) {
      statuses.push(
        (await callRoute(t, loginAction, postForm('/login', { email: uniqueEmail(), password: 'not the password' }, { ip }))).status,
      )
    }
    expect(statuses).toEqual([...Array<number>(15).fill(401), ...Array<number>(15).fill(400)])
    expect((await callRoute(t, loginAction, postForm('/login', { email: uniqueEmail(), password: 'x' }, { ip }))).status).toBe(429)
    expect((await api('/sign-in/email', { email: uniqueEmail(), password: 'x' }, ip)).status).toBe(429)
  })
})
