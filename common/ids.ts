// Row ids as they appear in URLs and forms: positive whole numbers of at most 15 digits, so each one
// is a safe JavaScript integer and fits PostgreSQL's bigint.
export const POSITIVE_ID_PATTERN = /^[1-9]\d{0,14}$/

/** The id a URL segment or form field names, or null when it is not a positive id. */
export function parsePositiveId(value: unknown): number | null {
  return typeof value === 'string' && POSITIVE_ID_PATTERN.test(value) ? Number(value) : null
}
