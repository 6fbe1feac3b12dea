// /knowledge/feed.xml: the 20 newest public articles as an Atom 1.0 feed, with absolute addresses
// from the site's public origin.
import type { Route } from './+types/knowledge-feed'
import { articlePath, categoryLabel, KNOWLEDGE_FEED_PATH, KNOWLEDGE_PATH, type ArticleCard } from '#common/content/knowledge.ts'
import { siteConfig } from '#common/site-config.ts'
import { findArticles } from '#server/content/index.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'
import { escapeXml } from './sitemap.ts'

const FEED_SIZE = 20

function entry(origin: string, article: ArticleCard): string {
  const url = `${origin}${articlePath(article.slug)}`
  return `  <entry>
    <title>${escapeXml(article.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
    <id>${escapeXml(url)}</id>
    <published>${article.publishedAt.toISOString()}</published>
    <updated>${article.updatedAt.toISOString()}</updated>
    <category term="${article.category}" label="${escapeXml(categoryLabel(article.category))}"/>
    <summary>${escapeXml(article.summary)}</summary>
  </entry>
`
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const origin = publicOrigin(services.config, request)
  const articles = await findArticles(services.database.db, { limit: FEED_SIZE })
  const updated = articles.reduce((latest, a) => (a.updatedAt > latest ? a.updatedAt : latest), articles[0]?.updatedAt ?? new Date(0))
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escapeXml(`${siteConfig.name} Knowledge Base`)}</title>
  <subtitle>Plain-language guides for renters and landlords.</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}${KNOWLEDGE_FEED_PATH}`)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}${KNOWLEDGE_PATH}`)}"/>
  <id>${escapeXml(`${origin}${KNOWLEDGE_PATH}`)}</id>
  <updated>${updated.toISOString()}</updated>
  <author><name>${escapeXml(siteConfig.name)}</name><uri>${escapeXml(origin)}</uri></author>
${articles.map((article) => entry(origin, article)).join('')}</feed>
`
  return new Response(xml, {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  })
}
