// Knowledge-base articles.
import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { article } from '#server/db/schema.ts'

export type ArticleSummary = { slug: string; title: string; summary: string; publishedAt: Date }

const summaryColumns = {
  slug: article.slug,
  title: article.title,
  summary: article.summary,
  publishedAt: sql<Date>`${article.publishedAt}`.mapWith(article.publishedAt),
}

/** Published and no longer scheduled: what visitors see. */
const isPublic = () => and(eq(article.status, 'published'), lte(article.publishedAt, sql`now()`))

export async function findRecentArticles(db: Db, limit: number): Promise<ArticleSummary[]> {
  return db.select(summaryColumns).from(article).where(isPublic()).orderBy(desc(article.publishedAt), desc(article.id)).limit(limit)
}

export async function findArticles(db: Db): Promise<ArticleSummary[]> {
  return db.select(summaryColumns).from(article).where(isPublic()).orderBy(desc(article.publishedAt), desc(article.id))
}

export async function findArticleBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ ...summaryColumns, body: article.body, updatedAt: article.updatedAt })
    .from(article)
    .where(and(eq(article.slug, slug), isPublic()))
  return row
}
