// What the viewer of an application may do now (the view's `actions`), one small form each posting
// an intent to the application's page: the landlord starts the review, asks for information,
// approves, approves with conditions or declines; the renter answers a request or withdraws.
import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { InlineCheckbox } from '#app/components/ui/inline-checkbox.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import {
  APPROVAL_CONDITION_LABELS,
  APPROVAL_CONDITIONS,
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  MAX_DECISION_TEXT,
  type ApplicationAction,
} from '#common/applications/vocabulary.ts'
import type { FieldErrors } from '#common/forms.ts'
import type { FormProblem } from '#app/components/ui/error-summary.tsx'

/** The intents of the page's forms: the transitions a person takes. */
export const DECISION_INTENTS = [
  'review_started',
  'info_requested',
  'info_provided',
  'approved',
  'conditionally_approved',
  'declined',
  'withdrawn',
] as const satisfies readonly ApplicationAction[]
export type DecisionIntent = (typeof DECISION_INTENTS)[number]

type ButtonVariant = 'primary' | 'secondary' | 'danger'

type Refused = { intent: string; fieldErrors: FieldErrors } | null

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }))

const CARDS: Record<DecisionIntent, { id: string; title: string; fields: Record<string, string> }> = {
  review_started: { id: 'review', title: 'Start the review', fields: {} },
  info_requested: { id: 'info-request', title: 'Request information', fields: { text: 'field-info-text' } },
  approved: { id: 'approve', title: 'Approve', fields: { homeTaken: 'field-homeTaken' } },
  conditionally_approved: {
    id: 'conditions',
    title: 'Approve with conditions',
    fields: { text: 'field-conditions-text', depositCents: 'field-deposit' },
  },
  declined: { id: 'decline', title: 'Decline', fields: { text: 'field-decline-text' } },
  info_provided: { id: 'info-provided', title: 'Provide information', fields: { note: 'field-info-note' } },
  withdrawn: { id: 'withdraw', title: 'Withdraw', fields: { reason: 'field-withdraw-reason' } },
}

/** A refused answer as the error summary's entries: each named by its form, linking to its field (or its form). */
export function decisionProblems(refused: (Refused & { formError?: string }) | null): FormProblem[] {
  if (!refused) return []
  // An intent the page does not know (even one named like a property of every object, e.g. __proto__) has no card.
  const card = Object.hasOwn(CARDS, refused.intent) ? CARDS[refused.intent as DecisionIntent] : undefined
  const fieldMessages = Object.entries(refused.fieldErrors).map(([field, messages]) => ({
    fieldId: card?.fields[field] ?? (card ? `decision-${card.id}` : undefined),
    message: `${card ? `${card.title}: ` : ''}${messages[0] ?? ''}`,
  }))
  if (fieldMessages.length > 0) return fieldMessages
  return refused.formError ? [{ message: `${card ? `${card.title}: ` : ''}${refused.formError}` }] : []
}

/** A transition's card, titled and linked to as the error summary names it (CARDS). */
function Card({ intent, children }: { intent: DecisionIntent; children: ReactNode }) {
  const { id, title } = CARDS[intent]
  return (
    <section
      id={`decision-${id}`}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {title}
      </h3>
      {children}
    </section>
  )
}

/** The usual card: a note on what happens, then one form of fields posting the intent. */
function DecisionCard({
  intent,
  note,
  submit,
  variant,
  children,
}: {
  intent: DecisionIntent
  note?: ReactNode
  submit: string
  variant?: ButtonVariant
  children?: ReactNode
}) {
  return (
    <Card intent={intent}>
      {note ? <p className="text-sm text-ink-soft">{note}</p> : null}
      <Form method="post" className="space-y-3">
        {children}
        <Submit intent={intent} variant={variant}>
          {submit}
        </Submit>
      </Form>
    </Card>
  )
}

/** A few lines of the person's own words. */
function WrittenText({
  maxLength = MAX_DECISION_TEXT,
  ...props
}: {
  label: string
  name: string
  id: string
  maxLength?: number
  error?: string[]
}) {
  return <TextField multiline rows={3} maxLength={maxLength} {...props} />
}

/** Checkboxes one under another under a legend, the group's error tied to it. */
function ChoiceList({
  legend,
  name,
  options,
  error,
}: {
  legend: string
  name: string
  options: { value: string; label: string }[]
  error?: string[]
}) {
  return (
    <Fieldset legend={legend} id={`field-${name}`} error={error}>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <div key={option.value}>
            <InlineCheckbox name={name} value={option.value} label={option.label} defaultChecked={false} invalid={Boolean(error)} />
          </div>
        ))}
      </div>
    </Fieldset>
  )
}

function Submit({ intent, children, variant }: { intent: DecisionIntent; children: ReactNode; variant?: ButtonVariant }) {
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex items-center gap-3">
      <Button name="intent" value={intent} variant={variant} disabled={isSending}>
        {children}
      </Button>
      {isSending ? <PendingNote>Sending…</PendingNote> : null}
    </div>
  )
}

export function DecisionForms({ actions, refused }: { actions: readonly ApplicationAction[]; refused: Refused }) {
  const errorsOf = (intent: DecisionIntent) => (refused?.intent === intent ? refused.fieldErrors : {})
  const may = (intent: DecisionIntent) => actions.includes(intent)
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {may('review_started') ? (
        <DecisionCard intent="review_started" note="The applicant is told you are reviewing their application." submit="Start review" />
      ) : null}
      {may('info_requested') ? (
        <DecisionCard intent="info_requested" submit="Request information" variant="secondary">
          <WrittenText label="What you need from the applicant" name="text" id="field-info-text" error={errorsOf('info_requested').text} />
        </DecisionCard>
      ) : null}
      {may('approved') ? (
        <DecisionCard intent="approved" submit="Approve">
          <input type="hidden" name="homeTakenAsked" value="yes" />
          <Checkbox
            name="homeTaken"
            id="field-homeTaken"
            defaultChecked
            label="The home is taken: tell the other applicants"
            hint="Their open applications are declined with “Another applicant was chosen”, and the home stops taking new ones."
            error={errorsOf('approved').homeTaken}
          />
        </DecisionCard>
      ) : null}
      {may('conditionally_approved') ? (
        <DecisionCard intent="conditionally_approved" submit="Conditionally approve" variant="secondary">
          <ChoiceList
            legend="Conditions"
            name="conditions"
            options={options(APPROVAL_CONDITIONS, APPROVAL_CONDITION_LABELS)}
            error={errorsOf('conditionally_approved').conditions}
          />
          <WrittenText
            label="The conditions in your words"
            name="text"
            id="field-conditions-text"
            error={errorsOf('conditionally_approved').text}
          />
          <TextField
            label="Security deposit in dollars"
            name="deposit"
            id="field-deposit"
            inputMode="decimal"
            hint="Only with a higher deposit as a condition"
            error={errorsOf('conditionally_approved').depositCents}
          />
        </DecisionCard>
      ) : null}
      {may('declined') ? (
        <DecisionCard
          intent="declined"
          note="The applicant is told these reasons in writing. Cooper Home uses no consumer report: the decision rests on what the applicant sent and your published criteria."
          submit="Decline"
          variant="danger"
        >
          <ChoiceList
            legend="Reasons"
            name="reasons"
            options={options(DECLINE_REASONS, DECLINE_REASON_LABELS)}
            error={errorsOf('declined').reasons}
          />
          <WrittenText label="Explanation (needed for “Other”)" name="text" id="field-decline-text" error={errorsOf('declined').text} />
        </DecisionCard>
      ) : null}
      {may('info_provided') ? (
        <DecisionCard
          intent="info_provided"
          note={
            <>
              Update{' '}
              <a href="/userprofile/application" className="text-brand-700 underline">
                your application
              </a>{' '}
              or its documents first if the landlord asked for them, then say what you added.
            </>
          }
          submit="Send to the landlord"
        >
          <WrittenText
            label="What you have added or changed"
            name="note"
            id="field-info-note"
            maxLength={1000}
            error={errorsOf('info_provided').note}
          />
        </DecisionCard>
      ) : null}
      {may('withdrawn') ? (
        <Card intent="withdrawn">
          <details open={refused?.intent === 'withdrawn'}>
            <summary className="inline-flex cursor-pointer rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
              Withdraw my application…
            </summary>
            <Form method="post" className="mt-3 space-y-3 rounded-lg border border-red-300 bg-red-50 p-3">
              <p className="text-sm text-red-900">The landlord is told. This cannot be undone.</p>
              <TextField
                label="Why (optional)"
                name="reason"
                id="field-withdraw-reason"
                maxLength={500}
                error={errorsOf('withdrawn').reason}
              />
              <Submit intent="withdrawn" variant="danger">
                Withdraw for good
              </Submit>
            </Form>
          </details>
        </Card>
      ) : null}
    </div>
  )
}
