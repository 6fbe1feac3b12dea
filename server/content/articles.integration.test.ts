import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { article, articleVote, user } from '#server/db/schema.ts'
import { seedArticles } from '#server/seed/articles.server.ts'
import { createArticle, tomorrow } from '#tests/support/articles.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { searchArticles } from './article-search.server.ts'
import {
  countArticleRead,
  findArticleBySlug,
  findArticlePage,
  findArticles,
  findArticlesInCategory,
  findMostReadArticles,
  findRecentArticles,
  findRelatedArticles,
} from './articles.server.ts'
import { seedArticles as articleTexts } from './seed/articles.ts'
import { commentOnArticleVote, countArticleVotes, findArticleVote, voteOnArticle } from './votes.server.ts'

describe('knowledge-base articles', () => {
  let t: TestServices
  const db = () => t.services.database.db
  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  describe('the seed', () => {
    it('publishes the seed articles into an empty table once, and never again', async () => {
      expect(await seedArticles(db())).toBe(articleTexts.length)
      expect(await findArticles(db())).toHaveLength(articleTexts.length)
      expect(await seedArticles(db())).toBe(0)

      // An article an administrator removed stays removed on the next start.
      const removed = articleTexts[0]!.slug
      await db().delete(article).where(eq(article.slug, removed))
      expect(await seedArticles(db())).toBe(0)
      expect(await findArticleBySlug(db(), removed)).toBeUndefined()
      await db().delete(article)
    })

    it('publishes each article on its day, with its category, tags and Markdown headings, signed by the demo administrator', async () => {
      // The demo seed's administrator (server/seed/demo.server.ts) signs the articles.
      await db().insert(user).values({ id: 'demo-admin', name: 'Dana Whitfield', email: 'admin@cooperhome.example', emailVerified: true })
      await seedArticles(db())
      const first = articleTexts[0]!
      const page = await findArticlePage(db(), first.slug)
      expect(page?.publishedAt.toISOString()).toBe(`${first.publishedOn}T00:00:00.000Z`)
      expect(page?.category).toBe(first.category)
      expect(page?.tags).toEqual([...first.tags])
      expect(page?.authorName).toBe('Dana Whitfield')
      expect(page?.headings.length).toBeGreaterThanOrEqual(2)
      expect(page?.html).toMatch(/<h2 id="[a-z0-9-]+">/)
      await db().delete(article)
    })
  })

  describe('reads', () => {
    beforeEach(async () => {
      await db().delete(article)
    })

    it('show only published articles whose time has come: no draft, no scheduled article anywhere', async () => {
      const shown = await createArticle(db(), { title: 'Heating bills in winter', category: 'moving', tags: ['heating'] })
      const draft = await createArticle(db(), {
        title: 'Heating draft',
        status: 'draft',
        publishedAt: null,
        category: 'moving',
        tags: ['heating'],
      })
      const scheduled = await createArticle(db(), {
        title: 'Heating next week',
        publishedAt: tomorrow(),
        category: 'moving',
        tags: ['heating'],
      })
      const hidden = [draft.slug, scheduled.slug]

      const slugs = (list: { slug: string }[]) => list.map((a) => a.slug)
      expect(slugs(await findArticles(db()))).toEqual([shown.slug])
      expect(slugs(await findRecentArticles(db(), 10))).toEqual([shown.slug])
      expect(slugs(await findMostReadArticles(db(), 10))).toEqual([shown.slug])
      expect(slugs(await findArticlesInCategory(db(), 'moving'))).toEqual([shown.slug])
      expect(slugs((await searchArticles(db(), { q: 'heating' })).hits)).toEqual([shown.slug])
      for (const slug of hidden) expect(await findArticleBySlug(db(), slug)).toBeUndefined()

      const other = await createArticle(db(), { category: 'moving', tags: ['heating'] })
      const related = await findRelatedArticles(db(), { articleId: other.id, category: 'moving', tags: ['heating'] })
      expect(slugs(related)).toEqual([shown.slug])
    })

    it('count reads of public articles for "most read", without touching the updated time', async () => {
      const popular = await createArticle(db(), { title: 'Popular', readCount: 5 })
      const quiet = await createArticle(db(), { title: 'Quiet', readCount: 4 })
      const before = (await findArticleBySlug(db(), quiet.slug))!.updatedAt
      await countArticleRead(db(), quiet.id)
      await countArticleRead(db(), quiet.id)
      expect((await findMostReadArticles(db(), 2)).map((a) => a.slug)).toEqual([quiet.slug, popular.slug])
      expect((await findArticleBySlug(db(), quiet.slug))!.updatedAt).toEqual(before)
    })

    it('relate articles of the same category first, then those sharing the most tags, never the article itself', async () => {
      const self = await createArticle(db(), { category: 'moving', tags: ['utilities', 'inspection'] })
      const sameCategory = await createArticle(db(), { category: 'moving', tags: [] })
      const twoTags = await createArticle(db(), { category: 'renting-basics', tags: ['utilities', 'inspection'] })
      const oneTag = await createArticle(db(), { category: 'for-landlords', tags: ['inspection'] })
      await createArticle(db(), { category: 'market-data', tags: ['rents'] })
      const related = await findRelatedArticles(db(), { articleId: self.id, category: 'moving', tags: ['utilities', 'inspection'] })
      expect(related.map((a) => a.slug)).toEqual([sameCategory.slug, twoTags.slug, oneTag.slug])
    })
  })

  describe('search', () => {
    beforeEach(async () => {
      await db().delete(article)
    })

    it('finds articles by words in the body, with the matched words marked in the snippet', async () => {
      const found = await createArticle(db(), {
        title: 'Living with roommates',
        body: '## Sharing a home\n\nAgree early on how the **thermostat** is set, and write it down.\n\n## Money\n\nSplit bills fairly.',
      })
      await createArticle(db(), { title: 'Something else', body: 'Nothing about temperature here.' })
      const result = await searchArticles(db(), { q: 'thermostat' })
      expect(result.total).toBe(1)
      expect(result.hits.map((h) => h.slug)).toEqual([found.slug])
      const snippet = result.hits[0]!.snippet
      expect(snippet.filter((part) => part.isMatch).map((part) => part.text)).toEqual(['thermostat'])
      // The snippet is the plain words: no Markdown marks.
      expect(snippet.map((part) => part.text).join('')).not.toMatch(/[#*]/)
    })

    it('ranks a title match above body matches, however many, then the newest', async () => {
      const older = new Date('2025-03-01T00:00:00Z')
      const bodyOnly = await createArticle(db(), {
        title: 'Moving day logistics',
        body: 'Book the elevator. Elevator slots fill fast; ask about the elevator early, and confirm the elevator the day before.',
        publishedAt: new Date(),
      })
      const titled = await createArticle(db(), {
        title: 'Elevator etiquette in apartment buildings',
        body: 'Hold the door.',
        publishedAt: older,
      })
      const result = await searchArticles(db(), { q: 'elevators' })
      expect(result.hits.map((h) => h.slug)).toEqual([titled.slug, bodyOnly.slug])
      expect(result.hits[0]!.highlightedTitle).toContainEqual({ text: 'Elevator', isMatch: true })
    })

    it('understands phrases and exclusions, and finds nothing for stop words or nonsense without failing', async () => {
      const a = await createArticle(db(), { title: 'Pet deposits', body: 'A pet deposit is refundable.' })
      await createArticle(db(), { title: 'Pet rent', body: 'Pet rent is paid monthly.' })
      expect((await searchArticles(db(), { q: '"pet deposit"' })).hits.map((h) => h.slug)).toEqual([a.slug])
      expect((await searchArticles(db(), { q: 'pet -rent' })).hits.map((h) => h.slug)).toEqual([a.slug])
      for (const q of ['the', '!!!', "'; drop table article; --", '<script>alert(1)</script>', 'a & b | c', '\u27e6pet\u27e7']) {
        const result = await searchArticles(db(), { q })
        expect(Array.isArray(result.hits)).toBe(true)
      }
    })

    it('give snippets as plain text parts: tags in the text are not passed on as markup', async () => {
      await createArticle(db(), { title: 'Escaping', body: 'Beware <b>bold</b> claims about deposits & <script>fees</script>.' })
      const result = await searchArticles(db(), { q: 'deposits' })
      const text = result.hits[0]!.snippet.map((part) => part.text).join('')
      expect(text).toContain('bold')
      expect(text).not.toMatch(/[<>]/)
      expect(result.hits[0]!.snippet).toContainEqual({ text: 'deposits', isMatch: true })
    })
  })

  describe('votes', () => {
    it('are one per visitor per article: a second vote changes the first, and a comment is kept', async () => {
      const { id } = await createArticle(db())
      await voteOnArticle(db(), { articleId: id, voterKey: 'visitor:a', helpful: true })
      await voteOnArticle(db(), { articleId: id, voterKey: 'visitor:b', helpful: true })
      expect(await countArticleVotes(db(), id)).toEqual({ helpful: 2, notHelpful: 0 })

      await voteOnArticle(db(), { articleId: id, voterKey: 'visitor:a', helpful: false })
      expect(await countArticleVotes(db(), id)).toEqual({ helpful: 1, notHelpful: 1 })

      await commentOnArticleVote(db(), { articleId: id, voterKey: 'visitor:a', comment: 'Please add a section on pets.' })
      expect(await findArticleVote(db(), { articleId: id, voterKey: 'visitor:a' })).toEqual({
        helpful: false,
        comment: 'Please add a section on pets.',
      })
      const rows = await db().select().from(articleVote).where(eq(articleVote.articleId, id))
      expect(rows).toHaveLength(2)
    })

    it('refuse a comment before a vote, and a vote on a draft', async () => {
      const { id } = await createArticle(db())
      await expect(commentOnArticleVote(db(), { articleId: id, voterKey: 'visitor:c', comment: 'Hi' })).rejects.toMatchObject({
        code: 'invalid',
      })
      const draft = await createArticle(db(), { status: 'draft', publishedAt: null })
      await expect(voteOnArticle(db(), { articleId: draft.id, voterKey: 'visitor:c', helpful: true })).rejects.toMatchObject({
        code: 'not-found',
      })
    })
  })

  describe('GET /api/recent-posts', () => {
    beforeEach(async () => {
      await db().delete(article)
    })

    it('serves the newest public articles as JSON, never a draft or a scheduled one', async () => {
      const older = await createArticle(db(), { title: 'Older', publishedAt: new Date('2025-02-01T00:00:00Z') })
      const newer = await createArticle(db(), { title: 'Newer', publishedAt: new Date('2025-02-02T00:00:00Z') })
      await createArticle(db(), { title: 'Draft', status: 'draft', publishedAt: null })
      await createArticle(db(), { title: 'Scheduled', publishedAt: tomorrow() })
      const res = await t.app.request(`${TEST_ORIGIN}/api/recent-posts`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      const posts = (await res.json()) as { slug: string; title: string; summary: string; publishedAt: string }[]
      expect(posts.map((p) => p.slug)).toEqual([newer.slug, older.slug])
      expect(posts[0]).toEqual({
        slug: newer.slug,
        title: 'Newer',
        summary: 'A short guide to keeping receipts and records during a tenancy.',
        publishedAt: '2025-02-02T00:00:00.000Z',
      })
    })

    it('follow publishing: an unpublished article leaves, a scheduled one arrives when its time comes', async () => {
      const posts = async () =>
        ((await (await t.app.request(`${TEST_ORIGIN}/api/recent-posts`)).json()) as { slug: string }[]).map((p) => p.slug)
      const live = await createArticle(db())
      const later = await createArticle(db(), { publishedAt: tomorrow() })
      expect(await posts()).toEqual([live.slug])
      await db().update(article).set({ status: 'draft' }).where(eq(article.id, live.id))
      await db()
        .update(article)
        .set({ publishedAt: new Date(Date.now() - 1000) })
        .where(eq(article.id, later.id))
      expect(await posts()).toEqual([later.slug])
      await db().delete(article)
    })

    it('answers an empty list before any article exists', async () => {
      const res = await t.app.request(`${TEST_ORIGIN}/api/recent-posts`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([])
    })
  })
})
