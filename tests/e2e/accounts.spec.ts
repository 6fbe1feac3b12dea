// The sign-in flows themselves, through the UI.
import { APP_URL, OIDC_ISSUER, OIDC_NAME } from './environment.ts'
import {
  expect,
  expectSignedIn,
  expectSignedOut,
  linkIn,
  mainNav,
  test,
  uniqueEmail,
  uniquePassword,
  visit,
  waitForHydration,
  waitForMail,
  type Account,
} from './fixtures.ts'
import type { Page } from '@playwright/test'

// A refused sign-in answers 4xx, and Chromium logs every 4xx response as a console error.
const REFUSED_RESPONSE = /Failed to load resource: the server responded with a status of 40[01]/

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('sign up as a landlord, confirm through the mailed link, see the name and "List a home" in the navigation, log out', async ({
  page,
  layout,
}) => {
  const name = 'Robin Ashford'
  const email = uniqueEmail('robin.ashford')
  await visit(page, '/register')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(uniquePassword())
  // The form asks why they are here: Renter is chosen at first.
  const role = page.getByRole('group', { name: 'Your role' })
  await expect(role.getByRole('radio', { name: /^Renter/ })).toBeChecked()
  await role.getByRole('radio', { name: /^Landlord/ }).check()
  await page.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  const since = Date.now()
  await page.getByRole('main').getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText(/check your (e-?mail|inbox)/i).first()).toBeVisible()
  await expectSignedOut(page, layout)

  const mail = await waitForMail(email, { subject: /confirm/i, since })
  await page.goto(linkIn(mail, `${APP_URL}/api/auth/verify-email`))
  await expect(page).toHaveURL(`${APP_URL}/`)
  await waitForHydration(page)
  await expectSignedIn(page, layout, name)
  await expect(mainNav(page).getByRole('link', { name: 'List a home' })).toHaveAttribute('href', '/properties/new')

  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(`${APP_URL}/`)
  await expectSignedOut(page, layout)
  await page.reload()
  await waitForHydration(page)
  await expectSignedOut(page, layout)
})

test('a wrong password gets a clear error; the right one signs in @any-size', async ({ page, layout, createAccount, consoleErrors }) => {
  consoleErrors.allow(REFUSED_RESPONSE)
  const account = await createAccount({ name: 'Morgan Lee' })
  await visit(page, '/login')
  await logIn(page, account.email, `${account.password} but wrong`)
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible()
  await expect(page).toHaveURL(`${APP_URL}/login`)
  await expectSignedOut(page, layout)

  if (layout === 'mobile') await page.keyboard.press('Escape')
  await logIn(page, account.email, account.password)
  await expect(page).toHaveURL(`${APP_URL}/`)
  await expectSignedIn(page, layout, account.name)
})

test('a password is reset through the mailed link, then the new one signs in @any-size', async ({
  page,
  layout,
  createAccount,
  consoleErrors,
}) => {
  consoleErrors.allow(REFUSED_RESPONSE)
  const account: Account = await createAccount({ name: 'Avery Quinn' })
  await visit(page, '/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(`${APP_URL}/forgot-password`)
  await page.getByLabel('E-mail').fill(account.email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Send reset link' }).click()

  const mail = await waitForMail(account.email, { subject: /reset/i, since })
  await page.goto(linkIn(mail, `${APP_URL}/api/auth/reset-password/`))
  await expect(page).toHaveURL(/\/reset-password\?(.+&)?token=/)
  await waitForHydration(page)
  const newPassword = uniquePassword()
  await page.getByLabel('New password').fill(newPassword)
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page).toHaveURL(/\/login/)

  await visit(page, '/login')
  await logIn(page, account.email, account.password)
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible()
  await logIn(page, account.email, newPassword)
  await expect(page).toHaveURL(`${APP_URL}/`)
  await expectSignedIn(page, layout, account.name)
})

test(`signing in with ${OIDC_NAME} through a real OpenID Connect provider @any-size`, async ({ page, layout }) => {
  const email = uniqueEmail('quinn.harper')
  const continueWith = (p: Page) =>
    p.getByRole('button', { name: `Continue with ${OIDC_NAME}` }).or(p.getByRole('link', { name: `Continue with ${OIDC_NAME}` }))

  await visit(page, '/register')
  await expect(continueWith(page)).toBeVisible()
  await visit(page, '/login')
  await continueWith(page).click()

  // The provider's own development login and consent pages.
  await page.waitForURL(`${OIDC_ISSUER}/**`)
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill('any password will do')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.waitForURL(`${APP_URL}/**`)
  await waitForHydration(page)
  await expectSignedIn(page, layout, 'Quinn Harper')
})
