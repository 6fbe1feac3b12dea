// The e-mail address field of the sign-in, sign-up and forgotten-password forms.
import type { ReactNode } from 'react'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrorInput } from '#app/components/ui/field-ids.ts'

export function EmailField({
  defaultValue,
  error,
  hint,
  autoComplete = 'email',
}: {
  defaultValue?: string
  error?: FieldErrorInput
  hint?: ReactNode
  /** The login form's is "username webauthn", so the browser offers saved passkeys there too. */
  autoComplete?: string
}) {
  return (
    <TextField
      look="large"
      label="E-mail"
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      spellCheck={false}
      required
      hint={hint}
      defaultValue={defaultValue}
      error={error}
    />
  )
}
