// What administrators do to content: read every article, FAQ entry, terms version and lease template (drafts and
// scheduled ones too), create and save them, publish and unpublish them. Every save is refused unless
// it is based on the item's current version (UPDATE … WHERE id = ? AND version = ?), so nobody's
// work is silently overwritten, and it keeps a revision with the full snapshot in the same transaction.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { ContentKind } from '#common/content/vocabulary.ts'
import {
  KIND_NOUNS as NOUN,
  type ContentOverview,
  type ContentSnapshot,
  type EditableItem,
  type SavedBy,
} from '#common/content/admin-types.ts'
import type { ArticleInput, FaqInput, LeaseTemplateInput, TermsInput } from '#common/content/admin-forms.ts'
import { recordAdminAction } from '#server/admin-audit.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { article, contentRevision, faqEntry, leaseTemplate, termsVersion, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { requireContentAdministrator, type Reader } from './admin-access.server.ts'
import { listLeaseTemplates, refuseUnknownTemplateFields, settleLeaseTemplatePublication } from './lease-templates.server.ts'
import { recordRevision } from './revisions.server.ts'

/** The fields each kind keeps in a revision, in the order a comparison lists them. */
export const SNAPSHOT_FIELDS = {
  article: ['title', 'slug', 'summary', 'category', 'tags', 'body', 'status', 'publishedAt'],
  faq: ['topic', 'question', 'slug', 'answer', 'position', 'status', 'publishedAt'],
  terms: ['label', 'effectiveAt', 'summary', 'body', 'status'],
  lease_template: ['label', 'title', 'summary', 'body', 'status', 'publishedAt'],
} as const satisfies Record<ContentKind, readonly string[]>

type Fields = ArticleInput | FaqInput | TermsInput | LeaseTemplateInput

/** The saved fields as JSON: times as ISO strings. */
function snapshotOf(kind: ContentKind, fields: Record<string, unknown>): ContentSnapshot {
  const snapshot: ContentSnapshot = {}
  for (const name of SNAPSHOT_FIELDS[kind]) {
    const value = fields[name]
    snapshot[name] = value instanceof Date ? value.toISOString() : ((value ?? null) as ContentSnapshot[string])
  }
  return snapshot
}

/** A snapshot back as the columns to write. */
function columnsOf(kind: ContentKind, snapshot: ContentSnapshot): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  for (const name of SNAPSHOT_FIELDS[kind]) {
    const value = snapshot[name]
    columns[name] = (name === 'publishedAt' || name === 'effectiveAt') && typeof value === 'string' ? new Date(value) : value
  }
  return columns
}

// The four tables share id, version and updated_at; the kind decides the rest.
const tableOf = (kind: ContentKind) =>
  ({ article, faq: faqEntry, terms: termsVersion, lease_template: leaseTemplate })[kind] as typeof article
const KEY_COLUMNS = { article: article.slug, faq: faqEntry.slug, terms: termsVersion.label, lease_template: leaseTemplate.label }
const keyColumn = (kind: ContentKind) => KEY_COLUMNS[kind]
const keyField = (kind: ContentKind) => (kind === 'terms' || kind === 'lease_template' ? 'label' : 'slug')

async function refuseTakenKey(db: Reader, kind: ContentKind, key: string, itemId: number | undefined) {
  const table = tableOf(kind)
  const column = keyColumn(kind)
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(itemId === undefined ? eq(column, key) : and(eq(column, key), ne(table.id, itemId)))
  if (taken) throw takenKeyError(kind, key)
}

function takenKeyError(kind: ContentKind, key: string) {
  const field = keyField(kind)
  const message = `Another ${NOUN[kind]} already uses the ${field} “${key}”: choose another.`
  return new AppError('invalid', message, { [field]: [message] })
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error, depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** Who saved the item's current version, and when. */
async function lastSavedBy(db: Reader, kind: ContentKind, itemId: number, version: number): Promise<SavedBy | null> {
  const [row] = await db
    .select({ at: contentRevision.createdAt, name: user.name })
    .from(contentRevision)
    .leftJoin(user, eq(user.id, contentRevision.editorId))
    .where(and(eq(contentRevision.kind, kind), eq(contentRevision.itemId, itemId), eq(contentRevision.version, version)))
  return row ? { at: row.at.toISOString(), name: row.name ?? 'Someone' } : null
}

/** The refusal of a save based on an old version: who saved since, and when; or not-found when the item is gone. */
async function staleSaveError(db: Reader, kind: ContentKind, itemId: number) {
  const table = tableOf(kind)
  const [current] = await db.select({ version: table.version, updatedAt: table.updatedAt }).from(table).where(eq(table.id, itemId))
  if (!current) return new AppError('not-found', `This ${NOUN[kind]} no longer exists.`)
  const saved = await lastSavedBy(db, kind, itemId, current.version)
  const who = saved ? `${saved.name} saved` : 'Someone else saved'
  const at = utc(saved ? new Date(saved.at) : current.updatedAt)
  return new AppError('conflict', `${who} this ${NOUN[kind]} at ${at} — your changes were not saved; here is their version.`)
}

/**
 * Items written before revisions were kept (the seed, say) have none for their current version: the
 * first save keeps that version too, so it can still be compared and restored. No editor is known.
 */
async function keepBaseline(tx: Reader, kind: ContentKind, itemId: number, version: number) {
  const [kept] = await tx
    .select({ id: contentRevision.id })
    .from(contentRevision)
    .where(and(eq(contentRevision.kind, kind), eq(contentRevision.itemId, itemId), eq(contentRevision.version, version)))
  if (kept) return
  const table = tableOf(kind)
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, itemId), eq(table.version, version)))
  if (!row) return
  const snapshot = snapshotOf(kind, row as unknown as Record<string, unknown>)
  await tx.insert(contentRevision).values({ kind, itemId, version, snapshot, editorId: null, createdAt: row.updatedAt })
}

export type SaveRequest = {
  kind: ContentKind
  editorId: string
  /** Absent to create. */
  itemId?: number
  /** The version the editor's form was based on; required with itemId. */
  expectedVersion?: number
  fields: Fields | Record<string, unknown>
  /** The editor's client address, for the administrators' audit log. */
  ip?: string | null
  /** What the audit log calls the save (a publication, a restored revision); 'content-saved' unless given. */
  auditAction?: string
}

/**
 * Creates or saves an item and keeps its revision; refuses a stale version, a taken slug, a lease
 * template naming an unknown field, or a non-administrator.
 */
export async function saveContentItem(db: Db, request: SaveRequest): Promise<{ id: number; version: number }> {
  const { kind, editorId, itemId, expectedVersion } = request
  const columns = columnsOf(kind, snapshotOf(kind, request.fields as Record<string, unknown>))
  const key = String(columns[keyField(kind)])
  if (kind === 'lease_template') refuseUnknownTemplateFields(String(columns.body ?? ''))
  try {
    return await db.transaction(async (tx) => {
      await requireContentAdministrator(tx, editorId)
      await refuseTakenKey(tx, kind, key, itemId)
      if (kind === 'lease_template') await settleLeaseTemplatePublication(tx, itemId, columns)
      const snapshot = snapshotOf(kind, columns)
      const table = tableOf(kind)
      let saved: { id: number; version: number } | undefined
      if (itemId === undefined) {
        const values = kind === 'article' ? { ...columns, authorId: editorId } : columns
        ;[saved] = await tx
          .insert(table)
          .values(values as typeof article.$inferInsert)
          .returning({ id: table.id, version: table.version })
      } else {
        if (expectedVersion === undefined) throw new AppError('invalid', 'The form lacks the version it was based on. Reload the page.')
        await keepBaseline(tx, kind, itemId, expectedVersion)
        ;[saved] = await tx
          .update(table)
          .set({ ...columns, version: sql`${table.version} + 1`, updatedAt: new Date() })
          .where(and(eq(table.id, itemId), eq(table.version, expectedVersion)))
          .returning({ id: table.id, version: table.version })
        if (!saved) throw await staleSaveError(tx, kind, itemId)
      }
      await recordRevision(tx, { kind, itemId: saved!.id, version: saved!.version, snapshot, editorId })
      await recordAdminAction(tx, {
        adminId: editorId,
        action: request.auditAction ?? (itemId === undefined ? 'content-created' : 'content-saved'),
        targetKind: kind,
        targetId: String(saved!.id),
        targetLabel: key,
        reason: `version ${saved!.version}`,
        ip: request.ip,
      })
      return saved!
    })
  } catch (error) {
    // Two administrators taking the same slug at once: the second one hears it as a field error.
    if (isUniqueViolation(error)) throw takenKeyError(kind, key)
    throw error
  }
}

/** An item as an administrator edits it, or a not-found error. */
export async function findEditableItem(db: Db, { viewerId, kind, itemId }: { viewerId: string; kind: ContentKind; itemId: number }) {
  await requireContentAdministrator(db, viewerId)
  return readItem(db, kind, itemId)
}

async function readItem(db: Reader, kind: ContentKind, itemId: number): Promise<EditableItem> {
  const table = tableOf(kind)
  const [row] = await db.select().from(table).where(eq(table.id, itemId))
  if (!row) throw new AppError('not-found', `This ${NOUN[kind]} does not exist.`)
  return {
    id: row.id,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    snapshot: snapshotOf(kind, row as unknown as Record<string, unknown>),
    savedBy: await lastSavedBy(db, kind, itemId, row.version),
  }
}

/**
 * Publishes (now, or keeping a future time so it stays scheduled) or unpublishes an item, as a save:
 * version-checked, with a revision.
 */
export async function setPublication(
  db: Db,
  request: { kind: ContentKind; editorId: string; itemId: number; expectedVersion: number; publish: boolean; ip?: string | null },
) {
  const { kind, editorId, itemId, expectedVersion, publish, ip } = request
  await requireContentAdministrator(db, editorId)
  const current = await readItem(db, kind, itemId)
  if (current.version !== expectedVersion) throw await staleSaveError(db, kind, itemId)
  const snapshot: ContentSnapshot = { ...current.snapshot, status: publish ? 'published' : 'draft' }
  if (kind !== 'terms') {
    const scheduled = typeof snapshot.publishedAt === 'string' && new Date(snapshot.publishedAt) > new Date()
    snapshot.publishedAt = publish ? (scheduled ? (snapshot.publishedAt ?? null) : new Date().toISOString()) : null
  }
  return saveContentItem(db, {
    kind,
    editorId,
    itemId,
    expectedVersion,
    fields: columnsOf(kind, snapshot),
    ip,
    auditAction: publish ? 'content-published' : 'content-unpublished',
  })
}

/** Everything administrators keep, drafts and scheduled items included. */
export async function listContentOverview(db: Db, { viewerId }: { viewerId: string }): Promise<ContentOverview> {
  await requireContentAdministrator(db, viewerId)
  const [articles, faq, terms, leaseTemplates] = await Promise.all([
    db
      .select({
        id: article.id,
        title: article.title,
        slug: article.slug,
        status: article.status,
        publishedAt: article.publishedAt,
        updatedAt: article.updatedAt,
      })
      .from(article)
      .orderBy(desc(article.updatedAt), desc(article.id)),
    db
      .select({
        id: faqEntry.id,
        topic: faqEntry.topic,
        question: faqEntry.question,
        slug: faqEntry.slug,
        status: faqEntry.status,
        publishedAt: faqEntry.publishedAt,
        updatedAt: faqEntry.updatedAt,
      })
      .from(faqEntry)
      .orderBy(asc(faqEntry.topic), asc(faqEntry.position), asc(faqEntry.id)),
    db
      .select({
        id: termsVersion.id,
        label: termsVersion.label,
        status: termsVersion.status,
        effectiveAt: termsVersion.effectiveAt,
        updatedAt: termsVersion.updatedAt,
      })
      .from(termsVersion)
      .orderBy(desc(termsVersion.effectiveAt)),
    listLeaseTemplates(db),
  ])
  const iso = (date: Date | null) => (date ? date.toISOString() : null)
  return {
    articles: articles.map((row) => ({ ...row, publishedAt: iso(row.publishedAt), updatedAt: row.updatedAt.toISOString() })),
    faq: faq.map((row) => ({ ...row, publishedAt: iso(row.publishedAt), updatedAt: row.updatedAt.toISOString() })),
    terms: terms.map((row) => ({ ...row, effectiveAt: row.effectiveAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
    leaseTemplates,
  }
}

/** Restores a revision as a new version (version-checked like any save). */
export async function restoreRevision(
  db: Db,
  request: { kind: ContentKind; editorId: string; itemId: number; expectedVersion: number; snapshot: ContentSnapshot; ip?: string | null },
) {
  const { snapshot, ...rest } = request
  return saveContentItem(db, { ...rest, fields: columnsOf(request.kind, snapshot), auditAction: 'content-restored' })
}
