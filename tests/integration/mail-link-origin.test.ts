// The links mailed for a request open where the person browsed when PUBLIC_URL is not set (the site
// run on this machine, browsed at localhost, 127.0.0.1 or [::1]), and never on any other Host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { linkIn } from '#tests/support/mail-catcher.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { GOOD_PASSWORD, uniqueEmail } from './accounts-helpers.ts'

describe('mailed links without PUBLIC_URL', () => {
  let t: TestServices
  beforeAll(async () => {
    // PORT 3000 by default: the public URL is http://localhost:3000.
    t = await createTestServices({ PUBLIC_URL: '' })
  })
  afterAll(async () => {
    await t.close()
  })

  const post = (url: string, origin: string, body: unknown) =>
    t.app.request(
      new Request(url, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    )

  it('open on the loopback name the person browsed: the confirmation and the reset link', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
      const email = uniqueEmail('loopback')
      const since = Date.now()
      const signUp = await post(`${origin}/api/auth/sign-up/email`, origin, {
        name: 'Lou Loopback',
        email,
        password: GOOD_PASSWORD,
        termsVersion: siteConfig.termsVersion,
      })
      expect(signUp.status, `${origin}: ${await signUp.clone().text()}`).toBe(200)
      const confirmation = await t.mail.waitFor(email, { subject: /Confirm/, since })
      expect(linkIn(confirmation, `${origin}/api/auth/verify-email?`)).toContain('token=')

      const reset = await post(`${origin}/api/auth/request-password-reset`, origin, { email, redirectTo: '/reset-password' })
      expect(reset.status).toBe(200)
      await t.services.jobs.runUntilIdle()
      const resetMail = await t.mail.waitFor(email, { subject: /Reset/, since })
      expect(linkIn(resetMail, `${origin}/api/auth/reset-password/`)).toContain('callbackURL=')
    }
  })

  it('never on another Host: a request sent to evil.example mails its links on the public URL', async () => {
    const email = uniqueEmail('host-header')
    const since = Date.now()
    const signUp = await post('http://localhost:3000/api/auth/sign-up/email', 'http://localhost:3000', {
      name: 'Hal Host',
      email,
      password: GOOD_PASSWORD,
      termsVersion: siteConfig.termsVersion,
    })
    expect(signUp.status).toBe(200)
    const reset = await post('http://evil.example:3000/api/auth/request-password-reset', 'http://localhost:3000', { email })
    expect(reset.status).toBe(200)
    await t.services.jobs.runUntilIdle()
    const resetMail = await t.mail.waitFor(email, { subject: /Reset/, since })
    expect(resetMail.text).not.toContain('evil.example')
    expect(linkIn(resetMail, 'http://localhost:3000/api/auth/reset-password/')).toContain('callbackURL=')
  })
})
