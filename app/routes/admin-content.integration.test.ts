// The administrators' content pages against a real database (PGlite and PostgreSQL): who may open
// and post to them, creating, editing, scheduling, publishing and unpublishing, the revision each save
// keeps, comparing and restoring, stale saves refused, slug and input errors, and hostile Markdown.
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminAudit, article, articleVote, contentRevision, faqEntry, termsVersion } from '#server/db/schema.ts'
import { findArticleBySlug, renderMarkdown } from '#server/content/index.server.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'
import { action as editAction, loader as editLoader } from './admin-content-edit.tsx'
import { action as previewAction, loader as previewLoader } from './admin-content-preview.ts'
import { action as revisionsAction, loader as revisionsLoader } from './admin-content-revisions.tsx'
import { loader as overviewLoader } from './admin-content.tsx'
import { problemsIn } from '#tests/support/html-safety.ts'
import { XSS_PAYLOADS } from '#tests/support/xss-payloads.ts'

type Outcome = { status: number; location: string | null; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the shape it expects

let t: TestServices
let admin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestServices()
  admin = await establishedUser(t, { name: 'Dana Admin', isAdministrator: true })
  member = await establishedUser(t, { name: 'Morgan Member' })
})

afterAll(async () => {
  await t?.close()
})

type Handler = (args: never) => unknown

/** A loader's or action's answer as the browser would get it: status, redirect target and data. */
async function outcomeOf(work: () => unknown): Promise<Outcome> {
  let result: unknown
  try {
    result = await work()
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) {
    const type = result.headers.get('Content-Type') ?? ''
    const body = type.includes('json') ? await result.json() : await result.text()
    return { status: result.status, location: result.headers.get('Location'), body }
  }
  if (result && typeof result === 'object' && 'type' in result && result.type === 'DataWithResponseInit') {
    const { data, init } = result as unknown as { data: unknown; init: ResponseInit | null }
    return { status: init?.status ?? 200, location: null, body: data }
  }
  return { status: 200, location: null, body: result }
}

function get(loader: Handler, path: string, params: Record<string, string>, cookie?: string) {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  return outcomeOf(() => loader({ request, params, context: t.context(), unstable_pattern: path } as never))
}

function post(action: Handler, path: string, params: Record<string, string>, fields: Record<string, string>, cookie?: string) {
  const request = formRequest(path, fields, { headers: cookie ? { Cookie: cookie } : {} })
  return outcomeOf(() => action({ request, params, context: t.context(), unstable_pattern: path } as never))
}

const articleFields = (overrides: Record<string, string> = {}) => ({
  intent: 'save',
  title: 'Checking a lease before you sign',
  slug: `checking-a-lease-${Math.random().toString(36).slice(2, 8)}`,
  summary: 'What to read twice.',
  category: 'leases-and-contracts',
  tags: 'lease, signing',
  body: '## Before you sign\n\nRead every clause about the deposit.',
  status: 'draft',
  when: 'now',
  publishAt: '',
  ...overrides,
})

const idFromLocation = (location: string | null) => Number(/\/admin\/content\/\w+\/(\d+)$/.exec(location ?? '')?.[1])

async function createArticle(overrides: Record<string, string> = {}) {
  const fields = articleFields(overrides)
  const created = await post(editAction, '/admin/content/articles/new', { kind: 'articles', id: 'new' }, fields, admin.cookie)
  expect(created.status, JSON.stringify(created.body)).toBe(302)
  return { id: idFromLocation(created.location), fields }
}

async function storedArticle(id: number) {
  const [row] = await t.services.database.db.select().from(article).where(eq(article.id, id))
  return row!
}

async function revisionCount(kind: 'article' | 'faq' | 'terms', id: number) {
  const [row] = await t.services.database.db
    .select({ n: count() })
    .from(contentRevision)
    .where(and(eq(contentRevision.kind, kind), eq(contentRevision.itemId, id)))
  return row!.n
}

const editParams = (id: number) => ({ kind: 'articles', id: String(id) })
const editPath = (id: number) => `/admin/content/articles/${id}`

describe('who may use the content editor', () => {
  it('answers visitors and members 404 on every page, post and preview (the console exists for administrators only)', async () => {
    const { id } = await createArticle()
    const before = await storedArticle(id)
    const revisionsBefore = await revisionCount('article', id)
    const pages: [Handler, string, Record<string, string>][] = [
      [overviewLoader, '/admin/content', {}],
      [editLoader, '/admin/content/articles/new', { kind: 'articles', id: 'new' }],
      [editLoader, editPath(id), editParams(id)],
      [editLoader, '/admin/content/faq/new', { kind: 'faq', id: 'new' }],
      [editLoader, '/admin/content/terms/new', { kind: 'terms', id: 'new' }],
      [revisionsLoader, `${editPath(id)}/revisions`, editParams(id)],
      [revisionsLoader, `${editPath(id)}/revisions?compare=1`, editParams(id)],
      [previewLoader, '/admin/content/preview', {}],
    ]
    for (const [loader, path, params] of pages) {
      const visitor = await get(loader, path, params)
      expect(visitor.status, `visitor ${path}`).toBe(404)
      expect(visitor.location, path).toBeNull()
      expect((await get(loader, path, params, member.cookie)).status, `member ${path}`).toBe(404)
    }
    const posts: [Handler, string, Record<string, string>, Record<string, string>][] = [
      [editAction, '/admin/content/articles/new', { kind: 'articles', id: 'new' }, articleFields()],
      [editAction, editPath(id), editParams(id), articleFields({ title: 'Taken over', version: '1' })],
      [editAction, editPath(id), editParams(id), articleFields({ intent: 'preview' })],
      [editAction, editPath(id), editParams(id), { intent: 'publish', version: '1' }],
      [editAction, editPath(id), editParams(id), { intent: 'unpublish', version: '1' }],
      [editAction, '/admin/content/faq/new', { kind: 'faq', id: 'new' }, { intent: 'save' }],
      [editAction, '/admin/content/terms/new', { kind: 'terms', id: 'new' }, { intent: 'save' }],
      [revisionsAction, `${editPath(id)}/revisions`, editParams(id), { intent: 'restore', revision: '1', version: '1' }],
      [previewAction, '/admin/content/preview', {}, { markdown: '# Hello' }],
    ]
    for (const [action, path, params, fields] of posts) {
      const visitor = await post(action, path, params, fields)
      expect(visitor.status, `visitor POST ${path} ${fields.intent}`).toBe(404)
      expect(visitor.location).toBeNull()
      expect((await post(action, path, params, fields, member.cookie)).status, `member POST ${path} ${fields.intent}`).toBe(404)
    }
    expect(await storedArticle(id)).toEqual(before)
    expect(await revisionCount('article', id)).toBe(revisionsBefore)
  })

  it('opens every page to an administrator', async () => {
    const { id } = await createArticle()
    expect((await get(overviewLoader, '/admin/content', {}, admin.cookie)).status).toBe(200)
    expect((await get(editLoader, editPath(id), editParams(id), admin.cookie)).status).toBe(200)
    expect((await get(revisionsLoader, `${editPath(id)}/revisions`, editParams(id), admin.cookie)).status).toBe(200)
    expect((await get(editLoader, '/admin/content/nothing/new', { kind: 'nothing', id: 'new' }, admin.cookie)).status).toBe(404)
    expect((await get(editLoader, '/admin/content/articles/999999', { kind: 'articles', id: '999999' }, admin.cookie)).status).toBe(404)
    expect((await get(editLoader, '/admin/content/articles/x1', { kind: 'articles', id: 'x1' }, admin.cookie)).status).toBe(404)
  })
})

describe('an administrator editing articles', () => {
  it('creates a draft, edits it, schedules, publishes and unpublishes it, keeping a revision of each save', async () => {
    const { id, fields } = await createArticle()
    let row = await storedArticle(id)
    expect(row).toMatchObject({
      title: fields.title,
      status: 'draft',
      publishedAt: null,
      version: 1,
      authorId: admin.id,
      tags: ['lease', 'signing'],
    })
    const overview = await get(overviewLoader, '/admin/content', {}, admin.cookie)
    expect(overview.body.articles).toContainEqual(expect.objectContaining({ id, title: fields.title, status: 'draft' }))

    const edited = await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: 'Reading a lease before you sign', version: '1' },
      admin.cookie,
    )
    expect(edited).toMatchObject({ status: 302, location: editPath(id) })
    row = await storedArticle(id)
    expect(row).toMatchObject({ title: 'Reading a lease before you sign', version: 2 })

    const future = new Date(Date.now() + 7 * 86_400_000)
    const at = future.toISOString().slice(0, 16)
    await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: row.title, status: 'published', when: 'at', publishAt: at, version: '2' },
      admin.cookie,
    )
    row = await storedArticle(id)
    expect(row).toMatchObject({ status: 'published', version: 3 })
    expect(row.publishedAt?.toISOString().slice(0, 16)).toBe(at)
    expect(await findArticleBySlug(t.services.database.db, fields.slug)).toBeUndefined()
    const editor = await get(editLoader, editPath(id), editParams(id), admin.cookie)
    expect(editor.body).toMatchObject({ status: 'published', publicPath: null, values: { when: 'at', publishAt: at } })

    // "Publish" on a scheduled article keeps its time; unpublish and publish again makes it public now.
    expect((await post(editAction, editPath(id), editParams(id), { intent: 'unpublish', version: '3' }, admin.cookie)).status).toBe(302)
    row = await storedArticle(id)
    expect(row).toMatchObject({ status: 'draft', publishedAt: null, version: 4 })
    expect((await post(editAction, editPath(id), editParams(id), { intent: 'publish', version: '4' }, admin.cookie)).status).toBe(302)
    row = await storedArticle(id)
    expect(row).toMatchObject({ status: 'published', version: 5 })
    expect(row.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now())
    expect(await findArticleBySlug(t.services.database.db, fields.slug)).toMatchObject({ title: 'Reading a lease before you sign' })

    const revisions = await t.services.database.db
      .select()
      .from(contentRevision)
      .where(and(eq(contentRevision.kind, 'article'), eq(contentRevision.itemId, id)))
      .orderBy(contentRevision.version)
    expect(revisions.map((revision) => revision.version)).toEqual([1, 2, 3, 4, 5])
    expect(revisions.every((revision) => revision.editorId === admin.id)).toBe(true)
    expect(revisions[0]!.snapshot).toMatchObject({ title: fields.title, body: fields.body, status: 'draft', tags: ['lease', 'signing'] })
    expect(revisions[3]!.snapshot).toMatchObject({ status: 'draft', publishedAt: null })

    const page = await get(revisionsLoader, `${editPath(id)}/revisions`, editParams(id), admin.cookie)
    expect(page.body.revisions).toHaveLength(5)
    expect(page.body.revisions[0]).toMatchObject({ version: 5, editorName: 'Dana Admin' })

    // Each save is in the administrators' audit log, by whom and which version.
    const audit = await t.services.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetKind, 'article'), eq(adminAudit.targetId, String(id))))
      .orderBy(adminAudit.id)
    expect(audit.map((row) => [row.action, row.reason, row.adminId, row.targetLabel])).toEqual([
      ['content-created', 'version 1', admin.id, fields.slug],
      ['content-saved', 'version 2', admin.id, fields.slug],
      ['content-saved', 'version 3', admin.id, fields.slug],
      ['content-unpublished', 'version 4', admin.id, fields.slug],
      ['content-published', 'version 5', admin.id, fields.slug],
    ])
  })

  it('publishes "now" from the form, so visitors see it at once', async () => {
    const { fields } = await createArticle({ status: 'published', when: 'now' })
    expect(await findArticleBySlug(t.services.database.db, fields.slug)).toMatchObject({ title: fields.title })
  })

  it('refuses a save based on an older version, keeps the typed text and changes nothing', async () => {
    const { id, fields } = await createArticle()
    await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: 'Their title', body: 'Their body', version: '1' },
      admin.cookie,
    )
    const before = await storedArticle(id)
    const revisionsBefore = await revisionCount('article', id)

    const stale = await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: 'My title', body: 'My body', version: '1' },
      admin.cookie,
    )
    expect(stale.status).toBe(409)
    expect(stale.body.formError).toMatch(
      /^Dana Admin saved this article at \d{4}-\d\d-\d\d \d\d:\d\d UTC — your changes were not saved; here is their version/,
    )
    expect(stale.body.values).toMatchObject({ title: 'My title', body: 'My body' })
    expect(stale.body.theirs).toMatchObject({ version: 2, values: { title: 'Their title', body: 'Their body' } })
    expect(stale.body.baseVersion).toBe(1)
    expect(await storedArticle(id)).toEqual(before)
    expect(await revisionCount('article', id)).toBe(revisionsBefore)

    // A stale publish is refused too.
    expect((await post(editAction, editPath(id), editParams(id), { intent: 'publish', version: '1' }, admin.cookie)).status).toBe(409)
    expect(await storedArticle(id)).toEqual(before)

    // Saving over theirs is possible only by naming their version on purpose.
    const overwrite = await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: 'My title', version: '1', overwrite: '2' },
      admin.cookie,
    )
    expect(overwrite.status).toBe(302)
    expect(await storedArticle(id)).toMatchObject({ title: 'My title', version: 3 })
  })

  it('compares a revision with the current version and restores it as a new version', async () => {
    const { id, fields } = await createArticle({ body: 'Pay the deposit by check.\n\nKeep the receipt.' })
    await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: 'A changed title', body: 'Pay the deposit by bank transfer.\n\nKeep the receipt.', version: '1' },
      admin.cookie,
    )
    const compared = await get(revisionsLoader, `${editPath(id)}/revisions?compare=1`, editParams(id), admin.cookie)
    expect(compared.status).toBe(200)
    const body = compared.body.comparison.fields.find((field: { field: string }) => field.field === 'body')
    expect(body.isChanged).toBe(true)
    expect(body.parts).toContainEqual({ kind: 'removed', text: 'check' })
    expect(body.parts).toContainEqual(expect.objectContaining({ kind: 'added', text: expect.stringContaining('bank transfer') }))
    expect(
      body.parts
        .filter((part: { kind: string }) => part.kind === 'same')
        .map((part: { text: string }) => part.text)
        .join(''),
    ).toContain('Keep the receipt.')
    const slug = compared.body.comparison.fields.find((field: { field: string }) => field.field === 'slug')
    expect(slug.isChanged).toBe(false)

    const stale = await post(
      revisionsAction,
      `${editPath(id)}/revisions`,
      editParams(id),
      { intent: 'restore', revision: '1', version: '1' },
      admin.cookie,
    )
    expect(stale.status).toBe(409)
    expect(await storedArticle(id)).toMatchObject({ title: 'A changed title', version: 2 })

    const restored = await post(
      revisionsAction,
      `${editPath(id)}/revisions`,
      editParams(id),
      { intent: 'restore', revision: '1', version: '2' },
      admin.cookie,
    )
    expect(restored).toMatchObject({ status: 302, location: editPath(id) })
    expect(await storedArticle(id)).toMatchObject({
      title: fields.title,
      body: 'Pay the deposit by check.\n\nKeep the receipt.',
      version: 3,
    })
    expect(await revisionCount('article', id)).toBe(3)
    const same = await get(revisionsLoader, `${editPath(id)}/revisions?compare=1`, editParams(id), admin.cookie)
    expect(same.body.comparison.fields.every((field: { field: string; isChanged: boolean }) => !field.isChanged)).toBe(true)
    expect((await get(revisionsLoader, `${editPath(id)}/revisions?compare=99`, editParams(id), admin.cookie)).status).toBe(404)
  })
})

describe('reader feedback', () => {
  it('shows administrators how readers answered "Was this helpful?" and their comments', async () => {
    const { id } = await createArticle({ status: 'published' })
    const empty = await get(editLoader, editPath(id), editParams(id), admin.cookie)
    expect(empty.body.feedback).toEqual({ helpful: 0, notHelpful: 0, comments: [] })
    await t.services.database.db.insert(articleVote).values([
      { articleId: id, voterKey: 'visitor-1', helpful: true, comment: '' },
      { articleId: id, voterKey: 'visitor-2', helpful: true, comment: 'Clear and short.' },
      { articleId: id, voterKey: 'visitor-3', helpful: false, comment: '<b>Missing</b> the state rules.' },
    ])
    const page = await get(editLoader, editPath(id), editParams(id), admin.cookie)
    expect(page.body.feedback).toMatchObject({ helpful: 2, notHelpful: 1 })
    expect(page.body.feedback.comments.map((c: { comment: string }) => c.comment).sort()).toEqual([
      '<b>Missing</b> the state rules.',
      'Clear and short.',
    ])
    const faq = await get(editLoader, '/admin/content/faq/new', { kind: 'faq', id: 'new' }, admin.cookie)
    expect(faq.body.feedback).toBeNull()
  })
})

describe('items saved before revisions were kept', () => {
  it('keeps the version before the first save, so the original can be compared and restored', async () => {
    const { db } = t.services.database
    const [seeded] = await db
      .insert(article)
      .values({ slug: 'seeded-article', title: 'Seeded title', summary: 'S', body: 'Seeded body.', category: 'moving', status: 'draft' })
      .returning()
    const path = editPath(seeded!.id)
    const params = editParams(seeded!.id)
    const listed = await get(revisionsLoader, `${path}/revisions`, params, admin.cookie)
    expect(listed.body.revisions).toEqual([])
    const fields = articleFields({ slug: 'seeded-article', title: 'Edited title', version: '1' })
    expect((await post(editAction, path, params, fields, admin.cookie)).status).toBe(302)
    const after = await get(revisionsLoader, `${path}/revisions?compare=1`, params, admin.cookie)
    expect(after.body.revisions).toMatchObject([
      { version: 2, editorName: 'Dana Admin' },
      { version: 1, editorName: /Unknown editor/ },
    ])
    expect(after.body.comparison.fields.find((field: { field: string }) => field.field === 'title').parts).toEqual([
      { kind: 'removed', text: 'Seeded title' },
      { kind: 'added', text: 'Edited title' },
    ])
    const restored = await post(
      revisionsAction,
      `${path}/revisions`,
      params,
      { intent: 'restore', revision: '1', version: '2' },
      admin.cookie,
    )
    expect(restored.status).toBe(302)
    expect(await storedArticle(seeded!.id)).toMatchObject({ title: 'Seeded title', body: 'Seeded body.', version: 3 })
  })
})

describe('slugs and input', () => {
  const create = (fields: Record<string, string>) =>
    post(editAction, '/admin/content/articles/new', { kind: 'articles', id: 'new' }, articleFields(fields), admin.cookie)

  it('refuses malformed, reserved, overlong and taken slugs with a message on the field', async () => {
    const { fields } = await createArticle()
    const cases: [string, RegExp][] = [
      ['Hello World', /lower-case letters and digits/],
      ['double--hyphen', /lower-case letters and digits/],
      ['-leading', /lower-case letters and digits/],
      ['category', /reserved/],
      ['feed.xml', /lower-case letters|reserved/],
      ['a'.repeat(81), /80 characters/],
      ['', /Enter a slug/],
      [fields.slug, /Another article already uses the slug/],
    ]
    for (const [slug, message] of cases) {
      const refused = await create({ slug })
      expect(refused.status, slug).toBe(400)
      expect(refused.body.fieldErrors.slug?.[0], slug).toMatch(message)
      expect(refused.body.values.slug).toBe(slug)
    }
  })

  it('answers bad input with field errors, never an error page', async () => {
    const refused = await create({
      title: '',
      summary: 'x'.repeat(501),
      category: 'gossip',
      tags: Array.from({ length: 20 }, (_, i) => `tag${i}`).join(','),
      body: 'NUL \u0000 here',
      status: 'sideways',
      when: 'at',
      publishAt: 'next tuesday',
    })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.fieldErrors).sort()).toEqual(['body', 'category', 'status', 'summary', 'tags', 'title'].sort())
    const badTime = await create({ status: 'published', when: 'at', publishAt: '2026-02-31T10:00' })
    expect(badTime.status).toBe(400)
    expect(badTime.body.fieldErrors.publishAt?.[0]).toMatch(/date and time/)
    const unknownButton = await create({ intent: 'explode' })
    expect(unknownButton.status).toBe(400)
    const badVersion = await post(
      editAction,
      '/admin/content/articles/1',
      { kind: 'articles', id: '1' },
      articleFields({ version: 'abc' }),
      admin.cookie,
    )
    expect([400, 404, 409]).toContain(badVersion.status)
  })

  it('creates and edits FAQ entries and terms versions, each with their revisions and checks', async () => {
    const faqSave = (id: string, fields: Record<string, string>) =>
      post(
        editAction,
        `/admin/content/faq/${id}`,
        { kind: 'faq', id },
        {
          intent: 'save',
          topic: 'account',
          question: 'How do I delete my account?',
          slug: 'delete-account',
          answer: 'Open **My Profile**.',
          position: '3',
          status: 'published',
          when: 'now',
          ...fields,
        },
        admin.cookie,
      )
    const created = await faqSave('new', {})
    expect(created.status).toBe(302)
    const faqId = idFromLocation(created.location)
    expect(await faqSave(String(faqId), { version: '1', position: 'first' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { position: [expect.stringMatching(/whole number/)] } },
    })
    expect((await faqSave(String(faqId), { version: '1', question: 'How do I close my account?' })).status).toBe(302)
    const [faq] = await t.services.database.db.select().from(faqEntry).where(eq(faqEntry.id, faqId))
    expect(faq).toMatchObject({ question: 'How do I close my account?', version: 2, status: 'published', position: 3 })
    expect(await revisionCount('faq', faqId)).toBe(2)
    expect((await faqSave('new', { slug: 'delete-account' })).body.fieldErrors.slug[0]).toMatch(/Another FAQ entry/)

    const termsSave = (id: string, fields: Record<string, string>) =>
      post(
        editAction,
        `/admin/content/terms/${id}`,
        { kind: 'terms', id },
        {
          intent: 'save',
          label: '2030-01-15',
          effectiveAt: '2030-01-15T00:00',
          summary: 'Clearer rules on deposits.',
          body: '## 1. Using the site\n\nBe kind.',
          status: 'published',
          ...fields,
        },
        admin.cookie,
      )
    const terms = await termsSave('new', {})
    expect(terms.status).toBe(302)
    const termsId = idFromLocation(terms.location)
    expect((await termsSave('new', { label: '2030-01-15' })).body.fieldErrors.label[0]).toMatch(/already uses the label/)
    expect((await termsSave('new', { label: 'current', effectiveAt: 'soon' })).body.fieldErrors).toMatchObject({
      label: [expect.stringMatching(/reserved/)],
      effectiveAt: [expect.stringMatching(/date and time/)],
    })
    expect((await termsSave(String(termsId), { version: '1', summary: 'Clearer rules on deposits and pets.' })).status).toBe(302)
    const [stored] = await t.services.database.db.select().from(termsVersion).where(eq(termsVersion.id, termsId))
    expect(stored).toMatchObject({ summary: 'Clearer rules on deposits and pets.', version: 2, status: 'published' })
    expect(stored!.effectiveAt.toISOString()).toBe('2030-01-15T00:00:00.000Z')
    const overview = await get(overviewLoader, '/admin/content', {}, admin.cookie)
    expect(overview.body.terms).toContainEqual(expect.objectContaining({ id: termsId, label: '2030-01-15' }))
    expect(overview.body.faq).toContainEqual(expect.objectContaining({ id: faqId, topic: 'account' }))
  })
})

describe('hostile Markdown saved by an administrator', () => {
  // A few payloads spelled out here, then the whole shared corpus (tests/support/xss-payloads.ts).
  const SAMPLES = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="#" style="position:fixed" onclick="alert(1)">x</a>',
    '![x](javascript:alert(1))',
    '<svg><script>alert(1)</script></svg>',
    '[x](JaVaScRiPt:alert(1))',
    '<details open ontoggle=alert(1)>',
  ]
  // The form refuses NUL characters outright (a test of its own); the rest must be stored and rendered inert.
  const PAYLOADS = [...new Set([...SAMPLES, ...XSS_PAYLOADS])].filter((payload) => !payload.includes('\u0000'))
  it('renders the saved text, the editor preview and the live preview without anything executable', async () => {
    const body = PAYLOADS.join('\n\n')
    const { id } = await createArticle({ body, status: 'published' })
    expect((await storedArticle(id)).body).toBe(body)
    const editor = await get(editLoader, editPath(id), editParams(id), admin.cookie)
    expect(problemsIn(editor.body.previewHtml)).toEqual([])
    expect(problemsIn(renderMarkdown((await storedArticle(id)).body).html)).toEqual([])
    const serverPreview = await post(editAction, editPath(id), editParams(id), articleFields({ intent: 'preview', body }), admin.cookie)
    expect(serverPreview.status).toBe(200)
    expect(problemsIn(serverPreview.body.previewHtml)).toEqual([])
    for (const payload of PAYLOADS) {
      const live = await post(previewAction, '/admin/content/preview', {}, { markdown: payload }, admin.cookie)
      expect(live.status).toBe(200)
      expect(problemsIn(live.body.html), payload).toEqual([])
    }
    const links = await post(previewAction, '/admin/content/preview', {}, { markdown: '[out](https://example.org)' }, admin.cookie)
    expect(links.body.html).toMatch(/rel="noopener noreferrer"/)
    expect((await post(previewAction, '/admin/content/preview', {}, {}, admin.cookie)).status).toBe(400)
  })
})
