// Knowledge-base articles as visitors read them: only published articles whose publication time has
// come are public (a draft or a scheduled article is invisible to every public read below).
import { and, arrayOverlaps, desc, eq, lte, ne, or, sql } from 'drizzle-orm'
import { CONTROL_CHARACTERS, type ArticleCard } from '#common/content/knowledge.ts'
import type { ArticleCategory } from '#common/content/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { article, user } from '#server/db/schema.ts'
import { renderMarkdown, type RenderedMarkdown } from './markdown.server.ts'

/** What the footer's recent posts and the JSON API carry. */
export type ArticleSummary = { slug: string; title: string; summary: string; publishedAt: Date }

export type PublicArticle = ArticleCard & {
  id: number
  body: string
  tags: string[]
  authorName: string | null
}

const publishedAt = sql<Date>`${article.publishedAt}`.mapWith(article.publishedAt)

const summaryColumns = { slug: article.slug, title: article.title, summary: article.summary, publishedAt }

export const cardColumns = {
  ...summaryColumns,
  category: sql<ArticleCategory>`${article.category}`,
  updatedAt: article.updatedAt,
}

/** Published and no longer scheduled: what visitors see. */
export const isPublic = () => and(eq(article.status, 'published'), lte(article.publishedAt, sql`now()`))

const newestFirst = [desc(article.publishedAt), desc(article.id)]

export async function findRecentArticles(db: Db, limit: number): Promise<ArticleSummary[]> {
  return db
    .select(summaryColumns)
    .from(article)
    .where(isPublic())
    .orderBy(...newestFirst)
    .limit(limit)
}

/** Every public article, newest first (the sitemap, the feed with a limit). */
export async function findArticles(db: Db, { limit }: { limit?: number } = {}): Promise<ArticleCard[]> {
  const query = db
    .select(cardColumns)
    .from(article)
    .where(isPublic())
    .orderBy(...newestFirst)
  return limit === undefined ? query : query.limit(limit)
}

export async function findMostReadArticles(db: Db, limit: number): Promise<ArticleCard[]> {
  return db
    .select(cardColumns)
    .from(article)
    .where(isPublic())
    .orderBy(desc(article.readCount), ...newestFirst)
    .limit(limit)
}

export async function findArticlesInCategory(db: Db, category: ArticleCategory): Promise<ArticleCard[]> {
  return db
    .select(cardColumns)
    .from(article)
    .where(and(isPublic(), eq(article.category, category)))
    .orderBy(...newestFirst)
}

/** How many public articles each category holds (categories without any are left out). */
export async function countArticlesByCategory(db: Db): Promise<Partial<Record<ArticleCategory, number>>> {
  const rows = await db
    .select({ category: article.category, n: sql<number>`count(*)::int` })
    .from(article)
    .where(isPublic())
    .groupBy(article.category)
  return Object.fromEntries(rows.map((row) => [row.category, row.n]))
}

export async function findArticleBySlug(db: Db, slug: string): Promise<PublicArticle | undefined> {
  // No article has such an address, and the database could not even compare a NUL.
  if (slug.length > 300 || CONTROL_CHARACTERS.test(slug)) return undefined
  const [row] = await db
    .select({ ...cardColumns, id: article.id, body: article.body, tags: article.tags, authorName: user.name })
    .from(article)
    .leftJoin(user, eq(user.id, article.authorId))
    .where(and(eq(article.slug, slug), isPublic()))
  return row
}

/** Up to `limit` other public articles: the same category first, then those sharing the most tags. */
export async function findRelatedArticles(
  db: Db,
  { articleId, category, tags }: { articleId: number; category: ArticleCategory; tags: string[] },
  limit = 3,
): Promise<ArticleCard[]> {
  const tagList = sql`array[${sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`
  const sameCategory = eq(article.category, category)
  return db
    .select(cardColumns)
    .from(article)
    .where(and(isPublic(), ne(article.id, articleId), tags.length > 0 ? or(sameCategory, arrayOverlaps(article.tags, tags)) : sameCategory))
    .orderBy(
      desc(sql`${sameCategory}`),
      desc(sql`cardinality(array(select unnest(${article.tags}) intersect select unnest(${tagList})))`),
      ...newestFirst,
    )
    .limit(limit)
}

/** One read of a public article (a page view by a person, not a crawler). */
export async function countArticleRead(db: Db, articleId: number): Promise<void> {
  await db
    .update(article)
    // A read is not an edit: the article's updated time stays as it was.
    .set({ readCount: sql`${article.readCount} + 1`, updatedAt: sql`${article.updatedAt}` })
    .where(and(eq(article.id, articleId), isPublic()))
}

export type ArticlePage = Omit<PublicArticle, 'body'> & Omit<RenderedMarkdown, 'text'>

/** A public article ready for its page: the Markdown rendered to safe HTML, with its headings and reading time. */
export async function findArticlePage(db: Db, slug: string): Promise<ArticlePage | undefined> {
  const found = await findArticleBySlug(db, slug)
  if (!found) return undefined
  const { body, ...rest } = found
  const { html, headings, readingMinutes } = renderMarkdown(body)
  return { ...rest, html, headings, readingMinutes }
}
