// What the content editor does differently for lease templates: the named fields in a body are checked
// against those a lease fills in, publishing sets the publication time (kept by a later save of a
// published template), and the preview is the template filled with an example lease.
import { desc, eq } from 'drizzle-orm'
import type { ContentKind } from '#common/content/vocabulary.ts'
import { leaseTemplate } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { renderLeaseTemplatePreview } from '#common/leases/template-sample.ts'
import { unknownTemplateFields } from '#common/leases/template.ts'
import type { Reader } from './admin-access.server.ts'
import { renderMarkdown } from './markdown.server.ts'

/** Refuses a template body that names a field no lease fills in, naming each such field. */
export function refuseUnknownTemplateFields(body: string) {
  const unknown = unknownTemplateFields(body)
  if (unknown.length === 0) return
  const names = unknown.map((name) => `{{${name}}}`).join(', ')
  const message =
    unknown.length === 1
      ? `${names} is not a field a lease fills in: use one of the fields listed beside the text.`
      : `${names} are not fields a lease fills in: use the fields listed beside the text.`
  throw new AppError('invalid', message, { body: [message] })
}

/**
 * The publication time of a template saved as published: kept when it was published already (so an
 * edit does not make an older template the current one again), now when it is being published.
 */
export async function settleLeaseTemplatePublication(tx: Reader, itemId: number | undefined, columns: Record<string, unknown>) {
  if (columns.status !== 'published') {
    columns.publishedAt = null
    return
  }
  const [current] =
    itemId === undefined
      ? []
      : await tx
          .select({ status: leaseTemplate.status, publishedAt: leaseTemplate.publishedAt })
          .from(leaseTemplate)
          .where(eq(leaseTemplate.id, itemId))
  columns.publishedAt = current?.status === 'published' && current.publishedAt ? current.publishedAt : new Date()
}

/** Every lease template, newest publication first (drafts, never published, first of all). */
export async function listLeaseTemplates(db: Reader) {
  const rows = await db
    .select({
      id: leaseTemplate.id,
      label: leaseTemplate.label,
      title: leaseTemplate.title,
      status: leaseTemplate.status,
      publishedAt: leaseTemplate.publishedAt,
      updatedAt: leaseTemplate.updatedAt,
    })
    .from(leaseTemplate)
    .orderBy(desc(leaseTemplate.publishedAt), desc(leaseTemplate.updatedAt), desc(leaseTemplate.id))
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() }))
}

/**
 * The editor's preview of an item's Markdown: rendered and sanitised as the public pages show it, or,
 * for a lease template, filled in with an example lease and rendered as the lease's escaped HTML.
 */
export function renderContentPreview(kind: ContentKind, markdown: string, title = ''): string {
  return kind === 'lease_template' ? renderLeaseTemplatePreview(title, markdown) : renderMarkdown(markdown).html
}
