// What the administrators' content pages load and render, and their addresses. Browser-safe.
import type { ContentKind, ContentStatus } from './vocabulary.ts'

/** An item's saved fields as JSON (times as ISO strings), as a revision keeps them. */
export type ContentSnapshot = Record<string, string | number | string[] | null>

export type SavedBy = { at: string; name: string }

export type EditableItem = {
  id: number
  version: number
  updatedAt: string
  snapshot: ContentSnapshot
  /** Who saved the current version, and when (absent for items saved before revisions were kept). */
  savedBy: SavedBy | null
}

export type ContentOverview = {
  articles: { id: number; title: string; slug: string; status: string; publishedAt: string | null; updatedAt: string }[]
  faq: { id: number; topic: string; question: string; slug: string; status: string; publishedAt: string | null; updatedAt: string }[]
  terms: { id: number; label: string; status: string; effectiveAt: string; updatedAt: string }[]
  leaseTemplates: { id: number; label: string; title: string; status: string; publishedAt: string | null; updatedAt: string }[]
}

export type RevisionSummary = { version: number; createdAt: string; editorName: string }

export type FieldComparison = {
  field: string
  label: string
  isChanged: boolean
  parts: { kind: 'same' | 'added' | 'removed'; text: string }[]
}

/** How an item stands for visitors: a draft, public, or published for a time still to come. */
export type Standing = { kind: 'draft' } | { kind: 'published'; since: string | null } | { kind: 'scheduled'; at: string }

export function standingOf(status: string, at: string | null, now = new Date()): Standing {
  if ((status as ContentStatus) !== 'published') return { kind: 'draft' }
  if (at && new Date(at) > now) return { kind: 'scheduled', at }
  return { kind: 'published', since: at }
}

/** Each kind's address segment under /admin/content. */
export const KIND_SEGMENTS = {
  article: 'articles',
  faq: 'faq',
  terms: 'terms',
  lease_template: 'lease-templates',
} as const satisfies Record<ContentKind, string>

export const KIND_NOUNS: Record<ContentKind, string> = {
  article: 'article',
  faq: 'FAQ entry',
  terms: 'terms version',
  lease_template: 'lease template',
}

export function kindOfSegment(segment: string | undefined): ContentKind | null {
  const found = Object.entries(KIND_SEGMENTS).find(([, value]) => value === segment)
  return found ? (found[0] as ContentKind) : null
}

export const ADMIN_CONTENT_PATH = '/admin/content'
export const ADMIN_PREVIEW_PATH = '/admin/content/preview'

export const adminEditPath = (kind: ContentKind, id: number | 'new') => `${ADMIN_CONTENT_PATH}/${KIND_SEGMENTS[kind]}/${id}`
export const adminRevisionsPath = (kind: ContentKind, id: number) => `${adminEditPath(kind, id)}/revisions`

/** A time as the admin pages show it: 2026-12-01 09:00 UTC. */
export const utcTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** The answer of the editor's live preview: the rendered, sanitised HTML, or why there is none. */
export type PreviewAnswer = { html: string } | { message: string }

/** Readers' answers to "Was this helpful?" on one article, and their comments (newest first). */
export type ArticleFeedback = {
  helpful: number
  notHelpful: number
  comments: { helpful: boolean; comment: string; at: string }[]
}
