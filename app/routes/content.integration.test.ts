// The content routes' loaders against a real database: what the pages get to render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
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

  it('/knowledge lists every article, newest first', async () => {
    const { articles } = await call(knowledgeLoader, '/knowledge')
    expect(articles.map((a) => a.title)).toEqual([
      "Renter's checklist for move-in day",
      'Spotting rental scams',
      'Preparing your listing photos',
      'Questions to ask before signing a lease',
      'Security deposits: what to expect',
      'How to read an all-in monthly cost',
    ])
  })

  it('/knowledge/:slug gives the article split into paragraphs', async () => {
    const { article } = await call(articleLoader, '/knowledge/spotting-rental-scams', { slug: 'spotting-rental-scams' })
    expect(article.title).toBe('Spotting rental scams')
    expect(article.paragraphs.length).toBeGreaterThanOrEqual(5)
    expect(article.paragraphs[0]).toMatch(/^Most people who list homes are honest/)
    expect(article.paragraphs.every((p) => !p.includes('\n'))).toBe(true)
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
