// The alert journey end to end: a renter saves a search in the browser, a landlord publishes two
// homes (one the search matches, one over its price), and within a minute the renter's e-mail lands
// with the matching home alone, the count beside the avatar goes up without a reload, and the
// e-mail's one-click unsubscribe (RFC 8058), posted as a mail provider would, stops that search's e-mails.
import { request as playwrightRequest } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expect, test, visit, waitForMail } from './fixtures.ts'
import { publishListing } from './listing-steps.ts'
import { browserFor, look } from './two-parties.ts'

/** A word no other home carries, so only this test's homes match the search. */
const uniqueWord = () => `Quillhaven${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`

test('a saved search announces a matching home by e-mail within a minute, and one click unsubscribes @any-size', async ({
  page,
  layout,
  browser,
  signedInAccount,
  createAccount,
  extraHTTPHeaders,
}) => {
  // The journey waits up to a minute for the e-mail by design; the rest of it needs room beside that on a loaded machine.
  test.setTimeout(180_000)
  const word = uniqueWord()
  await visit(page, `/properties?q=${word}&beds=2&maxPrice=1600`)
  await page.locator('summary', { hasText: 'Save this search' }).click()
  await page.getByLabel('Name (optional)').fill('Quiet two-bedrooms')
  await page.getByRole('radio', { name: 'Instantly' }).check()
  await page.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByText('Saved “Quiet two-bedrooms”. See it under Saved searches.')).toBeVisible()
  await visit(page, '/searches')
  await expect(page.getByRole('link', { name: /^Notifications/ }).first()).toHaveAccessibleName(/^Notifications(, 0 unread)?$/)

  const landlordAccount = await createAccount({ name: 'Lena Landlord' })
  const landlord = await browserFor(browser, landlordAccount, page, extraHTTPHeaders)
  const since = Date.now()
  await publishListing(landlord.context().request, landlordAccount, `Over budget ${word} flat`, { monthlyRent: '2400', deposit: '2400' })
  const matching = `Sunny ${word} flat by the square`
  const path = await publishListing(landlord.context().request, landlordAccount, matching)
  const publishedAt = Date.now()

  const mail = await waitForMail(signedInAccount.email, { subject: /^New home for "Quiet two-bedrooms"/, since, timeout: 60_000 })
  test.info().annotations.push({ type: 'e-mail latency', description: `${mail.receivedAt - publishedAt} ms after publication` })
  expect(mail.receivedAt - publishedAt, 'the e-mail lands within 60 s of publication').toBeLessThan(60_000)
  expect(mail.subject).toContain(matching)
  expect(mail.text).toContain(`${APP_URL}${path}`)
  expect(mail.text).not.toContain('Over budget')
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  const unsubscribeUrl = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1]
  expect(unsubscribeUrl, 'the List-Unsubscribe header names an address').toMatch(new RegExp(`^${APP_URL}/alerts/unsubscribe/`))

  // The count beside the avatar went up over the socket, without a reload.
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' }).first()).toBeVisible()
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(page.getByRole('link', { name: matching })).toBeVisible()
  await look(page, 'notifications-with-alert', layout)

  // A mail provider's one-click POST: no cookie, no session, another origin.
  const provider = await playwrightRequest.newContext()
  const unsubscribed = await provider.post(unsubscribeUrl!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
    maxRedirects: 0,
  })
  expect(unsubscribed.status()).toBe(200)
  await provider.dispose()

  await visit(page, '/searches')
  const saved = page.getByRole('list', { name: 'Your saved searches' }).getByRole('listitem').first()
  await expect(saved.getByRole('heading', { name: 'Quiet two-bedrooms' })).toBeVisible()
  await expect(saved.getByText('Never (just saved)')).toBeVisible()
  await look(page, 'searches-after-unsubscribe', layout)
  await landlord.context().close()
})
