// Steps of the landlord's journey that several specs take the same way.
import type { Page } from '@playwright/test'
import { expect, visit } from './fixtures.ts'

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
