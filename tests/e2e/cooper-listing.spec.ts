// The Cooper Index where it meets listings and administrators, in Chromium against the demo data: the demo
// administrator asks for a recompute on /admin/cooper, a listing in a market with enough data shows how its
// rent compares with that market's index, the CSV of every series downloads and parses, and both pages pass
// axe-core at desktop and phone sizes.
import type { APIRequestContext } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { dismissToasts, expect, test, visit } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

async function signInAsAdministrator(api: APIRequestContext) {
  const signedIn = await api.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: 'admin@cooperhome.example', password: 'cooper-demo-home' },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
}

type Point = { month: string; index: number | null; levelCents: number | null; pairs: number; hasEnoughData: boolean }
type Market = { key: string; kind: string; name: string; state: string | null; groups: { bedrooms: string; latestMonth: string }[] }

/** The current run's markets, once a run exists: the demo data's, or one this test asks for. */
async function currentMarkets(api: APIRequestContext): Promise<Market[]> {
  let markets: Market[] = []
  await expect
    .poll(
      async () => {
        const body = (await (await api.get('/api/cooper')).json()) as { run: unknown; markets: Market[] }
        markets = body.markets
        return body.run !== null
      },
      { message: 'a Cooper Index run', timeout: 60_000, intervals: [1000] },
    )
    .toBe(true)
  return markets
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7))

test('an administrator sees the Cooper Index runs and asks for a recompute @any-size', async ({ page }) => {
  await signInAsAdministrator(page.context().request)
  await visit(page, '/admin/cooper')
  await expect(page.getByRole('heading', { level: 1, name: 'Cooper Index runs' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Recent runs' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Recompute now' }).click()
  // Queued, or (when another test or the first start got there first) already under way: never a second one.
  await expect(page.getByText(/A recompute is (queued|already running|already queued)/).first()).toBeVisible()
  await dismissToasts(page)
  await currentMarkets(page.context().request)
  await visit(page, '/admin/cooper')
  await expect(page.getByRole('region', { name: 'Recent runs' }).getByText('Current')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a listing page compares the rent with its market’s Cooper Index @any-size', async ({ page, request, browser }) => {
  let markets = (await (await request.get('/api/cooper')).json()).markets as Market[]
  if (markets.length === 0) {
    // No run yet (the first one may still be on its way): ask for one as the administrator would.
    const admin = await browser.newContext({ baseURL: APP_URL })
    await signInAsAdministrator(admin.request)
    await admin.request.post('/admin/cooper', { headers: { Origin: APP_URL }, form: { intent: 'recompute' }, maxRedirects: 0 })
    await admin.close()
    markets = await currentMarkets(request)
  }

  // A city and bedrooms group whose latest months have a typical rent, and a published home there to compare.
  type Candidate = { market: Market; bedrooms: string; point: Point; path: string }
  let found: Candidate | undefined
  const groupOf = (bedrooms: number) => (bedrooms <= 1 ? '0-1' : bedrooms === 2 ? '2' : '3+')
  for (const market of markets.filter((m) => m.kind === 'city')) {
    for (const group of market.groups.filter((g) => g.bedrooms !== 'all')) {
      const { series } = (await (await request.get(`/api/cooper/${market.key}?bedrooms=${encodeURIComponent(group.bedrooms)}`)).json()) as {
        series: Point[]
      }
      const point = series.findLast((p) => p.hasEnoughData && p.levelCents !== null && p.index !== null)
      if (!point || monthsBetween(point.month, group.latestMonth) > 6) continue
      const search = await request.get(`/api/properties?${new URLSearchParams({ q: market.name, offer: 'lease', limit: '50' })}`)
      const { items } = (await search.json()) as { items: { id: number; city: string; state: string; bedrooms: number; title: string }[] }
      const home = items.find(
        (item) => item.state === market.state && item.city === market.name && groupOf(item.bedrooms) === group.bedrooms,
      )
      if (!home) continue
      const listing = await request.get(`/api/properties/${home.id}`)
      expect(listing.status()).toBe(200)
      found = { market, bedrooms: group.bedrooms, point, path: `/properties/${home.id}` }
      break
    }
    if (found) break
  }
  expect(found, 'the demo data has a city with enough data and a home to let there').toBeDefined()
  const { market, bedrooms, point, path } = found!

  // The listing's id finds it; the page redirects to its canonical address.
  await visit(page, path)
  const words = { '0-1': 'studio and 1-bedroom homes', '2': '2-bedroom homes', '3+': 'homes with 3 or more bedrooms' }[bedrooms]!
  // What a renter asks first: more or less than similar homes, in dollars a month.
  await expect(
    page.getByText(new RegExp(`^About (\\$[\\d,]+ a month (more|less) than|the typical rent of) similar ${words} in ${market.name}$`)),
  ).toBeVisible()
  // The index behind it is one step away.
  const link = page.getByRole('link', { name: `Cooper Index for ${words} in ${market.name}` })
  await expect(link).toBeHidden()
  await page.getByText('How this compares with the Cooper Index').click()
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', `/cooper/${market.key}`)
  // The figures keep their percent signs with a no-break space.
  const line = page.getByText(/(\d+\s%\s(above|below)|About the same as) the Cooper Index for/)
  await expect(line).toContainText(
    `${point.pairs.toLocaleString('en-US')} ${point.pairs === 1 ? 'pair' : 'pairs'} of lettings of the same homes · 90 % band of the index ±`,
  )
  await expectNoAxeViolations(page)
})

test('the CSV of every Cooper Index series downloads and parses @any-size', async ({ request }) => {
  const markets = await currentMarkets(request)
  const response = await request.get('/api/cooper.csv')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="cooper-index-\d{4}-\d{2}\.csv"$/)
  const text = await response.text()
  expect(text.endsWith('\r\n')).toBe(true)
  const [header, ...rows] = text.slice(0, -2).split('\r\n')
  expect(header).toBe('market,kind,name,state,bedrooms,month,index,low,high,ma3,mom,yoy,level_usd,pairs,units,enough_data,base')
  // The demo's market names hold no commas or quotes, so each row splits into its seventeen fields, the last
  // naming the base ("2021 = 100").
  for (const row of rows) expect(row.split(','), row).toHaveLength(17)
  expect(rows[0]!.split(',')[16]).toMatch(/ = 100$/)
  const keys = new Set(rows.map((row) => row.split(',')[0]))
  expect(keys).toEqual(new Set(markets.map((market) => market.key)))
})
