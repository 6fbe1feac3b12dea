// Two-factor sign-in end to end: turning it on from the profile with the key the page shows (the test
// is the authenticator app), the backup codes shown once, then logging in with the password and a code.
import type { Locator, Page } from '@playwright/test'
import { totpCode } from '#tests/support/totp.ts'
import { expectNoAxeViolations } from './axe.ts'
import { dismissToasts, expect, expectSignedIn, test, visit, waitForHydration } from './fixtures.ts'

const SHOTS = process.env.E2E_SCREENSHOTS

/** axe on the page, and with E2E_SCREENSHOTS, a screenshot (of the page, or of one part) at the desktop and the phone size. */
async function look(page: Page, name: string, part?: Locator) {
  await dismissToasts(page)
  await expectNoAxeViolations(page)
  if (!SHOTS) return
  const size = page.viewportSize()
  for (const [layout, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport)
    const path = `${SHOTS}/${layout}-${name}.png`
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }))
  }
  if (size) await page.setViewportSize(size)
}

test('turning on two-factor sign-in and logging in with a code @any-size', async ({ page, layout, signedInAccount }) => {
  await visit(page, '/userprofile#two-factor')
  const section = page.locator('section#two-factor')
  await section.getByLabel('Your password').fill(signedInAccount.password)
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()

  await expect(section.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible()
  const secret = (await section.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/)
  await look(page, 'profile-two-factor-setup', section)

  await section.getByLabel('Code from the app').fill(totpCode(secret))
  await section.getByRole('button', { name: 'Confirm and turn on' }).click()
  const codes = section.getByTestId('backup-codes').getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await expect(section.getByText(/^On\./)).toBeVisible()
  await look(page, 'profile-two-factor-on', section)

  // Logged out, the password alone is not enough: the second step asks for a code.
  await page.context().clearCookies()
  await visit(page, '/login')
  await page.getByLabel('E-mail').fill(signedInAccount.email)
  await page.getByLabel('Password', { exact: true }).fill(signedInAccount.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/login\/two-factor$/)
  await waitForHydration(page)
  await look(page, 'login-two-factor')

  await page.getByLabel('Authentication code').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/')
  await expectSignedIn(page, layout, signedInAccount.name)
})
