// Open redirects: every entry point that takes a place to go next (a `redirectTo` or better-auth's
// `callbackURL`) is given a corpus of addresses that lead off the site in a browser, or break the
// response. None may answer 5xx, and every Location — resolved against the site's origin as a
// browser resolves it, tabs and line breaks dropped — and every link mailed stays on the site.
import type { Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { hasChromium, launchChromium, personContext } from './support/browser.ts'
import { linkIn, mailFolder } from './support/mail.ts'
import { ADMIN } from './support/site-info.ts'
import { cookieHeader } from '#tests/support/users.ts'
import { Site, eachLimited, hostileSites, uniqueEmail, type LiveAccount } from './support/site.ts'

const isCI = process.env.CI === 'true' || process.env.CI === '1'
const PASSWORD = 'a sturdy bench passphrase'

/** Addresses that leave the site (or break the header) once a browser reads them. */
const TARGETS = [
  '/\t/evil.example',
  '/\t\\evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%09/evil.example',
  '/%5Cevil.example',
  'https://evil.example',
  'https://evil.example/faq',
  'HTTPS://EVIL.EXAMPLE',
  '/.//evil.example',
  '/./\\evil.example',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<b>evil</b>',
  '/\r\n/evil.example',
  '/\n/evil.example',
  '\r\nLocation: https://evil.example',
  '/faq\r\nSet-Cookie: hostile=1',
  '/faq%0d%0aSet-Cookie:%20hostile=1',
  '/\u0000//evil.example',
  '/\u2215\u2215evil.example',
  '/\uff0f\uff0fevil.example',
  '/caf\u00e9/\u2603',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  'http:/evil.example',
  'https:evil.example',
  '////evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  ' //evil.example',
  '\t//evil.example',
  'http://127.0.0.1@evil.example',
  '//evil.example/%2e%2e',
  '/@evil.example',
]

/** Where a browser goes with this Location: parsed as the URL standard does (tabs and line breaks dropped). */
function problemsWithUrl(site: Site, url: string, what: string): string[] {
  let resolved: URL
  try {
    resolved = new URL(url, site.origin)
  } catch {
    return [`${what}: unreadable address ${JSON.stringify(url)}`]
  }
  if (resolved.origin !== site.origin) return [`${what}: leaves the site for ${JSON.stringify(url)} (${resolved.href})`]
  // A place to go next, passed on inside the address, counts as well.
  const problems: string[] = []
  for (const name of ['redirectTo', 'callbackURL']) {
    const nested = resolved.searchParams.get(name)
    if (nested !== null) problems.push(...problemsWithUrl(site, nested, `${what} (its ${name})`))
  }
  return problems
}

/** What is wrong with an answer: a 5xx, a Location off the site, a cookie or header the target set. */
function problemsWith(site: Site, response: Response, what: string): string[] {
  const problems: string[] = []
  if (response.status >= 500) problems.push(`${what}: answered ${response.status}`)
  const location = response.headers.get('location')
  if (location !== null) problems.push(...problemsWithUrl(site, location, what))
  if (response.headers.getSetCookie().some((cookie) => cookie.startsWith('hostile='))) problems.push(`${what}: the target set a cookie`)
  return problems
}

/** The path and query a redirect leads to, on the site. */
function pathOf(site: Site, response: Response): string | null {
  const location = response.headers.get('location')
  if (!location) return null
  const url = new URL(location, site.origin)
  return url.origin === site.origin ? `${url.pathname}${url.search}` : url.href
}

/** A path on the site, which every entry point must honour (so a test cannot pass by going nowhere). */
const ON_SITE = '/faq?from=hostile'

/**
 * Runs one entry point over the whole corpus and asserts that no target escaped; `kept` checks that
 * the same entry point does honour a path on the site.
 */
async function expectNoEscape(run: (target: string) => Promise<string[]>, concurrency = 4, kept?: () => Promise<string | null>) {
  if (kept) expect(await kept(), `a path on the site is honoured`).toBe(ON_SITE)
  const problems: string[] = []
  await eachLimited(TARGETS, concurrency, async (target) => {
    try {
      problems.push(...(await run(target)))
    } catch (error) {
      problems.push(`${JSON.stringify(target)}: ${(error as Error).message}`)
    }
  })
  expect(problems).toEqual([])
}

let browser: Browser

describe.skipIf(!hasChromium && !isCI)('open redirects', () => {
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  // The two sites side by side (each a server of its own), each taking its tests in order: a site's
  // sign-in and mail budgets are spent by one test at a time, as before.
  describe.each(hostileSites().map((info) => [info.database, info] as const))('on %s', { concurrent: true }, (_database, info) => {
    describe('in order', { concurrent: false }, () => {
      const site = new Site(info)
      const mail = mailFolder(info.dataDir)
      let owner: LiveAccount
      let renter: LiveAccount
      let listing: { id: number; slug: string; path: string }

      beforeAll(async () => {
        owner = await site.landlord('Otto Owner')
        renter = await site.account('Rene Renter', 'renter')
        listing = await site.createListing(owner.cookie)
      })

      it('GET /login with redirectTo, signed in, after a confirmation or a sign-in (verified=1, welcome=back, welcome=new)', async () => {
        await expectNoEscape(
          async (target) => {
            const problems: string[] = []
            for (const greeting of ['verified=1', 'welcome=back', 'welcome=new']) {
              const response = await site.send(`/login?${greeting}&${new URLSearchParams({ redirectTo: target })}`, {
                cookie: renter.cookie,
              })
              problems.push(...problemsWith(site, response, `/login?${greeting} to ${JSON.stringify(target)}`))
            }
            return problems
          },
          4,
          async () =>
            pathOf(site, await site.send(`/login?welcome=back&${new URLSearchParams({ redirectTo: ON_SITE })}`, { cookie: renter.cookie })),
        )
      })

      it('POST /login without JavaScript, with good credentials', async () => {
        await expectNoEscape(
          async (target) => {
            const response = await site.send('/login', { form: { email: ADMIN.email, password: ADMIN.password, redirectTo: target } })
            return problemsWith(site, response, `POST /login to ${JSON.stringify(target)}`)
          },
          2,
          async () =>
            pathOf(site, await site.send('/login', { form: { email: ADMIN.email, password: ADMIN.password, redirectTo: ON_SITE } })),
        )
      })

      it('GET and POST /properties/:slug/save', async () => {
        await expectNoEscape(
          async (target) => {
            const query = new URLSearchParams({ redirectTo: target })
            const problems: string[] = []
            // Saving after the login redirect (the browser says this site started it), and a plain visit.
            const saving = await site.send(`${listing.path}/save?intent=save&${query}`, {
              cookie: renter.cookie,
              headers: { 'sec-fetch-site': 'same-origin' },
            })
            problems.push(...problemsWith(site, saving, `GET save (same-origin) to ${JSON.stringify(target)}`))
            const visiting = await site.send(`${listing.path}/save?${query}`, { cookie: renter.cookie })
            problems.push(...problemsWith(site, visiting, `GET save without intent to ${JSON.stringify(target)}`))
            // From another site's link: a page with a "Not now" link back, which must stay on the site too.
            const confirming = await site.send(`${listing.path}/save?intent=save&${query}`, { cookie: renter.cookie })
            problems.push(...problemsWith(site, confirming, `GET save (a link from elsewhere) to ${JSON.stringify(target)}`))
            if (confirming.status === 200) {
              const html = await confirming.text()
              for (const [, href] of html.matchAll(/<a[^>]+href="([^"]*)"[^>]*>Not now/g)) {
                problems.push(...problemsWithUrl(site, decodeEntities(href!), `the "Not now" link for ${JSON.stringify(target)}`))
              }
              for (const [, value] of html.matchAll(/name="redirectTo" value="([^"]*)"/g)) {
                problems.push(...problemsWithUrl(site, decodeEntities(value!), `the form's redirectTo for ${JSON.stringify(target)}`))
              }
            }
            for (const intent of ['save', 'unsave']) {
              const posted = await site.send(`${listing.path}/save`, { cookie: renter.cookie, form: { intent, redirectTo: target } })
              problems.push(...problemsWith(site, posted, `POST save (${intent}) to ${JSON.stringify(target)}`))
            }
            // A visitor is sent to log in first, carrying the target along.
            const visitor = await site.send(`${listing.path}/save`, { form: { intent: 'save', redirectTo: target } })
            problems.push(...problemsWith(site, visitor, `POST save as a visitor to ${JSON.stringify(target)}`))
            return problems
          },
          4,
          async () =>
            pathOf(site, await site.send(`${listing.path}/save`, { cookie: renter.cookie, form: { intent: 'save', redirectTo: ON_SITE } })),
        )
      })

      it('POST /properties/:slug/manage', async () => {
        await expectNoEscape(
          async (target) => {
            const response = await site.send(`${listing.path}/manage`, {
              cookie: owner.cookie,
              form: { intent: 'confirm', redirectTo: target },
            })
            return problemsWith(site, response, `POST manage to ${JSON.stringify(target)}`)
          },
          4,
          async () =>
            pathOf(
              site,
              await site.send(`${listing.path}/manage`, { cookie: owner.cookie, form: { intent: 'confirm', redirectTo: ON_SITE } }),
            ),
        )
      })

      it('POST /api/properties/:id/photos and /api/properties/:id/photos/:photoId (the forms without JavaScript)', async () => {
        await expectNoEscape(
          async (target) => {
            const upload = new FormData()
            upload.append('redirectTo', target)
            upload.append('altText', 'The porch')
            const uploaded = await site.send(`/api/properties/${listing.id}/photos`, { cookie: owner.cookie, multipart: upload })
            const described = await site.send(`/api/properties/${listing.id}/photos/999999999`, {
              cookie: owner.cookie,
              form: { intent: 'describe', altText: 'The porch', redirectTo: target },
            })
            return [
              ...problemsWith(site, uploaded, `POST photos to ${JSON.stringify(target)}`),
              ...problemsWith(site, described, `POST photos/:photoId to ${JSON.stringify(target)}`),
            ]
          },
          4,
          async () => {
            const described = await site.send(`/api/properties/${listing.id}/photos/999999999`, {
              cookie: owner.cookie,
              form: { intent: 'describe', altText: 'The porch', redirectTo: ON_SITE },
            })
            return pathOf(site, described)
          },
        )
      })

      it('the sign-up and login forms: the hidden redirectTo never leads the mailed confirmation link off the site', async () => {
        await expectNoEscape(async (target) => {
          const problems: string[] = []
          const email = uniqueEmail('redirect')
          const registered = await site.send('/register', {
            form: { name: 'Ria Redirect', email, password: PASSWORD, termsVersion: siteConfig.termsVersion, redirectTo: target },
          })
          problems.push(...problemsWith(site, registered, `POST /register with ${JSON.stringify(target)}`))
          if (registered.status !== 200) return [...problems, `POST /register answered ${registered.status}`]
          // A new link asked for from the login form, and one sent on a sign-in before confirming.
          const resent = await site.send('/login', { form: { intent: 'resend', email, redirectTo: target } })
          problems.push(...problemsWith(site, resent, `resend from /login with ${JSON.stringify(target)}`))
          const early = await site.send('/login', { form: { email, password: PASSWORD, redirectTo: target } })
          problems.push(...problemsWith(site, early, `sign-in before confirming with ${JSON.stringify(target)}`))
          for (const n of [1, 2, 3]) {
            const link = linkIn(await mail.nth(email, n), '/api/auth/verify-email')
            problems.push(...problemsWithUrl(site, link.href, `mailed link ${n} for ${JSON.stringify(target)}`))
          }
          // Follow the first link as the browser would: confirmation, then the login page's greeting.
          const link = linkIn(await mail.nth(email, 1), '/api/auth/verify-email')
          const confirmed = await site.send(`${link.pathname}${link.search}`)
          problems.push(...problemsWith(site, confirmed, `confirming with ${JSON.stringify(target)}`))
          const next = confirmed.headers.get('location')
          if (next && problemsWithUrl(site, next, '').length === 0) {
            const landed = new URL(next, site.origin)
            const greeted = await site.send(`${landed.pathname}${landed.search}`, { cookie: cookieHeader(confirmed) })
            problems.push(...problemsWith(site, greeted, `the greeting after confirming with ${JSON.stringify(target)}`))
          }
          return problems
        }, 3)
      })

      /** An answer of better-auth: no 5xx, a Location on the site, and a JSON `url` on the site. */
      async function authProblems(response: Response, what: string): Promise<string[]> {
        const problems = problemsWith(site, response, what)
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as { url?: unknown } | null
        if (body && typeof body.url === 'string') problems.push(...problemsWithUrl(site, body.url, `${what} (its url)`))
        return problems
      }

      it("better-auth's callbackURL on sign-in/email, sign-up/email (and the link it mails) and verify-email", async () => {
        await expectNoEscape(async (target) => {
          const what = (name: string) => `${name} with ${JSON.stringify(target)}`
          const problems = await authProblems(
            await site.send('/api/auth/sign-in/email', { json: { email: ADMIN.email, password: ADMIN.password, callbackURL: target } }),
            what('sign-in/email'),
          )
          const email = uniqueEmail('auth-redirect')
          const signedUp = await site.send('/api/auth/sign-up/email', {
            json: { name: 'Aud Redirect', email, password: PASSWORD, termsVersion: siteConfig.termsVersion, callbackURL: target },
          })
          problems.push(...(await authProblems(signedUp, what('sign-up/email'))))
          if (signedUp.status === 200) {
            const link = linkIn(await mail.nth(email, 1), '/api/auth/verify-email')
            problems.push(...problemsWithUrl(site, link.href, what('the link mailed by sign-up/email')))
            // The real token with the target as callbackURL, then a token that is not one.
            const token = link.searchParams.get('token')!
            problems.push(
              ...(await authProblems(
                await site.send(`/api/auth/verify-email?${new URLSearchParams({ token, callbackURL: target })}`),
                what('verify-email'),
              )),
            )
          }
          const bad = await site.send(`/api/auth/verify-email?${new URLSearchParams({ token: 'not-a-token', callbackURL: target })}`)
          problems.push(...(await authProblems(bad, what('verify-email (bad token)'))))
          return problems
        })
      })

      it("better-auth's redirectTo on request-password-reset (and the link it mails) and callbackURL on reset-password/:token", async () => {
        const resetEmail = renter.email
        // One request at a time: each mail is the next one to the same address.
        await expectNoEscape(async (target) => {
          const what = (name: string) => `${name} with ${JSON.stringify(target)}`
          const before = mail.count(resetEmail)
          const requested = await site.send('/api/auth/request-password-reset', { json: { email: resetEmail, redirectTo: target } })
          const problems = await authProblems(requested, what('request-password-reset'))
          if (requested.status === 200) {
            const link = linkIn(await mail.nth(resetEmail, before + 1), '/api/auth/reset-password/')
            problems.push(...problemsWithUrl(site, link.href, what('the link mailed by request-password-reset')))
            const token = link.pathname.split('/').at(-1)!
            const opened = await site.send(`/api/auth/reset-password/${token}?${new URLSearchParams({ callbackURL: target })}`)
            problems.push(...(await authProblems(opened, what('reset-password/:token'))))
          }
          const bad = await site.send(`/api/auth/reset-password/not-a-token?${new URLSearchParams({ callbackURL: target })}`)
          problems.push(...(await authProblems(bad, what('reset-password/:token (bad token)'))))
          return problems
        }, 1)
      })

      it('a browser following a tab-broken redirectTo stays on the site', async () => {
        const context = await personContext(browser, site.origin, { cookie: renter.cookie })
        // Any request that leaves the site is recorded and stopped (there is no network to reach it anyway).
        const offSite: string[] = []
        await context.route(
          (url) => url.origin !== site.origin,
          (route) => {
            offSite.push(route.request().url())
            return route.abort()
          },
        )
        try {
          const page = await context.newPage()
          const response = await page
            .goto(`/login?welcome=back&redirectTo=${encodeURIComponent('/\t/evil.example')}`)
            .catch((error: Error) => error)
          expect(offSite).toEqual([])
          expect(response).not.toBeInstanceOf(Error)
          expect(new URL(page.url()).origin).toBe(site.origin)
        } finally {
          await context.close()
        }
      })
    })
  })
})

function decodeEntities(text: string) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
