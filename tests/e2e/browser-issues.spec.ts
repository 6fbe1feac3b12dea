// What the browser itself reports about our pages (DevTools' Issues panel, which Lighthouse's best
// practices read): no Content-Security-Policy violations, no mixed content, no deprecated features.
import type { Page } from '@playwright/test'
import { expect, test, visit } from './fixtures.ts'

// There is no network here: the map's tiles fail to load, which the page is built to survive.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/Failed to load resource: .*\(https:\/\/tile\.openstreetmap\.org\//))

async function issuesOn(page: Page, path: string): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  const issues: string[] = []
  session.on('Audits.issueAdded', ({ issue }) => issues.push(`${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`))
  await session.send('Audits.enable')
  await visit(page, path)
  await page.waitForLoadState('networkidle')
  return issues
}

test('the main pages raise no issues in the browser @any-size', async ({ page }) => {
  const sitemap = await (await page.request.get('/sitemap.xml?page=1')).text()
  const listing = /<loc>[^<]*?(\/properties\/[^<]+)<\/loc>/.exec(sitemap)![1]!
  for (const path of ['/', '/properties', listing, '/knowledge', '/cooper', '/login']) {
    expect(await issuesOn(page, path), path).toEqual([])
  }
})
