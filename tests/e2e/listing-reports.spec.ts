// The report journey: a renter reads the safety advice beside a listing's contact box and reports the
// listing; an administrator finds the report in /admin/reports, follows it to /admin/listings and
// unpublishes the listing with a reason, which its owner is e-mailed.
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look } from './two-parties.ts'

const ADMIN = { name: 'Cooper Admin', email: 'admin@cooperhome.example', password: 'cooper-demo-home' }

test('a renter reports a listing and an administrator acts on it from the reports queue @any-size', async ({
  page,
  layout,
  browser,
  signedInAccount,
  createAccount,
  extraHTTPHeaders,
  consoleErrors,
}) => {
  test.setTimeout(120_000)
  // The refused report answers 400 with its field messages, as every refused form does.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/)
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const title = `Too good loft ${stamp}`
  const landlordAccount = await createAccount({ name: 'Lou Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const path = await publishListing(landlord.context().request, landlordAccount, title)
  void signedInAccount

  // The renter sees the advice beside the contact box and reports the listing.
  await visit(page, path)
  const advice = page.getByRole('complementary', { name: 'Rent safely' })
  await expect(advice.getByText('Never pay by wire transfer, gift cards or cryptocurrency.')).toBeVisible()
  await expect(advice.getByRole('link', { name: 'Spotting rental scams' })).toHaveAttribute('href', '/knowledge/spotting-rental-scams')
  await look(page, 'listing-safety-advice', layout)
  await advice.getByRole('link', { name: 'Report this listing' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('radio', { name: 'Something else' }).check()
  await page.getByRole('button', { name: 'Send the report' }).click()
  await expect(page.getByRole('link', { name: 'Say what is wrong: you chose "Something else".' })).toBeVisible()
  await look(page, 'listing-report-error', layout)
  await page.getByLabel('What you saw').fill(`The landlord asked for the deposit before any viewing ${stamp}.`)
  await page.getByRole('button', { name: 'Send the report' }).click()
  await expect(page.getByText('Thank you: your report was received. An administrator will look at this listing.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${path}$`))

  // The administrator finds it in the queue and follows it to the listing.
  const admin = await browserFor(browser, ADMIN, page, extraHTTPHeaders)
  await visit(admin, '/admin/reports')
  const report = admin.getByRole('article', { name: `Listing “${title}”` })
  await expect(report.getByText(`The landlord asked for the deposit before any viewing ${stamp}.`, { exact: false })).toBeVisible()
  await look(admin, 'admin-reports', layout)
  await report.getByRole('link', { name: /Act on the listing/ }).click()
  await expect(admin).toHaveURL(/\/admin\/listings/)
  const card = admin.getByRole('article', { name: title })
  await expect(card.getByText('Something else', { exact: false })).toBeVisible()
  await card.getByText('Unpublish…').click()
  await card.getByLabel('Why it is unpublished (sent to the owner)').fill('Asking for money before a viewing is not allowed here.')
  await card.getByLabel('Unpublish this listing and e-mail the owner the reason.').check()
  await look(admin, 'admin-listings', layout)
  const since = Date.now()
  await card.getByRole('button', { name: 'Unpublish' }).click()
  await expect(admin.getByText(`“${title}” is unpublished; its owner is told why.`)).toBeVisible()
  const mail = await waitForMail(landlordAccount.email, { subject: new RegExp(`unpublished: ${title}`), since })
  expect(mail.text).toContain('Why: Asking for money before a viewing is not allowed here.')
  await visit(admin, '/admin/reports')
  await expect(admin.getByRole('article', { name: `Listing “${title}”` }).getByText(/Listing unpublished by/)).toBeVisible()
  await admin.context().close()
  await landlord.context().close()
})
