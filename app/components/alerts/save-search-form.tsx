// "Save this search" on /properties: a disclosure (a native <details>, so it opens by keyboard and
// without JavaScript) holding a small form that posts to the page's own address, so the search saved
// is the one shown. Signed out, a link to sign in that comes back here. Opened from a saved search, it
// offers to update that search with this one besides saving a new one.
import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { firstError, formErrorBesideFields, type FieldErrors } from '#common/forms.ts'
import { INSTANT_FREQUENCY_HINT, MAX_SAVED_SEARCH_NAME } from '#common/alerts/limits.ts'
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, BELOW_INDEX_PERCENT } from '#common/alerts/vocabulary.ts'

export const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }))

/** What the action answered to a refused save: the errors and the values typed. */
export type SaveSearchAnswer = {
  intent: string
  fieldErrors: FieldErrors
  formError?: string
  values: { name: string; frequency: string; belowIndexPercent: string }
}

/** Fills the hidden time zone field with the browser's, for digests at the renter's hour. */
function useBrowserTimeZone() {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone
  }, [])
  return ref
}

export function SaveSearchForm({
  action,
  page: { isSignedIn, openedFrom },
  answer: given,
}: {
  /** The page's own address (path and search), where the form posts. */
  action: string
  /** Whether someone is signed in, and the saved search this page was opened from. */
  page: { isSignedIn: boolean; openedFrom: { id: number; name: string } | null }
  /** The action's answer to a refused save (the page's action answers nothing else). */
  answer: unknown
}) {
  const answer = (given ?? null) as SaveSearchAnswer | null
  const timeZone = useBrowserTimeZone()
  if (!isSignedIn) {
    return (
      <p className="text-sm">
        <Link to={`/login?${new URLSearchParams({ redirectTo: action })}`} className="font-semibold text-brand-700 underline">
          Sign in to save this search
        </Link>{' '}
        and hear of new homes that match it.
      </p>
    )
  }
  const errors = answer?.fieldErrors ?? {}
  const values = answer?.values
  return (
    <details open={Boolean(answer)} className="group rounded-lg border border-gray-300 bg-white">
      <summary className="cursor-pointer list-none rounded-lg px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {openedFrom ? `Save this search (opened from “${openedFrom.name}”)` : 'Save this search'}
      </summary>
      <div className="space-y-4 border-t border-gray-200 px-4 py-4">
        <FormAlert message={formErrorBesideFields(answer)} />
        {openedFrom ? (
          <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="update-search" />
            <input type="hidden" name="savedSearchId" value={openedFrom.id} />
            <Button>Update “{openedFrom.name}” with this search</Button>
            <span className="text-sm text-ink-soft">or save it as a new one below.</span>
          </Form>
        ) : null}
        <Form method="post" action={action} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-search" />
          <input ref={timeZone} type="hidden" name="timeZone" defaultValue="" />
          <TextField
            label="Name (optional)"
            name="name"
            maxLength={MAX_SAVED_SEARCH_NAME}
            defaultValue={values?.name ?? ''}
            hint="Left empty, it is named after the search."
            error={firstError(errors, 'name')}
            takesFocus={Boolean(errors.name)}
          />
          <TextField
            label="Only homes at least this % below the Cooper Index typical rent (optional)"
            name="belowIndexPercent"
            type="number"
            inputMode="numeric"
            min={BELOW_INDEX_PERCENT.min}
            max={BELOW_INDEX_PERCENT.max}
            defaultValue={values?.belowIndexPercent ?? ''}
            hint={`${BELOW_INDEX_PERCENT.min} to ${BELOW_INDEX_PERCENT.max}. Each home is compared with its own city and bedrooms; the index is a guide, not advice.`}
            error={firstError(errors, 'belowIndexPercent')}
          />
          <RadioGroup
            legend="How often to hear of new homes"
            name="frequency"
            options={FREQUENCY_OPTIONS}
            defaultValue={values?.frequency || 'daily'}
            hint={INSTANT_FREQUENCY_HINT}
            error={firstError(errors, 'frequency')}
            optionsClassName="mt-2 flex flex-wrap gap-x-5 gap-y-2"
            className="md:col-span-2"
          />
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            <Button>{openedFrom ? 'Save as new' : 'Save search'}</Button>
            <Link to="/searches" className="text-sm font-semibold text-brand-700 underline">
              Your saved searches
            </Link>
          </div>
        </Form>
      </div>
    </details>
  )
}
