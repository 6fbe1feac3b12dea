// The list of a form's problems at its top. It takes focus when it appears, so keyboard and
// screen-reader users learn at once that the form was not accepted; each problem links to its field.
import { useEffect, useRef } from 'react'
import { messageOf, type FieldErrorInput } from './field-ids.ts'

export type FormProblem = { fieldId?: string; message: string }

export function ErrorSummary({
  problems,
  title = 'There is a problem',
  takesFocus = true,
}: {
  problems: FormProblem[]
  title?: string
  /** False where the form submits as the user types (a search): the alert is announced, focus stays put. */
  takesFocus?: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (takesFocus && problems.length > 0) ref.current?.focus()
  }, [problems, takesFocus])
  if (problems.length === 0) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 focus:outline-3 focus:outline-offset-2 focus:outline-brand-700"
    >
      <div role="alert">
        <h2 id="error-summary-title" className="font-semibold text-red-800">
          {title}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={`${problem.fieldId ?? 'form'}:${problem.message}`}>
              {problem.fieldId ? (
                <a
                  href={`#${problem.fieldId}`}
                  className="font-medium underline underline-offset-2"
                  onClick={(event) => {
                    const field = document.getElementById(problem.fieldId!)
                    if (!field) return
                    event.preventDefault()
                    field.focus()
                    field.scrollIntoView({ block: 'center' })
                  }}
                >
                  {problem.message}
                </a>
              ) : (
                problem.message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/**
 * The summary's entries in the order the fields appear on the page (each field's first message,
 * linking to the input whose id is the field's name), after the message about the whole form.
 */
export function problemsOf(
  fieldErrors: Partial<Record<string, FieldErrorInput>> | null | undefined,
  order: readonly string[],
  formError?: string,
): FormProblem[] {
  const problems: FormProblem[] = formError ? [{ message: formError }] : []
  for (const field of order) {
    const message = messageOf(fieldErrors?.[field])
    if (message) problems.push({ fieldId: field, message })
  }
  return problems
}
