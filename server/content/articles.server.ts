// Knowledge-base articles.
import { desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { article } from '#server/db/schema.ts'

export type ArticleSummary = { slug: string; title: string; summary: string; publishedAt: Date }

const summaryColumns = {
  slug: article.slug,
  title: article.title,
  summary: article.summary,
  publishedAt: article.publishedAt,
}

export async function findRecentArticles(db: Db, limit: number): Promise<ArticleSummary[]> {
  return db.select(summaryColumns).from(article).orderBy(desc(article.publishedAt), desc(article.id)).limit(limit)
}

export async function findArticles(db: Db): Promise<ArticleSummary[]> {
  return db.select(summaryColumns).from(article).orderBy(desc(article.publishedAt), desc(article.id))
}

export async function findArticleBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(article).where(eq(article.slug, slug))
  return row
}
