// Passkeys end to end with Chromium's virtual authenticator (the device's fingerprint or screen lock):
// signed in by password, a passkey added and named on the profile, logged out, then signed in with
// "Sign in with a passkey" and sent on to where the visitor was going, with no password and no second step.
import type { Locator, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expectNoAxeViolations } from './axe.ts'
import { dismissToasts, expect, expectSignedIn, expectSignedOut, mainNav, test, visit, waitForHydration } from './fixtures.ts'

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

test('adding a passkey on the profile and signing in with it @any-size', async ({ page, layout, signedInAccount }) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await visit(page, '/userprofile#passkeys')
  const section = page.locator('section#passkeys')
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible()
  await section.getByLabel('Name for this passkey').fill('Work laptop')
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(section.getByText('Passkey “Work laptop” added.', { exact: false })).toBeVisible()
  const passkeys = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')
  await expect(passkeys).toHaveCount(1)
  await expect(passkeys.first()).toContainText('Work laptop')
  await look(page, 'profile-passkeys', section)

  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await expectSignedOut(page, layout)

  // The login page also offers the passkey among the e-mail field's suggestions (conditional mediation),
  // which the virtual authenticator would accept on its own: it waits for a touch until the button is pressed.
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false })
  await visit(page, '/login?redirectTo=%2Fuserprofile')
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username webauthn')
  await look(page, 'login-passkey')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true })
  await expect(page).toHaveURL(`${APP_URL}/userprofile`)
  await waitForHydration(page)
  await expectSignedIn(page, layout, signedInAccount.name)
  await expect(page.locator('section#passkeys').getByText('Work laptop', { exact: true })).toBeVisible()
})
