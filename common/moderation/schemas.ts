// The report forms and the administrators' reasons: one zod schema each, used by the page's form and
// by the action that files or acts.
import { z } from 'zod'
import { plainText } from '#common/plain-text.ts'
import { REVIEW_RULE_KEYS } from '#common/stays/reviews.ts'
import { ADMIN_REASON_MAX, LISTING_REPORT_REASON_VALUES, REPORT_TEXT_MAX } from './vocabulary.ts'

const trimmedText = (name: string, max: number) =>
  plainText(name)
    .transform((value) => value.trim())
    .pipe(z.string().max(max, { error: `Keep it to ${max.toLocaleString('en-US')} characters.` }))

export const listingReportSchema = z
  .object({
    reason: z.enum(LISTING_REPORT_REASON_VALUES, { error: 'Choose what is wrong with the listing.' }),
    text: trimmedText('What you saw', REPORT_TEXT_MAX).optional().default(''),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && value.text === '') {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Say what is wrong: you chose "Something else".' })
    }
  })

export const reviewReportSchema = z.object({
  text: trimmedText('What is wrong', REPORT_TEXT_MAX).pipe(z.string().min(1, { error: 'Say what is wrong with the review.' })),
})

/** An administrator's note where it may be left out (an approval). */
export const optionalReasonSchema = trimmedText('The note', ADMIN_REASON_MAX)

/** An administrator's reason, told to the owner and kept with the reports (required where it is asked). */
export const adminReasonSchema = trimmedText('The reason', ADMIN_REASON_MAX).pipe(z.string().min(1, { error: 'Give a reason.' }))

export const reviewReportActionSchema = z.object({
  rule: z.enum(REVIEW_RULE_KEYS, { error: 'Choose the rule the review breaks.' }),
})
