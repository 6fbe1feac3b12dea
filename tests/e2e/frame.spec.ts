import type { Locator } from '@playwright/test'
import { navLinks, siteConfig, telHref } from '#common/site-config.ts'
import { expect, mainNav, test, visit, waitForHydration } from './fixtures.ts'

test.describe('the page frame', () => {
  test('the top strip shows the address, phone and e-mail on desktop and hides on phones', async ({ page, layout }) => {
    await visit(page, '/')
    const strip = page.getByRole('region', { name: 'Contact', includeHidden: true })
    await expect(strip).toHaveCount(1)
    if (layout === 'mobile') {
      await expect(strip).toBeHidden()
    } else {
      await expect(strip).toBeVisible()
      await expect(strip).toContainText(siteConfig.address)
      await expect(strip).toContainText(siteConfig.phone)
      await expect(strip).toContainText(siteConfig.email)
    }
  })

  test('the top strip hides below the md breakpoint (768 px)', { tag: '@desktop-only' }, async ({ page }) => {
    await visit(page, '/')
    const strip = page.getByRole('region', { name: 'Contact', includeHidden: true })
    await page.setViewportSize({ width: 767, height: 800 })
    await expect(strip).toBeHidden()
    await page.setViewportSize({ width: 768, height: 800 })
    await expect(strip).toBeVisible()
  })

  test('the content is at most 1440 px wide on a wide screen', { tag: '@desktop-only' }, async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 })
    await visit(page, '/')
    const main = await page.getByRole('main').boundingBox()
    expect(main!.width).toBeLessThanOrEqual(1440)
    expect(main!.x, 'the content is centred').toBeCloseTo((1920 - main!.width) / 2, 0)
    // The contact strip, the navigation and the footer keep their links within the same centred band.
    const band = { left: (1920 - 1440) / 2, right: (1920 + 1440) / 2 }
    for (const area of [page.getByRole('region', { name: 'Contact' }), mainNav(page), page.getByRole('contentinfo')]) {
      const links = await area.getByRole('link').all()
      expect(links.length).toBeGreaterThan(0)
      for (const link of links) {
        const box = (await link.boundingBox())!
        expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(band.left - 0.5)
        expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(band.right + 0.5)
      }
    }
  })

  test('comes in a fixed order: top strip, navigation, content, footer', { tag: '@desktop-only' }, async ({ page }) => {
    await visit(page, '/')
    const top = async (locator: Locator) => (await locator.boundingBox())!.y
    const strip = await top(page.getByRole('region', { name: 'Contact' }))
    const nav = await top(mainNav(page))
    const main = await top(page.getByRole('main'))
    const footer = await top(page.getByRole('contentinfo'))
    expect(strip).toBeLessThan(nav)
    expect(nav).toBeLessThan(main)
    expect(main).toBeLessThan(footer)
  })

  test('the navigation bar stays at the top while the page scrolls', async ({ page }) => {
    await visit(page, '/terms')
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
    await expect.poll(async () => (await mainNav(page).boundingBox())?.y).toBe(0)
  })

  test('the scroll-to-top button appears only past 160 px and brings the page back to the top', async ({ page }) => {
    await visit(page, '/terms')
    const button = page.getByRole('button', { name: 'Scroll to top' })
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y)
    }
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    expect(scrollable, '/terms is long enough to scroll 400 px').toBeGreaterThanOrEqual(400)

    await expect(button).toHaveCount(0)
    await scrollTo(150)
    await expect(button).toHaveCount(0)
    await scrollTo(400)
    await expect(button).toBeVisible()
    await scrollTo(160)
    await expect(button).toHaveCount(0)
    await scrollTo(161)
    await expect(button).toBeVisible()
    await scrollTo(150)
    await expect(button).toHaveCount(0)

    await scrollTo(400)
    await button.focus()
    await expect(button).toBeFocused()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(button).toHaveCount(0)
  })

  test('the footer repeats the links and shows the contact details, social links and copyright', { tag: '@any-size' }, async ({ page }) => {
    await visit(page, '/')
    const footer = page.getByRole('contentinfo')
    for (const { to, label } of navLinks) {
      await expect(footer.getByRole('link', { name: label, exact: true }).first()).toHaveAttribute('href', to)
    }
    await expect(footer.getByRole('link', { name: /Chat Room/ }).first()).toHaveAttribute('href', '/chat')
    await expect(footer.getByText('Join our community chat')).toBeVisible()
    await expect(footer.getByRole('link', { name: /^FAQ/ }).first()).toHaveAttribute('href', '/faq')
    await expect(footer.getByText('Frequently Asked Questions')).toBeVisible()

    await expect(footer.locator(`a[href="${telHref(siteConfig.phone)}"]`)).toContainText(siteConfig.phone)
    await expect(footer.locator(`a[href="mailto:${siteConfig.email}"]`)).toContainText(siteConfig.email)
    await expect(footer).toContainText(siteConfig.address)
    await expect(footer.getByRole('link', { name: /Facebook/ })).toBeVisible()
    await expect(footer.getByRole('link', { name: /Instagram/ })).toBeVisible()
    await expect(footer.getByText('© 2025 Cooper Home')).toBeVisible()

    // The newest knowledge-base articles arrive after the page, each linking to its article.
    const posts = footer.getByRole('region', { name: 'Recent posts' })
    await expect(posts.getByText('Loading recent posts…')).toHaveCount(0)
    const firstPost = posts.getByRole('listitem').first().getByRole('link')
    await expect(firstPost).toHaveAttribute('href', /^\/knowledge\/[a-z0-9-]+$/)
    const title = (await firstPost.textContent())!
    await firstPost.click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  })

  test('an unknown address answers 404 with a page inside the frame', { tag: '@any-size' }, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/)
    const response = await page.goto('/no-such-page/anywhere')
    expect(response?.status()).toBe(404)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i)
    await expect(mainNav(page)).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })
})
