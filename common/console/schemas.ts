// The operator console's inputs: the people search, the ban form, the audit log's filters. Shared by
// the pages' forms and the server's actions and loaders (browser-safe).
import { z } from 'zod'
import { isPlainText, isSingleLine, plainText } from '#common/plain-text.ts'

export const PEOPLE_QUERY_MAX_LENGTH = 100
export const BAN_REASON_MAX_LENGTH = 500
export const AUDIT_TARGET_MAX_LENGTH = 200
/** The furthest end a ban may have; longer than this is a ban for good. */
export const BAN_MAX_DAYS = 3650

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A YYYY-MM-DD that names a real day, as its instant at 00:00 UTC; undefined otherwise. */
export function utcDay(text: string): Date | undefined {
  if (!DATE.test(text)) return undefined
  const day = new Date(`${text}T00:00:00Z`)
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? undefined : day
}

/** The people search's words: trimmed and lower-cased; empty lists everyone. */
export function normalizePeopleQuery(raw: string | null | undefined): string {
  const text = (raw ?? '').trim().toLowerCase()
  return isPlainText(text) && isSingleLine(text) ? text.slice(0, PEOPLE_QUERY_MAX_LENGTH) : ''
}

/**
 * A ban: its reason, and either for good or until a day (the ban lifts at 00:00 UTC of that day,
 * which must be after today and within BAN_MAX_DAYS).
 */
export function banSchema(now = new Date()) {
  return z
    .object({
      reason: plainText('The reason', { error: 'Say why they are banned.' })
        .transform((value) => value.trim())
        .pipe(
          z
            .string()
            .min(1, { error: 'Say why they are banned.' })
            .max(BAN_REASON_MAX_LENGTH, { error: `The reason can have at most ${BAN_REASON_MAX_LENGTH} characters.` }),
        ),
      length: z.enum(['until', 'forever'], { error: 'Choose until a day or for good.' }),
      until: z.string({ error: 'Choose the day the ban ends.' }).optional(),
    })
    .transform((value, ctx) => {
      if (value.length === 'forever') return { reason: value.reason, expiresAt: null }
      const day = utcDay(value.until ?? '')
      if (!day) {
        ctx.addIssue({ code: 'custom', path: ['until'], message: 'Choose the day the ban ends (YYYY-MM-DD).' })
        return z.NEVER
      }
      const days = (day.getTime() - now.getTime()) / 86_400_000
      if (days <= 0 || days > BAN_MAX_DAYS) {
        ctx.addIssue({
          code: 'custom',
          path: ['until'],
          message: `The ban must end after today and within ${BAN_MAX_DAYS / 365} years; longer is for good.`,
        })
        return z.NEVER
      }
      return { reason: value.reason, expiresAt: day }
    })
}

export const CANNOT_BAN_SELF = 'You cannot ban yourself.'
export const CANNOT_BAN_ADMIN = 'Administrators cannot be banned. Another administrator must first remove their administrator role.'

/** An unban's optional note. */
export const unbanSchema = z.object({
  reason: plainText('The note')
    .transform((value) => value.trim())
    .pipe(z.string().max(BAN_REASON_MAX_LENGTH, { error: `The note can have at most ${BAN_REASON_MAX_LENGTH} characters.` }))
    .optional()
    .default(''),
})

/** The audit log's filters as the page's query string gives them; anything unreadable is left out. */
export type AuditFilters = {
  adminId?: string
  action?: string
  target?: string
  from?: string
  to?: string
}

/** Reads the audit log's filters from a URL's search parameters, dropping what is not a filter. */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const text = (name: string, max: number) => {
    const value = (params.get(name) ?? '').trim()
    return value && value.length <= max && isPlainText(value) && isSingleLine(value) ? value : undefined
  }
  const day = (name: string) => {
    const value = text(name, 10)
    return value && utcDay(value) ? value : undefined
  }
  return {
    adminId: text('admin', 100),
    action: text('action', 60),
    target: text('target', AUDIT_TARGET_MAX_LENGTH),
    from: day('from'),
    to: day('to'),
  }
}

/** The filters as a query string (for the next page's and the CSV's links). */
export function auditFiltersQuery(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (filters.adminId) params.set('admin', filters.adminId)
  if (filters.action) params.set('action', filters.action)
  if (filters.target) params.set('target', filters.target)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const query = params.toString()
  return query ? `?${query}` : ''
}
