// /sitemap.xml: a sitemap index (sitemaps.org) of the site's parts, each a sitemap of at most
// SITEMAP_PAGE_SIZE URLs (the protocol allows 50,000): /sitemap.xml?part=pages holds the public
// pages, every public knowledge-base article and every Cooper Index market, and /sitemap.xml?page=N
// the published listings, N at a time in id order. Each answer is built once and kept for an hour
// (its Last-Modified says when it was built), so crawlers and loops cost one build per part an hour.
import type { Route } from './+types/sitemap'
import { appContext } from '#server/http/app-context.server.ts'
import { isoDate } from '#app/utils/format.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { findArticles } from '#server/content/index.server.ts'
import { findCurrentMarkets } from '#server/cooper-index/index.server.ts'
import { articlePath, categoryPath } from '#common/content/knowledge.ts'
import { ARTICLE_CATEGORY_SLUGS } from '#common/content/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { SITEMAP_PAGE_SIZE, countSitemapListings, sitemapListings, publicOrigin } from '#server/listings/index.server.ts'

const STATIC_PATHS = ['/', '/properties', '/cooper', '/knowledge', '/faq', '/terms']

/** How long a built answer is served before it is built again; also its max-age. */
const KEEP_SECONDS = 3600
/** The most built answers kept at once, in characters (the oldest go first). */
const MOST_KEPT_CHARACTERS = 32 * 1024 * 1024

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
}

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'

type Built = { xml: string | null; builtAt: Date }

/** Built answers per database (tests run many), by origin and part; each entry's promise is shared by concurrent requests. */
const kept = new WeakMap<Db, Map<string, { built: Promise<Built>; until: number; size: number }>>()

function keptFor(db: Db) {
  let answers = kept.get(db)
  if (!answers) kept.set(db, (answers = new Map()))
  return answers
}

async function keptAnswer(db: Db, key: string, build: () => Promise<string | null>, keepSeconds: number): Promise<Built> {
  const answers = keptFor(db)
  const now = Date.now()
  const found = answers.get(key)
  if (found && found.until > now) return found.built
  answers.delete(key)
  const entry = { built: build().then((xml) => ({ xml, builtAt: new Date(now) })), until: now + keepSeconds * 1000, size: 0 }
  answers.set(key, entry)
  entry.built.then(
    ({ xml }) => {
      // A part past the last is not kept: asking for every number cannot fill the memory.
      if (xml === null) {
        if (answers.get(key) === entry) answers.delete(key)
        return
      }
      entry.size = xml.length
      let total = 0
      for (const answer of answers.values()) total += answer.size
      // Maps keep insertion order: the first entries are the oldest.
      for (const [oldKey, answer] of answers) {
        if (total <= MOST_KEPT_CHARACTERS || answer === entry) break
        total -= answer.size
        answers.delete(oldKey)
      }
    },
    () => answers.delete(key),
  )
  return entry.built
}

async function buildIndex(db: Db, origin: string): Promise<string> {
  const parts = Math.ceil((await countSitemapListings(db)) / SITEMAP_PAGE_SIZE)
  const locations = [`${origin}/sitemap.xml?part=pages`, ...Array.from({ length: parts }, (_, i) => `${origin}/sitemap.xml?page=${i + 1}`)]
  const entries = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('')
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`
}

async function buildPages(db: Db, origin: string): Promise<string> {
  const [articles, markets] = await Promise.all([findArticles(db), findCurrentMarkets(db, { bedrooms: 'all' })])
  let xml = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`
  xml += STATIC_PATHS.map((path) => urlEntry(`${origin}${path}`)).join('')
  xml += ARTICLE_CATEGORY_SLUGS.map((category) => urlEntry(`${origin}${categoryPath(category)}`)).join('')
  xml += articles.map((article) => urlEntry(`${origin}${articlePath(article.slug)}`, isoDate(article.updatedAt))).join('')
  xml += markets.map((market) => urlEntry(`${origin}/cooper/${market.key}`)).join('')
  return `${xml}</urlset>\n`
}

/** One part of the listings, or null past the last one (the first part exists, empty, on a site without listings). */
async function buildListings(db: Db, origin: string, page: number): Promise<string | null> {
  const parts = Math.max(1, Math.ceil((await countSitemapListings(db)) / SITEMAP_PAGE_SIZE))
  if (page > parts) return null
  const entries: string[] = []
  for await (const entry of sitemapListings(db, { page }))
    entries.push(urlEntry(`${origin}${listingPath(entry)}`, isoDate(entry.updatedAt)))
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`
}

const notFound = () => new Response('No such sitemap part.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { db } = services.database
  const origin = publicOrigin(services.config, request)
  const params = new URL(request.url).searchParams
  const pageParam = params.get('page')
  const partParam = params.get('part')
  // Tests see every change at once; a running site builds each part once an hour.
  const keepSeconds = services.config.NODE_ENV === 'test' ? 0 : KEEP_SECONDS

  let answer: Built
  if (pageParam === null && partParam === null) {
    answer = await keptAnswer(db, `${origin}|index`, () => buildIndex(db, origin), keepSeconds)
  } else if (pageParam === null && partParam === 'pages') {
    answer = await keptAnswer(db, `${origin}|pages`, () => buildPages(db, origin), keepSeconds)
  } else if (partParam === null && pageParam !== null && /^[1-9]\d{0,5}$/.test(pageParam)) {
    const page = Number(pageParam)
    answer = await keptAnswer(db, `${origin}|page|${page}`, () => buildListings(db, origin, page), keepSeconds)
  } else {
    return notFound()
  }
  if (answer.xml === null) return notFound()
  return new Response(answer.xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': `public, max-age=${KEEP_SECONDS}`,
      'Last-Modified': answer.builtAt.toUTCString(),
    },
  })
}
