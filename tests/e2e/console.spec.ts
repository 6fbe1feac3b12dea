// The operator console in Chromium against the demo data: the demo administrator opens the console from
// the site's "Admin" link, finds a new member by e-mail on People, bans them for good; the member's
// next log-in is refused with the suspension said on /login; the audit log shows the ban. Every console
// page passes axe at both sizes; with E2E_SCREENSHOTS set, each is kept at 1280×800 and 390×844.
import type { Page } from '@playwright/test'
import { APP_URL, VIEWPORTS } from './environment.ts'
import { dismissToasts, expect, mainNav, showNavigationLinks, test, visit } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

const SHOTS = process.env.E2E_SCREENSHOTS

async function look(page: Page, name: string) {
  await dismissToasts(page)
  await expectNoAxeViolations(page)
  if (!SHOTS) return
  const size = page.viewportSize()
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `${SHOTS}/console-${name}-${label}.png`, fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}

test('an administrator finds a person and bans them; they cannot log in; the audit log shows it @any-size', async ({
  page,
  browser,
  layout,
  createAccount,
  consoleErrors,
}) => {
  // The refused log-in answers 403, which Chromium notes in the console.
  consoleErrors.allow(/status of 403/)
  const stamp = Date.now().toString(36)
  const member = await createAccount({ name: `Casey Console ${stamp}` })

  const signedIn = await page.context().request.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: 'admin@cooperhome.example', password: 'cooper-demo-home' },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  await visit(page, '/')
  await showNavigationLinks(page, layout)
  await mainNav(page).getByRole('link', { name: 'Admin', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible()
  await look(page, 'home')

  const consoleNav = page.getByRole('navigation', { name: 'Console' })
  await consoleNav.getByRole('link', { name: 'People' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible()
  await page.getByLabel('E-mail or name').fill(member.email.toUpperCase())
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 2, name: /^People matching/ })).toBeVisible()
  await look(page, 'people')
  await page.getByRole('link', { name: member.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible()
  await look(page, 'person')

  await page.getByLabel('Why are they banned?').fill('Asked renters to pay by gift card')
  await page.getByLabel('For good').check()
  await page.getByRole('button', { name: `Ban ${member.name}` }).click()
  await expect(page.getByText(`${member.name} is banned for good; their sessions have ended.`)).toBeVisible()
  await expect(page.getByText(/Banned for good by .*: Asked renters to pay by gift card/)).toBeVisible()
  await expect(page.getByRole('button', { name: `Unban ${member.name}` })).toBeVisible()
  await look(page, 'person-banned')

  const theirs = await browser.newContext({ baseURL: APP_URL, viewport: page.viewportSize() })
  const theirPage = await theirs.newPage()
  await visit(theirPage, '/login')
  await theirPage.getByLabel('E-mail').fill(member.email)
  await theirPage.getByLabel('Password', { exact: true }).fill(member.password)
  await theirPage.getByRole('button', { name: 'Log in' }).click()
  await expect(theirPage.getByText('This account is suspended.')).toBeVisible()
  await expect(theirPage).toHaveURL(/\/login/)
  await theirs.close()

  await consoleNav.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: member.email })
  await expect(row.getByRole('cell', { name: 'Banned', exact: true })).toBeVisible()
  await expect(row).toContainText('Asked renters to pay by gift card (for good)')
  await look(page, 'audit')

  // The content and Cooper Index pages carry the console's navigation too: kept for a look when asked.
  if (SHOTS) {
    await consoleNav.getByRole('link', { name: 'Content' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible()
    await look(page, 'content')
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Cooper Index' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Cooper Index runs' })).toBeVisible()
    await look(page, 'cooper')
  }
})
