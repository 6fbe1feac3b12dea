// Rental applications in the browser, a renter and a landlord each in their own browser: the landlord
// publishes criteria, the renter fills in their reusable application once (with a pay slip), applies in
// one step from the listing, the landlord reviews it (the document opens for them and for no one else)
// and declines it with a reason, and the renter reads the decision; every page passes axe at this size.
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look, saveProfile } from './two-parties.ts'

test('a renter applies in one step and the landlord decides, the reasons told in writing @any-size', async ({
  page,
  browser,
  layout,
  signedInAccount: renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000)
  const landlordAccount = await createAccount({ name: 'Lena Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const title = `Bright flat ${Date.now().toString(36)}`
  const listingPath = await publishListing(landlord.context().request, landlordAccount, title)

  // The landlord publishes what they ask before anyone applies.
  await visit(landlord, `${listingPath}/criteria`)
  await landlord.getByLabel('Income: how many times the monthly rent').fill('3')
  await landlord.getByRole('button', { name: 'Publish these criteria' }).click()
  await expect(landlord.getByText(/criteria are published/i)).toBeVisible()
  await look(landlord, 'criteria', layout)

  // The renter sees them and the next step before they have an application.
  await visit(page, listingPath)
  const box = page.getByRole('region', { name: 'Apply' })
  await expect(box.getByText('Cooper Home charges no application fee.')).toBeVisible()
  await expect(box.getByText(/3 × the rent/)).toBeVisible()
  await box.getByRole('link', { name: 'Complete your application first' }).click()

  // The reusable application, filled in once.
  await expect(page.getByRole('heading', { name: 'My application', level: 1 })).toBeVisible()
  await page.getByLabel('Legal name').fill('Sam Rivera')
  await page.getByRole('group', { name: 'About you' }).getByLabel('Phone').fill('555-0100')
  const address = page.getByRole('group', { name: 'Address 1 (current)' })
  await address.getByLabel('Street address').fill('12 Elm Street')
  await address.getByLabel('City').fill('Wilmington')
  await address.getByLabel('State').selectOption('DE')
  await address.getByLabel('ZIP code').fill('19801')
  await address.getByLabel('Moved in').fill('2019-06')
  await address.getByLabel('Landlord’s name').fill('Pat Prior')
  const job = page.getByRole('group', { name: 'Job 1' })
  await job.getByLabel('Employer').fill('Harbor Hospital')
  await job.getByLabel('Since').fill('2020-02')
  await job.getByLabel('Monthly income in dollars').fill('7200')
  const emergency = page.getByRole('group', { name: 'Emergency contact' })
  await emergency.getByLabel('Name').fill('Dana Rivera')
  await emergency.getByLabel('Phone').fill('555-0102')
  await page.getByRole('button', { name: 'Save my application' }).click()
  await expect(page.getByText('Your application is saved.')).toBeVisible()

  await page.getByLabel('What it is').selectOption('pay_slip')
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'pay slip.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByText('The document is uploaded.')).toBeVisible()
  await look(page, 'my-application', layout)

  // One step from the listing.
  await visit(page, listingPath)
  await box.getByRole('button', { name: 'Apply now' }).click()
  await expect(page).toHaveURL(/\/applications\/\d+$/)
  const applicationPath = new URL(page.url()).pathname
  await expect(page.getByText('Submitted').first()).toBeVisible()
  await look(page, 'application-renter', layout)

  // The landlord's review: the applicant summarised, the document readable by them only.
  await visit(landlord, `${listingPath}/applications`)
  await expect(landlord.getByRole('link', { name: /Sam Rivera/ }).first()).toBeVisible()
  await look(landlord, 'review', layout)
  await visit(landlord, applicationPath)
  const documentLink = landlord.getByRole('link', { name: /pay.slip/ })
  const href = (await documentLink.getAttribute('href'))!
  expect(href).toMatch(/^\/documents\//)
  const asLandlord = await landlord.context().request.get(href)
  expect(asLandlord.status()).toBe(200)
  expect(asLandlord.headers()['content-type']).toBe('application/pdf')
  const stranger = await browserFor(browser, await createAccount({ name: 'Stan Stranger' }), page, extraHTTPHeaders)
  expect((await stranger.context().request.get(href)).status()).toBe(404)
  expect((await stranger.goto(applicationPath))!.status()).toBe(404)
  expect((await stranger.goto(`${listingPath}/applications`))!.status()).toBe(404)
  await stranger.context().close()

  const since = Date.now()
  const decline = landlord.getByRole('region', { name: 'Decline', exact: true })
  await decline.getByLabel('Rental or employment references').check()
  await decline.getByRole('button', { name: 'Decline', exact: true }).click()
  await expect(landlord.getByText('Declined, for these reasons:')).toBeVisible()
  await look(landlord, 'application-landlord', layout)

  // The applicant is told why, in writing, and that no consumer report was used.
  const notice = await waitForMail(renter.email, { subject: /declined/i, since })
  expect(notice.text).toContain('Rental or employment references')
  expect(notice.text).toContain('No consumer report was used in this decision')
  await visit(page, applicationPath)
  await expect(page.getByText('Rental or employment references').first()).toBeVisible()
  await look(page, 'application-declined', layout)
  await landlord.context().close()
})

test('a co-applicant joins from the link, then leaves after confirming, and no longer finds the application @any-size', async ({
  page,
  browser,
  layout,
  signedInAccount: _renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000)
  const landlordAccount = await createAccount({ name: 'Lou Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const listingPath = await publishListing(landlord.context().request, landlordAccount, `Corner flat ${Date.now().toString(36)}`)
  await saveProfile(page, 'Ria Renter')
  await visit(page, listingPath)
  await page.getByRole('region', { name: 'Apply' }).getByRole('button', { name: 'Apply now' }).click()
  await expect(page).toHaveURL(/\/applications\/\d+$/)
  const applicationPath = new URL(page.url()).pathname

  const partnerAccount = await createAccount({ name: 'Cole Partner' })
  const partner = await browserFor(browser, partnerAccount, page, extraHTTPHeaders)
  await saveProfile(partner, 'Cole Partner')
  const since = Date.now()
  await page.getByLabel('Invite an adult who will live there').fill(partnerAccount.email)
  await page.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(page.getByText(/Invitation sent to/)).toBeVisible()
  const invitation = await waitForMail(partnerAccount.email, { subject: /invites you/, since })
  const joinPath = new URL(invitation.text.match(/https?:\/\/\S+\/applications\/join\/\S+/)![0]).pathname
  await visit(partner, joinPath)
  await look(partner, 'application-join', layout)
  await partner.getByRole('button', { name: 'Join this application' }).click()
  await expect(partner).toHaveURL(new RegExp(`${applicationPath}$`))
  await look(partner, 'application-co-applicant', layout)

  await partner.getByText('Leave this application…').click()
  await partner.getByRole('button', { name: 'Leave for good' }).click()
  await expect(partner.getByText(/You left the application/)).toBeVisible()
  expect((await partner.goto(applicationPath))!.status()).toBe(404)

  await visit(landlord, applicationPath)
  await expect(landlord.getByText('Co-applicant left')).toBeVisible()
  await expect(landlord.getByText('Cole Partner left the application.')).toBeVisible()
  await partner.context().close()
  await landlord.context().close()
})
