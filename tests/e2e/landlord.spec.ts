// A landlord lists a home: chooses the landlord role, goes through the form's steps with the ZIP
// look-up and the map, saves a draft, publishes it and confirms it available from "My listings".
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { dismissToasts, expect, test, visit } from './fixtures.ts'
import { becomeLandlord, fillPriceStep, publishListing } from './listing-steps.ts'

/** A transparent 1×1 PNG: map tiles come from outside, and the tests stay offline. */
const BLANK_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

async function serveBlankTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  )
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map((v) => ({ rule: v.id, elements: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([])
}

test('a landlord lists a home in steps, saves a draft, publishes it and confirms it available', async ({
  page,
  signedInAccount,
  consoleErrors,
}) => {
  // Before choosing the role, the form's address answers 403 (and the browser says so).
  // A long journey through four pages on a shared machine.
  test.setTimeout(120_000)
  consoleErrors.allow(/status of 403 \(Forbidden\) \(http:\/\/localhost:\d+\/properties\/new\)/)
  await serveBlankTiles(page)
  await visit(page, '/properties/new')
  await expect(page.getByRole('heading', { name: 'Only landlords can list homes' })).toBeVisible()
  await page.getByRole('link', { name: 'Set your role on your profile' }).click()
  await expect(page.getByLabel('Display name')).toHaveValue(signedInAccount.name)
  await becomeLandlord(page)

  await page.getByRole('link', { name: 'Add a listing' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'List a home' })).toBeVisible()
  const title = `Bright loft on Market Street ${Date.now().toString(36)}`

  // Step 1: an empty title stops the step, with the message tied to the field and focus on it.
  await page.getByRole('button', { name: 'Next: Price and terms' }).click()
  const titleField = page.getByLabel('Title')
  await expect(titleField).toHaveAttribute('aria-invalid', 'true')
  await expect(titleField).toBeFocused()
  await expect(page.getByText('Title needs at least 5 characters.')).toBeVisible()
  await titleField.fill(title)
  await page.getByLabel('Type of home').selectOption('condo')
  await page.getByLabel('Description').fill('Exposed brick, big windows and the riverfront a short walk away.')
  await page.getByRole('button', { name: 'Next: Price and terms' }).click()

  // Step 2.
  await expect(page.getByRole('heading', { name: /Price and terms/ })).toBeFocused()
  await fillPriceStep(page)

  // Step 3: the ZIP fills the city and state and shows the pin on the map.
  await page.getByLabel('Street address').fill('300 N Market Street')
  await page.getByLabel('ZIP code').fill('19801')
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Wilmington')
  await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('DE')
  await expect(page.getByRole('region', { name: "Map of the listing's location" })).toBeVisible()
  const pin = page.getByRole('button', { name: /Listing location/ })
  await expect(pin).toBeVisible()
  // The pin moves by keyboard too: east with the right arrow key.
  const position = page.locator('#map-position')
  const longitudeShown = async () => Number(/, (-?[\d.]+)\./.exec((await position.textContent()) ?? '')?.[1])
  await expect(position).toContainText('Now at')
  const before = await longitudeShown()
  await pin.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(longitudeShown).toBeGreaterThan(before)
  await page.getByRole('button', { name: 'Next: Details' }).click()

  // Step 4.
  await page.getByLabel('Interior (sq ft)').fill('900')
  await page.getByRole('checkbox', { name: 'Dishwasher' }).check()
  await page.getByRole('button', { name: 'Save draft' }).click()

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page).toHaveURL(/\/properties\/bright-loft-on-market-street-[a-z0-9]+-\d+\/edit$/)
  await expect(page.getByText('Your draft is saved.')).toBeVisible()
  await dismissToasts(page)

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/userprofile#my-listings$/)
  const item = page.locator('#my-listings li').filter({ hasText: title })
  await expect(item.getByText('Published', { exact: true })).toBeVisible()
  await expect(item.getByText('$1,925 a month all-in')).toBeVisible()

  await item.getByRole('button', { name: /Confirm still available/ }).click()
  await expect(page.getByText(/is confirmed available and shows in search/)).toBeVisible()
})

// `signedInAccount` puts a new account's session in this browser.
test('the listing form has no accessibility violations', async ({ page, signedInAccount: _account }) => {
  await serveBlankTiles(page)
  await becomeLandlord(page)
  await visit(page, '/properties/new')
  await expect(page.getByRole('heading', { level: 1, name: 'List a home' })).toBeVisible()
  await expectNoViolations(page)

  await page.getByLabel('Title').fill('A quiet studio by the park')
  await page.getByRole('button', { name: 'Next: Price and terms' }).click()
  await page.getByLabel('Monthly rent ($)').fill('')
  await page.getByRole('button', { name: 'Next: Location' }).click()
  await expect(page.getByText('Enter the monthly rent in dollars.')).toBeVisible()
  await expectNoViolations(page)

  await page.getByLabel('Monthly rent ($)').fill('1200')
  await page.getByLabel('Security deposit ($)').fill('1200')
  await page.getByRole('button', { name: 'Next: Location' }).click()
  await page.getByLabel('ZIP code').fill('19806')
  await expect(page.getByRole('region', { name: "Map of the listing's location" })).toBeVisible()
  await expect(page.getByRole('button', { name: /Listing location/ })).toBeVisible()
  await expectNoViolations(page)
})

test('"My listings" shows a landlord’s homes a page at a time, searched by title and filtered by status', async ({
  page,
  signedInAccount,
}) => {
  test.setTimeout(90_000)
  for (let n = 1; n <= 22; n += 1) await publishListing(page.context().request, signedInAccount, `Paged flat number ${n}`)
  const rows = page.locator('li[aria-labelledby^="my-listing-"]')

  // The profile shows the latest few and the way to all of them.
  await visit(page, '/userprofile')
  await expect(rows).toHaveCount(5)
  await page.getByRole('link', { name: 'See all 22 listings' }).click()
  await expect(page).toHaveURL(/\/my-listings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible()
  await expect(page.getByText('1–20 of 22 listings')).toBeVisible()
  await expect(rows).toHaveCount(20)
  await expect(rows.first()).toContainText('Paged flat number 22')
  await expect(rows.first()).toContainText(/Views\s*0\s*Saves\s*0\s*Conversations\s*0/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectNoViolations(page)

  await page.getByRole('link', { name: /Next page/ }).click()
  await expect(page.getByText('21–22 of 22 listings')).toBeVisible()
  await expect(rows).toHaveCount(2)

  await page.getByLabel('Title contains').fill('number 7')
  await page.getByLabel('Title contains').press('Enter')
  await expect(page).toHaveURL(/[?&]q=number\+7/)
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Paged flat number 7')

  // Choosing a status applies at once.
  await page.getByLabel('Status').selectOption('draft')
  await expect(page).toHaveURL(/[?&]status=draft/)
  await expect(page.getByText('None of your listings match.')).toBeVisible()
  await expect(page.getByLabel('Status').locator('option:checked')).toHaveText('Draft (0)')
})
