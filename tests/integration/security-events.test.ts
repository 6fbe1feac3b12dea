// Security events are logged (ASVS 16.3): sign-ins that succeed and fail, throttled sources, spent
// budgets, password changes, and every refused request (401, 403, 429) with where it came from.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { action as forgotPasswordAction } from '#app/routes/forgot-password.tsx'
import { action as loginAction } from '#app/routes/login.tsx'
import { AUTH_RATE_LIMITS } from '#server/accounts/rate-limit.server.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { callRoute, createVerifiedAccount, postForm, signedInCookie } from './accounts-helpers.ts'

describe('security events', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await t.close()
  })

  /** The events the services' logger (and each request's child of it) received while `run` ran. */
  async function eventsDuring(run: () => unknown) {
    const lines: { level: string; fields: Record<string, unknown> }[] = []
    const record = (level: string) => (fields: unknown) => void lines.push({ level, fields: fields as Record<string, unknown> })
    const { logger } = t.services
    const spies = [
      vi.spyOn(logger, 'info').mockImplementation(record('info') as never),
      vi.spyOn(logger, 'warn').mockImplementation(record('warn') as never),
      vi.spyOn(logger, 'child').mockReturnValue({ info: record('info'), warn: record('warn'), error: record('error') } as never),
    ]
    try {
      await run()
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    return lines.filter((line) => line.fields && 'event' in line.fields)
  }

  it('logs a failed sign-in with the e-mail and source, and the refused request', async () => {
    const account = await createVerifiedAccount(t)
    const events = await eventsDuring(() =>
      t.app.request(jsonRequest('/api/auth/sign-in/email', { email: account.email, password: 'not the password' })),
    )
    expect(events).toEqual([
      { level: 'warn', fields: { event: 'sign-in-failed', email: account.email, address: '127.0.0.1' } },
      {
        level: 'warn',
        fields: expect.objectContaining({
          event: 'refused',
          method: 'POST',
          path: '/api/auth/sign-in/email',
          status: 401,
          address: '127.0.0.1',
        }),
      },
    ])
  })

  it('logs a sign-in through the page, and a source throttled after its failures', async () => {
    const account = await createVerifiedAccount(t)
    const ip = '203.0.113.77'
    const signedIn = await eventsDuring(() => callRoute(t, loginAction, postForm('/login', account, { ip })))
    expect(signedIn).toEqual([{ level: 'info', fields: { event: 'signed-in', method: 'password', email: account.email, address: ip } }])
    for (let i = 0; i < 5; i++)
      await callRoute(t, loginAction, postForm('/login', { email: account.email, password: `wrong ${i}` }, { ip }))
    const throttled = await eventsDuring(() => callRoute(t, loginAction, postForm('/login', account, { ip })))
    expect(throttled).toEqual([{ level: 'warn', fields: { event: 'sign-in-throttled', email: account.email, address: ip } }])
  })

  it('logs a spent budget', async () => {
    const ip = '203.0.113.78'
    const { max } = AUTH_RATE_LIMITS['/request-password-reset']
    for (let i = 0; i < max; i++) {
      await callRoute(t, forgotPasswordAction, postForm('/forgot-password', { email: `someone.${i}@example.com` }, { ip }))
    }
    const events = await eventsDuring(() =>
      callRoute(t, forgotPasswordAction, postForm('/forgot-password', { email: 'one.more@example.com' }, { ip })),
    )
    expect(events).toEqual([{ level: 'warn', fields: { event: 'rate-limited', budget: `auth|${ip}|/request-password-reset` } }])
  })

  it('logs a password change and a write from another site', async () => {
    const account = await createVerifiedAccount(t)
    const cookie = await signedInCookie(t, account)
    const changed = await eventsDuring(() =>
      t.services.auth.api.changePassword({
        headers: new Headers({ Cookie: cookie }),
        body: { currentPassword: account.password, newPassword: 'a brand new harbour light' },
      }),
    )
    expect(changed).toEqual([{ level: 'info', fields: { event: 'password-changed', userId: expect.any(String), address: 'unknown' } }])
    const crossSite = await eventsDuring(() =>
      t.app.request(
        new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: account.email, password: 'x' }),
        }),
      ),
    )
    expect(crossSite).toEqual([
      { level: 'warn', fields: expect.objectContaining({ event: 'refused', status: 403, path: '/api/auth/sign-in/email' }) },
    ])
  })
})
