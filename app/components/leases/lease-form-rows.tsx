// The lease form's repeated rows: the tenants, the other fees and the landlord's own clauses. Each is added
// and removed by a submit button (its intent), so the form works the same without JavaScript.
import { Button } from '#app/components/ui/button.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'
import type { TermsFormValues } from '#common/leases/terms-form.ts'
import { MAX_LEASE_CLAUSE, MAX_LEASE_CLAUSES, MAX_LEASE_TENANTS, MAX_OTHER_FEES } from '#common/leases/vocabulary.ts'

type RowsProps = { values: TermsFormValues; errors: FieldErrors; focus: string | undefined }

const rowClass = 'grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end'

function RemoveButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Button variant="quiet" name="intent" value={intent} formNoValidate>
      {label}
    </Button>
  )
}

export function TenantRows({ values, errors, focus }: RowsProps) {
  const rows = values.tenants.length > 0 ? values.tenants : [{ name: '', email: '' }]
  return (
    <Fieldset
      legend="Tenants"
      id="field-tenants"
      kind="group"
      hint={`Everyone who signs as a tenant, up to ${MAX_LEASE_TENANTS}. Each signs with the e-mail address given here.`}
      error={errors.tenants}
      className="space-y-3"
    >
      {rows.map((person, i) => (
        <div key={i} className={rowClass}>
          <TextField
            label={`Tenant ${i + 1}: full name`}
            name={`tenants.${i}.name`}
            defaultValue={person.name}
            error={errors[`tenants.${i}.name`]}
            takesFocus={focus === `tenants.${i}.name`}
            autoComplete="off"
          />
          <TextField
            label={`Tenant ${i + 1}: e-mail`}
            name={`tenants.${i}.email`}
            type="email"
            defaultValue={person.email}
            error={errors[`tenants.${i}.email`]}
            takesFocus={focus === `tenants.${i}.email`}
            autoComplete="off"
          />
          {rows.length > 1 ? <RemoveButton intent={`remove-tenant:${i}`} label={`Remove tenant ${i + 1}`} /> : <span />}
        </div>
      ))}
      {rows.length < MAX_LEASE_TENANTS ? (
        <Button variant="secondary" name="intent" value="add-tenant" formNoValidate>
          Add a tenant
        </Button>
      ) : null}
    </Fieldset>
  )
}

export function FeeRows({ values, errors, focus }: RowsProps) {
  return (
    <Fieldset
      legend="Other fees"
      id="field-fees"
      kind="group"
      hint="Fees besides the rent and the deposit, e.g. a pet fee or a parking space. Leave none if there are none."
      error={errors.fees}
      className="space-y-3"
    >
      {values.fees.map((fee, i) => (
        <div key={i} className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
          <TextField
            label={`Fee ${i + 1}: what it is for`}
            name={`fees.${i}.label`}
            defaultValue={fee.label}
            error={errors[`fees.${i}.label`]}
            takesFocus={focus === `fees.${i}.label`}
            maxLength={60}
          />
          <TextField
            label={`Fee ${i + 1}: amount in dollars`}
            name={`fees.${i}.amount`}
            defaultValue={fee.amount}
            inputMode="decimal"
            error={errors[`fees.${i}.amount`]}
            takesFocus={focus === `fees.${i}.amount`}
          />
          <Select label={`Fee ${i + 1}: paid`} name={`fees.${i}.frequency`} defaultValue={fee.frequency || 'once'}>
            <option value="once">Once</option>
            <option value="monthly">Monthly</option>
          </Select>
          <RemoveButton intent={`remove-fee:${i}`} label={`Remove fee ${i + 1}`} />
        </div>
      ))}
      {values.fees.length < MAX_OTHER_FEES ? (
        <Button variant="secondary" name="intent" value="add-fee" formNoValidate>
          Add a fee
        </Button>
      ) : null}
    </Fieldset>
  )
}

export function ClauseRows({ values, errors, focus }: RowsProps) {
  return (
    <Fieldset
      legend="Your own clauses"
      id="field-clauses"
      kind="group"
      hint={`Terms of your own, one per box, up to ${MAX_LEASE_CLAUSES}: house rules, maintenance, smoking. They are printed as written after the standard terms.`}
      error={errors.clauses}
      className="space-y-3"
    >
      {values.clauses.map((clause, i) => (
        <div key={i} className="space-y-2 rounded-lg border border-gray-200 p-3">
          <TextField
            label={`Clause ${i + 1}`}
            name={`clauses.${i}`}
            multiline
            rows={3}
            maxLength={MAX_LEASE_CLAUSE}
            defaultValue={clause}
            error={errors[`clauses.${i}`]}
            takesFocus={focus === `clauses.${i}`}
          />
          <RemoveButton intent={`remove-clause:${i}`} label={`Remove clause ${i + 1}`} />
        </div>
      ))}
      {values.clauses.length < MAX_LEASE_CLAUSES ? (
        <Button variant="secondary" name="intent" value="add-clause" formNoValidate>
          Add a clause
        </Button>
      ) : null}
    </Fieldset>
  )
}
