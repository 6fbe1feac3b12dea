// A landlord lists a home: chooses the landlord role, goes through the form's steps with the ZIP
// look-up and the map, reaches the photos step (which saves the draft), is refused publication
// without a photo, adds photos that upload as soon as they are chosen, publishes the listing and
// confirms it available from "My listings".
import type { Locator, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { dismissToasts, eachSize, expect, mainNav, showNavigationLinks, test, visit } from './fixtures.ts'
import { becomeLandlord, fillPriceStep, photoFiles, publishListings } from './listing-steps.ts'
import { look } from './two-parties.ts'
import { expectNoAxeViolations } from './axe.ts'

/** A transparent 1×1 PNG: map tiles come from outside, and the tests stay offline. */
const BLANK_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

async function serveBlankTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  )
}

test('a landlord lists a home in steps, is refused publication without a photo, adds photos, publishes it and confirms it available @any-size', async ({
  page,
  signedInAccount: _account,
  consoleErrors,
  layout,
}) => {
  // Before choosing the role, the form's address answers 403 (and the browser says so); the refused
  // publication answers 400 in the same way.
  // A long journey through five pages on a shared machine.
  test.setTimeout(150_000)
  consoleErrors.allow(/status of 403 \(Forbidden\) \(http:\/\/localhost:\d+\/properties\/new\)/)
  consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/localhost:\d+\/properties\/[a-z0-9-]+\/edit/)
  await serveBlankTiles(page)
  await visit(page, '/properties/new')
  // Not a landlord yet: the page offers to let homes there and then, and the navigation has no way to list.
  const letHomes = page.getByRole('button', { name: 'I let homes: list one' })
  await expect(letHomes).toBeVisible()
  await showNavigationLinks(page, layout)
  await expect(mainNav(page).getByRole('link', { name: 'List a home' })).toHaveCount(0)
  if (layout === 'mobile') await page.keyboard.press('Escape')
  await letHomes.click()
  await expect(page.getByText(/You are a landlord now/)).toBeVisible()
  await dismissToasts(page)
  await expect(page.getByLabel('Title')).toBeVisible()
  await showNavigationLinks(page, layout)
  await expect(mainNav(page).getByRole('link', { name: 'List a home' })).toHaveAttribute('href', '/properties/new')
  if (layout === 'mobile') await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { level: 1, name: 'List a home' })).toBeVisible()
  const steps = page.getByRole('list', { name: 'Steps' })
  await expect(steps.getByRole('listitem')).toHaveText(['1. The home', '2. Price and terms', '3. Location', '4. Details', '5. Photos'])
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

  // Step 4; the photos of step 5 belong to a saved listing, so moving on saves the draft. A year built
  // before 1978 brings the note on the federal lead-paint disclosure, and a later one takes it away.
  await page.getByLabel('Interior (sq ft)').fill('900')
  const yearBuilt = page.getByLabel('Year built (optional)')
  const leadPaint = page.getByText(/federal lead-based paint disclosure \(42 U\.S\.C\. § 4852d\)\. This is not legal advice\./)
  await yearBuilt.fill('1990')
  await expect(leadPaint).toHaveCount(0)
  await yearBuilt.fill('1962')
  await expect(leadPaint).toBeVisible()
  await look(page, 'listing-form-year-built', layout)
  await page.getByRole('checkbox', { name: 'Dishwasher' }).check()
  await page.getByRole('button', { name: 'Next: Photos' }).click()

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page).toHaveURL(/\/properties\/bright-loft-on-market-street-[a-z0-9]+-\d+\/edit\?step=photos$/)
  await expect(steps.locator('[aria-current="step"]')).toHaveText('5. Photos')
  const photosHeading = page.getByRole('heading', { name: 'Step 5 of 5: Photos' })
  await expect(photosHeading).toBeFocused()
  await expect(photosHeading).toBeInViewport()
  await expect(page.getByText('Your draft is saved. Add photos, then publish.')).toBeVisible()
  await dismissToasts(page)

  // The draft's page says in a line that it has no photos yet, and leads back to this step.
  await page.getByRole('link', { name: 'See the listing page' }).click()
  await expect(page.getByText('Draft — only you can see this.')).toBeVisible()
  await expect(page.getByText('No photos yet')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Key facts' }).locator('dt:text-is("Built") + dd')).toHaveText('1962')
  await look(page, 'listing-page-built', layout)
  await page.getByRole('link', { name: 'Add photos' }).click()
  await expect(page).toHaveURL(/\/edit\?step=photos$/)
  await expect(photosHeading).toBeFocused()

  // Publishing without a photo is refused, and says why, beside the button and at the top of the form.
  const publish = page.getByRole('button', { name: 'Publish' })
  await expect(publish).toHaveAccessibleDescription('Publishing needs at least one photo: add one above.')
  await publish.click()
  const refusal = 'Add at least one photo before publishing: renters skip listings without one.'
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeFocused()
  await expect(page).toHaveURL(/\/edit\?step=photos/)
  await expect(steps.locator('[aria-current="step"]')).toHaveText('5. Photos')
  await expectNoAxeViolations(page)

  // Choosing photos uploads them at once, each with its own progress bar (the first held a moment here,
  // to be seen; uploaded side by side, the second would land first and become the cover).
  let posts = 0
  await page.route('**/api/properties/*/photos', async (route) => {
    if (route.request().method() === 'POST' && (posts += 1) === 1) await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByLabel(/Add photos/).setInputFiles(
    await photoFiles([
      { name: 'living-room.jpg', background: { r: 70, g: 130, b: 180 } },
      { name: 'kitchen.jpg', background: { r: 120, g: 170, b: 90 } },
    ]),
  )
  const uploads = page.getByRole('list', { name: 'Uploads in progress' })
  await expect(uploads.getByRole('progressbar', { name: 'living-room.jpg' })).toBeVisible()
  await expect(uploads.getByRole('progressbar', { name: 'kitchen.jpg' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload photos' })).toHaveCount(0)

  // Processed in the background: each is announced as it becomes ready, and publishing waits for one.
  const managed = page.getByRole('list', { name: 'Photos of this listing, in order' })
  await expect(managed.getByRole('listitem')).toHaveCount(2)
  await expect(managed.getByText('Processing…')).toHaveCount(0, { timeout: 30_000 })
  // In the order chosen: the living room (blue) is the cover, the kitchen (green) second.
  expect(await photoColours(managed.locator('img'))).toEqual(['blue', 'green'])
  await expect(page.getByRole('status').filter({ hasText: /photos are ready|is ready/ })).toBeVisible()
  await expect(page.getByText(refusal)).toHaveCount(0)
  await expect(publish).toHaveAccessibleDescription('')
  await expectNoAxeViolations(page)

  await publish.click()
  await expect(page).toHaveURL(/\/my-listings$/)
  await expect(page.getByText(`“${title}” is published: renters can find it now.`)).toBeVisible()
  await dismissToasts(page)
  const item = page.locator('li[aria-labelledby^="my-listing-"]').filter({ hasText: title })
  await expect(item.getByText('Published', { exact: true })).toBeVisible()
  await expect(item.getByText('$1,925 a month all-in')).toBeVisible()

  // Live: its page shows the photos, and anyone can open it.
  const link = item.getByRole('link', { name: title, exact: true })
  expect((await fetch(`${APP_URL}${await link.getAttribute('href')}`)).status).toBe(200)
  await link.click()
  await expect(page.getByText('Published — renters can find this home.')).toBeVisible()
  await expect(page.getByRole('region', { name: `Photos of ${title}` })).toBeVisible()

  await visit(page, '/my-listings')
  await item.getByRole('button', { name: /Confirm still available/ }).click()
  await expect(page.getByText(/is confirmed available and shows in search/)).toBeVisible()
})

// `signedInAccount` puts a new account's session in this browser.
test('the listing form has no accessibility violations @any-size', async ({ page, signedInAccount: _account }) => {
  await serveBlankTiles(page)
  await becomeLandlord(page)
  await visit(page, '/properties/new')
  await expect(page.getByRole('heading', { level: 1, name: 'List a home' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByLabel('Title').fill('A quiet studio by the park')
  await page.getByRole('button', { name: 'Next: Price and terms' }).click()
  await page.getByLabel('Monthly rent ($)').fill('')
  await page.getByRole('button', { name: 'Next: Location' }).click()
  await expect(page.getByText('Enter the monthly rent in dollars.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByLabel('Monthly rent ($)').fill('1200')
  await page.getByLabel('Security deposit ($)').fill('1200')
  await page.getByRole('button', { name: 'Next: Location' }).click()
  await page.getByLabel('ZIP code').fill('19806')
  await expect(page.getByRole('region', { name: "Map of the listing's location" })).toBeVisible()
  await expect(page.getByRole('button', { name: /Listing location/ })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('"My listings" shows a landlord’s homes a page at a time, searched by title and filtered by status @each-size', async ({
  page,
  signedInAccount,
}) => {
  // Twenty-two listings, made once and read at each size.
  const titles = Array.from({ length: 22 }, (_, n) => `Paged flat number ${n + 1}`)
  await publishListings(page.context().request, signedInAccount, titles)
  const rows = page.locator('li[aria-labelledby^="my-listing-"]')

  await eachSize(page, async (layout) => {
    // The profile shows the latest few and the way to all of them.
    await visit(page, '/userprofile')
    await expect(rows).toHaveCount(5)
    await page.getByRole('link', { name: 'See all 22 listings' }).click()
    await expect(page).toHaveURL(/\/my-listings$/)
    // The navigation leads there too, from any page.
    await visit(page, '/properties')
    await showNavigationLinks(page, layout)
    await mainNav(page).getByRole('link', { name: 'My listings' }).click()
    await expect(page).toHaveURL(/\/my-listings$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible()
    await expect(page.getByText('1–20 of 22 listings')).toBeVisible()
    await expect(rows).toHaveCount(20)
    await expect(rows.first()).toContainText('Paged flat number 22')
    await expect(rows.first()).toContainText(/Views\s*0\s*Saves\s*0\s*Conversations\s*0/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectNoAxeViolations(page)

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
})

/** The main colour of each image, read from its pixels once it has loaded: 'red', 'green' or 'blue'. */
async function photoColours(images: Locator): Promise<string[]> {
  await expect(images.first()).toBeVisible()
  await expect
    .poll(() =>
      images.evaluateAll((elements) => elements.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true)
  return images.evaluateAll((elements) =>
    elements.map((element) => {
      const image = element as HTMLImageElement
      const canvas = document.createElement('canvas')
      canvas.width = 4
      canvas.height = 4
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0, 4, 4)
      const [r, g, b] = context.getImageData(2, 2, 1, 1).data
      return r! >= g! && r! >= b! ? 'red' : g! >= b! ? 'green' : 'blue'
    }),
  )
}
