// The danger zone: deleting the account for good, confirmed with the password (or, for accounts that
// sign in through single sign-on, the word DELETE) and a tick.
import { useRef } from 'react'
import { Form } from 'react-router'
import { Button, FieldError, FormAlert, PendingNote, TextField, useFormFeedback, useIsSubmitting } from './fields.tsx'
import { DELETE_CONFIRMATION_WORD, INTENTS, PASSWORD_MAX, type FormFailure } from './profile-forms.ts'

export function DeleteAccountForm({ hasPassword, failure }: { hasPassword: boolean; failure?: FormFailure }) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.deleteAccount, failure)
  const isSubmitting = useIsSubmitting(INTENTS.deleteAccount)
  const error = (field: string) => failure?.fieldErrors[field]?.[0]
  const firstInvalid = ['password', 'confirmation', 'understood'].find((field) => error(field))
  const understoodError = error('understood')

  return (
    <Form method="post" ref={formRef} noValidate className="space-y-5">
      <input type="hidden" name="intent" value={INTENTS.deleteAccount} />
      <div className="text-sm text-ink">
        <p>Deleting your account removes, for good:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-soft">
          <li>your profile and your photo;</li>
          <li>your sign-in details, and every session on every device.</li>
        </ul>
        <p className="mt-2">This cannot be undone.</p>
      </div>
      <FormAlert id="delete-form-error" message={failure?.formError} />
      <div className="sm:max-w-sm">
        {hasPassword ? (
          <TextField
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            error={error('password')}
            autoFocus={firstInvalid === 'password'}
          />
        ) : (
          <TextField
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            name="confirmation"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={20}
            defaultValue={failure?.values?.confirmation}
            error={error('confirmation')}
            autoFocus={firstInvalid === 'confirmation'}
          />
        )}
      </div>
      <div>
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            name="understood"
            required
            aria-invalid={understoodError ? true : undefined}
            aria-describedby={understoodError ? 'field-understood-error' : undefined}
            autoFocus={firstInvalid === 'understood'}
            className="mt-0.5 size-4 accent-red-700"
          />
          <span>I understand that my account and everything in it will be deleted.</span>
        </label>
        <FieldError id="field-understood-error" message={understoodError} />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="danger">
          Delete my account
        </Button>
        {isSubmitting ? <PendingNote>Deleting your account…</PendingNote> : null}
      </div>
    </Form>
  )
}
