// Full-text search of the knowledge base: PostgreSQL's websearch syntax ("quoted phrases", -not, or)
// over the weighted search vector, a title match always first, then the rank, then the newest.
// Snippets come from ts_headline over the body's plain words, marked with characters that cannot be
// in the text (they are removed from it first) and split into parts here, so the page renders the
// matches as <mark> elements and never the database's text as HTML.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { ArticleSearchResult, HighlightedText } from '#common/content/knowledge.ts'
import type { Db } from '#server/db/client.server.ts'
import { article } from '#server/db/schema.ts'
import { cardColumns, isPublic } from './articles.server.ts'

const START = '\u27e6'
const STOP = '\u27e7'
const MARKERS = new RegExp(`[${START}${STOP}]`, 'g')

/** Weights of D, C, B, A (body is C, summary B, title A). */
const WEIGHTS = '{0.05, 0.2, 0.4, 1.0}'

const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MinWords=12, MaxWords=30, MaxFragments=2, FragmentDelimiter=" … "`

/** The body's words without Markdown's marks: links keep their text; heading, quote, list and emphasis marks go. */
const plainBody = sql`regexp_replace(regexp_replace(regexp_replace(translate(${article.body}, ${START + STOP}, ''),
  '\\[([^\\]]*)\\]\\([^)]*\\)', '\\1', 'g'),
  '^\\s*([-+*>]|#+|\\d+\\.)\\s+', '', 'gn'),
  '[*_\`|~]+', '', 'g')`

/** A headline's text split at its markers into plain and matched parts. */
export function splitHighlights(headline: string): HighlightedText {
  const parts: HighlightedText = []
  let isMatch = false
  for (const piece of headline.split(/([\u27e6\u27e7])/)) {
    if (piece === START) isMatch = true
    else if (piece === STOP) isMatch = false
    else if (piece) parts.push({ text: piece.replace(MARKERS, ''), isMatch })
  }
  return parts
}

/** A snippet cut from the middle of a sentence says so at either end. */
function withEllipses(parts: HighlightedText): HighlightedText {
  if (parts.length === 0) return parts
  const first = parts[0]!
  const last = parts.at(-1)!
  const head: HighlightedText = /^\p{Ll}/u.test(first.text) ? [{ text: '… ', isMatch: false }] : []
  const tail: HighlightedText = /[.!?:)]\s*$/.test(last.text) ? [] : [{ text: ' …', isMatch: false }]
  return [...head, ...parts, ...tail]
}

export async function searchArticles(db: Db, { q, limit = 20 }: { q: string; limit?: number }): Promise<ArticleSearchResult> {
  const query = sql`websearch_to_tsquery('english', ${q})`
  const titleMatch = sql`(to_tsvector('english', ${article.title}) @@ ${query})`
  const rank = sql`ts_rank_cd(${WEIGHTS}::float4[], ${article.searchVector}, ${query})`
  const hits = db
    .select({
      id: sql<number>`${article.id}`.as('hit_id'),
      isTitleMatch: sql<boolean>`${titleMatch}`.as('is_title_match'),
      rank: sql<number>`${rank}`.as('rank'),
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(article)
    .where(and(isPublic(), sql`${article.searchVector} @@ ${query}`))
    .orderBy(desc(titleMatch), desc(rank), desc(article.publishedAt), desc(article.id))
    .limit(limit)
    .as('hits')
  // The headlines are made for the page of hits only, not for every match.
  const rows = await db
    .select({
      ...cardColumns,
      total: hits.total,
      titleHeadline: sql<string>`ts_headline('english', translate(${article.title}, ${START + STOP}, ''), ${query}, ${`HighlightAll=true, StartSel=${START}, StopSel=${STOP}`})`,
      bodyHeadline: sql<string>`ts_headline('english', ${plainBody}, ${query}, ${HEADLINE_OPTIONS})`,
    })
    .from(hits)
    .innerJoin(article, eq(article.id, hits.id))
    .orderBy(desc(hits.isTitleMatch), desc(hits.rank), desc(article.publishedAt), desc(article.id))
  return {
    total: rows[0]?.total ?? 0,
    hits: rows.map(({ total: _total, titleHeadline, bodyHeadline, ...card }) => ({
      ...card,
      highlightedTitle: splitHighlights(titleHeadline),
      snippet: withEllipses(splitHighlights(bodyHeadline)),
    })),
  }
}
