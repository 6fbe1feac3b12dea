// The knowledge base as a browser without JavaScript and a feed reader receive it: whole documents
// and feeds from the real HTTP app on a real database.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { article, articleVote } from '#server/db/schema.ts'
import { createArticle, tomorrow } from '#tests/support/articles.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signIn, signUpVerifiedUser } from '#tests/support/users.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe('knowledge-base pages', () => {
  let t: TestServices
  let pages: PageApp
  const db = () => t.services.database.db
  let shown: { id: number; slug: string }
  let draft: { id: number; slug: string }
  let scheduled: { id: number; slug: string }

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    shown = await createArticle(db(), {
      title: 'Radiators and heating bills',
      summary: 'How radiators are billed in older buildings.',
      body: '## Who pays\n\nIn older buildings the **radiators** often run on a shared boiler.\n\n## Saving energy\n\nBleed each radiator once a year.',
      category: 'moving',
      tags: ['heating', 'utilities'],
    })
    await createArticle(db(), { title: 'Utilities at move-in', category: 'moving', tags: ['utilities'] })
    draft = await createArticle(db(), {
      title: 'Radiator draft',
      body: 'radiators',
      status: 'draft',
      publishedAt: null,
      category: 'moving',
    })
    scheduled = await createArticle(db(), { title: 'Radiators next week', body: 'radiators', publishedAt: tomorrow(), category: 'moving' })
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const request = (pathname: string, init: RequestInit = {}) => pages.app.request(`${TEST_ORIGIN}${pathname}`, init)
  const readCount = async (id: number) => (await db().select({ n: article.readCount }).from(article).where(eq(article.id, id)))[0]!.n

  describe('search without JavaScript', () => {
    it('answers a GET form with the matching articles, their count and the matched words marked', async () => {
      const { status, html } = await pages.get('/knowledge?q=radiators')
      expect(status).toBe(200)
      expect(html).toContain('1 article matches “radiators”.')
      expect(html).toMatch(/<mark[^>]*>Radiators<\/mark>/)
      expect(html).toMatch(/<mark[^>]*>radiators<\/mark>/)
      expect(html).toContain(`href="/knowledge/${shown.slug}"`)
      expect(html).not.toContain(draft.slug)
      expect(html).not.toContain(scheduled.slug)
      expect(html).toContain('<meta name="robots" content="noindex"/>')
    })

    it('says when nothing matched and how to search better', async () => {
      const { status, html } = await pages.get('/knowledge?q=zeppelin')
      expect(status).toBe(200)
      expect(html).toContain('No articles match “zeppelin”.')
      expect(html).toContain('Nothing found for these words.')
    })

    it('answers bad input with a clear message and the page, never a failure', async () => {
      const cases: [string, RegExp][] = [
        [`?q=${'deposit '.repeat(40)}`, /Search for at most 200 characters/],
        ['?q=pet%00rent', /without control characters/],
      ]
      for (const [search, message] of cases) {
        const { status, html } = await pages.get(`/knowledge${search}`)
        expect(status, search).toBe(400)
        expect(html).toMatch(message)
        expect(html).toContain('aria-invalid="true"')
      }
      for (const q of ['"', '-', '!(', '&|:*', '%E2%80%AE', "'); drop table article; --"]) {
        const { status } = await pages.get(`/knowledge?q=${encodeURIComponent(q)}`)
        expect(status, q).toBe(200)
      }
    })
  })

  describe('visibility', () => {
    it('keeps drafts and scheduled articles off the article pages, the category pages, the feed and the sitemap', async () => {
      for (const hidden of [draft, scheduled]) expect((await pages.get(`/knowledge/${hidden.slug}`)).status).toBe(404)
      const category = await pages.get('/knowledge/category/moving')
      expect(category.status).toBe(200)
      expect(category.html).toContain(shown.slug)
      const feed = await (await request('/knowledge/feed.xml')).text()
      const sitemap = await (await request('/sitemap.xml?part=pages')).text()
      for (const text of [category.html, feed, sitemap]) {
        expect(text).not.toContain(draft.slug)
        expect(text).not.toContain(scheduled.slug)
      }
      expect(feed).toContain(`${TEST_ORIGIN}/knowledge/${shown.slug}`)
      expect(sitemap).toContain(`<loc>${TEST_ORIGIN}/knowledge/${shown.slug}</loc>`)
      expect(sitemap).toContain(`<loc>${TEST_ORIGIN}/knowledge/category/moving</loc>`)
    })

    it('answers 404 for an article address no article can have', async () => {
      for (const slug of ['no-such-article', 'a%00b', 'x'.repeat(400), '%E2%80%AE']) {
        expect((await pages.get(`/knowledge/${slug}`)).status, slug.slice(0, 20)).toBe(404)
      }
    })

    it('answers 404 for an unknown category', async () => {
      expect((await pages.get('/knowledge/category/astrology')).status).toBe(404)
    })
  })

  describe('the Atom feed', () => {
    it('is Atom 1.0 with absolute addresses, linked from /knowledge', async () => {
      const response = await request('/knowledge/feed.xml')
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('application/atom+xml; charset=utf-8')
      const xml = await response.text()
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/)
      expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${TEST_ORIGIN}/knowledge/feed.xml"/>`)
      expect(xml).toMatch(/<updated>\d{4}-\d\d-\d\dT[\d:.]+Z<\/updated>/)
      const entries = xml.match(/<entry>[\s\S]*?<\/entry>/g) ?? []
      expect(entries).toHaveLength(2)
      for (const entry of entries) {
        for (const element of ['title', 'id', 'updated', 'published', 'summary']) expect(entry).toContain(`<${element}>`)
        expect(entry).toMatch(new RegExp(`<link rel="alternate" type="text/html" href="${TEST_ORIGIN}/knowledge/[a-z0-9-]+"/>`))
      }
      const { html } = await pages.get('/knowledge')
      expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/knowledge\/feed.xml"/)
      expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/knowledge"/>`)
    })

    it('holds the 20 newest public articles', async () => {
      for (let i = 0; i < 21; i += 1) await createArticle(db(), { title: `Filler ${i}`, publishedAt: new Date(Date.UTC(2025, 0, 1 + i)) })
      const xml = await (await request('/knowledge/feed.xml')).text()
      expect(xml.match(/<entry>/g)).toHaveLength(20)
      await db().delete(article).where(eq(article.summary, 'A short guide to keeping receipts and records during a tenancy.'))
      await createArticle(db(), { title: 'Utilities at move-in', category: 'moving', tags: ['utilities'] })
    })
  })

  describe('an article page', () => {
    it('has a table of contents, reading time, category, tags, related articles, a canonical URL and Article JSON-LD', async () => {
      const { status, html } = await pages.get(`/knowledge/${shown.slug}`)
      expect(status).toBe(200)
      expect(html).toMatch(/<nav aria-labelledby="toc-heading"/)
      expect(html).toContain('<a href="#who-pays"')
      expect(html).toContain('<h2 id="who-pays">Who pays</h2>')
      expect(html).toContain('min read')
      expect(html).toContain('href="/knowledge/category/moving"')
      expect(html).toContain('Related articles')
      expect(html).toContain('Utilities at move-in')
      expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/knowledge/${shown.slug}"/>`)
      const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1]
      expect(JSON.parse(jsonLd!)).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Radiators and heating bills',
        description: 'How radiators are billed in older buildings.',
        author: { name: 'Cooper Home' },
      })
      expect(JSON.parse(jsonLd!).datePublished).toMatch(/^\d{4}-\d\d-\d\dT/)
      expect(JSON.parse(jsonLd!).dateModified).toMatch(/^\d{4}-\d\d-\d\dT/)
    })

    it('counts a read per page view by a person, not by a crawler', async () => {
      const before = await readCount(shown.id)
      await request(`/knowledge/${shown.slug}`, { headers: { 'User-Agent': BROWSER } })
      await request(`/knowledge/${shown.slug}`, { headers: { 'User-Agent': BROWSER } })
      await request(`/knowledge/${shown.slug}`, { headers: { 'User-Agent': CRAWLER } })
      expect(await readCount(shown.id)).toBe(before + 2)
    })
  })

  describe('"Was this helpful?"', () => {
    const post = (fields: Record<string, string>, cookie?: string) =>
      pages.app.request(
        formRequest(`/knowledge/${shown.slug}`, fields, { headers: { ...(cookie ? { Cookie: cookie } : {}), 'User-Agent': BROWSER } }),
      )
    const votes = () => db().select().from(articleVote).where(eq(articleVote.articleId, shown.id))

    it('takes one vote per visitor, lets them change it and add a comment, without JavaScript', async () => {
      const before = await readCount(shown.id)
      const first = await post({ intent: 'vote', helpful: 'yes' })
      expect(first.status).toBe(200)
      expect(await first.text()).toContain('Thank you for your feedback.')
      const setCookie = first.headers.get('Set-Cookie')!
      expect(setCookie).toMatch(/^cooper_visitor=.*HttpOnly/i)
      const cookie = setCookie.split(';')[0]!

      await post({ intent: 'vote', helpful: 'no' }, cookie)
      const comment = await post({ intent: 'comment', comment: 'Say which states cap deposits.' }, cookie)
      expect(await comment.text()).toContain('Thank you, your comment was sent to our editors.')
      expect((await votes()).map(({ helpful, comment }) => ({ helpful, comment }))).toEqual([
        { helpful: false, comment: 'Say which states cap deposits.' },
      ])

      // Another visitor is another vote; the page drawn after a vote is not another read.
      await post({ intent: 'vote', helpful: 'yes' })
      expect(await votes()).toHaveLength(2)
      expect(await readCount(shown.id)).toBe(before)

      // The visitor sees their answer when they come back.
      const again = await pages.get(`/knowledge/${shown.slug}`, cookie)
      expect(again.html).toContain('You answered No. You can change your answer.')
      expect(again.html).toContain('Say which states cap deposits.</textarea>')
    })

    it('refuses a missing answer, a comment before a vote and a comment too long, with a message', async () => {
      const cases: [Record<string, string>, RegExp][] = [
        [{ intent: 'vote' }, /Choose Yes or No/],
        [{ intent: 'comment', comment: 'Hello' }, /Answer Yes or No first/],
        [{ intent: 'comment', comment: 'x'.repeat(501) }, /500 characters or fewer/],
        [{ intent: 'comment', comment: 'nul\u0000here' }, /without control characters/],
        [{ intent: 'delete-everything' }, /Choose Yes or No/],
      ]
      for (const [fields, message] of cases) {
        const response = await post(fields)
        expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(400)
        expect(await response.text()).toMatch(message)
      }
    })

    it('counts a signed-in user once, on every device, without a visitor cookie', async () => {
      const user = await signUpVerifiedUser(t)
      const first = await post({ intent: 'vote', helpful: 'yes' }, user.cookie)
      expect(first.headers.get('Set-Cookie') ?? '').not.toContain('cooper_visitor')
      await post({ intent: 'vote', helpful: 'no' }, await signIn(t, user))
      const mine = (await votes()).filter((vote) => vote.voterKey === `user:${user.id}`)
      expect(mine.map((vote) => vote.helpful)).toEqual([false])
    })

    it('answers 404 for a vote on a draft', async () => {
      const response = await pages.app.request(formRequest(`/knowledge/${draft.slug}`, { intent: 'vote', helpful: 'yes' }))
      expect(response.status).toBe(404)
    })
  })
})
