// /sitemap.xml: the public pages, every public knowledge-base article, every Cooper Index market and every published listing. Up to 50,000 URLs
// it is one sitemap; beyond that /sitemap.xml is an index of parts at /sitemap.xml?page=N. Listings
// are read in batches and streamed, so a large site never sits in memory at once.
import type { Route } from './+types/sitemap'
import { appContext } from '#server/http/app-context.server.ts'
import { isoDate } from '#app/utils/format.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { findArticles } from '#server/content/index.server.ts'
import { findCurrentMarkets } from '#server/cooper-index/index.server.ts'
import { articlePath, categoryPath } from '#common/content/knowledge.ts'
import { ARTICLE_CATEGORY_SLUGS } from '#common/content/vocabulary.ts'
import { SITEMAP_PAGE_SIZE, countSitemapListings, sitemapListings, publicOrigin } from '#server/listings/index.server.ts'

const STATIC_PATHS = ['/', '/properties', '/cooper', '/knowledge', '/faq', '/terms']

const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
}

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { db } = services.database
  const origin = publicOrigin(services.config, request)
  const pageParam = new URL(request.url).searchParams.get('page')
  const total = await countSitemapListings(db)
  const parts = Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE))

  if (pageParam === null && parts > 1) {
    const entries = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>\n`,
    ).join('')
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`,
      { headers: XML_HEADERS },
    )
  }

  const page = pageParam === null ? 1 : Number(pageParam)
  if (!Number.isInteger(page) || page < 1 || page > parts) {
    return new Response('No such sitemap page.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }

  // The public pages go in the first part, so every part but the last holds listings only.
  const articles = page === 1 ? await findArticles(db) : []
  const markets = page === 1 ? await findCurrentMarkets(db, { bedrooms: 'all' }) : []
  const encoder = new TextEncoder()
  const listings = sitemapListings(db, { page })
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
      if (page === 1) {
        head += STATIC_PATHS.map((path) => urlEntry(`${origin}${path}`)).join('')
        head += ARTICLE_CATEGORY_SLUGS.map((category) => urlEntry(`${origin}${categoryPath(category)}`)).join('')
        head += articles.map((article) => urlEntry(`${origin}${articlePath(article.slug)}`, isoDate(article.updatedAt))).join('')
        head += markets.map((market) => urlEntry(`${origin}/cooper/${market.key}`)).join('')
      }
      controller.enqueue(encoder.encode(head))
    },
    async pull(controller) {
      // One batch of listings per pull, so a slow reader slows the reading of the database too.
      let chunk = ''
      for (let i = 0; i < 500; i += 1) {
        const next = await listings.next()
        if (next.done) {
          controller.enqueue(encoder.encode(`${chunk}</urlset>\n`))
          controller.close()
          return
        }
        chunk += urlEntry(`${origin}${listingPath(next.value)}`, isoDate(next.value.updatedAt))
      }
      controller.enqueue(encoder.encode(chunk))
    },
    async cancel() {
      await listings.return(undefined)
    },
  })
  return new Response(body, { headers: XML_HEADERS })
}
