import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { article } from '#server/db/schema.ts'
import { seedArticleList, seedArticles } from '#server/seed/articles.server.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { findArticleBySlug, findArticles } from './articles.server.ts'

describe('knowledge-base articles', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  it('are seeded once into an empty table, and never again', async () => {
    const { db } = t.services.database
    expect(await seedArticles(db)).toBe(6)
    expect(await findArticles(db)).toHaveLength(6)

    expect(await seedArticles(db)).toBe(0)
    expect(await findArticles(db)).toHaveLength(6)

    // An article an administrator removed stays removed on the next start.
    await db.delete(article).where(eq(article.slug, 'spotting-rental-scams'))
    expect(await seedArticles(db)).toBe(0)
    expect(await findArticleBySlug(db, 'spotting-rental-scams')).toBeUndefined()
    await db.delete(article)
    expect(await seedArticles(db)).toBe(6)
  })

  it('keep their text and paragraphs', async () => {
    const found = await findArticleBySlug(t.services.database.db, 'security-deposits-what-to-expect')
    expect(found?.title).toBe('Security deposits: what to expect')
    expect(found?.body.split(/\n\s*\n/).length).toBeGreaterThan(3)
    expect(found?.publishedAt.toISOString()).toBe('2025-01-08T14:00:00.000Z')
  })

  it('are served newest first as JSON by GET /api/recent-posts', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/recent-posts`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const posts = (await res.json()) as { slug: string; title: string; summary: string; publishedAt: string }[]
    const newest = [...seedArticleList].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    expect(posts.length).toBeGreaterThan(0)
    expect(posts.map((p) => p.slug)).toEqual(newest.slice(0, posts.length).map((a) => a.slug))
    expect(posts[0]).toEqual({
      slug: 'renters-checklist-for-move-in-day',
      title: "Renter's checklist for move-in day",
      summary: newest[0]!.summary,
      publishedAt: '2025-01-14T14:00:00.000Z',
    })
  })

  it('answers an empty list before any article exists', async () => {
    await t.services.database.db.delete(article)
    const res = await t.app.request(`${TEST_ORIGIN}/api/recent-posts`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
    await seedArticles(t.services.database.db)
  })
})
