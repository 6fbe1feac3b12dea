// The FAQ and the Terms of Use in Chromium: a deep link opens its answer, the filter narrows the
// list as you type, every answer reads without JavaScript, the pages pass axe-core, and a user asked
// to accept new terms does so from the banner and can then post in the chat room.
//
// The last test needs a newer version of the terms in force, which only the database can say: it
// starts a server of its own on a fresh PostgreSQL database the test writes to (the shared stack
// runs on an embedded database no other process may open).
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import pg from 'pg'
import { siteConfig } from '#common/site-config.ts'
import { newTestDatabaseName } from '#tests/support/test-postgres.ts'
import { APP_PORT } from './environment.ts'
import { expect, test, visit, waitForHydration } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

/** The questions of the FAQ as the page lists them: each one's disclosure button. */
const questions = (page: Page) => page.locator('main li[id] h3 button')
/** The words of the first question on the page (its button also holds a decorative arrow). */
const firstQuestionOf = async (page: Page) => (await questions(page).first().locator('span').first().innerText()).trim()

test('an FAQ deep link opens its answer and scrolls to it; the others stay closed', async ({ page }) => {
  await visit(page, '/faq')
  const slugs = await page.locator('main li[id]').evaluateAll((items) => items.map((item) => item.id))
  expect(slugs.length, 'the demo data has FAQ entries').toBeGreaterThan(3)
  const target = slugs.at(-1)!

  await visit(page, `/faq#${target}`)
  const button = page.locator(`#${target}-question`)
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator(`#${target}-answer`)).toBeVisible()
  await expect(button).toBeInViewport()
  await expect(page.locator(`#${slugs[0]}-question`)).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator(`#${slugs[0]}-answer`)).toBeHidden()

  // A link to another answer on the page opens that one too.
  await page.evaluate((slug) => {
    window.location.hash = slug
  }, slugs[0]!)
  await expect(page.locator(`#${slugs[0]}-question`)).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator(`#${slugs[0]}-answer`)).toBeVisible()

  // The buttons toggle their answers.
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator(`#${target}-answer`)).toBeHidden()
  await button.click()
  await expect(page.locator(`#${target}-answer`)).toBeVisible()
})

test('the FAQ filter narrows the questions as you type and says how many match @any-size', async ({ page }) => {
  await visit(page, '/faq')
  const total = await questions(page).count()
  const firstQuestion = await firstQuestionOf(page)
  const word = firstQuestion
    .split(/\s+/)
    .sort((a, b) => b.length - a.length)[0]!
    .replace(/[^\p{L}\p{N}-]/gu, '')
  const filter = page.getByRole('searchbox', { name: 'Filter questions' })

  await filter.pressSequentially(word)
  await expect(questions(page).first()).toContainText(firstQuestion)
  await expect.poll(() => questions(page).count()).toBeLessThan(total)
  const shown = await questions(page).count()
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toHaveText(`${shown} of ${total} questions match.`)
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(word)}`))

  await filter.fill('zzqx nothing like this')
  await expect(questions(page)).toHaveCount(0)
  await expect(page.getByText('No question matches “zzqx nothing like this”.')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toHaveText(`0 of ${total} questions match.`)
  await page.getByRole('link', { name: 'Clear the filter' }).click()
  await expect(questions(page)).toHaveCount(total)
  await expect(filter).toHaveValue('')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('every answer of the FAQ is there to read, and the filter works as a form @any-size', async ({ page }) => {
    await page.goto('/faq')
    const answers = page.locator('main li[id] [id$="-answer"]')
    const count = await answers.count()
    expect(count).toBeGreaterThan(3)
    for (let i = 0; i < count; i++) await expect(answers.nth(i)).toBeVisible()

    const firstQuestion = await firstQuestionOf(page)
    await page.goto(`/faq?q=${encodeURIComponent(firstQuestion)}`)
    await expect(questions(page)).toHaveCount(1)
    await expect(questions(page).first()).toContainText(firstQuestion)
  })
})

test('the FAQ and the Terms of Use pages have no accessibility violations @any-size', async ({ page }) => {
  // Three full axe scans of long pages: 11 s on an idle machine, over the minute of other tests on a busy one.
  test.slow()
  await visit(page, '/faq')
  await expectNoAxeViolations(page)

  await visit(page, '/terms')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible()
  await expect(page.getByText(/in force since/)).toBeVisible()
  // The seed schedules a second version: it is announced, and readable at its own address.
  await expect(page.getByRole('heading', { name: /^New terms take effect on/ })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: /^Read the new terms/ }).click()
  await expect(page).toHaveURL(/\/terms\/\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByText(/takes effect on/).first()).toBeVisible()
  await expect(page.getByText('These terms are not in force yet.', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a table of contents link on /terms goes to its section', async ({ page, layout }) => {
  await visit(page, '/terms')
  const toc = page.getByRole('navigation', {
    name: layout === 'desktop' ? 'Sections of the terms, beside the text' : 'Sections of the terms',
  })
  const link = toc.getByRole('link').nth(2)
  const name = (await link.innerText()).trim()
  await link.click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeInViewport()
})

// --- Accepting new terms, on a server of its own ---------------------------------------------------

const TERMS_PORT = Number(process.env.E2E_TERMS_PORT ?? APP_PORT + 3)
const TERMS_URL = `http://localhost:${TERMS_PORT}`
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const root = path.resolve(import.meta.dirname, '..', '..')

type OwnServer = { databaseUrl: string; stop(): Promise<void> }

async function startOwnServer(): Promise<OwnServer> {
  const name = newTestDatabaseName('e2e_terms')
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const databaseUrl = Object.assign(new URL(POSTGRES_URL), { pathname: `/${name}` }).toString()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-e2e-terms-'))
  const useOwnNode = Number(process.versions.node.split('.')[0]) >= 24
  const server: ChildProcess = spawn(
    useOwnNode ? process.execPath : 'npx',
    [...(useOwnNode ? [] : ['node']), path.join(root, 'server', 'main.ts')],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(TERMS_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: TERMS_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO_DATA: 'false',
        RATE_LIMIT: 'false',
        LOG_LEVEL: 'error',
      },
    },
  )
  // What the server said on stderr, to explain a start that failed.
  let stderr = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid!, 'SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
    const cleanup = new pg.Client({ connectionString: POSTGRES_URL })
    await cleanup.connect()
    await cleanup.query(`drop database if exists "${name}" with (force)`)
    await cleanup.end()
  }
  try {
    await expect
      .poll(
        async () => {
          const response = await fetch(`${TERMS_URL}/readyz`).catch(() => null)
          return response?.status ?? 0
        },
        { timeout: 90_000, message: 'the terms test server starts' },
      )
      .toBe(200)
  } catch (error) {
    await stop()
    throw new Error(`The terms test server did not start: ${(error as Error).message}\n${stderr}`)
  }
  return { databaseUrl, stop }
}

test.describe('new terms', () => {
  let own: OwnServer | undefined
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    own = await startOwnServer()
  })
  test.afterAll(async () => {
    await own?.stop()
  })

  test('a user accepts new terms from the banner and can then post in the chat room', { tag: '@desktop-only' }, async ({ page }) => {
    const db = new pg.Client({ connectionString: own!.databaseUrl })
    await db.connect()
    try {
      // A user who accepted the first terms at sign-up, a few days ago.
      const email = `terms+${crypto.randomBytes(4).toString('hex')}@example.test`
      const password = `harbour lantern ${crypto.randomBytes(4).toString('hex')}`
      const headers = { Origin: TERMS_URL }
      await db.query(
        `insert into terms_version (label, body, summary, effective_at, status) values ($1, '## The rules', 'The first terms.', '2025-01-15T00:00:00Z', 'published')`,
        [siteConfig.termsVersion],
      )
      const signUp = await page.request.post(`${TERMS_URL}/api/auth/sign-up/email`, {
        headers,
        data: { name: 'Tess Terms', email, password, termsVersion: siteConfig.termsVersion },
      })
      expect(signUp.status(), await signUp.text()).toBe(200)
      await db.query(`update "user" set email_verified = true, created_at = now() - interval '3 days' where email = $1`, [email])
      const signIn = await page.request.post(`${TERMS_URL}/api/auth/sign-in/email`, { headers, data: { email, password } })
      expect(signIn.status(), await signIn.text()).toBe(200)

      // Then the terms change.
      await db.query(
        `insert into terms_version (label, body, summary, effective_at, status)
         values ('e2e-new', '## The new rules', 'Clearer rules for reports and moderation in the chat room.', now() - interval '1 minute', 'published')`,
      )

      await page.goto(`${TERMS_URL}/chat`)
      await waitForHydration(page)
      const banner = page.getByRole('region', { name: 'New Terms of Use' })
      await expect(banner).toBeVisible()
      await expect(banner).toContainText('Clearer rules for reports and moderation in the chat room.')
      await expect(banner.getByRole('link', { name: /Read the new terms/ })).toHaveAttribute('href', '/terms')
      await expectNoAxeViolations(page)
      // The banner at the phone size too (this test runs once, with a server of its own).
      await page.setViewportSize({ width: 390, height: 844 })
      await expect(banner.getByRole('button', { name: 'Accept new terms' })).toBeVisible()
      await expectNoAxeViolations(page)
      await page.setViewportSize({ width: 1280, height: 800 })

      // Until accepted, the server refuses the post, and the page says why.
      const composer = page.getByRole('textbox', { name: 'Message everyone in the Community room (public)' })
      const thread = page.getByRole('region', { name: 'Messages' })
      await composer.fill('Posting before accepting')
      await composer.press('Enter')
      await expect(thread.getByText(/Not sent — The Terms of Use have changed/)).toBeVisible()
      const refused = await page.request.post(`${TERMS_URL}/api/chat/room/messages`, {
        headers,
        data: { body: 'Too early', clientTxnId: `e2e-${Date.now()}` },
      })
      expect(refused.status()).toBe(403)
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/Terms of Use have changed/)

      await banner.getByRole('button', { name: 'Accept new terms' }).click()
      await expect(page.getByText('Thank you: you accepted the new Terms of Use.')).toBeVisible()
      await expect(banner).toHaveCount(0)
      const [accepted] = (
        await db.query(
          `select a.accepted_at from terms_acceptance a join terms_version v on v.id = a.terms_version_id join "user" u on u.id = a.user_id where v.label = 'e2e-new' and u.email = $1`,
          [email],
        )
      ).rows as { accepted_at: Date }[]
      expect(accepted?.accepted_at).toBeInstanceOf(Date)

      const words = `Thanks for the clearer rules ${Date.now().toString(36)}`
      await composer.fill(words)
      await composer.press('Enter')
      await expect(thread.getByText(words)).toBeVisible()
      await expect(thread.getByText('Sending…')).toHaveCount(0)
    } finally {
      await db.end()
    }
  })
})
