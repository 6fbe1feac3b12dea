// "My application": the form a renter fills in once and sends to any landlord in one step, with the
// error summary at its top after a refusal. Enter in a field saves it (the first submit button).
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { ErrorSummary, type FormProblem } from '#app/components/ui/error-summary.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'
import { AddressRows, EmploymentRows, OccupantRows, OtherIncomeRows, PetRows, VehicleRows } from './profile-rows.tsx'
import { fieldOrder, type ProfileValues, type RowSection } from './profile-values.ts'

export function ProfileForm({
  values,
  errors,
  formError,
  focusSection,
}: {
  values: ProfileValues
  errors: FieldErrors
  formError?: string
  focusSection?: RowSection
}) {
  const navigation = useNavigation()
  const isSaving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const problems: FormProblem[] = [
    ...(formError ? [{ message: formError }] : []),
    ...fieldOrder(values)
      .filter((name) => errors[name]?.[0])
      .map((name) => ({ fieldId: `field-${name}`, message: errors[name]![0]! })),
  ]
  const rowProps = { values, errors, focusSection }
  return (
    // Drawn again from what the server answers (a row added or removed): a new key gives every field its value.
    <Form key={JSON.stringify(values)} method="post" noValidate className="space-y-8">
      {/* The form's default button, so Enter in a field saves rather than adding or removing a row. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
        Save
      </button>
      <ErrorSummary problems={problems} />
      {values.documentIds.map((id) => (
        <input key={id} type="hidden" name="documentIds" value={id} />
      ))}
      <Fieldset legend="About you" id="field-about" kind="group" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label="Legal name"
              name="legalName"
              defaultValue={values.legalName}
              error={errors.legalName}
              autoComplete="name"
              hint="As it will appear on the lease"
            />
          </div>
          <TextField label="E-mail" name="email" type="email" defaultValue={values.email} error={errors.email} autoComplete="email" />
          <TextField label="Phone" name="phone" type="tel" defaultValue={values.phone} error={errors.phone} autoComplete="tel" />
        </div>
      </Fieldset>
      <AddressRows {...rowProps} />
      <EmploymentRows {...rowProps} />
      <OtherIncomeRows {...rowProps} />
      <OccupantRows {...rowProps} />
      <PetRows {...rowProps} />
      <VehicleRows {...rowProps} />
      <Fieldset
        legend="Emergency contact"
        id="field-emergency"
        hint="Someone the landlord may call in an emergency."
        kind="group"
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" name="emergencyName" defaultValue={values.emergencyName} error={errors.emergencyName} />
          <TextField label="Phone" name="emergencyPhone" type="tel" defaultValue={values.emergencyPhone} error={errors.emergencyPhone} />
          <TextField
            label="Relationship (optional)"
            name="emergencyRelationship"
            defaultValue={values.emergencyRelationship}
            error={errors.emergencyRelationship}
            hint="e.g. sister, friend"
          />
        </div>
      </Fieldset>
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-5">
        <Button name="intent" value="save" disabled={isSaving}>
          Save my application
        </Button>
        {isSaving ? <PendingNote>Saving…</PendingNote> : null}
      </div>
    </Form>
  )
}
