import { APP_URL } from './environment.ts'
import { expect, expectSignedIn, test, visit, waitForHydration } from './fixtures.ts'

test('the profile needs a signed-in user and brings them back after signing in @any-size', async ({ page, layout, createAccount }) => {
  const account = await createAccount({ name: 'Casey Brook' })
  await page.goto('/userprofile')
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === '/userprofile')
  await waitForHydration(page)

  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(`${APP_URL}/userprofile`)
  await expect(page.getByLabel('Display name')).toHaveValue(account.name)
  await expectSignedIn(page, layout, account.name)
})

test('saving the display name and role updates the navigation at once and keeps them', async ({ page, layout, signedInAccount }) => {
  await visit(page, '/userprofile')
  await expect(page.getByLabel('Display name')).toHaveValue(signedInAccount.name)
  const newName = 'Jordan Ellery'
  await page.getByLabel('Display name').fill(newName)
  await page
    .getByRole('group', { name: 'Role' })
    .getByRole('radio', { name: /Landlord/ })
    .check()
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expectSignedIn(page, layout, newName)

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByLabel('Display name')).toHaveValue(newName)
  await expect(page.getByRole('group', { name: 'Role' }).getByRole('radio', { name: /Landlord/ })).toBeChecked()
  await expect(page.getByRole('group', { name: 'Role' }).getByRole('radio', { name: /Renter/ })).not.toBeChecked()
  await expectSignedIn(page, layout, newName)
})
