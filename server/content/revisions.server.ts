// Revisions of content: every save keeps one (who, when, the item's whole snapshot); administrators
// list them, compare one with the current version (a readable diff per field) and restore one.
import { and, desc, eq } from 'drizzle-orm'
import { CONTENT_FIELD_LABELS } from '#common/content/admin-forms.ts'
import type { ContentKind } from '#common/content/vocabulary.ts'
import type { ContentSnapshot, FieldComparison, RevisionSummary } from '#common/content/admin-types.ts'
import type { Db } from '#server/db/client.server.ts'
import { contentRevision, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { requireContentAdministrator } from './admin-access.server.ts'
import { diffText } from './diff.server.ts'

type Writer = Parameters<Parameters<Db['transaction']>[0]>[0]

export async function recordRevision(
  tx: Writer,
  revision: { kind: ContentKind; itemId: number; version: number; snapshot: ContentSnapshot; editorId: string | null },
) {
  await tx.insert(contentRevision).values(revision)
}

/** An item's revisions, newest first, for administrators. */
export async function listRevisions(
  db: Db,
  { viewerId, kind, itemId }: { viewerId: string; kind: ContentKind; itemId: number },
): Promise<RevisionSummary[]> {
  await requireContentAdministrator(db, viewerId)
  const rows = await db
    .select({ version: contentRevision.version, createdAt: contentRevision.createdAt, name: user.name })
    .from(contentRevision)
    .leftJoin(user, eq(user.id, contentRevision.editorId))
    .where(and(eq(contentRevision.kind, kind), eq(contentRevision.itemId, itemId)))
    .orderBy(desc(contentRevision.version))
  return rows.map((row) => ({
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    editorName: row.name ?? 'Unknown editor (before revisions were kept)',
  }))
}

/** One revision's snapshot, or a not-found error. */
export async function findRevisionSnapshot(
  db: Db,
  { viewerId, kind, itemId, version }: { viewerId: string; kind: ContentKind; itemId: number; version: number },
): Promise<ContentSnapshot> {
  await requireContentAdministrator(db, viewerId)
  const [row] = await db
    .select({ snapshot: contentRevision.snapshot })
    .from(contentRevision)
    .where(and(eq(contentRevision.kind, kind), eq(contentRevision.itemId, itemId), eq(contentRevision.version, version)))
  if (!row) throw new AppError('not-found', `There is no version ${version} of this item.`)
  return row.snapshot as ContentSnapshot
}

const asText = (value: ContentSnapshot[string] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value)

/** The fields of an old snapshot against the current one: from the revision (removed) to now (added). */
export function compareSnapshots(fields: readonly string[], revision: ContentSnapshot, current: ContentSnapshot): FieldComparison[] {
  return fields.map((field) => {
    const before = asText(revision[field])
    const after = asText(current[field])
    return { field, label: CONTENT_FIELD_LABELS[field] ?? field, isChanged: before !== after, parts: diffText(before, after) }
  })
}
