// Whole documents as a browser receives them: the app compiled by Vite, served by the real HTTP app
// on a real database, before any script runs.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { user } from '#server/db/schema.ts'
import { storeDirectMessage as sendDirectMessage, storeReadMark as markConversationRead } from '#server/messages/direct-write.server.ts'
import { openConversation } from '#server/messages/open-conversation.server.ts'
import { seedArticles } from '#server/seed/articles.server.ts'
import { seedContent } from '#server/seed/content.server.ts'
import { createPerson } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

describe('server-rendered pages', () => {
  let t: TestServices
  let pages: PageApp

  beforeAll(async () => {
    t = await createTestServices()
    await seedArticles(t.services.database.db)
    await seedContent(t.services.database.db)
    pages = await createPageApp(t)
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const get = (pathname: string, cookie?: string) => pages.get(pathname, cookie)

  /** A confirmed account, signed in: the Cookie header its browser would send. */
  async function signIn(name: string, email: string) {
    const password = 'a quiet harbour at noon'
    const { auth, database } = t.services
    await auth.api.signUpEmail({
      body: { name, email, password, termsVersion: siteConfig.termsVersion },
      headers: new Headers({ 'x-forwarded-for': '198.51.100.7' }),
    })
    await database.db
      .update(user)
      .set({ emailVerified: true })
      .where(sql`${user.email} = ${email}`)
    const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(), returnHeaders: true })
    return headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]

  it('render every content page inside the frame, each with its own title', async () => {
    const titles = new Set<string>()
    for (const pathname of ['/', '/properties', '/cooper', '/knowledge', '/faq', '/terms', '/chat', '/knowledge/spotting-rental-scams']) {
      const { status, html } = await get(pathname)
      expect(status, pathname).toBe(200)
      expect(html).toContain('<section aria-label="Contact"')
      expect(html).toContain('<nav aria-label="Main"')
      expect(html).toMatch(/<main id="main"/)
      expect(html).toContain('<footer')
      expect(html.match(/<h1[\s>]/g), `${pathname} has one h1`).toHaveLength(1)
      expect(html.match(/<title>/g), `${pathname} has one title`).toHaveLength(1)
      titles.add(titleOf(html)!)
    }
    expect(titles.size).toBe(8)
  })

  it('home offers a search that goes to /properties with q', async () => {
    const { html } = await get('/')
    expect(html).toMatch(/<form[^>]*action="\/properties"/)
    expect(html).toMatch(/<label for="home-search"[^>]*>Where do you want to live\?<\/label>/)
    expect(html).toMatch(
      /<input id="home-search" type="text"[^>]*role="combobox" aria-autocomplete="list" aria-expanded="false"[^>]*name="q"/,
    )
  })

  it('promise only what the site does: no applications, bookings or payments', async () => {
    for (const pathname of ['/', '/login', '/register']) {
      const { html } = await get(pathname)
      const text = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')
      expect(text, pathname).not.toMatch(/\bapply for\b|\bapplications?\b|book your stay|\bpay (the )?rent\b/i)
    }
  })

  it('/properties repeats the search, escaped', async () => {
    const { html } = await get(`/properties?q=${encodeURIComponent('<b>Dover</b>')}`)
    expect(html).toMatch(/<h1[^>]*>Homes for rent in &lt;b&gt;Dover&lt;\/b&gt;<\/h1>/)
    expect(html).not.toContain('<b>Dover</b>')
  })

  it('/terms shows the version of the terms', async () => {
    const { html } = await get('/terms')
    expect(html).toContain('Version <!-- -->2025-01-15')
  })

  it('/faq arrives with every answer open, a canonical link and FAQPage JSON-LD', async () => {
    const { html } = await get('/faq')
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/faq"/>')
    const buttons = html.match(/<button[^>]*aria-expanded="true"[^>]*aria-controls="[^"]+-answer"/g) ?? []
    expect(buttons.length).toBeGreaterThanOrEqual(8)
    expect(html).not.toMatch(/id="[^"]+-answer" hidden/)
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1]
    const faqPage = JSON.parse(jsonLd!) as { '@type': string; mainEntity: { '@type': string; name: string }[] }
    expect(faqPage['@type']).toBe('FAQPage')
    expect(faqPage.mainEntity).toHaveLength(buttons.length)
    expect(faqPage.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } })
  })

  it('/terms lists its versions and announces the scheduled one; a draft or unknown label is 404', async () => {
    const { html } = await get('/terms')
    expect(html).toContain('aria-label="Sections of the terms"')
    expect(html).toMatch(/New terms take effect on/)
    const scheduled = /href="(\/terms\/\d{4}-\d{2}-\d{2})"/.exec(html)?.[1]
    expect(scheduled).toBeDefined()
    const next = await get(scheduled!)
    expect(next.status).toBe(200)
    expect(next.html).toContain('These terms are not in force yet.')
    expect(next.html).toContain('<meta name="robots" content="noindex"/>')
    expect((await get('/terms/1999-01-01')).status).toBe(404)
  })

  it('an unknown address answers 404 with a page-not-found page inside the frame', async () => {
    const { status, html } = await get('/no-such-page/anywhere')
    expect(status).toBe(404)
    expect(titleOf(html)).toBe('Page not found · Cooper Home')
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/)
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go to the home page<\/a>/)
    expect(html).toContain('<nav aria-label="Main"')
    expect(html).toContain('<footer')
  })

  it('an unknown article answers 404 and points back to the knowledge base', async () => {
    const { status, html } = await get('/knowledge/no-such-article')
    expect(status).toBe(404)
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/)
    expect(html).toMatch(/href="\/knowledge"[^>]*>Browse the knowledge base</)
  })

  it('show a signed-in user in the navigation from the first byte, with the unread count', async () => {
    const cookie = await signIn('Grace Tenant', 'grace.tenant@example.com')
    const db = t.services.database.db
    const [grace] = await db
      .select({ id: user.id })
      .from(user)
      .where(sql`${user.email} = 'grace.tenant@example.com'`)
    const landlord = await createPerson(db, { role: 'landlord' })
    const { conversationId } = await openConversation(db, { userId: landlord.id, otherUserId: grace!.id })
    for (const [i, body] of ['The flat is still available.', 'Viewing on Saturday works.', 'Thanks!'].entries()) {
      await sendDirectMessage(db, {
        senderId: landlord.id,
        conversationId,
        input: { body, clientTxnId: `page-test-${i}` },
        enforceRateLimit: false,
      })
    }
    // The oldest is read: two remain.
    await markConversationRead(db, { userId: grace!.id, conversationId, throughSeq: 1 })
    const { status, html } = await get('/', cookie)
    expect(status).toBe(200)
    const nav = html.slice(html.indexOf('<nav aria-label="Main"'), html.indexOf('</nav>'))
    expect(nav).toMatch(/href="\/userprofile"[^>]*>.*Grace Tenant<\/span><\/a>/)
    expect(nav).toMatch(/>Logout<\/button>/)
    expect(nav).not.toContain('href="/login"')
    expect(nav).toMatch(
      /href="\/chat"[^>]*>Chat room<span aria-hidden="true"[^>]*>2<\/span><span class="sr-only"> \(<!-- -->2 unread messages<!-- -->\)<\/span><\/a>/,
    )
  })

  it('an unexpected failure answers 500 inside the frame, without internals', async () => {
    const cookie = await signIn('Henry Lessee', 'henry.lessee@example.com')
    // A real database failure in the root loader itself: the frame must still render, as a visitor's.
    await t.services.database.db.execute(sql`alter table profile rename to profile_unavailable`)
    try {
      const { status, html } = await get('/knowledge', cookie)
      expect(status).toBe(500)
      expect(html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/)
      expect(titleOf(html)).toBe('Something went wrong · Cooper Home')
      expect(html).toContain('<nav aria-label="Main"')
      expect(html).toMatch(/href="\/login"[^>]*>Login</)
      expect(html).toContain('<footer')
      expect(html).not.toMatch(/profile_unavailable|relation|\.ts:\d+|\.js:\d+|stack/i)
    } finally {
      await t.services.database.db.execute(sql`alter table profile_unavailable rename to profile`)
    }
  })
})

describe('a page the browser stopped waiting for', () => {
  let t: TestServices
  let pages: PageApp
  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
  }, 120_000)
  afterAll(async () => {
    await pages.close()
    await t.close()
  })

  it('is logged as abandoned, not as a failure of the server', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }
    const child = vi.spyOn(t.services.logger, 'child').mockReturnValue(log as never)
    try {
      // A navigation that the person left before its data arrived: the request is already aborted.
      const gone = new AbortController()
      gone.abort()
      const res = await pages.app.request('/properties.data', { signal: gone.signal })
      expect(res.status).toBe(500)
      expect(log.error).not.toHaveBeenCalled()
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/properties.data', status: 500 }),
        'request abandoned by the client',
      )
      // The same request still waited for is answered as usual.
      const kept = await pages.app.request('/properties.data')
      expect(kept.status).toBe(200)
    } finally {
      child.mockRestore()
    }
  })
})
