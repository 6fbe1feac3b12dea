// Saved searches in the browser, one renter's journey: search, save the search with a name and how
// often to hear, find it on /searches, rename it, pause it, delete it; the notifications page and
// the count beside the avatar. Every page passes axe-core at both sizes.
import { expect, test, visit } from './fixtures.ts'
import { look } from './two-parties.ts'

test('a renter saves a search, renames, pauses and deletes it @any-size', async ({ page, layout, signedInAccount }) => {
  expect(signedInAccount.email).toBeTruthy()
  // Homes no other test publishes (they list two-bedroom apartments), so this renter's search announces none meanwhile.
  await visit(page, '/properties?q=Wilmington%2C+DE&beds=6&type=house&pets=dogs')
  await page.locator('summary', { hasText: 'Save this search' }).click()
  const name = page.getByLabel('Name (optional)')
  await expect(name).toBeVisible()
  await name.fill('Wilmington two-bedrooms')
  await page.getByRole('radio', { name: 'Instantly' }).check()
  await look(page, 'properties-save-search', layout)
  await page.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByText('Saved “Wilmington two-bedrooms”. See it under Saved searches.')).toBeVisible()
  // Opened from the saved search now, the page offers to update it.
  await expect(page).toHaveURL(/saved=\d+/)

  await visit(page, '/searches')
  const saved = page.getByRole('list', { name: 'Your saved searches' }).getByRole('listitem').first()
  await expect(saved.getByRole('heading', { name: 'Wilmington two-bedrooms' })).toBeVisible()
  await expect(saved.getByText('Instantly')).toBeVisible()
  await expect(saved.getByText(/homes? now/)).toBeVisible()
  await look(page, 'searches', layout)

  await saved.getByRole('link', { name: 'Edit “Wilmington two-bedrooms”' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Wilmington two-bedrooms' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill('Wilmington 2br, near work')
  await page.getByRole('radio', { name: 'Once a week' }).check()
  await page.getByLabel(/below the Cooper Index typical rent/).fill('10')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Saved the changes to “Wilmington 2br, near work”.')).toBeVisible()
  await expect(page.getByText(/What “at least 10 % below the typical rent” compares with/)).toBeVisible()
  await expect(page.getByText(/not advice/)).toBeVisible()
  await look(page, 'search', layout)

  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByText('Paused “Wilmington 2br, near work”: it announces nothing until you resume it.')).toBeVisible()
  await expect(page.getByText('Paused: announces nothing')).toBeVisible()

  await visit(page, '/searches')
  await page.locator('summary', { hasText: 'Delete “Wilmington 2br, near work”…' }).click()
  await page.getByRole('button', { name: 'Yes, delete it' }).click()
  await expect(page.getByText('Deleted “Wilmington 2br, near work”.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No saved searches yet' })).toBeVisible()

  await page.getByRole('link', { name: 'Notifications', exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible()
  await look(page, 'notifications', layout)
})
