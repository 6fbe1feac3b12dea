// axe-core on every route at both sizes (WCAG 2.0 and 2.1, levels A and AA). The knowledge base, the
// FAQ and the terms are scanned by their own specs (knowledge.spec.ts, faq-terms.spec.ts), in every
// state they show, so not here again; so are /cooper (cooper.spec.ts, at each size as it first shows)
// and /chat as a visitor sees it (chat.spec.ts).
import { expect, menuToggle, test, visit } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

const publicRoutes = ['/', '/properties', '/login', '/register', '/forgot-password']

for (const path of publicRoutes) {
  test(`${path} has no accessibility violations @any-size`, async ({ page }) => {
    await visit(page, path)
    await expectNoAxeViolations(page)
  })
}

test('a knowledge-base article has no accessibility violations @any-size', async ({ page, request }) => {
  const posts = (await (await request.get('/api/recent-posts')).json()) as Array<{ slug: string }>
  expect(posts.length, 'the demo data has articles').toBeGreaterThan(0)
  await visit(page, `/knowledge/${posts[0]!.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('/userprofile, signed in, has no accessibility violations @any-size', async ({ page, signedInAccount }) => {
  await visit(page, '/userprofile')
  await expect(page.getByLabel('Display name')).toHaveValue(signedInAccount.name)
  await expectNoAxeViolations(page)
})

test('the 404 page has no accessibility violations @any-size', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/)
  const response = await visit(page, '/no-such-page')
  expect(response?.status()).toBe(404)
  await expectNoAxeViolations(page)
})

test('the open mobile menu has no accessibility violations', { tag: '@mobile-only' }, async ({ page }) => {
  await visit(page, '/')
  await menuToggle(page).click()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)
})
