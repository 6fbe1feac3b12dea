// The knowledge base in Chromium: searching as you type, the same search without JavaScript, voting on
// an article, and axe-core on the pages at both sizes.
import type { Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expect, test, visit } from './fixtures.ts'
import { seedArticles } from '#server/content/seed/articles.ts'
import { expectNoAxeViolations } from './axe.ts'

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search the knowledge base' })
const results = (page: Page) => page.getByRole('list', { name: /^Search results for/ })

test('a visitor searches as they type and opens a result @any-size', async ({ page }) => {
  await visit(page, '/knowledge')
  await searchBox(page).pressSequentially('security deposit', { delay: 40 })
  // No Enter: the results follow the typing, and the address keeps in step.
  await expect(page).toHaveURL(`${APP_URL}/knowledge?q=security+deposit`)
  await expect(page.getByRole('status').filter({ hasText: /articles? match/ })).toContainText('“security deposit”')
  const first = results(page).getByRole('listitem').first()
  await expect(first.locator('mark').first()).toBeVisible()
  await expect(searchBox(page)).toBeFocused()

  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/knowledge\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/deposit/i)
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible()
})

test('the same search works with JavaScript off', async ({ browser, extraHTTPHeaders, viewport }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: APP_URL, extraHTTPHeaders, viewport })
  const page = await context.newPage()
  await page.goto('/knowledge')
  await searchBox(page).fill('security deposit')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(`${APP_URL}/knowledge?q=security+deposit`)
  await expect(results(page).getByRole('listitem').first().locator('mark').first()).toBeVisible()
  await results(page).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/deposit/i)
  await context.close()
})

/** The newest article's address, whatever the seed texts are. */
/**
 * A demo article with several sections: one of the seed's, which other tests (an administrator
 * writing articles of their own) leave alone.
 */
const DEMO_ARTICLE_PATH = `/knowledge/${seedArticles.find((article) => article.slug === 'security-deposits-what-to-expect')!.slug}`

test('a reader answers "Was this helpful?" and adds a comment @any-size', async ({ page }) => {
  await visit(page, DEMO_ARTICLE_PATH)
  const feedback = page.getByRole('region', { name: 'Was this helpful?' })
  await feedback.getByRole('button', { name: 'Yes' }).click()
  await expect(feedback.getByRole('status')).toHaveText('Thank you for your feedback.')
  await expect(feedback.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
  await feedback.getByRole('button', { name: 'No' }).click()
  await expect(feedback.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true')
  await feedback.getByLabel(/Anything we should add/).fill('An example of a fake listing would help.')
  await feedback.getByRole('button', { name: 'Send comment' }).click()
  await expect(feedback.getByRole('status')).toHaveText('Thank you, your comment was sent to our editors.')
  // The answer is remembered for this visitor.
  await page.reload()
  await expect(feedback.getByRole('status')).toHaveText('You answered No. You can change your answer.')
})

for (const path of ['/knowledge', '/knowledge?q=lease', '/knowledge?q=zeppelin', '/knowledge/category/leases-and-contracts']) {
  test(`${path} has no accessibility violations @any-size`, async ({ page }) => {
    await visit(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
  })
}

test('an article has no accessibility violations, before and after a vote @any-size', async ({ page }) => {
  await visit(page, DEMO_ARTICLE_PATH)
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByLabel(/Anything we should add/)).toBeVisible()
  await expectNoAxeViolations(page)
})
