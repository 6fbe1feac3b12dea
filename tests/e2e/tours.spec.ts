// Tours in the browser, a renter and a landlord each in their own browser: the landlord sets their
// availability, the renter books from the times beside the listing's contact box, the landlord confirms
// from their Tours page, and both see it confirmed; every tour page passes axe-core at this size.
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look } from './two-parties.ts'

// The renter's browser keeps the time of another coast than the homes' (the landlord's, the machine's).
test.use({ timezoneId: 'America/Los_Angeles' })

test('a renter books a tour beside the listing and the landlord confirms it @any-size', async ({
  page,
  browser,
  layout,
  signedInAccount: renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000)
  const landlordAccount = await createAccount({ name: 'Lena Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const title = `Flat with a view ${Date.now().toString(36)}`
  const listingPath = await publishListing(landlord.context().request, landlordAccount, title)

  await visit(landlord, '/tours/availability')
  await expect(landlord.getByRole('heading', { name: 'Tour availability' })).toBeVisible()
  await landlord.getByLabel('Saturday from').fill('09:00')
  await landlord.getByLabel('Saturday until').fill('15:00')
  await landlord.getByRole('button', { name: 'Save availability' }).click()
  await expect(landlord.getByText('Tour availability saved.')).toBeVisible()
  await look(landlord, 'tour-availability', layout)

  await visit(page, listingPath)
  const box = page.getByRole('region', { name: 'Book a tour' })
  await expect(box.getByText(/Times are the home’s: Eastern (Standard|Daylight) Time\./)).toBeVisible()
  // The renter's browser is on the Pacific coast: their own zone is named beside the home's.
  await expect(box.getByText(/Your own time zone is Pacific (Standard|Daylight) Time\./)).toBeVisible()
  await box.getByLabel('People coming').selectOption('2')
  await box.getByLabel('Note for the landlord (optional)').fill('We can come after work.')
  await look(page, 'listing-tour-box', layout)
  const firstTime = box.getByRole('button', { name: /^Request a tour on / }).first()
  const when = (await firstTime.getAttribute('aria-label'))!.replace('Request a tour on ', '')
  await firstTime.click()
  await expect(page.getByText('Tour requested: the landlord has been asked to confirm it.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(when)
  await expect(page.locator('dl').getByText('Requested', { exact: true })).toBeVisible()
  const tourPath = new URL(page.url()).pathname
  await look(page, 'tour-renter', layout)

  await visit(landlord, '/tours')
  await landlord.getByRole('link', { name: when }).first().click()
  await expect(landlord).toHaveURL(new RegExp(`${tourPath}$`))
  await expect(landlord.getByText('We can come after work.')).toBeVisible()
  await landlord.getByRole('button', { name: 'Confirm the tour' }).click()
  await expect(landlord.getByText('Tour confirmed.')).toBeVisible()
  // The renter's open page learns of it over the socket, without a reload.
  await expect(page.locator('dl').getByText('Confirmed', { exact: true })).toBeVisible()
  await look(landlord, 'tour-landlord', layout)
  const tour = (await (await landlord.context().request.get(`/api${tourPath}`)).json()) as { tour: { startsAt: string; timeZone: string } }
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: tour.tour.timeZone }).format(new Date(tour.tour.startsAt))
  await visit(landlord, `/tours?date=${date}`)
  await expect(landlord.getByRole('heading', { name: /^Your day: / })).toBeVisible()
  await expect(landlord.getByRole('region', { name: /^Your day: / }).getByText(title)).toBeVisible()
  await look(landlord, 'tours-landlord-day', layout)

  const confirmed = await waitForMail(renter.email, { subject: /^Tour confirmed/ })
  expect(confirmed.text).toContain(when)
  await visit(page, '/tours')
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('Confirmed')).toBeVisible()
  await look(page, 'tours-renter', layout)
  await landlord.context().close()
})
