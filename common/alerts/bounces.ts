// The body a mail provider's bounce webhook sends to POST /api/mail/bounces: one address, or a list
// of them (each a string or `{ email }`), as providers batch their reports.
import { z } from 'zod'

/** The most addresses one report may carry. */
export const MAX_BOUNCES_PER_REPORT = 1000

const address = z.string().trim().max(254).pipe(z.email('Each bounce needs a valid e-mail address.'))
const one = z.object({ email: address })

export const bounceReportSchema = z
  .union(
    [
      one,
      z
        .array(z.union([address, one]))
        .min(1, 'Send at least one address.')
        .max(MAX_BOUNCES_PER_REPORT),
    ],
    {
      error: 'Send { "email": "…" } or a list of addresses.',
    },
  )
  .transform((report) => (Array.isArray(report) ? report.map((item) => (typeof item === 'string' ? item : item.email)) : [report.email]))
