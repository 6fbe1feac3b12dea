import { navLinks } from '#common/site-config.ts'
import { APP_URL } from './environment.ts'
import { expect, expectSignedOut, mainNav, menuToggle, showNavigationLinks, test, visit } from './fixtures.ts'

test.describe('navigation when logged out', () => {
  test('shows the brand, every area, Login and Sign Up, and marks the current page', async ({ page, layout }) => {
    await visit(page, '/')
    const nav = mainNav(page)
    await expect(nav.getByRole('link', { name: 'Cooper Home' })).toHaveAttribute('href', '/')

    await showNavigationLinks(page, layout)
    for (const { to, label } of navLinks) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', to)
    }
    await expectSignedOut(page, layout)
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]').filter({ visible: true })).toHaveCount(1)

    await nav.getByRole('link', { name: 'Knowledge Base', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/knowledge`)
    await showNavigationLinks(page, layout)
    await expect(nav.getByRole('link', { name: 'Knowledge Base', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page')
  })

  // One page visiting each area in turn: a test per area repeated the browser's start seven times at each size.
  test('marks each area as the current page on its own address', async ({ page, layout }) => {
    // Seven pages in one test: its net for a hang is that of seven.
    test.setTimeout(7 * 30_000)
    for (const { to, label } of navLinks) {
      await visit(page, to)
      await showNavigationLinks(page, layout)
      // Both layouts are in the document; only the one on screen counts.
      const current = mainNav(page).locator('[aria-current="page"]').filter({ visible: true })
      await expect(current, `the current page on ${to}`).toHaveCount(1)
      await expect(current, `the current page on ${to}`).toHaveAccessibleName(label)
      await expect(current, `the current page on ${to}`).toHaveAttribute('href', to)
    }
  })

  test('Login and Sign Up lead to their forms', async ({ page, layout }) => {
    await visit(page, '/')
    await showNavigationLinks(page, layout)
    await mainNav(page).getByRole('link', { name: 'Login', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/login`)
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()

    await showNavigationLinks(page, layout)
    await mainNav(page).getByRole('link', { name: 'Sign Up', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/register`)
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign Up' })).toBeVisible()
  })

  test('the desktop layout shows the links without a menu toggle', { tag: '@desktop-only' }, async ({ page }) => {
    await visit(page, '/')
    await expect(menuToggle(page)).toBeHidden()
    for (const { label } of navLinks) {
      await expect(mainNav(page).getByRole('link', { name: label, exact: true })).toBeVisible()
    }
  })
})

test.describe('the mobile menu', { tag: '@mobile-only' }, () => {
  test('opens and closes the links with its toggle, Escape and navigation', async ({ page }) => {
    await visit(page, '/')
    const toggle = menuToggle(page)
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const menuId = await toggle.getAttribute('aria-controls')
    expect(menuId, 'the toggle names the menu it controls').toBeTruthy()
    const menu = page.locator(`[id="${menuId}"]`)
    await expect(menu).toBeHidden()
    await expect(mainNav(page).getByRole('link', { name: 'Properties', exact: true })).toBeHidden()

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(menu).toBeVisible()
    for (const { to, label } of navLinks) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', to)
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible()
    }
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()
    await expect(toggle, 'focus goes back to the toggle').toBeFocused()

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await menu.getByRole('link', { name: 'FAQ', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/faq`)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()

    await toggle.click()
    await expect(menu.getByRole('link', { name: 'FAQ', exact: true })).toHaveAttribute('aria-current', 'page')
  })
})
