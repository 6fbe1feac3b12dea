// The admin content pages as whole documents, served by the real HTTP app before any script runs:
// who gets which status, and hostile Markdown in an article's body that stays inert in the editor's
// document (its preview pane and the page data the browser receives alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveContentItem } from '#server/content/index.server.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

const HOSTILE = [
  '</script><script>window.hacked = 1</script>',
  '<img src=x onerror="window.hacked = 2">',
  '[link](javascript:window.hacked=3)',
  '<iframe srcdoc="<script>window.hacked = 4</script>"></iframe>',
  '"><svg onload="window.hacked = 5">',
  '\u2028\u2029</SCRIPT ><!--<script>',
].join('\n\n')

describe('the admin content documents', () => {
  let t: TestServices
  let pages: PageApp
  let admin: TestUser
  let member: TestUser
  let articleId: number

  beforeAll(async () => {
    t = await createTestServices()
    admin = await establishedUser(t, { name: 'Dana Admin', isAdministrator: true })
    member = await establishedUser(t, { name: 'Morgan Member' })
    const fields = {
      title: 'Hostile text',
      slug: 'hostile-text',
      summary: 'A body full of traps.',
      category: 'moving',
      tags: [],
      body: HOSTILE,
      status: 'published',
      publishedAt: new Date(),
    }
    ;({ id: articleId } = await saveContentItem(t.services.database.db, { kind: 'article', editorId: admin.id, fields }))
    pages = await createPageApp(t)
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  it('answers administrators 200, and members and visitors 404 without a word of the page', async () => {
    const paths = [
      '/admin/content',
      '/admin/content/articles/new',
      `/admin/content/articles/${articleId}`,
      `/admin/content/articles/${articleId}/revisions?compare=1`,
    ]
    for (const path of paths) {
      expect((await pages.get(path, admin.cookie)).status, path).toBe(200)
      const refused = await pages.get(path, member.cookie)
      expect(refused.status, path).toBe(404)
      expect(refused.html, path).not.toContain('Hostile text')
      const visitor = await pages.app.request(`http://localhost:3000${path}`)
      expect(visitor.status, path).toBe(404)
      expect(visitor.headers.get('Location'), path).toBeNull()
    }
  })

  it('keeps hostile Markdown inert in the editor, in its preview and in the page data', async () => {
    const { status, html } = await pages.get(`/admin/content/articles/${articleId}`, admin.cookie)
    expect(status).toBe(200)
    const plain = await pages.get('/admin/content/articles/new', admin.cookie)
    // The same scripts as an empty editor: none came from the article.
    const scriptTags = (page: string) => (page.match(/<script[\s>]/gi) ?? []).length
    expect(scriptTags(html)).toBe(scriptTags(plain.html))
    expect(html).not.toMatch(/<(img|svg|iframe)\b[^>]*\son\w+=/i)
    expect(html).not.toMatch(/<iframe/i)
    expect(html).not.toMatch(/href="javascript:/i)
    // The text is there, escaped, in the textarea.
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.hacked = 1&lt;/script&gt;')
  })
})
