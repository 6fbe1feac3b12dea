// Small pieces the console's listings and reports pages share: a time in UTC, an action's form with
// its reason and confirmation, and the way a listing's status reads.
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ADMIN_REASON_MAX } from '#common/moderation/vocabulary.ts'

export const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{utc(iso)}</time>
}

/**
 * One administrator action as a form: hidden fields, a reason (required unless `isReasonOptional`),
 * a confirmation box when `confirms`, and the button. Closed behind a summary, so a single press acts on nothing.
 */
export function ActionForm({
  idPrefix,
  summary,
  hidden,
  reasonLabel,
  isReasonOptional = false,
  confirms,
  button,
  variant = 'secondary',
  error,
  children,
}: {
  idPrefix: string
  summary: string
  hidden: Record<string, string | number>
  reasonLabel: string
  isReasonOptional?: boolean
  /** The sentence of the confirmation box, when the action needs one. */
  confirms?: string
  button: string
  variant?: 'primary' | 'secondary' | 'danger'
  error?: string
  children?: ReactNode
}) {
  return (
    <details className="rounded-lg border border-gray-300 bg-white" open={error ? true : undefined}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-ink">{summary}</summary>
      <Form method="post" className="space-y-3 border-t border-gray-200 p-3">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div>
          <label htmlFor={`${idPrefix}-reason`} className="block text-sm font-semibold text-ink">
            {reasonLabel}
            {isReasonOptional ? <span className="font-normal text-ink-soft"> (optional)</span> : null}
          </label>
          <textarea
            id={`${idPrefix}-reason`}
            name="reason"
            rows={2}
            maxLength={ADMIN_REASON_MAX}
            required={!isReasonOptional}
            aria-describedby={error ? `${idPrefix}-error` : undefined}
            className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm text-ink"
          />
        </div>
        {confirms ? (
          <p className="flex items-start gap-2 text-sm text-ink">
            <input id={`${idPrefix}-confirm`} type="checkbox" name="confirmed" value="yes" required className="mt-1 h-4 w-4" />
            <label htmlFor={`${idPrefix}-confirm`}>{confirms}</label>
          </p>
        ) : null}
        {error ? (
          <p id={`${idPrefix}-error`} role="alert" className="text-sm font-medium text-red-900">
            {error}
          </p>
        ) : null}
        <Button variant={variant}>{button}</Button>
      </Form>
    </details>
  )
}
