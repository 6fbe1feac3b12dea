// A renter on a listing page: sharing, saving (signed in and as a visitor who logs in on the way),
// the saved list on the profile and the navigation that follows it; swiping through the photos on a
// phone; axe-core on the page.
import type { Locator, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { dismissToasts, expect, mainNav, showNavigationLinks, test, visit } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

// There is no network here: the map's tiles fail to load, which the page is built to survive.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/Failed to load resource: .*\(https:\/\/tile\.openstreetmap\.org\//))

/** A published demo listing's address, read from the sitemap's first part of listings as a search engine would. */
async function listingPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml?page=1')).text()
  return [...xml.matchAll(/<loc>[^<]*?(\/properties\/[^<]+)<\/loc>/g)].map((m) => m[1]!)
}

test('a listing page has no accessibility violations @any-size', async ({ page }) => {
  const [path] = await listingPaths(page)
  await visit(page, path!)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Monthly cost' })).toBeVisible()
  await expectNoAxeViolations(page)
})

/** Whether the element lies wholly within the window. */
async function isWithinWindow(page: Page, element: Locator) {
  const box = await element.boundingBox()
  const { height } = page.viewportSize()!
  return box !== null && box.y >= 0 && box.y + box.height <= height
}

test('on a wide screen, the price, the key facts and the contact card are in view at once and the card stays there @desktop-only', async ({
  page,
}) => {
  const [path] = await listingPaths(page)
  await visit(page, path!)
  const card = page.getByRole('region', { name: 'Price and contact' })
  const message = card.getByRole('button', { name: /^Message the landlord/ })
  for (const element of [
    card.getByText(/^\$[\d,]+\/month all-in$/),
    page.getByText(/ · \d[\d,]* sq ft · Available /),
    message,
    card.getByRole('button', { name: 'Save' }),
    card.getByRole('textbox', { name: 'Share this home' }),
  ]) {
    expect(await isWithinWindow(page, element)).toBe(true)
  }
  // Far down the page, the card is still on screen.
  await page.getByRole('heading', { name: 'Price history' }).scrollIntoViewIfNeeded()
  await expect.poll(() => isWithinWindow(page, message)).toBe(true)
  await expect(page.getByRole('region', { name: 'Price and message' })).toBeHidden()
})

test('on a phone, a bar with the price and "Message" stays at the bottom until the contact card shows @mobile-only', async ({ page }) => {
  const [path] = await listingPaths(page)
  await visit(page, path!)
  const bar = page.getByRole('region', { name: 'Price and message' }).getByRole('button', { name: /^Message the landlord, / })
  await expect(bar).toBeVisible()
  const { height } = page.viewportSize()!
  const box = (await bar.boundingBox())!
  expect(box.y + box.height).toBeGreaterThan(height - 40)
  await expect(page.getByRole('region', { name: 'Price and message' }).getByText(/^\$[\d,]+\/month all-in$/)).toBeVisible()

  await page.getByRole('heading', { name: 'Amenities' }).scrollIntoViewIfNeeded()
  expect(await isWithinWindow(page, bar)).toBe(true)
  // The scroll-to-top button rises above the bar.
  const up = page.getByRole('button', { name: 'Scroll to top' })
  await expect(up).toBeVisible()
  expect((await up.boundingBox())!.y + (await up.boundingBox())!.height).toBeLessThan((await bar.boundingBox())!.y)

  await page.getByRole('region', { name: 'Price and contact' }).scrollIntoViewIfNeeded()
  await expect(bar).toBeHidden()
  await expectNoAxeViolations(page)

  // A visitor who presses it is asked to log in first.
  await page.getByRole('heading', { name: 'Amenities' }).scrollIntoViewIfNeeded()
  await bar.click()
  await expect(page).toHaveURL(/\/login\?/)
})

test('a listing page loads the map library only when the map comes into view', async ({ page }) => {
  const mapFiles: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/leaflet[^/]*\.(js|css)$/.test(new URL(request.url()).pathname)) mapFiles.push(request.url())
  })
  const [path] = await listingPaths(page)
  await visit(page, path!)
  const map = page.getByRole('region', { name: /^Map of / })
  // The page has hydrated and settled at the top: nothing of the map has been fetched.
  await page.waitForLoadState('networkidle')
  expect(mapFiles).toEqual([])
  await expect(map).not.toHaveClass(/leaflet-container/)

  await map.scrollIntoViewIfNeeded()
  await expect(map).toHaveClass(/leaflet-container/)
  expect(mapFiles.some((url) => url.endsWith('.js'))).toBe(true)
})

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- naming the fixture is what signs the renter in.
test('a renter copies the link, saves the home and finds it on the profile without a reload', async ({ page, signedInAccount, layout }) => {
  const paths = await listingPaths(page)
  // Demo listings are spread over the list: one per test run and layout keeps tests apart.
  const path = paths[layout === 'desktop' ? 1 : 2]!
  await visit(page, path)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL })
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}${path}`)
  await expect(page.getByLabel('Share this home')).toHaveValue(`${APP_URL}${path}`)

  // Before anything is saved the navigation has no Saved link.
  await showNavigationLinks(page, layout)
  await expect(mainNav(page).getByRole('link', { name: 'Saved' })).toHaveCount(0)
  if (layout === 'mobile') await page.getByRole('button', { name: 'Menu' }).click()

  const save = page.getByRole('button', { name: `Save ${title}` })
  await expect(save).toHaveAttribute('aria-pressed', 'false')
  await save.click()
  const remove = page.getByRole('button', { name: `Remove ${title} from saved` })
  await expect(remove).toHaveAttribute('aria-pressed', 'true')
  // The fetcher's submission left this page where it was and refreshed the session in place.
  await expect(page).toHaveURL(`${APP_URL}${path}`)
  await showNavigationLinks(page, layout)
  // The navigation leads to the saved homes and counts them.
  const savedLink = mainNav(page).getByRole('link', { name: 'Saved homes 1', exact: true })
  await expect(savedLink).toHaveAttribute('href', '/userprofile#saved')

  await savedLink.click()
  await expect(page).toHaveURL(`${APP_URL}/userprofile#saved`)
  const saved = page.getByRole('region', { name: 'Saved homes' })
  await expect(saved.getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toHaveAttribute('href', path)
  await expect(saved).toContainText('/month all-in')
  await expectNoAxeViolations(page)

  await saved.getByRole('button', { name: `Remove ${title} from saved` }).click()
  await expect(saved).toContainText('You have not saved any homes yet.')
  await expect(saved.getByRole('link', { name: 'Browse properties' })).toHaveAttribute('href', '/properties')
  // The profile's own menu (wide screens) names the section with its count, and the navigation's count follows.
  if (layout === 'desktop') {
    await expect(page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link').first()).toHaveText('Saved homes (0)')
  }
  await showNavigationLinks(page, layout)
  await expect(mainNav(page).getByRole('link', { name: 'Saved homes 0', exact: true })).toBeVisible()
})

test('a visitor who presses Save logs in and comes back with the home saved', async ({ page, createAccount, layout }) => {
  const account = await createAccount({ name: 'Vera Visitor' })
  const paths = await listingPaths(page)
  const path = paths[layout === 'desktop' ? 3 : 4]!
  await visit(page, path)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!
  await page.getByRole('button', { name: `Save ${title}` }).click()

  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()

  await expect(page).toHaveURL(`${APP_URL}${path}`)

  // A new page: until its styles load, the Save button of the other layout shows too.

  await page.waitForLoadState()
  await expect(page.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('Saved to your list')).toBeVisible()
  await dismissToasts(page)
  await showNavigationLinks(page, layout)
  await expect(mainNav(page).getByRole('link', { name: 'Saved' })).toBeVisible()
})

test('a save link the renter did not follow from this site asks before saving anything @any-size', async ({
  page,
  signedInAccount: _signedIn,
  layout,
}) => {
  const paths = await listingPaths(page)
  const path = paths[layout === 'desktop' ? 6 : 7]!
  // Typed, bookmarked or linked from elsewhere: the browser does not say this site started it.
  await visit(page, `${path}/save?${new URLSearchParams({ intent: 'save', redirectTo: path })}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Save this home?' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Not now' }).click()
  await expect(page).toHaveURL(`${APP_URL}${path}`)
  // The address changes a moment before the listing's page replaces the question.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Save this home?')
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!
  await expect(page.getByRole('button', { name: `Save ${title}` })).toHaveAttribute('aria-pressed', 'false')

  await visit(page, `${path}/save?${new URLSearchParams({ intent: 'save', redirectTo: path })}`)
  await page.getByRole('button', { name: 'Save this home' }).click()
  await expect(page).toHaveURL(`${APP_URL}${path}`)
  // A new page: until its styles load, the Save button of the other layout shows too.
  await page.waitForLoadState()
  await expect(page.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('Saved to your list')).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor who presses Save logs in and comes back with the home saved', async ({ page, createAccount, layout }) => {
    const account = await createAccount({ name: 'Nora Noscript' })
    const paths = await listingPaths(page)
    const path = paths[layout === 'desktop' ? 8 : 9]!
    await page.goto(path)
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!
    await page.getByRole('button', { name: `Save ${title}` }).click()

    await expect(page).toHaveURL(/\/login\?redirectTo=/)
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Log in' }).click()

    // The login's redirect chain stays on this site, so the browser's GET saves at once.
    await expect(page).toHaveURL(`${APP_URL}${path}`)
    // A new page: until its styles load, the Save button of the other layout shows too.
    await page.waitForLoadState()
    await expect(page.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true')
  })
})

/**
 * A finger dragged across the middle of an element, through Chromium's own touch input, so the page
 * receives what a phone sends: pointer events of type "touch" (and touch events).
 */
async function swipe(page: Page, target: Locator, direction: 'left' | 'right') {
  const box = await target.boundingBox()
  if (!box) throw new Error('The element to swipe is not on screen')
  const y = box.y + box.height / 2
  const [from, to] = direction === 'left' ? [0.7, 0.3] : [0.3, 0.7]
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width * from, y }] })
  for (let step = 1; step <= 5; step += 1) {
    const x = box.x + box.width * (from + ((to - from) * step) / 5)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true })

  test('a renter swipes through the photos of a home, on the page and full screen @mobile-only', async ({ page }) => {
    const paths = await listingPaths(page)
    // Demo listings have three to six drawn photos; only reading here, so any listing will do.
    await visit(page, paths[5]!)
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!
    const gallery = page.getByRole('region', { name: `Photos of ${title}` })
    const counter = gallery.getByText(/^Photo \d+ of \d+$/).first()
    await expect(counter).toHaveText(/^Photo 1 of \d+$/)
    const count = Number((await counter.textContent())!.match(/of (\d+)/)![1])
    expect(count).toBeGreaterThanOrEqual(3)
    const photo = gallery.getByRole('img').first()

    await swipe(page, photo, 'left')
    await expect(counter).toHaveText(`Photo 2 of ${count}`)
    await swipe(page, photo, 'left')
    await expect(counter).toHaveText(`Photo 3 of ${count}`)
    await swipe(page, photo, 'right')
    await expect(counter).toHaveText(`Photo 2 of ${count}`)
    await swipe(page, photo, 'right')
    await expect(counter).toHaveText(`Photo 1 of ${count}`)
    // Past the first photo it wraps round to the last.
    await swipe(page, photo, 'right')
    await expect(counter).toHaveText(`Photo ${count} of ${count}`)
    await expect(gallery.getByRole('list', { name: 'All photos' }).getByRole('button').last()).toHaveAttribute('aria-current', 'true')

    await gallery.getByRole('button', { name: 'Full screen' }).click()
    const dialog = page.getByRole('dialog', { name: `${title}: full-screen photos` })
    await expect(dialog.getByText(`Photo ${count} of ${count}`)).toBeVisible()
    await swipe(page, dialog.getByRole('img').first(), 'left')
    await expect(dialog.getByText(`Photo 1 of ${count}`)).toBeVisible()
  })
})
