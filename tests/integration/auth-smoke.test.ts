import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { findProfileByEmail } from '#server/accounts/profile.server.ts'
import { jsonRequest, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { linkIn } from '#tests/support/mail-catcher.ts'

describe('sign-up through /api/auth', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  it('creates the profile keyed by the lower-cased e-mail and mails a verification link', async () => {
    const res = await t.app.request(
      jsonRequest('/api/auth/sign-up/email', {
        name: 'Ada Renter',
        email: 'Ada.Renter@Example.COM',
        password: 'a quiet harbour at noon',
        termsVersion: siteConfig.termsVersion,
      }),
    )
    expect(res.status).toBe(200)
    const profile = await findProfileByEmail(t.services.database.db, 'ada.renter@example.com')
    expect(profile).toMatchObject({ email: 'ada.renter@example.com', role: '', setList: false, isAdministrator: false })
    const mail = await t.mail.waitFor('ada.renter@example.com', { subject: /Confirm/ })
    expect(linkIn(mail, 'http://localhost:3000/api/auth/verify-email')).toContain('token=')
  })
})
