// Changing the password: the current one proves it is really the user; the new one follows the
// site's password rule (8–128 characters, not a common password).
import { useRef } from 'react'
import { Form } from 'react-router'
import { PASSWORD_HINT } from '#common/accounts/auth-schemas.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { INTENTS, PASSWORD_MAX, PASSWORD_MIN, type FormFailure } from './profile-forms.ts'

export function PasswordForm({ email, failure }: { email: string; failure?: FormFailure }) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.password, failure, { resetOnSuccess: true })
  const isSubmitting = useIsSubmitting(INTENTS.password)
  const error = (field: string) => failure?.fieldErrors[field]?.[0]
  const firstInvalid = ['currentPassword', 'newPassword'].find((field) => error(field))

  return (
    <Form method="post" ref={formRef} noValidate className="space-y-5">
      <input type="hidden" name="intent" value={INTENTS.password} />
      <FormAlert id="password-form-error" message={failure?.formError} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          error={error('currentPassword')}
          takesFocus={firstInvalid === 'currentPassword'}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          error={error('newPassword')}
          takesFocus={firstInvalid === 'newPassword'}
          hint={PASSWORD_HINT}
        />
      </div>
      <p className="text-sm text-ink-soft">You stay signed in on this device; your other devices and browsers are signed out.</p>
      <div className="flex items-center gap-3">
        <Button type="submit">Change password</Button>
        {isSubmitting ? <PendingNote>Changing your password…</PendingNote> : null}
      </div>
    </Form>
  )
}
