// The Cooper Index pages in Chromium, on the demo data (every demo city has years of asking rents, and the
// index is computed at first start): the nation's figures, the chart drawn after load and read from the
// keyboard, sorting and comparing in the market table, a market page with its bedrooms, the same pages
// without JavaScript, and axe-core at both sizes.
import type { Locator, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expect, test, visit } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

const marketTable = (page: Page) => page.getByRole('table', { name: 'Markets, latest month' })
/** The chart's drawing: focusable once uPlot has drawn it. */
const plot = (page: Page) => page.locator('#chart').getByRole('application')

async function expectChartDrawn(page: Page) {
  await expect(plot(page)).toBeVisible()
  await expect(page.locator('#chart canvas').first()).toBeVisible()
}

/**
 * The figures in the named column of the table's city rows, top to bottom; null for "not enough data". The column
 * is found among the headers on screen (a phone shows fewer).
 */
async function cityColumn(table: Locator, name: RegExp): Promise<(number | null)[]> {
  const headers = await table.getByRole('row').first().getByRole('columnheader').allTextContents()
  // Cells leave out the market's name, a row header: columns after it are one to the left among the cells.
  const column = headers.findIndex((header) => name.test(header)) - 1
  expect(column).toBeGreaterThan(0)
  const cities = table.locator('tbody').filter({ has: table.page().getByRole('columnheader', { name: 'Cities' }) })
  const rows = await cities.getByRole('row').all()
  const values: (number | null)[] = []
  for (const row of rows.slice(1)) {
    if ((await row.textContent())!.includes('not enough data')) {
      values.push(null)
      continue
    }
    const text = (await row.getByRole('cell').nth(column).textContent())!.replace('−', '-').replace(/[^0-9.-]/g, '')
    values.push(Number(text))
  }
  return values
}

test('/cooper shows the nation’s figures, the chart and every market', async ({ page }) => {
  await visit(page, '/cooper')
  await expect(page.getByRole('heading', { level: 1, name: 'Cooper Index' })).toBeVisible()
  const headline = page.getByTestId('headline')
  await expect(headline).toContainText('United States')
  await expect(headline).toContainText('Typical rent')
  await expect(headline).toContainText('Over a year')
  await expect(headline).toContainText('90 % band')
  await expect(headline).toContainText(/±\d+\.\d %/)
  await expect(headline).toContainText(/[\d,]+ pairs of rents from [\d,]+ homes/)
  await expectChartDrawn(page)
  const table = marketTable(page)
  for (const market of ['United States', 'Delaware', 'Pennsylvania', 'Wilmington, Delaware', 'Philadelphia, Pennsylvania']) {
    await expect(table.getByRole('rowheader').getByRole('link', { name: market, exact: true })).toBeVisible()
  }
  // A state with one city in the index says its figures are that city's.
  await expect(table.getByRole('rowheader', { name: /^Pennsylvania/ })).toContainText('Philadelphia, Pennsylvania only: the same figures')
  await expect(page.getByRole('link', { name: 'How the index is computed' })).toHaveAttribute(
    'href',
    '/knowledge/how-the-cooper-index-is-computed',
  )
  await expectNoAxeViolations(page)
})

test('the market table sorts by change over a year, both ways @any-size', async ({ page }) => {
  await visit(page, '/cooper')
  const table = marketTable(page)
  await table.getByRole('link', { name: /^Over a year/ }).click()
  await expect(page).toHaveURL(/sort=yoy/)
  await expect(table.getByRole('columnheader', { name: /^Over a year/ })).toHaveAttribute('aria-sort', 'descending')
  const descending = (await cityColumn(table, /^Over a year/)).filter((value) => value !== null)
  expect(descending.length).toBeGreaterThan(2)
  expect(descending).toEqual([...descending].sort((a, b) => b - a))

  await table.getByRole('link', { name: /^Over a year/ }).click()
  await expect(page).toHaveURL(/sort=yoy&dir=asc/)
  await expect(table.getByRole('columnheader', { name: /^Over a year/ })).toHaveAttribute('aria-sort', 'ascending')
  const ascending = (await cityColumn(table, /^Over a year/)).filter((value) => value !== null)
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
  await expect(table.getByRole('columnheader', { name: /^Market/ })).not.toHaveAttribute('aria-sort')
})

test('two markets compared on one chart', async ({ page }) => {
  await visit(page, '/cooper')
  const table = marketTable(page)
  await table.getByRole('checkbox', { name: 'Compare Wilmington, Delaware' }).check()
  await table.getByRole('checkbox', { name: 'Compare Philadelphia, Pennsylvania' }).check()
  await page.getByRole('button', { name: 'Compare ticked markets' }).click()
  await expect(page).toHaveURL(/compare=pa-philadelphia&compare=de-wilmington|compare=pa-philadelphia%2Cde-wilmington/)
  await expect(page.getByRole('heading', { name: 'Markets compared' })).toBeVisible()
  const legend = page.locator('#chart').getByRole('list', { name: 'Legend' })
  await expect(legend).toContainText('Wilmington, Delaware')
  await expect(legend).toContainText('Philadelphia, Pennsylvania')
  await expect(page.locator('#chart')).toContainText(/set to 100 in/)
  await expectChartDrawn(page)
  // The ticks stay, so another market can be added.
  await expect(table.getByRole('checkbox', { name: 'Compare Wilmington, Delaware' })).toBeChecked()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Clear the comparison' }).click()
  await expect(page.getByRole('heading', { name: 'Over time' })).toBeVisible()
})

test('the chart reads out each month from the keyboard @any-size', async ({ page }) => {
  await visit(page, '/cooper')
  await expectChartDrawn(page)
  await plot(page).focus()
  const announcer = page.locator('#chart [data-chart-announcer]')
  // Focus shows the latest month; the arrows step back a month at a time; Home goes to the first.
  await expect(announcer).toContainText(/United States: \$?[\d,.]+, 90 % band/)
  const latest = await announcer.textContent()
  await page.keyboard.press('ArrowLeft')
  await expect(announcer).not.toHaveText(latest!)
  await expect(page.locator('#chart [data-chart-tooltip]')).toBeVisible()
  await page.keyboard.press('End')
  await expect(announcer).toHaveText(latest!)
  await page.keyboard.press('Home')
  await expect(announcer).not.toHaveText(latest!)
  await expect(announcer).toContainText(/pairs/)
})

test('a market page opens from the table and shows its bedrooms, companions and listings', async ({ page }) => {
  await visit(page, '/cooper')
  await marketTable(page).getByRole('link', { name: 'Wilmington, Delaware' }).click()
  await expect(page).toHaveURL(`${APP_URL}/cooper/de-wilmington`)
  await expect(page.getByRole('heading', { level: 1, name: 'Wilmington, Delaware' })).toBeVisible()
  await expect(page.getByTestId('headline')).toContainText(/pairs of rents from/)
  const bedrooms = page.getByRole('table', { name: 'Wilmington, Delaware by bedrooms, latest month' })
  for (const group of ['Studios and 1 bedroom', '2 bedrooms', '3 or more bedrooms']) {
    await expect(bedrooms.getByRole('rowheader', { name: group })).toBeVisible()
  }
  await expect(page.getByText('Median asking rent', { exact: true })).toBeVisible()
  await expect(page.getByText('Share with a price cut')).toBeVisible()
  await expect(page.getByRole('link', { name: 'See homes for rent in Wilmington, Delaware' })).toHaveAttribute(
    'href',
    '/properties?q=Wilmington',
  )
  await expect(page.getByRole('link', { name: 'Download the series for Wilmington, Delaware (CSV)' })).toHaveAttribute(
    'href',
    '/api/cooper/de-wilmington.csv',
  )
  await expectChartDrawn(page)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Compare by bedrooms' }).click()
  await expect(page.locator('#chart').getByRole('list', { name: 'Legend' })).toContainText('3 or more bedrooms')
  await expectChartDrawn(page)
  await expectNoAxeViolations(page)
})

test('a state lists its cities; an unknown market is the 404 page @any-size', async ({ page, consoleErrors }) => {
  await visit(page, '/cooper/de')
  await expect(page.getByRole('heading', { level: 1, name: 'Delaware' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Cities in Delaware, latest month' }).getByRole('link', { name: 'Dover, Delaware' }),
  ).toBeVisible()
  // What the state's figure is made of: its cities, heaviest first, with their weights.
  const weights = page.getByRole('table', { name: 'The cities behind Delaware, heaviest first' })
  await expect(weights.getByRole('row').nth(1)).toContainText(/Wilmington[\d,]+\d+ %/)
  await expectNoAxeViolations(page)
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/)
  const response = await page.goto('/cooper/xx-nowhere')
  expect(response!.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})

test('without JavaScript the figures and the table are there, and sorting and comparing work', async ({
  browser,
  extraHTTPHeaders,
  viewport,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: APP_URL, extraHTTPHeaders, viewport })
  const page = await context.newPage()
  await page.goto('/cooper')
  await expect(page.getByTestId('headline')).toContainText(/±\d+\.\d %/)
  const table = marketTable(page)
  // The typical rent: a column a phone shows too.
  await table.getByRole('link', { name: /^Typical rent/ }).click()
  await expect(table.getByRole('columnheader', { name: /^Typical rent/ })).toHaveAttribute('aria-sort', 'descending')
  const rents = (await cityColumn(table, /^Typical rent/)).filter((value) => value !== null)
  expect(rents.length).toBeGreaterThan(2)
  expect(rents).toEqual([...rents].sort((a, b) => b - a))
  await table.getByRole('checkbox', { name: 'Compare Dover, Delaware' }).check()
  await page.getByRole('button', { name: 'Compare ticked markets' }).click()
  await expect(page).toHaveURL(/compare=de-dover/)
  await expect(page).toHaveURL(/sort=level/)
  await expect(page.locator('#chart')).toContainText('Dover, Delaware')
  await context.close()
})

test('the market table and a market’s bedrooms table read without scrolling sideways, the boxes to tick in view', async ({ page }) => {
  const fits = (region: Locator) => region.evaluate((element) => element.scrollWidth <= element.clientWidth)
  await visit(page, '/cooper')
  const markets = page.getByRole('region', { name: 'Markets, latest month' })
  expect(await fits(markets)).toBe(true)
  const box = marketTable(page).getByRole('checkbox', { name: 'Compare Wilmington, Delaware' })
  await box.scrollIntoViewIfNeeded()
  await expect(box).toBeInViewport({ ratio: 1 })
  await visit(page, '/cooper/de-wilmington')
  const bedrooms = page.getByRole('region', { name: /by bedrooms, latest month/ })
  expect(await fits(bedrooms)).toBe(true)
  await expect(bedrooms.getByRole('columnheader', { name: 'Over a year' })).toBeVisible()
})
