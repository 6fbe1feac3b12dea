// Every place that sends the browser on to a `redirectTo` it was given keeps it on this site, however
// the target is spelled: browsers drop tabs and newlines from URLs and read `\` as `/`, so
// `/<TAB>/evil.example` is a link to evil.example.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as loginAction, loader as loginLoader } from '#app/routes/login.tsx'
import { action as manageAction } from '#app/routes/property-manage.tsx'
import { action as saveAction, loader as saveLoader } from '#app/routes/property-save.tsx'
import { siteConfig } from '#common/site-config.ts'
import { listingPath, listingSlug } from '#common/listings/listing-url.ts'
import { findUserIdByEmail } from '#server/accounts/profile.server.ts'
import { profile } from '#server/db/schema.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { callRoute, createVerifiedAccount, pageRequest, postForm, signedInCookie } from './accounts-helpers.ts'

/** Targets that lead off the site, or that no header may carry, as a page or form would receive them. */
const HOSTILE = [
  '/\t/evil.example',
  '/\t\\evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/.//evil.example',
  '/\\evil.example',
  '//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/a\r\nSet-Cookie: stolen=1',
  '/\u0000/evil.example',
]

/** Whether a Location header would keep a browser on this site. */
function staysOnSite(location: string | null) {
  expect(location).not.toBeNull()
  expect(new URL(location!, 'http://localhost:3000/somewhere').origin).toBe('http://localhost:3000')
  expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/)
}

describe('redirectTo stays on this site', () => {
  let t: TestServices
  let owner: { email: string; password: string }
  let cookie: string
  let path: string
  let slug: string

  beforeAll(async () => {
    t = await createTestServices()
    const { db } = t.services.database
    owner = await createVerifiedAccount(t, { name: 'Lou Landlord' })
    const ownerId = (await findUserIdByEmail(db, owner.email))!
    await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, ownerId))
    const listing = await listingFactory(db).create({ ownerId, title: 'Brick row house on Delaware Avenue' })
    path = listingPath(listing)
    slug = listingSlug(listing)
    cookie = await signedInCookie(t, owner)
  })
  afterAll(async () => {
    await t.close()
  })

  it('after a confirmation link or single sign-on lands on /login signed in', async () => {
    for (const target of HOSTILE) {
      for (const arrival of ['verified=1', 'welcome=back', 'welcome=new']) {
        const result = await callRoute(
          t,
          loginLoader,
          pageRequest(`/login?${arrival}&${new URLSearchParams({ redirectTo: target })}`, cookie),
        )
        expect(result.status, `${arrival} ${JSON.stringify(target)}`).toBe(302)
        expect(result.location, `${arrival} ${JSON.stringify(target)}`).toBe('/')
      }
    }
  })

  it('after signing in with the form, without JavaScript', async () => {
    for (const target of HOSTILE) {
      const result = await callRoute(t, loginAction, postForm('/login', { ...owner, redirectTo: target }))
      expect(result.status, JSON.stringify(target)).toBe(302)
      expect(result.location, JSON.stringify(target)).toBe('/')
    }
    // The page's own value is kept, in a form every header can carry.
    const kept = await callRoute(t, loginAction, postForm('/login', { ...owner, redirectTo: '/properties?city=Montréal' }))
    expect(kept.location).toBe('/properties?city=Montr%C3%A9al')
  })

  it('after following a save link', async () => {
    for (const target of HOSTILE) {
      const query = new URLSearchParams({ redirectTo: target })
      const result = await callRoute(t, saveLoader, pageRequest(`${path}/save?${query}`, cookie), { slug })
      expect(result.status, JSON.stringify(target)).toBe(302)
      expect(result.location, JSON.stringify(target)).toBe(path)
      staysOnSite(result.location)
    }
  })

  it('after saving or unsaving with the form', async () => {
    for (const target of HOSTILE) {
      for (const intent of ['save', 'unsave']) {
        const result = await callRoute(t, saveAction, postForm(`${path}/save`, { intent, redirectTo: target }, { cookie }), { slug })
        expect(result.status, `${intent} ${JSON.stringify(target)}`).toBe(302)
        expect(result.location, `${intent} ${JSON.stringify(target)}`).toBe(path)
      }
    }
    // A visitor is sent to log in; where they come back to stays on the site too.
    const visitor = await callRoute(t, saveAction, postForm(`${path}/save`, { intent: 'save', redirectTo: '/\t/evil.example' }), { slug })
    const resume = new URL(visitor.location!, 'http://localhost:3000').searchParams.get('redirectTo')!
    const back = new URL(resume, 'http://localhost:3000').searchParams.get('redirectTo')
    expect(back).toBe(path)
  })

  it('after managing a listing', async () => {
    for (const target of HOSTILE) {
      const result = await callRoute(t, manageAction, postForm(`${path}/manage`, { intent: 'confirm', redirectTo: target }, { cookie }), {
        slug,
      })
      expect(result.status, JSON.stringify(target)).toBe(302)
      expect(result.location, JSON.stringify(target)).toBe('/userprofile#my-listings')
    }
  })

  it('keeps a target with characters beyond Latin-1 instead of failing', async () => {
    const result = await callRoute(
      t,
      manageAction,
      postForm(`${path}/manage`, { intent: 'confirm', redirectTo: '/userprofile?note=\u4e2d\u0100#my-listings' }, { cookie }),
      { slug },
    )
    expect(result.status).toBe(302)
    expect(result.location).toBe('/userprofile?note=%E4%B8%AD%C4%80#my-listings')
  })
})

describe("better-auth's redirect targets stay on this site", () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  const sameSite = { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' }
  const postJson = (pathname: string, body: unknown) =>
    t.app.request(new Request(`http://localhost:3000${pathname}`, { method: 'POST', headers: sameSite, body: JSON.stringify(body) }))

  it.each(HOSTILE)('refuses %j as a callbackURL, redirectTo or link target, never answering 500', async (target) => {
    // A NUL never reaches better-auth: the HTTP layer refuses it in any /api/auth body (400).
    const refused = target.includes('\u0000') ? 400 : 403
    const account = await createVerifiedAccount(t)
    const signIn = await postJson('/api/auth/sign-in/email', { ...account, callbackURL: target })
    expect(signIn.status).toBe(refused)
    if (refused === 403) expect(((await signIn.json()) as { code: string }).code).toBe('INVALID_CALLBACK_URL')
    const email = `ida.${Date.now()}@example.com`
    const signUp = await postJson('/api/auth/sign-up/email', {
      name: 'Ida',
      email,
      password: 'a quiet harbour at noon',
      termsVersion: siteConfig.termsVersion,
      callbackURL: target,
    })
    expect(signUp.status).toBe(refused)
    expect(await findUserIdByEmail(t.services.database.db, email)).toBeUndefined()
    const reset = await postJson('/api/auth/request-password-reset', { email: account.email, redirectTo: target })
    expect(reset.status).toBe(refused)
    const link = await t.app.request(
      `http://localhost:3000/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(target)}`,
      { redirect: 'manual' },
    )
    expect(link.status).toBe(refused)
    expect(link.headers.get('location')).toBeNull()
  })

  it('sends a mailed link on to a path with characters no header can hold, re-encoded', async () => {
    const link = await t.app.request(
      `http://localhost:3000/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent('/café/☃')}`,
      { redirect: 'manual' },
    )
    expect(link.status).toBe(302)
    staysOnSite(link.headers.get('location'))
    expect(link.headers.get('location')).toMatch(/^\/caf%C3%A9\/%E2%98%83\?error=/)
  })
})
