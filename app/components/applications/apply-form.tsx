// The one-step application's fields: when the renter wants to move in, for how long, and a note. The
// listing's apply box and /applications/new (after a refusal) show the same fields.
import { refilledFields } from '#app/components/ui/refilled-fields.ts'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'

export type ApplyValues = { moveInDate: string; leaseMonths: string; note: string }

export function ApplyFields({ values, errors, maxNote }: { values: ApplyValues; errors: FieldErrors; maxNote: number }) {
  const { field } = refilledFields(['moveInDate', 'leaseMonths', 'note'], values, errors)
  return (
    <>
      <TextField label="Move-in date" {...field('moveInDate')} type="date" />
      <TextField label="Lease length in months" {...field('leaseMonths')} type="number" min={1} max={60} inputMode="numeric" />
      <TextField label="Note for the landlord (optional)" {...field('note')} multiline rows={3} maxLength={maxNote} />
    </>
  )
}
