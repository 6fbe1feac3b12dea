import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_APPLICANT } from '#common/applications/vocabulary.ts'
import { deleteAccount } from '#server/accounts/index.server.ts'
import { privateDocument, profile } from '#server/db/schema.ts'
import {
  deleteDocuments,
  deleteOwnerDocument,
  documentLink,
  findDocuments,
  listOwnerDocuments,
  storeDocument,
} from '#server/documents/index.server.ts'
import { EXPIRED_LINK_MESSAGE } from '#server/http/documents-route.server.ts'
import { solidImage } from '#tests/support/images.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

const pdf = () => new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

describe('private documents', () => {
  let t: TestServices
  let reader: TestUser
  let other: TestUser
  let admin: TestUser
  const db = () => t.services.database.db
  const documentsDir = () => path.join(t.dataDir, 'private', 'documents')
  /** Every file in the documents folder, temporary ones included. */
  const filesOnDisk = () => (fs.existsSync(documentsDir()) ? fs.readdirSync(documentsDir()) : [])

  beforeAll(async () => {
    t = await createTestServices()
    reader = await signUpVerifiedUser(t, { name: 'Rita Reader' })
    other = await signUpVerifiedUser(t, { name: 'Otto Other' })
    admin = await signUpVerifiedUser(t, { name: 'Ada Admin' })
    await db().update(profile).set({ isAdministrator: true }).where(eq(profile.userId, admin.id))
  })
  afterAll(async () => {
    await t.close()
  })

  const get = (link: string, user: TestUser | null) =>
    t.app.request(`${TEST_ORIGIN}${link}`, { headers: user ? { Cookie: user.cookie } : {} })

  async function refusal(run: Promise<unknown>) {
    const error = (await run.then(
      () => null,
      (e: unknown) => e,
    )) as { code?: string; message?: string } | null
    expect(error).not.toBeNull()
    return error!
  }

  it('stores a PDF, a JPEG and a PNG, and gives each back byte for byte to its reader, as an attachment never stored', async () => {
    const owner = await signUpVerifiedUser(t, { name: 'Olive Owner' })
    const files = [
      { name: 'pay slip.pdf', bytes: pdf(), type: 'application/pdf' },
      { name: 'C:\\scans\\passport.JPG', bytes: new Uint8Array(await solidImage(40, 30).jpeg().toBuffer()), type: 'image/jpeg' },
      { name: 'letter.exe', bytes: new Uint8Array(await solidImage(20, 20).png().toBuffer()), type: 'image/png' },
    ]
    for (const file of files) {
      const stored = await storeDocument(t.services, { ownerId: owner.id, kind: 'other', fileName: file.name, bytes: file.bytes })
      expect(stored).toMatchObject({ kind: 'other', contentType: file.type, byteSize: file.bytes.byteLength })
      const [record] = await findDocuments(db(), [stored.id])
      expect(record!.sha256).toMatch(/^[0-9a-f]{64}$/)
      expect(fs.readFileSync(path.join(documentsDir(), String(stored.id)))).toEqual(Buffer.from(file.bytes))

      const res = await get(documentLink({ documentId: stored.id, readerId: reader.id }), reader)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(file.type)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${stored.fileName}"`)
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(file.bytes)
    }
    // The path is dropped and the name ends as its content does.
    expect((await listOwnerDocuments(db(), owner.id)).map((d) => d.fileName)).toEqual(['letter.png', 'passport.JPG', 'pay slip.pdf'])
  })

  it('keeps a name without control characters or separators, at most 200 characters, and offers it in RFC 6266 form', async () => {
    const stored = await storeDocument(t.services, {
      ownerId: reader.id,
      kind: 'id',
      fileName: `../../etc/Zoë\u202Egpj.${'x'.repeat(300)}\u0000.html`,
      bytes: pdf(),
    })
    expect(stored.fileName).toBe(`Zoëgpj.${'x'.repeat(300)}`.slice(0, 196) + '.pdf')
    const res = await get(documentLink({ documentId: stored.id, readerId: reader.id }), reader)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Zoegpj\.x+\.pdf"; filename\*=UTF-8''Zo%C3%ABgpj\.x+\.pdf$/,
    )
    await deleteDocuments(t.services, { ids: [stored.id] })
  })

  it('refuses HTML, SVG and an executable named .pdf, an empty file and one over 10 MB, writing nothing', async () => {
    const before = await db().select().from(privateDocument)
    const bad = [
      new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]),
      new TextEncoder().encode(' %PDF-1.7 but not at the start'),
    ]
    for (const bytes of bad) {
      const error = await refusal(storeDocument(t.services, { ownerId: other.id, kind: 'pay_slip', fileName: 'payslip.pdf', bytes }))
      expect(error).toMatchObject({ code: 'invalid', message: expect.stringMatching(/PDF, JPEG or PNG/) })
    }
    const empty = await refusal(
      storeDocument(t.services, { ownerId: other.id, kind: 'pay_slip', fileName: 'a.pdf', bytes: new Uint8Array() }),
    )
    expect(empty).toMatchObject({ code: 'invalid', message: expect.stringMatching(/empty/) })
    const huge = new Uint8Array(MAX_DOCUMENT_BYTES + 1)
    huge.set(pdf())
    const tooBig = await refusal(storeDocument(t.services, { ownerId: other.id, kind: 'pay_slip', fileName: 'a.pdf', bytes: huge }))
    expect(tooBig).toMatchObject({ code: 'invalid', message: expect.stringMatching(/larger than 10 MB/) })
    const kind = await refusal(storeDocument(t.services, { ownerId: other.id, kind: 'passport', fileName: 'a.pdf', bytes: pdf() }))
    expect(kind).toMatchObject({ code: 'invalid' })
    expect(await db().select().from(privateDocument)).toEqual(before)
    expect(filesOnDisk().filter((name) => name.startsWith('.'))).toEqual([])
  })

  it(`keeps at most ${MAX_DOCUMENTS_PER_APPLICANT} live documents per owner, newest first, and a deleted one frees a place`, async () => {
    const owner = await signUpVerifiedUser(t, { name: 'Fran Full' })
    const ids: number[] = []
    for (let i = 0; i < MAX_DOCUMENTS_PER_APPLICANT; i += 1) {
      ids.push((await storeDocument(t.services, { ownerId: owner.id, kind: 'other', fileName: `doc ${i}.pdf`, bytes: pdf() })).id)
    }
    const filesBefore = filesOnDisk().length
    const full = await refusal(storeDocument(t.services, { ownerId: owner.id, kind: 'other', fileName: 'one more.pdf', bytes: pdf() }))
    expect(full).toMatchObject({ code: 'invalid', message: expect.stringMatching(/Delete one/) })
    expect(filesOnDisk()).toHaveLength(filesBefore)
    expect((await listOwnerDocuments(db(), owner.id)).map((d) => d.id)).toEqual([...ids].reverse())

    await deleteOwnerDocument(t.services, { ownerId: owner.id, documentId: ids[0]! })
    await storeDocument(t.services, { ownerId: owner.id, kind: 'other', fileName: 'one more.pdf', bytes: pdf() })
    expect(await listOwnerDocuments(db(), owner.id)).toHaveLength(MAX_DOCUMENTS_PER_APPLICANT)
  })

  it("answers another reader, a visitor and an administrator the site's not-found page, as for an altered token", async () => {
    const stored = await storeDocument(t.services, { ownerId: other.id, kind: 'id', fileName: 'id.pdf', bytes: pdf() })
    const link = documentLink({ documentId: stored.id, readerId: reader.id })
    expect((await get(link, reader)).status).toBe(200)
    const unknown = await get('/documents/no-such-thing', null)
    expect(unknown.status).toBe(404)
    const notFound = await unknown.text()
    for (const user of [other, admin, null]) {
      const res = await get(link, user)
      expect(res.status).toBe(404)
      expect(await res.text()).toBe(notFound)
      expect(res.headers.get('content-disposition')).toBeNull()
    }
    const [claims, mac] = link.slice('/documents/'.length).split('.') as [string, string]
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`
    const otherDocument = Buffer.from(`${stored.id + 1}.${Buffer.from(claims, 'base64url').toString().split('.')[1]}`).toString('base64url')
    for (const tampered of [`${claims}.${flipped}`, `${otherDocument}.${mac}`, `${claims}.${mac}x`, `${claims}.${mac.slice(0, -1)}B`]) {
      expect((await get(`/documents/${tampered}`, reader)).status).toBe(404)
    }
  })

  it('says an expired link has expired, to its reader only', async () => {
    const stored = await storeDocument(t.services, { ownerId: other.id, kind: 'id', fileName: 'id.pdf', bytes: pdf() })
    const stale = documentLink({ documentId: stored.id, readerId: reader.id, now: new Date(Date.now() - 301_000) })
    const res = await get(stale, reader)
    expect(res.status).toBe(410)
    expect(await res.text()).toBe(EXPIRED_LINK_MESSAGE)
    expect((await get(stale, other)).status).toBe(404)
    const fresh = documentLink({ documentId: stored.id, readerId: reader.id, now: new Date(Date.now() - 290_000) })
    expect((await get(fresh, reader)).status).toBe(200)
  })

  it('deletes a document for its owner only: its file goes, its link answers 404, and deleting again changes nothing', async () => {
    const stored = await storeDocument(t.services, { ownerId: other.id, kind: 'reference_letter', fileName: 'ref.pdf', bytes: pdf() })
    const file = path.join(documentsDir(), String(stored.id))
    const link = documentLink({ documentId: stored.id, readerId: reader.id })
    const notYours = await refusal(deleteOwnerDocument(t.services, { ownerId: reader.id, documentId: stored.id }))
    expect(notYours).toMatchObject({ code: 'not-found' })
    expect(fs.existsSync(file)).toBe(true)

    await deleteOwnerDocument(t.services, { ownerId: other.id, documentId: stored.id })
    expect(fs.existsSync(file)).toBe(false)
    expect((await get(link, reader)).status).toBe(404)
    const [record] = await findDocuments(db(), [stored.id])
    expect(record!.deletedAt).not.toBeNull()
    expect(await listOwnerDocuments(db(), other.id)).not.toContainEqual(expect.objectContaining({ id: stored.id }))

    await deleteDocuments(t.services, { ids: [stored.id, stored.id, 987_654_321] })
    expect((await findDocuments(db(), [stored.id]))[0]!.deletedAt).toBe(record!.deletedAt)
    const again = await refusal(deleteOwnerDocument(t.services, { ownerId: other.id, documentId: stored.id }))
    expect(again).toMatchObject({ code: 'not-found' })
  })

  it('answers 404 when the file is missing from disk', async () => {
    const stored = await storeDocument(t.services, { ownerId: other.id, kind: 'id', fileName: 'id.pdf', bytes: pdf() })
    fs.rmSync(path.join(documentsDir(), String(stored.id)))
    expect((await get(documentLink({ documentId: stored.id, readerId: reader.id }), reader)).status).toBe(404)
  })

  it("removes a deleted account's documents and their files", async () => {
    const leaving = await signUpVerifiedUser(t, { name: 'Lee Leaving' })
    const stored = await storeDocument(t.services, { ownerId: leaving.id, kind: 'id', fileName: 'id.pdf', bytes: pdf() })
    const file = path.join(documentsDir(), String(stored.id))
    expect(fs.existsSync(file)).toBe(true)
    await deleteAccount(
      t.services,
      { userId: leaving.id, sessionId: '', headers: new Headers({ Cookie: leaving.cookie }) },
      { password: leaving.password },
    )
    expect(await findDocuments(db(), [stored.id])).toEqual([])
    expect(fs.existsSync(file)).toBe(false)
  })

  it('keeps the files out of the public media folder', async () => {
    const stored = await storeDocument(t.services, { ownerId: other.id, kind: 'id', fileName: 'id.pdf', bytes: pdf() })
    for (const url of [
      `/media/../private/documents/${stored.id}`,
      `/media/%2e%2e/private/documents/${stored.id}`,
      `/private/documents/${stored.id}`,
    ]) {
      expect((await get(url, other)).status).toBe(404)
    }
  })
})
