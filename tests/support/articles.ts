// A factory for knowledge-base tests: an article written directly, public unless the test says otherwise
// (`createArticle(db, { status: 'draft' })`, or a `publishedAt` in the future for a scheduled one).
import crypto from 'node:crypto'
import type { ArticleCategory, ContentStatus } from '#common/content/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { article } from '#server/db/schema.ts'

export type ArticleOverrides = {
  slug?: string
  title?: string
  summary?: string
  body?: string
  category?: ArticleCategory
  tags?: string[]
  status?: ContentStatus
  publishedAt?: Date | null
  readCount?: number
  authorId?: string | null
}

export async function createArticle(db: Db, overrides: ArticleOverrides = {}) {
  const slug = overrides.slug ?? `test-article-${crypto.randomBytes(4).toString('hex')}`
  const status = overrides.status ?? 'published'
  const publishedAt = overrides.publishedAt !== undefined ? overrides.publishedAt : new Date(Date.now() - 60_000)
  const [row] = await db
    .insert(article)
    .values({
      slug,
      title: overrides.title ?? 'Keeping a tidy rental ledger',
      summary: overrides.summary ?? 'A short guide to keeping receipts and records during a tenancy.',
      body: overrides.body ?? '## Why records matter\n\nKeep every receipt.\n\n## How to keep them\n\nOne folder per year.',
      category: overrides.category ?? 'renting-basics',
      tags: overrides.tags ?? [],
      status,
      publishedAt,
      readCount: overrides.readCount ?? 0,
      authorId: overrides.authorId ?? null,
    })
    .returning({ id: article.id, slug: article.slug })
  return row!
}

/** A day from now: a scheduled article's publication time. */
export const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000)
