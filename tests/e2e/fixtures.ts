// The test fixtures of the end-to-end suite: the page fails its test on any unexpected console error,
// each test is its own client (its own address for the rate limits), mail is read from the stack's
// catcher, and accounts are made through the HTTP API (the sign-in tests themselves use the UI).
import crypto from 'node:crypto'
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { siteConfig } from '#common/site-config.ts'
import { APP_URL, MAIL_URL, VIEWPORTS } from './environment.ts'

export { expect }

export type Layout = 'desktop' | 'mobile'
export type E2eOptions = { layout: Layout }

export type Account = { name: string; email: string; password: string }

type CaughtMail = { to: string[]; subject: string; text: string; headers: Record<string, string>; receivedAt: number }

type Fixtures = {
  /** Console errors this test expects (e.g. the browser's own line about a 404 response). */
  consoleErrors: { allow(pattern: RegExp): void }
  /** Makes a verified account through the API, without signing this browser in. */
  createAccount(overrides?: Partial<Account>): Promise<Account>
  /** A verified account whose session cookie is in this test's browser context. */
  signedInAccount: Account
}

/** A fresh e-mail address, so tests never share an account. */
export function uniqueEmail(person = 'sam.rivera'): string {
  return `${person}+${crypto.randomBytes(5).toString('hex')}@example.test`
}

/** A password that satisfies the site's rule (8–128 characters, not a common one). */
export function uniquePassword(): string {
  return `harbour lantern ${crypto.randomBytes(4).toString('hex')}`
}

/** A transparent 1×1 PNG for every map tile: the tests stay offline (a test may still make tiles fail with page.route). */
export const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

export const test = base.extend<Fixtures & E2eOptions>({
  layout: ['desktop', { option: true }],

  context: async ({ context }, use) => {
    await context.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
    )
    await use(context)
  },

  // A made-up client address per test: the server trusts X-Forwarded-For in this stack only.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
  extraHTTPHeaders: async ({}, use) => {
    const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
    await use({ 'X-Forwarded-For': ip })
  },

  consoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = []
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // Only our own pages count; the OIDC provider's pages are not ours to judge.
        if (!page.url().startsWith(APP_URL)) return
        const location = message.location().url
        errors.push(`${message.text()}${location ? ` (${location})` : ''}`)
      })
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.stack ?? error.message}`))
      await use({ allow: (pattern) => allowed.push(pattern) })
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)))
      expect(unexpected, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],

  createAccount: async ({ extraHTTPHeaders }, use) => {
    const contexts: APIRequestContext[] = []
    await use(async (overrides = {}) => {
      const api = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders })
      contexts.push(api)
      return registerVerifiedAccount(api, overrides)
    })
    await Promise.all(contexts.map((context) => context.dispose()))
  },

  signedInAccount: async ({ page }, use) => {
    // The context's own request client shares its cookie jar, so the session lands in the browser.
    await use(await registerVerifiedAccount(page.context().request, {}))
  },
})

async function registerVerifiedAccount(api: APIRequestContext, overrides: Partial<Account>): Promise<Account> {
  const account: Account = {
    name: 'Sam Rivera',
    email: uniqueEmail(),
    password: uniquePassword(),
    ...overrides,
  }
  const since = Date.now()
  const response = await api.post('/api/auth/sign-up/email', {
    headers: { Origin: APP_URL },
    data: { ...account, termsVersion: siteConfig.termsVersion },
  })
  expect(response.status(), await response.text()).toBe(200)
  const mail = await waitForMail(account.email, { subject: /confirm/i, since })
  const verified = await api.get(linkIn(mail, `${APP_URL}/api/auth/verify-email`), { maxRedirects: 0 })
  expect(verified.status(), 'the verification link is accepted').toBeLessThan(400)
  return account
}

/** The newest mail to `to` (matching `subject`) that arrived after `since`. */
export async function waitForMail(
  to: string,
  { subject, since = 0, timeout = 15_000 }: { subject?: RegExp; since?: number; timeout?: number } = {},
): Promise<CaughtMail> {
  let found: CaughtMail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(MAIL_URL)
        const messages = (await response.json()) as CaughtMail[]
        found = messages
          .filter((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
          .at(-1)
        return found !== undefined
      },
      // Every new account waits here for its confirmation: looking every 100 ms finds it within a tenth of
      // a second of its arrival, where the default back-off (to once a second) could wait most of a second.
      { message: `a mail to ${to}${subject ? ` matching ${subject}` : ''}`, timeout, intervals: [100] },
    )
    .toBe(true)
  return found!
}

/** The first link in the mail that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
  if (!link) throw new Error(`No link starting with ${prefix} in the mail "${mail.subject}":\n${mail.text}`)
  return link
}

/**
 * Waits until React has hydrated the page, so clicks reach their handlers. React marks each
 * hydrated element with a `__reactProps$…` key; the body is among the first.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps$')))
}

/**
 * For a test tagged @each-size (run once, in the desktop project): its checks at the desktop size, then
 * at the phone's, on the same data. Each pass starts from a page it opens itself at that size, as a test
 * of the mobile project would, so data that is costly to make (a hundred messages, a page and more of
 * listings) is made once for both layouts. The checks must leave the data as they found it.
 */
export async function eachSize(page: Page, check: (layout: Layout) => Promise<void>) {
  expect(test.info().tags, 'eachSize is for tests tagged @each-size').toContain('@each-size')
  for (const layout of ['desktop', 'mobile'] as const) {
    await page.setViewportSize(VIEWPORTS[layout])
    await test.step(`at the ${layout} size`, () => check(layout))
  }
}

/** Opens a page and waits until it is interactive. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' })
}

export function menuToggle(page: Page): Locator {
  return mainNav(page).getByRole('button', { name: 'Menu' })
}

/** On the phone layout the links sit behind the menu toggle: open it when it is closed. */
export async function showNavigationLinks(page: Page, layout: Layout) {
  if (layout === 'desktop') return
  const toggle = menuToggle(page)
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') {
    await dismissToasts(page)
    await toggle.click()
  }
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
}

/**
 * Closes the toasts on screen, as a user would. On a phone a toast spans the top of the screen over
 * the menu toggle, and it stays while the pointer rests on it.
 */
export async function dismissToasts(page: Page) {
  const closeButtons = page.getByRole('alert').getByRole('button', { name: 'close' })
  // One at a time, from the top: a toast may close by itself between finding it and clicking it,
  // so a click that finds nothing is retried rather than left waiting.
  await expect(async () => {
    if ((await closeButtons.count()) > 0) await closeButtons.first().click({ timeout: 1000 })
    await expect(closeButtons).toHaveCount(0, { timeout: 500 })
  }).toPass({ timeout: 15_000 })
  // A closed toast fades out before it leaves the page; half-transparent, it would fail a contrast check.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0)
}

/**
 * Checks the navigation, opening the phone menu first. Any navigation closes that menu, so when one
 * is still finishing (after a form was sent) the menu is opened again and the check repeated.
 */
async function expectInNavigation(page: Page, layout: Layout, check: (nav: Locator) => Promise<void>) {
  await expect(async () => {
    await showNavigationLinks(page, layout)
    await check(mainNav(page))
    // Long enough for a busy machine to finish the navigation that closes the menu (see the time limits
    // in playwright.config.ts).
  }).toPass({ timeout: 30_000 })
}

/** The navigation of a signed-in user: the name (or e-mail) links to the profile, and Logout shows. */
export async function expectSignedIn(page: Page, layout: Layout, shownName: string) {
  await expectInNavigation(page, layout, async (nav) => {
    await expect(nav.getByRole('link', { name: shownName }), 'the name links to the profile').toHaveAttribute('href', '/userprofile', {
      timeout: 2000,
    })
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 1000 })
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0, { timeout: 1000 })
  })
}

export async function expectSignedOut(page: Page, layout: Layout) {
  await expectInNavigation(page, layout, async (nav) => {
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login', { timeout: 2000 })
    await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute('href', '/register', { timeout: 1000 })
    await expect(nav.getByRole('button', { name: 'Logout', includeHidden: true })).toHaveCount(0, { timeout: 1000 })
  })
}
