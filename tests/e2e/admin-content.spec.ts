// The administrators' content area in Chromium: the demo administrator opens it from the navigation,
// edits an article with the live preview beside the text, saves, and a visitor then reads the change;
// every admin page passes axe-core.
import crypto from 'node:crypto'
import { APP_URL } from './environment.ts'
import { dismissToasts, expect, mainNav, showNavigationLinks, test, visit } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

test('an administrator edits an article with a live preview, and visitors see the change @any-size', async ({ page, browser, layout }) => {
  const stamp = crypto.randomBytes(4).toString('hex')
  const slug = `moving-with-a-piano-${stamp}`
  const signedIn = await page.context().request.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: 'admin@cooperhome.example', password: 'cooper-demo-home' },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  // An article of this test's own, published, so no other test's reading changes.
  const created = await page.context().request.post('/admin/content/articles/new', {
    headers: { Origin: APP_URL },
    form: {
      intent: 'save',
      title: `Moving with a piano ${stamp}`,
      slug,
      summary: 'Heavy, fragile and worth planning for.',
      category: 'moving',
      tags: 'moving, piano',
      body: 'Book specialist movers early.',
      status: 'published',
      when: 'now',
    },
    maxRedirects: 0,
  })
  expect(created.status(), await created.text()).toBe(302)

  await visit(page, '/')
  await showNavigationLinks(page, layout)
  await mainNav(page).getByRole('link', { name: 'Admin', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^Articles/ })).toBeVisible()
  await expectNoAxeViolations(page)

  await page
    .getByRole('main')
    .getByRole('link', { name: `Moving with a piano ${stamp}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Moving with a piano ${stamp}` })).toBeVisible()
  await expect(page.getByText('Published · version 1', { exact: false })).toBeVisible()
  const preview = page.getByTestId('markdown-preview')
  await expect(preview).toContainText('Book specialist movers early.')

  await page.getByLabel('Title').fill(`Moving a piano safely ${stamp}`)
  const body = page.getByLabel('Body (Markdown)')
  await body.fill(`Book specialist movers early.\n\n## On the day ${stamp}\n\nMeasure every doorway before the **piano** leaves.`)
  // The pane follows the text as it is typed, rendered by the server.
  await expect(preview.getByRole('heading', { level: 2, name: `On the day ${stamp}` })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('piano')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Moving a piano safely ${stamp}` })).toBeVisible()
  await expect(page.getByText('Saved as version 2.')).toBeVisible()
  await dismissToasts(page)

  await page.getByRole('link', { name: 'Revisions' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Moving a piano safely ${stamp}` })).toBeVisible()
  await page.getByRole('link', { name: 'Compare version 1 with current' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Version 1 compared with the current version 2' })).toBeVisible()
  await expect(page.locator('ins').filter({ hasText: 'safely' }).first()).toBeVisible()
  await expectNoAxeViolations(page)

  // A visitor, without the administrator's session, reads the new text.
  const visitor = await browser.newContext()
  try {
    const reader = await visitor.newPage()
    await reader.goto(`/knowledge/${slug}`)
    await expect(reader.getByRole('heading', { level: 1, name: `Moving a piano safely ${stamp}` })).toBeVisible()
    await expect(reader.getByText(/Measure every doorway before the/)).toBeVisible()
  } finally {
    await visitor.close()
  }
})

test('the new-item editors have no accessibility violations @any-size', async ({ page, consoleErrors }) => {
  // The browser notes the refused form's 400 answer in the console.
  consoleErrors.allow(/status of 400/)
  const signedIn = await page.context().request.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: 'admin@cooperhome.example', password: 'cooper-demo-home' },
  })
  expect(signedIn.status()).toBe(200)
  for (const kind of ['articles', 'faq', 'terms']) {
    await visit(page, `/admin/content/${kind}/new`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
  }
  // A refused form: the error summary and the fields' errors pass too.
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('members and visitors find no console there (404) @any-size', async ({ page, signedInAccount, consoleErrors }) => {
  consoleErrors.allow(/status of 404/)
  expect(signedInAccount.email).toBeTruthy()
  const response = await page.goto('/admin/content')
  expect(response?.status()).toBe(404)
  await page.context().clearCookies()
  expect((await page.goto('/admin/content/articles/new'))?.status()).toBe(404)
  await expect(page).toHaveURL(/\/admin\/content\/articles\/new$/)
})

test('a save based on an older version is refused with their version shown and the typed text kept @any-size', async ({
  page,
  consoleErrors,
}) => {
  // The browser notes the refused save's 409 answer in the console.
  consoleErrors.allow(/status of 409/)
  const stamp = crypto.randomBytes(4).toString('hex')
  const api = page.context().request
  const signedIn = await api.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: 'admin@cooperhome.example', password: 'cooper-demo-home' },
  })
  expect(signedIn.status()).toBe(200)
  const fields = {
    intent: 'save',
    title: `Two editors ${stamp}`,
    slug: `two-editors-${stamp}`,
    summary: 'Who saves first.',
    category: 'renting-basics',
    body: 'The first text.',
    status: 'draft',
    when: 'now',
  }
  const created = await api.post('/admin/content/articles/new', { headers: { Origin: APP_URL }, form: fields, maxRedirects: 0 })
  const path = created.headers()['location']!
  await visit(page, path)
  // Meanwhile another tab saves version 2.
  const theirs = await api.post(path, {
    headers: { Origin: APP_URL },
    form: { ...fields, version: '1', body: 'Their text.' },
    maxRedirects: 0,
  })
  expect(theirs.status()).toBe(302)

  await page.getByLabel('Body (Markdown)').fill('My own careful text.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/saved this article at .* UTC — your changes were not saved; here is their version/)).toBeVisible()
  await expect(page.getByLabel('Body (Markdown)')).toHaveValue('My own careful text.')
  await page.getByText('Their version 2').click()
  await expect(page.getByText('Their text.')).toBeVisible()
  await expectNoAxeViolations(page)
})
