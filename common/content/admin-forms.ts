// The administrators' content forms: one zod schema per kind (article, FAQ entry, terms version, lease template), the
// slug rules, and the form values as typed, so the browser form and the server action read alike.
// Times are typed in UTC (a datetime-local field, labelled so).
import { z } from 'zod'
import { plainText } from '#common/plain-text.ts'
import { ARTICLE_CATEGORY_SLUGS, CONTENT_STATUSES, FAQ_TOPIC_SLUGS, type ContentKind } from './vocabulary.ts'

export const SLUG_MAX_LENGTH = 80
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * What each field of a content item is called, in the editor and in the comparison of its revisions
 * (`publishedAt` is the stored time the editor's `when`/`publishAt` pair sets).
 */
export const CONTENT_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  summary: 'Summary',
  category: 'Category',
  tags: 'Tags',
  body: 'Body (Markdown)',
  status: 'Status',
  when: 'Publish time',
  publishAt: 'Publish at (UTC)',
  publishedAt: 'Publish time',
  topic: 'Topic',
  question: 'Question',
  answer: 'Answer (Markdown)',
  position: 'Position within the topic',
  label: 'Label',
  effectiveAt: 'Takes effect at (UTC)',
}

/** Words an item's address cannot be, because the public pages use them for something else. */
export const RESERVED_SLUGS: Record<ContentKind, readonly string[]> = {
  article: ['category', 'categories', 'feed', 'feed.xml', 'search', 'new', 'tag', 'tags', 'admin'],
  faq: ['top', 'search', 'new', 'admin'],
  terms: ['current', 'versions', 'accept', 'new', 'admin'],
  lease_template: ['current', 'new', 'admin'],
}

/** The kinds named by a label (a version's name) rather than a slug (an address). */
const isLabelled = (kind: ContentKind) => kind === 'terms' || kind === 'lease_template'

/** The one message about a slug's form, or null when it is well formed and free of reserved words. */
export function slugProblem(slug: string, kind: ContentKind): string | null {
  const noun = isLabelled(kind) ? 'label' : 'slug'
  if (slug === '') return `Enter a ${noun}.`
  if (slug.length > SLUG_MAX_LENGTH) return `Keep the ${noun} to ${SLUG_MAX_LENGTH} characters or fewer.`
  if (!SLUG_PATTERN.test(slug)) return `Use lower-case letters and digits, words joined by single hyphens, like “security-deposits”.`
  if (RESERVED_SLUGS[kind].includes(slug)) return `“${slug}” is reserved by the site’s own pages: choose another ${noun}.`
  return null
}

const slugField = (kind: ContentKind) =>
  plainText(isLabelled(kind) ? 'The label' : 'The slug')
    .trim()
    .superRefine((slug, ctx) => {
      const problem = slugProblem(slug, kind)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/

/** A typed date and time (UTC, as a datetime-local field gives it), or null when it is not one. */
export function parseUtcDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value.trim())
  if (!match) return null
  const [, year, month, day, hour, minute, second] = match.map((part) => Number(part ?? 0))
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second))
  // 31 February and 25:00 roll over in Date: refuse them instead.
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day || date.getUTCHours() !== hour) return null
  if (year! < 2000 || year! > 2200) return null
  return date
}

/** A time as a datetime-local field shows it (UTC): 2026-12-01T09:00. */
export function toDateTimeField(date: Date | string | null): string {
  if (!date) return ''
  return new Date(date).toISOString().slice(0, 16)
}

const text = (subject: string, max: number) =>
  plainText(subject)
    .trim()
    .min(1, `Enter ${subject.toLowerCase()}.`)
    .max(max, `Keep ${subject.toLowerCase()} to ${max.toLocaleString('en-US')} characters or fewer.`)

const statusField = z.enum(CONTENT_STATUSES, { error: 'Choose draft or published.' })

/** When a published item goes public: now, or at the time given (a future time schedules it). */
const publication = {
  status: statusField,
  when: z.enum(['now', 'at'], { error: 'Choose now or a date and time.' }).default('now'),
  publishAt: z.string().optional(),
}

type Publication = { status: (typeof CONTENT_STATUSES)[number]; when: 'now' | 'at'; publishAt?: string }

/** Checks the publication time and gives it as a Date: now (the server's clock), the time typed, or null for a draft. */
function resolvePublication<T extends Publication>(value: T, ctx: z.RefinementCtx) {
  const { when, publishAt, ...rest } = value
  let at: Date | null = null
  if (when === 'at') {
    at = parseUtcDateTime(publishAt ?? '')
    if (!at) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Enter a date and time (UTC), like 2026-12-01 09:00.' })
  } else if (value.status === 'published') {
    at = new Date()
  }
  return { ...rest, publishedAt: at }
}

export const MAX_TAGS = 12

const tagsField = plainText('Tags')
  .default('')
  .transform((raw, ctx) => {
    const tags = [...new Set(raw.split(',').map((tag) => tag.trim().toLowerCase()))].filter(Boolean)
    if (tags.length > MAX_TAGS) ctx.addIssue({ code: 'custom', message: `Use at most ${MAX_TAGS} tags.` })
    if (tags.some((tag) => tag.length > 40)) ctx.addIssue({ code: 'custom', message: 'Keep each tag to 40 characters or fewer.' })
    return tags
  })

// Well under the 256 KiB every form post may carry, even URL-encoded.
export const BODY_MAX_LENGTH = 60_000

export const articleFormSchema = z
  .object({
    title: text('A title', 200),
    slug: slugField('article'),
    summary: text('A summary', 500),
    category: z.enum(ARTICLE_CATEGORY_SLUGS, { error: 'Choose a category.' }),
    tags: tagsField,
    body: text('The body', BODY_MAX_LENGTH),
    ...publication,
  })
  .transform(resolvePublication)

export const faqFormSchema = z
  .object({
    topic: z.enum(FAQ_TOPIC_SLUGS, { error: 'Choose a topic.' }),
    question: text('The question', 300),
    slug: slugField('faq'),
    answer: text('The answer', 20_000),
    position: z.coerce
      .number({ error: 'Enter a whole number, like 10.' })
      .int('Enter a whole number, like 10.')
      .min(0, 'Use 0 or more.')
      .max(10_000, 'Use 10,000 or less.'),
    ...publication,
  })
  .transform(resolvePublication)

export const termsFormSchema = z.object({
  label: slugField('terms'),
  effectiveAt: z.string({ error: 'Enter the date and time it takes effect.' }).transform((value, ctx) => {
    const at = parseUtcDateTime(value)
    if (!at) ctx.addIssue({ code: 'custom', message: 'Enter a date and time (UTC), like 2026-12-01 09:00.' })
    return at ?? new Date(0)
  }),
  summary: text('The summary of changes', 2_000),
  body: text('The text', BODY_MAX_LENGTH),
  status: statusField,
})

/**
 * A lease template: publishing it makes it the one new leases are written from. Its publication time
 * is set by the server (now, or kept when it was already published); the named fields in its body are
 * checked by the server against the fields a lease fills in.
 */
export const leaseTemplateFormSchema = z
  .object({
    label: slugField('lease_template'),
    title: text('A title', 200),
    summary: text('The summary of changes', 2_000),
    body: text('The text', BODY_MAX_LENGTH),
    status: statusField,
  })
  .transform((value) => ({ ...value, publishedAt: value.status === 'published' ? new Date() : null }))

export type ArticleInput = z.output<typeof articleFormSchema>
export type FaqInput = z.output<typeof faqFormSchema>
export type TermsInput = z.output<typeof termsFormSchema>
export type LeaseTemplateInput = z.output<typeof leaseTemplateFormSchema>

/** The fields of each kind's form, in page order (the error summary lists problems in this order). */
export const FORM_FIELDS = {
  article: ['title', 'slug', 'summary', 'category', 'tags', 'body', 'status', 'when', 'publishAt'],
  faq: ['topic', 'question', 'slug', 'answer', 'position', 'status', 'when', 'publishAt'],
  terms: ['label', 'effectiveAt', 'summary', 'body', 'status'],
  lease_template: ['label', 'title', 'summary', 'body', 'status'],
} as const satisfies Record<ContentKind, readonly string[]>

/** A form's values as typed (strings), to fill the form again after a refusal. */
export type ContentFormValues = Record<string, string>

/** The form values of what the browser sent: the kind's fields only, as strings. */
export function formValuesOf(kind: ContentKind, formData: FormData): ContentFormValues {
  const values: ContentFormValues = {}
  for (const field of FORM_FIELDS[kind]) {
    const value = formData.get(field)
    values[field] = typeof value === 'string' ? value : ''
  }
  return values
}

/** The text of a kind's Markdown field: what the preview renders. */
export const MARKDOWN_FIELD: Record<ContentKind, 'body' | 'answer'> = {
  article: 'body',
  faq: 'answer',
  terms: 'body',
  lease_template: 'body',
}

type SnapshotValue = string | number | string[] | null | undefined

/** A saved item's fields as its form shows them; a new item's defaults without a snapshot. */
export function formValuesOfSnapshot(kind: ContentKind, snapshot: Record<string, SnapshotValue> | null): ContentFormValues {
  const values: ContentFormValues = {}
  for (const field of FORM_FIELDS[kind]) {
    const value = snapshot?.[field]
    values[field] = Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value)
  }
  if (!snapshot) {
    values.status = 'draft'
    if (kind === 'article') values.category = ARTICLE_CATEGORY_SLUGS[0]!
    if (kind === 'faq') Object.assign(values, { topic: FAQ_TOPIC_SLUGS[0]!, position: '0' })
  }
  if (kind === 'terms') {
    values.effectiveAt = toDateTimeField((snapshot?.effectiveAt as string | undefined) ?? null)
  } else if (kind !== 'lease_template') {
    const at = (snapshot?.publishedAt as string | null | undefined) ?? null
    // A saved time is kept unless the administrator picks "now".
    values.when = at ? 'at' : 'now'
    values.publishAt = toDateTimeField(at)
  }
  return values
}
