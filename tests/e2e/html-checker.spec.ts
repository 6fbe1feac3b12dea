// The Nu Html Checker (the W3C's validator, the vnu-jar package run with the machine's Java) finds
// no errors in the markup the server sends for the pages renderers and search engines read first.
// Java is required in CI (.ci/run installs it); elsewhere the test is skipped when there is none.
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { expect, test } from './fixtures.ts'

/** The checker's jar (the package's main module names its path). */
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string
const isCI = process.env.CI === 'true' || process.env.CI === '1'
const hasJava = (() => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

type VnuMessage = { type: string; url: string; message: string; extract?: string; lastLine?: number }

test('/, /properties, a listing, /cooper, /knowledge and /login are valid HTML @any-size', async ({ request }) => {
  if (!hasJava && isCI) throw new Error('Java is missing: the HTML checker needs it (apt-get install -y default-jre-headless).')
  test.skip(!hasJava, 'No Java on this machine: the HTML checker is skipped here (it runs in CI).')

  const sitemap = await (await request.get('/sitemap.xml?page=1')).text()
  const listing = /<loc>[^<]*?(\/properties\/[^<]+)<\/loc>/.exec(sitemap)![1]!
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-html-'))
  try {
    const files = new Map<string, string>()
    for (const [i, pagePath] of ['/', '/properties', listing, '/cooper', '/knowledge', '/login'].entries()) {
      const response = await request.get(pagePath)
      expect(response.status(), pagePath).toBe(200)
      const file = path.join(folder, `page-${i}.html`)
      fs.writeFileSync(file, await response.text())
      files.set(`file:${file}`, pagePath)
    }
    // The checker exits with 1 when it finds errors, and writes its messages as JSON on stderr.
    const { stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.keys()], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }))
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] }
    const errors = messages.map((m) => `${files.get(m.url) ?? m.url}: ${m.message} ${m.extract ? `«${m.extract.trim()}»` : ''}`)
    expect(errors).toEqual([])
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
})
