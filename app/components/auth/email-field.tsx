// The e-mail address field of the sign-in, sign-up and forgotten-password forms.
import type { ReactNode } from 'react'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrorInput } from '#app/components/ui/field-ids.ts'

export function EmailField({ defaultValue, error, hint }: { defaultValue?: string; error?: FieldErrorInput; hint?: ReactNode }) {
  return (
    <TextField
      look="large"
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      required
      hint={hint}
      defaultValue={defaultValue}
      error={error}
    />
  )
}
