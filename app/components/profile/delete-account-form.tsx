// The danger zone: deleting the account for good, confirmed with the password (or, for accounts that
// sign in through single sign-on, the word DELETE) and a tick.
import { useRef } from 'react'
import { Form } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { DELETE_CONFIRMATION_WORD, INTENTS, PASSWORD_MAX, type FormFailure } from './profile-forms.ts'

export function DeleteAccountForm({ hasPassword, failure }: { hasPassword: boolean; failure?: FormFailure }) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.deleteAccount, failure)
  const isSubmitting = useIsSubmitting(INTENTS.deleteAccount)
  const error = (field: string) => failure?.fieldErrors[field]?.[0]
  const firstInvalid = ['password', 'confirmation', 'understood'].find((field) => error(field))

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
            takesFocus={firstInvalid === 'password'}
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
            takesFocus={firstInvalid === 'confirmation'}
          />
        )}
      </div>
      <Checkbox
        label="I understand that my account and everything in it will be deleted."
        name="understood"
        tone="danger"
        required
        error={error('understood')}
        takesFocus={firstInvalid === 'understood'}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="danger">
          Delete my account
        </Button>
        {isSubmitting ? <PendingNote>Deleting your account…</PendingNote> : null}
      </div>
    </Form>
  )
}
