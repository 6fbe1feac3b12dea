// The content routes' loaders against a real database: what the pages get to render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { seedArticles as seedArticleTexts } from '#server/content/seed/articles.ts'
import { seedArticles } from '#server/seed/articles.server.ts'
import { toastHeaders } from '#server/http/flash.server.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { loader as articleLoader } from './knowledge-article.tsx'
import { loader as knowledgeLoader } from './knowledge.tsx'

type AnyLoader = (args: never) => unknown

describe('content routes', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
    await seedArticles(t.services.database.db)
  })
  afterAll(async () => {
    await t.close()
  })

  function call<L extends AnyLoader>(loader: L, path: string, params: Record<string, string> = {}, init?: RequestInit) {
    const request = new Request(`${TEST_ORIGIN}${path}`, init)
    return loader({ request, params, context: t.context(), unstable_pattern: path } as never) as ReturnType<L>
  }

  it('/knowledge shows the newest articles first, the categories and the most read', async () => {
    const result = await call(knowledgeLoader, '/knowledge')
    if (!('newest' in result)) throw new Error('expected the page data')
    const newestFirst = [...seedArticleTexts].sort((a, b) => b.publishedOn.localeCompare(a.publishedOn))
    expect(result.newest.map((a) => a.slug)).toEqual(newestFirst.slice(0, result.newest.length).map((a) => a.slug))
    expect(result.mostRead.length).toBeGreaterThan(0)
    expect(Object.values(result.counts).reduce((sum, n) => sum + n, 0)).toBe(seedArticleTexts.length)
  })

  it('/knowledge/:slug gives the article rendered from Markdown, with its table of contents', async () => {
    const { article } = await call(articleLoader, '/knowledge/spotting-rental-scams', { slug: 'spotting-rental-scams' })
    expect(article.title).toBe('Spotting rental scams')
    expect(article.headings.length).toBeGreaterThanOrEqual(2)
    expect(article.html).toContain(`<h2 id="${article.headings[0]!.id}">`)
    expect(article.readingMinutes).toBeGreaterThanOrEqual(1)
  })

  it('/knowledge/:slug answers 404 for an unknown article', async () => {
    const result = call(articleLoader, '/knowledge/no-such-article', { slug: 'no-such-article' })
    await expect(result).rejects.toBeInstanceOf(Response)
    await expect(result).rejects.toMatchObject({ status: 404 })
  })

  it('the root loader hands the frame a visitor with nothing unread', async () => {
    const result = await call(rootLoader, '/')
    expect(result.data).toMatchObject({
      user: null,
      unread: 0,
      toast: null,
      social: [
        { label: 'Facebook', href: '#' },
        { label: 'Instagram', href: '#' },
      ],
    })
  })

  it('the root loader passes on a flash toast once, with an id, and clears the cookie', async () => {
    const setCookie = (await toastHeaders({ type: 'success', message: 'Your listing was saved.' })).get('Set-Cookie')!
    const cookie = setCookie.split(';')[0]!
    const first = await call(rootLoader, '/', {}, { headers: { Cookie: cookie } })
    expect(first.data.toast).toMatchObject({ type: 'success', message: 'Your listing was saved.' })
    expect(first.data.toast?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Headers(first.init?.headers).get('Set-Cookie')).toMatch(/^cooper_flash=;.*Max-Age=0/i)

    const again = await call(rootLoader, '/', {}, { headers: { Cookie: cookie } })
    expect(again.data.toast?.id).not.toBe(first.data.toast?.id)
  })
})
