// Steps of the landlord's journey that several specs take the same way.
import type { APIRequestContext, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expect, visit, type Account } from './fixtures.ts'

/** Chooses the Landlord role on the profile, as a person does. */
export async function becomeLandlord(page: Page) {
  await visit(page, '/userprofile')
  await page
    .getByRole('group', { name: 'Role' })
    .getByRole('radio', { name: /Landlord/ })
    .check()
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('heading', { name: 'My listings' })).toBeVisible()
}

/** The form's price step: $1,850 a month, the same deposit and a $75 parking fee ($1,925 all-in). */
export async function fillPriceStep(page: Page) {
  await page.getByLabel('Monthly rent ($)').fill('1850')
  await page.getByLabel('Security deposit ($)').fill('1850')
  await page.getByRole('button', { name: 'Add a fee' }).click()
  await page.getByLabel('Fee 1 name').fill('Parking')
  await page.getByLabel('Fee 1 per month ($)').fill('75')
  await page.getByRole('button', { name: 'Next: Location' }).click()
}

/** A form post as the page's own no-JavaScript form sends it. */
export function postForm(api: APIRequestContext, path: string, form: Record<string, string>) {
  return api.post(path, { headers: { Origin: APP_URL }, form, maxRedirects: 0 })
}

/** Makes the account a landlord and publishes a listing through the site's own forms; returns its address. */
export async function publishListing(api: APIRequestContext, account: Account, title: string): Promise<string> {
  const role = await postForm(api, '/userprofile', { intent: 'save-profile', name: account.name, role: 'landlord', bio: '', phone: '' })
  expect(role.status()).toBe(302)
  const created = await postForm(api, '/properties/new', {
    intent: 'publish',
    title,
    type: 'apartment',
    description: 'Two rooms over the square, with morning light and a short walk to the train.',
    offersLease: 'on',
    monthlyRent: '1500',
    minTermMonths: '12',
    deposit: '1500',
    street: '12 Market Street',
    zip: '19801',
    bedrooms: '2',
    bathrooms: '1',
    interiorSqft: '850',
    availableFrom: new Date().toISOString().slice(0, 10),
  })
  expect(created.status(), await created.text()).toBe(302)
  const listing = await api.get('/userprofile')
  const path = new RegExp(`href="(/properties/[a-z0-9-]+-\\d+)"[^>]*>${title}<`).exec(await listing.text())?.[1]
  expect(path, 'the new listing is on the profile').toBeTruthy()
  return path!
}
