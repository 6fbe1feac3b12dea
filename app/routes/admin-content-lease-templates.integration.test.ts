// Lease templates in the administrators' content editor, against a real database (PGlite and
// PostgreSQL): who may open and post, the revision each save keeps, a body naming an unknown field
// refused with nothing changed, publishing making a template the one new leases are written from, the
// preview filled in with an example lease, and the first template the migrations insert.
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentRevision, leaseTemplate } from '#server/db/schema.ts'
import { findCurrentLeaseTemplate } from '#server/leases/index.server.ts'
import { DEFAULT_LEASE_TEMPLATE } from '#server/leases/default-template.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'
import { action as editAction, loader as editLoader } from './admin-content-edit.tsx'
import { action as previewAction } from './admin-content-preview.ts'
import { action as revisionsAction, loader as revisionsLoader } from './admin-content-revisions.tsx'
import { loader as overviewLoader } from './admin-content.tsx'

type Outcome = { status: number; location: string | null; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the shape it expects
type Handler = (args: never) => unknown

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

const BODY = [
  'This lease is between {{landlord}} and {{tenants}}.',
  '{{terms_table}}',
  '## Rent',
  'The rent is {{rent}}, due on the {{due_day}} of each month.',
  '## Additional clauses',
  '{{clauses}}',
].join('\n\n')

let labels = 0
const templateFields = (overrides: Record<string, string> = {}) => ({
  intent: 'save',
  label: `2031-01-${String((labels += 1)).padStart(2, '0')}`,
  title: 'Residential Lease Agreement',
  summary: 'Plainer words on rent.',
  body: BODY,
  status: 'draft',
  ...overrides,
})

const editPath = (id: number | 'new') => `/admin/content/lease-templates/${id}`
const editParams = (id: number | 'new') => ({ kind: 'lease-templates', id: String(id) })
const idFromLocation = (location: string | null) => Number(/\/admin\/content\/lease-templates\/(\d+)$/.exec(location ?? '')?.[1])

async function createTemplate(overrides: Record<string, string> = {}) {
  const fields = templateFields(overrides)
  const created = await post(editAction, editPath('new'), editParams('new'), fields, admin.cookie)
  expect(created.status, JSON.stringify(created.body)).toBe(302)
  return { id: idFromLocation(created.location), fields }
}

async function storedTemplate(id: number) {
  const [row] = await t.services.database.db.select().from(leaseTemplate).where(eq(leaseTemplate.id, id))
  return row!
}

async function revisionCount(id: number) {
  const [row] = await t.services.database.db
    .select({ n: count() })
    .from(contentRevision)
    .where(and(eq(contentRevision.kind, 'lease_template'), eq(contentRevision.itemId, id)))
  return row!.n
}

describe('who may edit lease templates', () => {
  it('answers visitors and members 404 on every page and post, changing nothing', async () => {
    const { id } = await createTemplate()
    const before = await storedTemplate(id)
    const pages: [Handler, string, Record<string, string>][] = [
      [editLoader, editPath('new'), editParams('new')],
      [editLoader, editPath(id), editParams(id)],
      [revisionsLoader, `${editPath(id)}/revisions`, editParams(id)],
      [revisionsLoader, `${editPath(id)}/revisions?compare=1`, editParams(id)],
    ]
    for (const [loader, path, params] of pages) {
      const visitor = await get(loader, path, params)
      expect(visitor.status, `visitor ${path}`).toBe(404)
      expect(visitor.location, path).toBeNull()
      expect((await get(loader, path, params, member.cookie)).status, `member ${path}`).toBe(404)
    }
    const posts: [Handler, string, Record<string, string>, Record<string, string>][] = [
      [editAction, editPath('new'), editParams('new'), templateFields()],
      [editAction, editPath(id), editParams(id), templateFields({ title: 'Taken over', version: '1' })],
      [editAction, editPath(id), editParams(id), templateFields({ intent: 'preview' })],
      [editAction, editPath(id), editParams(id), { intent: 'publish', version: '1' }],
      [revisionsAction, `${editPath(id)}/revisions`, editParams(id), { intent: 'restore', revision: '1', version: '1' }],
      [previewAction, '/admin/content/preview', {}, { markdown: BODY, kind: 'lease_template' }],
    ]
    for (const [action, path, params, fields] of posts) {
      const visitor = await post(action, path, params, fields)
      expect(visitor.status, `visitor POST ${path} ${fields.intent}`).toBe(404)
      expect((await post(action, path, params, fields, member.cookie)).status, `member POST ${path} ${fields.intent}`).toBe(404)
    }
    expect(await storedTemplate(id)).toEqual(before)
    expect(await revisionCount(id)).toBe(1)
  })

  it('answers 404 for a template that does not exist', async () => {
    expect((await get(editLoader, editPath(999_999), editParams(999_999), admin.cookie)).status).toBe(404)
    expect((await get(revisionsLoader, `${editPath(999_999)}/revisions`, editParams(999_999), admin.cookie)).status).toBe(404)
  })
})

describe('an administrator editing lease templates', () => {
  it('creates a draft and saves it again, each save keeping a revision that can be compared and restored', async () => {
    const { id, fields } = await createTemplate()
    expect(await storedTemplate(id)).toMatchObject({ label: fields.label, status: 'draft', publishedAt: null, version: 1, body: BODY })
    expect(await revisionCount(id)).toBe(1)

    const saved = await post(editAction, editPath(id), editParams(id), { ...fields, version: '1', title: 'Lease of a Home' }, admin.cookie)
    expect(saved.status, JSON.stringify(saved.body)).toBe(302)
    expect(await storedTemplate(id)).toMatchObject({ title: 'Lease of a Home', version: 2 })
    expect(await revisionCount(id)).toBe(2)

    const revisions = await get(revisionsLoader, `${editPath(id)}/revisions?compare=1`, editParams(id), admin.cookie)
    expect(revisions.status).toBe(200)
    expect(revisions.body.revisions.map((revision: { version: number }) => revision.version)).toEqual([2, 1])
    const title = revisions.body.comparison.fields.find((field: { field: string }) => field.field === 'title')
    expect(title).toMatchObject({ label: 'Title', isChanged: true })

    const restored = await post(
      revisionsAction,
      `${editPath(id)}/revisions`,
      editParams(id),
      { intent: 'restore', revision: '1', version: '2' },
      admin.cookie,
    )
    expect(restored.status).toBe(302)
    expect(await storedTemplate(id)).toMatchObject({ title: 'Residential Lease Agreement', version: 3 })
    expect(await revisionCount(id)).toBe(3)
  })

  it('refuses a body naming an unknown field, naming the field, and changes nothing', async () => {
    const { id, fields } = await createTemplate()
    const before = await storedTemplate(id)
    const body = `${BODY}\n\nThe deposit is {{deposit_amount}}; pay {{rnet}} and {{rent}}.`
    const refused = await post(editAction, editPath(id), editParams(id), { ...fields, version: '1', body }, admin.cookie)
    expect(refused.status).toBe(400)
    expect(refused.body.fieldErrors.body[0]).toContain('{{deposit_amount}}')
    expect(refused.body.fieldErrors.body[0]).toContain('{{rnet}}')
    expect(refused.body.fieldErrors.body[0]).not.toContain('{{rent}}')
    expect(refused.body.values.body).toBe(body)
    expect(await storedTemplate(id)).toEqual(before)
    expect(await revisionCount(id)).toBe(1)

    const labelBefore = await t.services.database.db.select({ n: count() }).from(leaseTemplate)
    const fresh = await post(editAction, editPath('new'), editParams('new'), templateFields({ body: 'Pay {{rnet}}.' }), admin.cookie)
    expect(fresh.status).toBe(400)
    expect(fresh.body.fieldErrors.body[0]).toMatch(/\{\{rnet\}\} is not a field/)
    expect(await t.services.database.db.select({ n: count() }).from(leaseTemplate)).toEqual(labelBefore)
  })

  it('refuses a taken or reserved label and an empty title', async () => {
    const { fields } = await createTemplate()
    const taken = await post(editAction, editPath('new'), editParams('new'), templateFields({ label: fields.label }), admin.cookie)
    expect(taken.body.fieldErrors.label[0]).toMatch(/Another lease template already uses the label/)
    const bad = await post(editAction, editPath('new'), editParams('new'), templateFields({ label: 'current', title: ' ' }), admin.cookie)
    expect(bad.status).toBe(400)
    expect(bad.body.fieldErrors).toMatchObject({ label: [expect.stringMatching(/reserved/)], title: [expect.any(String)] })
  })

  it('publishing makes it the template new leases are written from; a later save keeps its publication time', async () => {
    const db = t.services.database.db
    const { id, fields } = await createTemplate({ title: 'The Newest Lease' })
    expect((await findCurrentLeaseTemplate(db))?.id).not.toBe(id)

    const published = await post(editAction, editPath(id), editParams(id), { intent: 'publish', version: '1' }, admin.cookie)
    expect(published.status).toBe(302)
    const stored = await storedTemplate(id)
    expect(stored).toMatchObject({ status: 'published', version: 2 })
    expect(stored.publishedAt).toBeInstanceOf(Date)
    expect(await findCurrentLeaseTemplate(db)).toEqual({ id, version: 2, label: fields.label, title: 'The Newest Lease', body: BODY })

    const edited = await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, title: 'The Newest Lease', status: 'published', version: '2', summary: 'A typo.' },
      admin.cookie,
    )
    expect(edited.status).toBe(302)
    expect((await storedTemplate(id)).publishedAt).toEqual(stored.publishedAt)
    expect(await findCurrentLeaseTemplate(db)).toMatchObject({ id, version: 3 })

    const overview = await get(overviewLoader, '/admin/content', {}, admin.cookie)
    expect(overview.body.leaseTemplates).toContainEqual(expect.objectContaining({ id, status: 'published', title: 'The Newest Lease' }))

    const unpublished = await post(editAction, editPath(id), editParams(id), { intent: 'unpublish', version: '3' }, admin.cookie)
    expect(unpublished.status).toBe(302)
    expect(await storedTemplate(id)).toMatchObject({ status: 'draft', publishedAt: null })
    expect((await findCurrentLeaseTemplate(db))?.id).not.toBe(id)
  })

  it('never takes a draft or a template published for a time still to come', async () => {
    const db = t.services.database.db
    const current = await findCurrentLeaseTemplate(db)
    expect(current).not.toBeNull()
    const future = new Date(Date.now() + 86_400_000)
    await db.insert(leaseTemplate).values([
      { label: '2099-01-01', title: 'Later', body: BODY, status: 'published', publishedAt: future },
      { label: '2099-01-02', title: 'Draft', body: BODY, status: 'draft', publishedAt: new Date() },
    ])
    expect(await findCurrentLeaseTemplate(db)).toEqual(current)
    expect((await findCurrentLeaseTemplate(db, new Date(future.getTime() + 1)))?.title).toBe('Later')
  })

  it('previews the template filled in with an example lease, as the lease’s escaped HTML', async () => {
    const { id, fields } = await createTemplate({ body: `${BODY}\n\n<script>alert(1)</script>` })
    const editor = await get(editLoader, editPath(id), editParams(id), admin.cookie)
    expect(editor.status).toBe(200)
    expect(editor.body.templateFields).toContainEqual({ name: 'rent', description: expect.stringMatching(/monthly rent/) })
    expect(editor.body.previewHtml).toContain('<article class="lease">')
    expect(editor.body.previewHtml).toContain('This lease is between Harbor &amp; Vine Properties LLC and Alex Rivera and Sam Chen.')
    expect(editor.body.previewHtml).toContain('<table class="lease-terms">')
    expect(editor.body.previewHtml).not.toContain('{{')
    // The lease's own markup (an article, its table) is not Markdown's: what matters is that the text stays text.
    expect(editor.body.previewHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(editor.body.previewHtml).not.toMatch(/<script|on\w+=/i)

    const server = await post(
      editAction,
      editPath(id),
      editParams(id),
      { ...fields, intent: 'preview', title: 'Draft <b>lease</b>' },
      admin.cookie,
    )
    expect(server.status).toBe(200)
    expect(server.body.previewHtml).toContain('<h1>Draft &lt;b&gt;lease&lt;/b&gt;</h1>')

    const live = await post(
      previewAction,
      '/admin/content/preview',
      {},
      { markdown: 'Rent: {{rent}}.', kind: 'lease_template', title: 'T' },
      admin.cookie,
    )
    expect(live.status).toBe(200)
    expect(live.body.html).toContain('<p>Rent: $2,400.00.</p>')
    const plain = await post(previewAction, '/admin/content/preview', {}, { markdown: 'Rent: {{rent}}.' }, admin.cookie)
    expect(plain.body.html).toContain('{{rent}}')
  })
})

describe('the first lease template', () => {
  it('is inserted by the migrations, published, with the text of server/leases/default-template.ts', async () => {
    const [row] = await t.services.database.db.select().from(leaseTemplate).where(eq(leaseTemplate.label, DEFAULT_LEASE_TEMPLATE.label))
    expect(row).toMatchObject({ title: DEFAULT_LEASE_TEMPLATE.title, body: DEFAULT_LEASE_TEMPLATE.body, status: 'published', version: 1 })
    expect(row!.publishedAt).toBeInstanceOf(Date)
  })
})
