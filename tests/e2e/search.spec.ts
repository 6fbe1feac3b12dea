// The /properties search in Chromium, on the demo data (300 listings across several cities): text
// and filters update the results in place and in the URL, the back button restores them, the map
// shows every home found as clusters and pins with no tile server reachable, and moving it searches its area.
import type { Locator, Page } from '@playwright/test'
import { expect, test, visit, waitForHydration } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

const results = (page: Page) => page.getByRole('region', { name: 'Results' })
const cards = (page: Page) => results(page).getByRole('article')
const resultCount = (page: Page) => results(page).getByRole('status').first()

/** "42 homes" → 42 ("1,000+ homes" → 1000). */
async function countShown(page: Page): Promise<number> {
  const text = (await resultCount(page).textContent()) ?? ''
  const match = /^([\d,]+)\+? homes?/.exec(text)
  expect(match, `a result count in "${text}"`).not.toBeNull()
  return Number(match![1]!.replaceAll(',', ''))
}

/** On a phone, and beside the map on a wide screen, the filters sit behind a disclosure button. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ })
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  }
}

/** A mark on the window that a full page load would wipe out. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { searchPageMark: true }))
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { searchPageMark?: boolean }).searchPageMark)).toBe(true)
}

/** No tile server is reachable in tests; make sure of it rather than depend on the machine. */
async function blockTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
}

async function everyCardMatches(list: Locator, pattern: RegExp) {
  const texts = await list.allTextContents()
  expect(texts.length).toBeGreaterThan(0)
  for (const text of texts) expect(text).toMatch(pattern)
}

test('finds homes by text without reloading the page, and the URL follows @any-size', async ({ page }) => {
  await visit(page, '/properties')
  const everywhere = await countShown(page)
  await markDocument(page)

  await page.getByLabel('Where do you want to live?').fill('Dover')
  await expect(page).toHaveURL(/[?&]q=Dover(&|$)/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Dover, DE')
  await expect(resultCount(page)).toContainText('for “Dover”')
  await everyCardMatches(cards(page), /Dover, DE/)
  expect(await countShown(page)).toBeLessThan(everywhere)
  await expectSameDocument(page)
})

test('reads a city with its state, rooms and a misspelt place as a renter means them @any-size', async ({ page }) => {
  await visit(page, '/properties')
  const box = page.getByLabel('Where do you want to live?')
  await box.fill('Austin, TX')
  await expect(page).toHaveURL(/[?&]q=Austin%2C(\+|%20)TX(&|$)/)
  await expect(page.getByRole('link', { name: 'Remove Austin, TX' })).toBeVisible()
  await everyCardMatches(cards(page), /Austin, TX/)

  await box.fill('2br Brookyln')
  await expect(
    results(page).getByText('No homes match “Brookyln”. Showing homes in Brooklyn, NY with at least 2 bedrooms.', { exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Brooklyn, NY')
  await everyCardMatches(cards(page), /Brooklyn, NY/)
  await everyCardMatches(cards(page), /(^|\D)([2-9]|1\d) beds\b/)
  await expectNoAxeViolations(page)
})

test('suggests places as you type; the keyboard chooses one and searches it @any-size', async ({ page }) => {
  await visit(page, '/properties')
  const box = page.getByRole('combobox', { name: 'Where do you want to live?' })
  const list = page.getByRole('listbox', { name: 'Suggested places' })
  await box.pressSequentially('aus')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  const first = list.getByRole('option').first()
  await expect(first).toContainText(/Austin, TX\s*City\s*\d+ homes/)
  // The results follow the text too; checked once they have settled (dimmed while loading).
  await expect(page).toHaveURL(/[?&]q=aus(&|$)/)
  await expect(results(page)).toHaveAttribute('aria-busy', 'false')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)

  await box.press('Escape')
  await expect(list).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.press('ArrowDown')
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  await box.press('Enter')
  await expect(page).toHaveURL(/[?&]q=Austin%2C(\+|%20)TX(&|$)/)
  await expect(box).toHaveValue('Austin, TX')
  await expect(list).toBeHidden()
  await expect(page.getByRole('link', { name: 'Remove Austin, TX' })).toBeVisible()
  await everyCardMatches(cards(page), /Austin, TX/)
})

test('the home page suggests places too, and a click searches the one chosen @any-size', async ({ page }) => {
  await visit(page, '/')
  const box = page.getByRole('combobox', { name: 'Where do you want to live?' })
  await box.pressSequentially('brook')
  await page
    .getByRole('listbox', { name: 'Suggested places' })
    .getByRole('option', { name: /^Brooklyn, NY/ })
    .click()
  await expect(page).toHaveURL(/\/properties\?q=Brooklyn%2C(\+|%20)NY$/)
  await expect(page.getByRole('link', { name: 'Remove Brooklyn, NY' })).toBeVisible()
  await everyCardMatches(cards(page), /Brooklyn, NY/)
})

test(
  'the home page shows price drops with the price each replaced, and "Homes near me" searches around the renter',
  { tag: '@any-size' },
  async ({ page, context }) => {
    await visit(page, '/')
    const drops = page.getByRole('region', { name: 'Price drops' })
    await expect(drops.getByRole('article').first()).toBeVisible()
    await expect(drops.getByRole('article').first()).toContainText(
      /(Rent|Nightly price) \$[\d,.]+ less since [A-Z][a-z]{2} \d{1,2}, was \$/,
    )
    // Asked only on the click, never as the page loads.
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({ latitude: 39.7447, longitude: -75.5484 })
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Homes near me' }).click()
    await expect(page).toHaveURL(/\/properties\?sort=newest&south=39\.59\d*&west=-75\.7\d*&north=39\.89\d*&east=-75\.3\d*$/)
    await expect(cards(page).first()).toBeVisible()
    await everyCardMatches(cards(page), /Wilmington, DE|Newark, DE/)
  },
)

test('shows the text and the filters as chips; removing one, or all, widens the search @any-size', async ({ page }) => {
  await visit(page, '/properties?q=wilmington+de&beds=2&pets=cats')
  const chips = page.getByRole('list', { name: 'Active filters' })
  await expect(chips.getByRole('link')).toHaveCount(3)
  await expect(chips.getByRole('link', { name: 'Remove Wilmington, DE' })).toBeVisible()
  await expect(chips.getByRole('link', { name: 'Remove Cats allowed' })).toBeVisible()
  const narrow = await countShown(page)
  await markDocument(page)

  await chips.getByRole('link', { name: 'Remove 2+ beds' }).click()
  await expect(page).toHaveURL(/\/properties\?q=wilmington\+de&pets=cats$/)
  await expect(chips.getByRole('link')).toHaveCount(2)
  await expect.poll(() => countShown(page)).toBeGreaterThan(narrow)
  await everyCardMatches(cards(page), /Wilmington, DE/)
  await expect(results(page)).toHaveAttribute('aria-busy', 'false')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Clear all' }).click()
  await expect(page).toHaveURL(/\/properties$/)
  await expect(chips).toHaveCount(0)
  await expectSameDocument(page)
})

test('the filters open as a sheet whose button counts the homes as they change (a phone; beside the map, a wide screen)', async ({
  page,
}) => {
  await visit(page, '/properties')
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Close the filters' })).toBeFocused()
  // The filters as they open, before any is chosen.
  await expectNoAxeViolations(page)
  const show = sheet.getByRole('button', { name: /^Show [\d,]+\+? homes?$/ })
  const everywhere = (await show.textContent())!

  await sheet.getByLabel('Bedrooms').selectOption('3')
  await expect(page).toHaveURL(/[?&]beds=3(&|$)/)
  await expect(show).not.toHaveText(everywhere)
  const counted = (await show.textContent())!
  // The keyboard stays in the sheet: Tab from its last control comes back to its first.
  await sheet.getByRole('link', { name: 'Clear filters' }).focus()
  await page.keyboard.press('Tab')
  await expect(sheet.getByRole('button', { name: 'Close the filters' })).toBeFocused()
  await expectNoAxeViolations(page)

  await show.click()
  await expect(sheet).toBeHidden()
  const toggle = page.getByRole('button', { name: 'Filters (1)' })
  await expect(toggle).toBeFocused()
  await expect(resultCount(page)).toHaveText(counted.replace(/^Show /, ''))

  await toggle.click()
  await expect(sheet).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
})

test('/properties does not move while it loads and comes alive, on a slow phone too', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts = { total: 0 }
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.total += (entry as unknown as { value: number }).value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  // A slow processor, so the page paints well before its scripts take over.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await visit(page, '/properties')
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total)).toBeLessThan(0.01)
})

test('filters narrow the results in place, and the back button restores them', async ({ page }) => {
  await visit(page, '/properties?q=Wilmington')
  // The list view of a search, as it first shows.
  await expect(cards(page).first()).toBeVisible()
  await expectNoAxeViolations(page)
  const before = await countShown(page)
  await markDocument(page)

  await openFilters(page)
  await page.getByLabel('Bedrooms').selectOption('3')
  await expect(page).toHaveURL(/beds=3/)
  await expect(results(page)).toHaveAttribute('aria-busy', 'false')
  // The count follows the answer: wait for it rather than read it once.
  await expect.poll(() => countShown(page)).toBeLessThan(before)
  const threeBeds = await countShown(page)
  await everyCardMatches(cards(page), /(^|\D)([3-9]|1\d) beds/)

  await page.getByLabel('House', { exact: true }).check()
  await expect(page).toHaveURL(/type=house/)
  await expect(page).toHaveURL(/beds=3/)
  await expectSameDocument(page)

  await page.goBack()
  await expect(page).toHaveURL(/beds=3/)
  await expect(page).not.toHaveURL(/type=house/)
  await openFilters(page)
  await expect(page.getByLabel('House', { exact: true })).not.toBeChecked()
  await expect.poll(() => countShown(page)).toBe(threeBeds)

  await page.goBack()
  await expect(page).not.toHaveURL(/beds=/)
  await expect(page.getByLabel('Bedrooms')).toHaveValue('')
  await expect.poll(() => countShown(page)).toBe(before)
  await expectSameDocument(page)
})

test('the next page appends more homes, none twice @any-size', async ({ page }) => {
  await visit(page, '/properties?sort=price-asc')
  await expect(cards(page)).toHaveCount(20)
  await page.getByRole('link', { name: 'Show more homes' }).click()
  await expect(cards(page)).toHaveCount(40)
  const titles = await cards(page).getByRole('heading').allTextContents()
  expect(new Set(titles).size).toBe(40)
})

test('an empty search says what to change and clears the filters, keeping the text @any-size', async ({ page }) => {
  await visit(page, '/properties?q=Wilmington&minPrice=1&maxPrice=2')
  await expect(page.getByRole('heading', { name: 'No homes match “Wilmington” with these filters' })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  // The price band emptied it: without it, Wilmington's homes, counted.
  await expect(
    page.getByRole('list', { name: 'Filters to remove' }).getByRole('link', { name: /^Without \$1 – \$2: [\d,]+ homes$/ }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Clear filters, keep “Wilmington”' }).click()
  await expect(page).toHaveURL(/\/properties\?q=Wilmington$/)
  await expect(cards(page).first()).toBeVisible()
  // The form follows the URL, so the next change does not bring the old filters back.
  await expect(page.getByLabel('Minimum', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Maximum', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Where do you want to live?')).toHaveValue('Wilmington')
})

test('a town with no homes offers the places nearby that have some, and one leads to them @any-size', async ({ page }) => {
  await visit(page, '/properties?q=Middletown%2C+DE&beds=1')
  await expect(cards(page)).toHaveCount(0)
  const nearby = page.getByRole('list', { name: 'Places nearby' }).getByRole('link')
  await expect(nearby.first()).toBeVisible()
  // Nearest first, each with its homes and how far it is.
  const miles = (await nearby.allTextContents()).map((text) => Number(/(\d+) mi away$/.exec(text)?.[1]))
  expect(miles.length).toBeGreaterThan(1)
  expect(miles).toEqual([...miles].sort((a, b) => a - b))
  await expect(page.getByRole('link', { name: /^Wilmington, DE: ?[\d,]+ homes?, \d+ mi away$/ })).toHaveCount(1)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: /^Wilmington, DE/ }).click()
  await expect(page).toHaveURL(/q=Wilmington%2C\+DE&beds=1|beds=1.*q=Wilmington%2C\+DE/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Wilmington, DE')
  await everyCardMatches(cards(page), /Wilmington, DE/)
})

test('a hand-edited URL shows what is wrong, not an error page @any-size', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/)
  const response = await page.goto('/properties?beds=abc')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('alert')).toContainText('Bedrooms must be a number.')
})

test("each problem of a hand-edited URL links to its field, even a list's", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/)
  await page.goto('/properties?type=castle&pets=fish&furnished=maybe&amenities=moat')
  // Clicked while React hydrates the page, a link's focus can be lost as the form is taken over.
  await waitForHydration(page)
  for (const [problem, field] of [
    [/^Type must be one of/, 'Apartment'],
    [/^Pets must be/, 'Cats'],
    [/^Furnished/, 'Furnished only'],
    [/^Amenities must be among/, 'In-unit laundry'],
  ] as const) {
    await page.getByRole('alert').getByRole('link', { name: problem }).click()
    await expect(page.getByRole('checkbox', { name: field, exact: true })).toBeFocused()
  }
})

/** The search map, opened as the layout opens it: beside the list on a wide screen, by its link on a phone. */
async function openMap(page: Page, layout: string) {
  if (layout === 'mobile') {
    await page.getByRole('link', { name: 'Map', exact: true }).click()
    await expect(page).toHaveURL(/view=map/)
  }
  const map = page.getByRole('region', { name: 'Map of the homes found' })
  await expect(map).toBeVisible()
  return map
}

/** The homes the map's markers stand for: a cluster's count, one for a pin. */
const homesOnMarkers = (map: Locator) =>
  map
    .locator('.leaflet-marker-icon')
    .evaluateAll((markers) => markers.reduce((sum, m) => sum + Number(m.getAttribute('data-homes') ?? 1), 0))

/** Whether any two markers overlap on screen. */
const markersOverlap = (map: Locator) =>
  map.locator('.leaflet-marker-icon').evaluateAll((markers) => {
    const boxes = markers.map((m) => m.getBoundingClientRect())
    return boxes.some((a, i) =>
      boxes.slice(i + 1).some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
    )
  })

test('the map shows every home found as clusters and pins that add up and never overlap; zooming and moving search the area', async ({
  page,
  layout,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/)
  await blockTiles(page)
  await visit(page, '/properties?q=Wilmington')
  const total = await countShown(page)
  // More homes than a page shows: the map has them all, not only the page's.
  expect(total).toBeGreaterThan(await cards(page).count())
  const map = await openMap(page, layout)
  await expect(page.getByText(`${total} homes on the map`)).toBeVisible()
  await expect.poll(() => homesOnMarkers(map)).toBe(total)
  expect(await markersOverlap(map)).toBe(false)
  await expect(page.getByText('The map background could not load.')).toBeVisible()

  // A cluster is a button a keyboard reaches; it zooms in, and the search follows the map's area.
  await expect(map).toHaveAttribute('aria-busy', 'false')
  const cluster = map.locator('.leaflet-marker-icon[data-homes]').first()
  await cluster.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/south=.*west=.*north=.*east=/)
  await expect(page.getByText('Showing homes in the map area.')).toBeVisible()
  await expect.poll(() => countShown(page)).toBeLessThan(total)
  await expect(page).toHaveURL(/q=Wilmington/)
  await expect.poll(() => homesOnMarkers(map)).toBeGreaterThan(0)
  expect(await markersOverlap(map)).toBe(false)

  // Clusters zoom in until homes stand apart; then a pin opens a card linking to its listing.
  const pin = map.locator('.leaflet-marker-icon:not([data-homes])').first()
  for (let zooms = 0; zooms < 10 && !(await pin.isVisible()); zooms += 1) {
    const before = page.url()
    await map.locator('.leaflet-marker-icon[data-homes]').first().focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.url()).not.toBe(before)
    await expect(map).toHaveAttribute('aria-busy', 'false')
  }
  await expect(pin).toBeVisible()
  // The map has drawn its last answer; a pin drawn again keeps the keyboard's focus.
  await expect(map).toHaveAttribute('aria-busy', 'false')
  await pin.focus()
  await page.keyboard.press('Enter')
  await expect(map.locator('.leaflet-popup').getByRole('link').first()).toHaveAttribute('href', /^\/properties\/.+-\d+$/)
  await page.keyboard.press('Escape')

  // With "Search as I move the map" off, moving waits for "Search this area" (once the address has
  // settled: focusing the pin may have panned the map to show it, and the map searched that area; the
  // address changes only when that search's results arrive, which on a busy machine takes a while).
  await page.getByRole('checkbox', { name: 'Search as I move the map' }).uncheck()
  await expect
    .poll(async () => {
      const before = page.url()
      await page.waitForTimeout(800)
      return page.url() === before && (await results(page).getAttribute('aria-busy')) === 'false'
    })
    .toBe(true)
  const areaBefore = page.url()
  await map.getByRole('button', { name: 'Zoom out', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Search this area' })).toBeVisible()
  expect(page.url()).toBe(areaBefore)
  await page.getByRole('button', { name: 'Search this area' }).click()
  await expect.poll(() => page.url()).not.toBe(areaBefore)
  await expect(page).toHaveURL(/south=.*west=.*north=.*east=/)
})

test(
  'on a wide screen the map stands beside a grid of homes, a card lights its pin, and "List" hides the map',
  { tag: '@desktop-only' },
  async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource/)
    await blockTiles(page)
    await visit(page, '/properties?q=Wilmington')
    const map = page.getByRole('region', { name: 'Map of the homes found' })
    await expect(map).toBeVisible()
    const mapBox = (await map.boundingBox())!
    const [first, second] = [(await cards(page).nth(0).boundingBox())!, (await cards(page).nth(1).boundingBox())!]
    // Beside, not above: the map starts to the right of the cards, level with them, in the first screen.
    expect(mapBox.x).toBeGreaterThan(second.x + second.width)
    expect(mapBox.y).toBeLessThan(first.y + first.height)
    expect(mapBox.y).toBeLessThan(800)
    // Two homes side by side, their prices in the first screen.
    expect(second.y).toBe(first.y)
    expect(second.x).toBeGreaterThan(first.x + first.width)
    for (const card of [cards(page).nth(0), cards(page).nth(1)]) {
      const price = (await card.getByText(/^\$[\d,]+\/mo all-in$/).boundingBox())!
      expect(price.y + price.height).toBeLessThan(800)
      await expect(card).toContainText(/Confirmed available (today|yesterday|\d+ days ago)/)
    }

    // A card under the pointer or the keyboard lights its home's pin, or the cluster that holds it.
    const lit = map.locator('[data-highlighted="true"]')
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible()
    await expect(lit).toHaveCount(0)
    const title = (await cards(page).first().getByRole('heading').textContent())!
    await cards(page).first().hover()
    await expect(lit).toHaveCount(1)
    const name = (await lit.getAttribute('aria-label'))!
    expect(name.startsWith(`${title}, `) || /^\d+ homes here/.test(name), name).toBe(true)
    await page.getByRole('heading', { level: 1 }).hover()
    await expect(lit).toHaveCount(0)
    await cards(page).nth(1).getByRole('link').focus()
    await expect(lit).toHaveCount(1)

    await page.getByRole('link', { name: 'List', exact: true }).click()
    await expect(page).toHaveURL(/view=list/)
    await expect(map).toHaveCount(0)
    await page.getByRole('link', { name: 'List and map' }).click()
    await expect(map).toBeVisible()
  },
)

// The list view and the open filters are scanned by the tests above that open them.
test('/properties has no accessibility violations in the map view', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource/)
  await blockTiles(page)
  await visit(page, '/properties?q=Wilmington&view=map')
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible()
  await expectNoAxeViolations(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form searches, filters and pages through plain requests @any-size', async ({ page }) => {
    await page.goto('/properties')
    await page.getByLabel('Where do you want to live?').fill('Wilmington')
    await page.getByLabel('Bedrooms').selectOption('2')
    await page.getByRole('button', { name: 'Show homes' }).click()
    await expect(page).toHaveURL(/q=Wilmington.*beds=2/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Wilmington, DE')
    await everyCardMatches(cards(page), /Wilmington, DE/)
    await everyCardMatches(cards(page), /(^|\D)([2-9]|1\d) beds/)

    await page.goto('/properties?sort=price-asc')
    const firstPage = await cards(page).getByRole('heading').allTextContents()
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/sort=price-asc&cursor=/)
    const secondPage = await cards(page).getByRole('heading').allTextContents()
    expect(secondPage.length).toBeGreaterThan(0)
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([])

    await page.goto('/properties?view=map')
    // Text lookups skip <noscript>, whose content is the page's own markup once scripts are off.
    await expect(page.locator('noscript p')).toHaveText('The map needs JavaScript; the homes are listed here.')
    await expect(cards(page).first()).toBeVisible()
  })
})
