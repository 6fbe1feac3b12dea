// The one-step application's fields: when the renter wants to move in, for how long, and a note. The
// listing's apply box and /applications/new (after a refusal) show the same fields.
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'

export type ApplyValues = { moveInDate: string; leaseMonths: string; note: string }

export function ApplyFields({ values, errors, maxNote }: { values: ApplyValues; errors: FieldErrors; maxNote: number }) {
  const first = ['moveInDate', 'leaseMonths', 'note'].find((name) => errors[name])
  return (
    <>
      <TextField
        label="Move-in date"
        name="moveInDate"
        type="date"
        defaultValue={values.moveInDate}
        error={errors.moveInDate}
        takesFocus={first === 'moveInDate'}
      />
      <TextField
        label="Lease length in months"
        name="leaseMonths"
        type="number"
        min={1}
        max={60}
        inputMode="numeric"
        defaultValue={values.leaseMonths}
        error={errors.leaseMonths}
        takesFocus={first === 'leaseMonths'}
      />
      <TextField
        label="Note for the landlord (optional)"
        name="note"
        multiline
        rows={3}
        maxLength={maxNote}
        defaultValue={values.note}
        error={errors.note}
        takesFocus={first === 'note'}
      />
    </>
  )
}
