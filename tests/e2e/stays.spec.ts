// A short stay booked in the browser on a phone, a guest and a host each in their own browser: the
// guest picks the dates on the listing's calendar, reads the price and requests the stay; the host
// accepts it from their list of stays and blocks two nights on the listing's calendar page; the guest
// then reads the booking confirmed, with the address.
// Every stay page passes axe-core at this size.
import { addDays } from '#common/stays/dates.ts'
import { formatDay } from '#common/tours/format.ts'
import { expect, test, visit } from './fixtures.ts'
import { postForm, publishListing } from './listing-steps.ts'
import { browserFor, look } from './two-parties.ts'

test('a guest picks dates on a short-term home, requests the stay, and sees it confirmed with the address once the host accepts @mobile-only', async ({
  page,
  browser,
  layout,
  signedInAccount: guest,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000)
  const hostAccount = await createAccount({ name: 'Hana Host' })
  const host = await browserFor(browser, hostAccount, page, extraHTTPHeaders)
  const title = `Loft by the river ${Date.now().toString(36)}`
  const listingPath = await publishListing(host.context().request, hostAccount, title, {
    offersShortTerm: 'on',
    nightlyPrice: '120',
    minNights: '2',
  })

  await visit(page, listingPath)
  const box = page.getByRole('region', { name: 'Book a stay' })
  await expect(box.getByText('$120.00 a night; at least 2 nights.')).toBeVisible()
  const firstFree = box.getByRole('link', { name: /: free$/ }).first()
  const checkIn = (await firstFree.getAttribute('data-date'))!
  const checkOut = addDays(checkIn, 3)
  // The arrow keys move between the days of the grid.
  await firstFree.focus()
  await page.keyboard.press('ArrowRight')
  await expect(box.getByRole('link', { name: `${formatDay(addDays(checkIn, 1))}: free` })).toBeFocused()
  await firstFree.click()
  await expect(box.getByText(`Check-in ${formatDay(checkIn)}. Now choose the check-out day.`)).toBeVisible()
  await box.getByRole('link', { name: `${formatDay(checkOut)}: free` }).click()

  const price = box.getByRole('table', { name: 'The price' })
  await expect(price.getByRole('row', { name: '3 nights × $120.00 $360.00' })).toBeVisible()
  await expect(price.getByRole('row', { name: 'Total $360.00' })).toBeVisible()
  await expect(box.getByText('Cancellation: Moderate.')).toBeVisible()
  await box.getByLabel('Message to the host (optional)').fill('Two of us, arriving by train.')
  await look(page, 'stay-box', layout)
  await box.getByRole('button', { name: 'Request to book' }).click()

  await expect(page.getByText('Stay requested: the host has been asked to accept it.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.locator('dl').getByText('Requested', { exact: true })).toBeVisible()
  await expect(page.getByText('The street address and check-in details are shown here once the host confirms the stay.')).toBeVisible()
  const stayPath = new URL(page.url()).pathname
  await look(page, 'stay-guest-requested', layout)

  // The same nights asked again, as the form sends them without scripts: refused, with the nearest free dates.
  const listingId = listingPath.split('-').at(-1)!
  const again = await postForm(page.context().request, '/stays/new', { listingId, checkIn, checkOut, guests: '1' })
  expect(again.status()).toBe(409)
  expect(await again.text()).toContain('The nearest free dates')

  await visit(host, '/stays')
  const waiting = host.getByRole('region', { name: 'Requests to answer' })
  await waiting.getByRole('link', { name: `${formatDay(checkIn)} to ${formatDay(checkOut)} (3 nights)` }).click()
  await expect(host).toHaveURL(new RegExp(`${stayPath}$`))
  await expect(host.getByText('Two of us, arriving by train.')).toBeVisible()
  await expect(host.locator('dl').getByText(guest.name)).toBeVisible()
  await look(host, 'stay-host-request', layout)
  await host.getByRole('button', { name: 'Accept the request' }).click()
  await expect(host.getByText('Stay confirmed.')).toBeVisible()
  await expect(host.locator('dl').getByText('Confirmed', { exact: true })).toBeVisible()

  // The host blocks two nights on the listing's own calendar page, choosing them on the grid.
  await visit(host, `${listingPath}/stays`)
  const grid = host.getByRole('region', { name: 'Calendar', exact: true })
  await expect(grid.getByRole('button', { name: `${formatDay(checkIn)}: booked` })).toBeVisible()
  const firstOpen = grid.getByRole('link', { name: /: open$/ }).first()
  const blockFrom = (await firstOpen.getAttribute('data-date'))!
  // Each choice on the grid is a navigation that fills the form and gives the other days their links: the
  // second choice is made on the grid the first one drew, and the note typed once both have arrived.
  await firstOpen.click()
  await expect(grid.getByLabel('First night blocked')).toHaveValue(blockFrom)
  await expect(host).toHaveURL(new RegExp(`[?&]checkIn=${blockFrom}`))
  await grid.getByRole('link', { name: `${formatDay(addDays(blockFrom, 2))}: open` }).click()
  await expect(grid.getByLabel('Day after the last night')).toHaveValue(addDays(blockFrom, 2))
  await expect(grid.getByLabel('First night blocked')).toHaveValue(blockFrom)
  await grid.getByLabel('Note (only you see it)').fill('Window repairs')
  await grid.getByRole('button', { name: 'Block these nights' }).click()
  await expect(host.getByText('Those nights are blocked.')).toBeVisible()
  await expect(grid.getByText('Window repairs')).toBeVisible()
  await look(host, 'stay-host-calendar', layout)

  await visit(page, stayPath)
  await expect(page.locator('dl').getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(page.locator('dl').getByText(/12 Market Street/)).toBeVisible()
  await look(page, 'stay-guest-confirmed', layout)
  await visit(page, '/stays')
  await expect(page.getByRole('region', { name: 'Upcoming trips' }).getByText('Confirmed')).toBeVisible()
  await look(page, 'stays-guest', layout)
  await host.context().close()
})
