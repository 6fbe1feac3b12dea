// A form shown again after a refusal: each field with the value as typed and its error, and the
// first field in error (in the form's own order) taking focus, ready to spread into its control.
import type { FieldErrors } from '#common/forms.ts'

export function refilledFields<Name extends string>(names: readonly Name[], values: Record<Name, string>, errors: FieldErrors) {
  const firstInError = names.find((name) => errors[name])
  const field = (name: Name) => ({ name, defaultValue: values[name], error: errors[name], takesFocus: firstInError === name })
  return { field, firstInError }
}
