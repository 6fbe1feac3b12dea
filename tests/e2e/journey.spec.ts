// The whole listing journey through the real server, as two people would make it: a landlord lists a
// home with three photos and publishes it; a renter finds it by text, by filters and on the map,
// looks through its photos by keyboard and full screen, saves it and finds it on the profile.
import type { Page } from '@playwright/test'
import { dismissToasts, expect, mainNav, showNavigationLinks, test, visit, type Layout } from './fixtures.ts'
import { becomeLandlord, fillPriceStep, photoFiles } from './listing-steps.ts'
import { expectNoAxeViolations } from './axe.ts'

/** Three photos as a phone would take them: JPEGs of different colours (and sizes on disk). */
function threePhotos() {
  return photoFiles([
    { name: 'front.jpg', background: { r: 196, g: 120, b: 74 } },
    { name: 'living-room.jpg', background: { r: 70, g: 130, b: 180 } },
    { name: 'kitchen.jpg', background: { r: 120, g: 170, b: 90 } },
  ])
}

async function logOut(page: Page, layout: Layout) {
  // A click that lands while the page is still settling after the last navigation can be lost on a
  // busy machine; pressing Logout again is harmless.
  await expect(async () => {
    await showNavigationLinks(page, layout)
    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
}

async function logIn(page: Page, email: string, password: string) {
  await visit(page, '/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** On a phone the search filters open as a sheet over the page, behind a "Filters" button. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ })
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

/** On a phone, back to the results: the sheet's button, which says how many homes the filters find. */
async function closeFilters(page: Page) {
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  if (await sheet.isVisible()) {
    await sheet.getByRole('button', { name: /^Show [\d,]+\+? homes?$/ }).click()
    await expect(sheet).toBeHidden()
  }
}

test('a landlord lists a home with three photos; a renter finds it, looks through it and saves it', async ({
  page,
  layout,
  signedInAccount: landlord,
  createAccount,
  consoleErrors,
}) => {
  test.setTimeout(120_000)
  // No tile server is reachable in tests: the maps say so and keep working.
  consoleErrors.allow(/Failed to load resource/)
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
  // A word no demo listing has, so the text search finds exactly this home.
  const word = `quillon${Date.now().toString(36)}${layout === 'desktop' ? 'd' : 'm'}`
  const title = `Sunny condo with a harbour view ${word}`

  // ── The landlord ──────────────────────────────────────────────────────────────────────────────
  await becomeLandlord(page)
  await page.getByRole('link', { name: 'Add a listing' }).click()

  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Type of home').selectOption('condo')
  await page.getByLabel('Description').fill('Two bedrooms, a balcony over the harbour and the train five minutes away.')
  await page.getByRole('button', { name: 'Next: Price and terms' }).click()
  await fillPriceStep(page)
  await page.getByLabel('Street address').fill('300 N Market Street')
  await page.getByLabel('ZIP code').fill('19801')
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Wilmington')
  await page.getByRole('button', { name: 'Next: Details' }).click()
  await page.getByLabel('Bedrooms').fill('2')
  await page.getByLabel('Interior (sq ft)').fill('980')
  // The last step, photos, belongs to the saved draft: moving on saves it.
  await page.getByRole('button', { name: 'Next: Photos' }).click()
  await expect(page.getByText('Your draft is saved. Add photos, then publish.')).toBeVisible()
  await dismissToasts(page)

  // Three photos at once, uploading as soon as they are chosen; processed in the background, they appear when ready.
  await page.getByLabel(/Add photos/).setInputFiles(await threePhotos())
  const managed = page.getByRole('list', { name: 'Photos of this listing, in order' })
  await expect(managed.getByRole('listitem')).toHaveCount(3)
  await expect(managed.getByText('Processing…')).toHaveCount(0, { timeout: 30_000 })
  // Not yet described, so shown with empty alt text.
  await expect(managed.locator('img')).toHaveCount(3)
  await page.getByLabel('Description for people who cannot see the photo').first().fill('The building from the harbour side')
  await page.getByRole('button', { name: 'Save description of photo 1' }).click()
  await expect(page.getByText('Description of photo 1 saved.')).toBeVisible()

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/my-listings$/)
  await expect(
    page.locator('li[aria-labelledby^="my-listing-"]').filter({ hasText: title }).getByText('Published', { exact: true }),
  ).toBeVisible()
  await dismissToasts(page)
  await logOut(page, layout)

  // ── The renter ────────────────────────────────────────────────────────────────────────────────
  const renter = await createAccount({ name: 'Rita Renter' })
  expect(renter.email).not.toBe(landlord.email)
  await logIn(page, renter.email, renter.password)

  // By text.
  await visit(page, '/properties')
  await page.getByLabel('Where do you want to live?').fill(word)
  const results = page.getByRole('region', { name: 'Results' })
  await expect(results.getByRole('article')).toHaveCount(1)
  const card = results.getByRole('article').filter({ hasText: title })
  await expect(card).toContainText('$1,925/mo all-in')
  await expect(card.getByRole('img', { name: 'The building from the harbour side' })).toBeVisible()

  // By filters alone: newest first, so it is on the first page.
  await visit(page, '/properties')
  await openFilters(page)
  await page.getByLabel('Bedrooms').selectOption('2')
  await page.getByLabel('Condo', { exact: true }).check()
  await page.getByLabel('Maximum').fill('2000')
  await expect(page).toHaveURL(/maxPrice=2000/)
  await expect(results).toHaveAttribute('aria-busy', 'false')
  await closeFilters(page)
  await expect(results.getByRole('article').filter({ hasText: title })).toBeVisible()

  // On the map, found by its word: beside the list on a wide screen, behind "Map" on a phone; alone, a pin with its price.
  await visit(page, `/properties?q=${word}`)
  if (layout === 'mobile') await page.getByRole('link', { name: 'Map', exact: true }).click()
  const map = page.getByRole('region', { name: 'Map of the homes found' })
  await expect(map.getByRole('button', { name: new RegExp(`^${title}, \\$1,925 a month all-in$`) })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'List', exact: true }).click()

  // The listing page and its photos, by keyboard and full screen.
  await results.getByRole('link', { name: title }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const gallery = page.getByRole('region', { name: `Photos of ${title}` })
  await expect(gallery.getByText('Photo 1 of 3')).toBeVisible()
  await expect(gallery.getByRole('img', { name: 'The building from the harbour side' }).first()).toBeVisible()
  await gallery.getByRole('button', { name: 'Next photo' }).first().click()
  await expect(gallery.getByText('Photo 2 of 3')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(gallery.getByText('Photo 3 of 3')).toBeVisible()
  await expectNoAxeViolations(page)
  const fullScreen = gallery.getByRole('button', { name: 'Full screen' })
  await fullScreen.click()
  const dialog = page.getByRole('dialog', { name: `${title}: full-screen photos` })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(dialog.getByText('Photo 2 of 3')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(fullScreen).toBeFocused()

  // Saved, and on the profile. The button flips at once; the page is left only once the server has
  // answered, since loading another document would cancel the save still on its way.
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.includes('/save'),
  )
  await page.getByRole('button', { name: `Save ${title}` }).click()
  await expect(page.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute('aria-pressed', 'true')
  expect((await answered).ok()).toBe(true)
  await visit(page, '/userprofile#saved')
  await expect(page.getByRole('region', { name: 'Saved homes' }).getByRole('link', { name: new RegExp(title) })).toBeVisible()
})
