// Lighthouse on the production server, as a phone sees it: Lighthouse's default mobile settings
// (a mid-range phone, simulated slow 4G and CPU throttling) with Debian's Chromium, on /,
// /properties, a listing (the first one the sitemap lists), /knowledge and /cooper. Starts the
// production server on a fresh embedded database with its demo data (or uses --url) and prints one
// JSON line: each page's four category scores (0–100) and its LCP, TBT (ms) and CLS. Each page is
// fetched once first (a visitor meets a warm server) and audited --runs times (default 3); the run
// with the median performance score is reported, as Lighthouse advises for noisy machines.
//   npm run build && npx node bench/lighthouse.ts [--url http://localhost:3000] [--port 3398] [--runs 3]
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startProductionServer, type ProductionServer } from './production-server.ts'
import { CHROMIUM_ARGS } from '#tests/e2e/environment.ts'

const args = process.argv.slice(2)
const valueOf = (name: string) => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const runs = Number(valueOf('runs') ?? 3)

const server: ProductionServer | undefined = valueOf('url') ? undefined : await startProductionServer(Number(valueOf('port') ?? 3398))
const origin = valueOf('url') ?? server!.origin
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
})

try {
  const sitemap = await (await fetch(`${origin}/sitemap.xml?page=1`)).text()
  const listing = /<loc>[^<]*?(\/properties\/[^<]+)<\/loc>/.exec(sitemap)?.[1]
  if (!listing) throw new Error('the sitemap lists no listing')
  const pages: Record<string, unknown> = {}
  for (const path of ['/', '/properties', listing, '/knowledge', '/cooper']) {
    await (await fetch(`${origin}${path}`)).text()
    const audited = []
    for (let run = 0; run < runs; run++) audited.push(await audit(`${origin}${path}`))
    audited.sort((a, b) => a.performance! - b.performance!)
    pages[path === listing ? '/properties/:listing' : path] = {
      ...audited[Math.floor(runs / 2)],
      performanceRange: [audited[0]!.performance, audited.at(-1)!.performance],
    }
  }
  console.log(JSON.stringify({ benchmark: 'lighthouse', formFactor: 'mobile', throttling: 'simulated', runs, pages }))
} finally {
  chrome.kill()
  await server?.stop()
}

/** One Lighthouse run; a run whose trace recording failed (Lighthouse says to run again) is run again, twice at most. */
async function audit(url: string, attempt = 1): Promise<Record<string, number>> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError && attempt < 3) return audit(url, attempt + 1)
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`)
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  const figure = (id: string, digits = 0) => Number((audits[id]?.numericValue ?? NaN).toFixed(digits))
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: figure('largest-contentful-paint'),
    tbtMs: figure('total-blocking-time'),
    cls: figure('cumulative-layout-shift', 3),
  }
}
