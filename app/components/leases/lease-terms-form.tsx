// The landlord's form of a lease's terms: the parties, the term, the money in dollars, the other fees, the
// utilities, the home's facts the state's rules depend on, the lead-based paint disclosure of an older home
// and the landlord's own clauses. The state's rules are checked in the browser as the landlord types; the
// server checks them again on saving.
import { useState } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary, type FormProblem } from '#app/components/ui/error-summary.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { refilledFields } from '#app/components/ui/refilled-fields.ts'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import type { FieldErrors } from '#common/forms.ts'
import { checkedFactsOf, readTermsForm, type TermsFormValues } from '#common/leases/terms-form.ts'
import { TERM_KIND_LABELS, TERM_KINDS, UTILITIES, UTILITY_LABELS } from '#common/leases/vocabulary.ts'
import { LEAD_PAINT_CUTOFF_YEAR, LEAD_PAINT_NOTE } from '#common/leasing/lead-paint.ts'
import { checkLeaseTerms, type LeaseFinding } from '#common/leasing/lease-check.ts'
import { isStateCode } from '#common/leasing/state-rules.ts'
import { LeaseFindings } from './lease-findings.tsx'
import { ClauseRows, FeeRows, TenantRows } from './lease-form-rows.tsx'

const SCALARS = [
  'guarantorName',
  'guarantorEmail',
  'termKind',
  'startDate',
  'endDate',
  'rent',
  'dueDay',
  'graceDays',
  'lateFee',
  'deposit',
  'furnished',
  'smallLandlord',
  'unitsInBuilding',
  'utilities',
  'pets',
  'parking',
  'occupants',
  'leadPaintKnown',
  'leadPaintRecords',
] as const

/** Every field's name in the order the form shows them, for the error summary and the first field in error. */
function fieldOrder(values: TermsFormValues): string[] {
  const tenants = values.tenants.flatMap((_, i) => [`tenants.${i}.name`, `tenants.${i}.email`])
  const fees = values.fees.flatMap((_, i) => [`fees.${i}.label`, `fees.${i}.amount`])
  const [head, rest] = [SCALARS.slice(0, 13), SCALARS.slice(13)]
  return ['tenants', ...tenants, ...head, 'fees', ...fees, ...rest, 'clauses', ...values.clauses.map((_, i) => `clauses.${i}`)]
}

export type LeaseTermsFormProps = {
  values: TermsFormValues
  errors: FieldErrors
  formError: string | undefined
  premises: { state: string; yearBuilt: number | null }
  /** The server's findings on the terms as saved. */
  savedFindings: LeaseFinding[]
  isGuarantorAsked: boolean
  isPending: boolean
  /** The values came back from the server unsaved (a refusal, a row added): checked as typed, not as saved. */
  isRefilled: boolean
}

export function LeaseTermsForm(props: LeaseTermsFormProps) {
  const { values, errors, formError, premises, savedFindings, isGuarantorAsked, isPending, isRefilled } = props
  const stateCode = isStateCode(premises.state) ? premises.state : null
  const findingsOf = (typed: TermsFormValues) => {
    const facts = stateCode ? checkedFactsOf(typed, premises.yearBuilt) : null
    return stateCode && facts ? checkLeaseTerms(stateCode, facts).findings : null
  }
  const [liveFindings, setLiveFindings] = useState<LeaseFinding[] | null>(() => (isRefilled ? findingsOf(values) : null))
  const order = fieldOrder(values)
  const firstInError = order.find((name) => errors[name]?.[0])
  const problems: FormProblem[] = [
    ...(formError && !firstInError ? [{ message: formError }] : []),
    ...order.filter((name) => errors[name]?.[0]).map((name) => ({ fieldId: `field-${name}`, message: errors[name]![0]! })),
  ]
  const { field } = refilledFields(SCALARS, values as unknown as Record<(typeof SCALARS)[number], string>, errors)
  const focus = (name: string) => ({ takesFocus: firstInError === name })
  const isOldHome = premises.yearBuilt === null || premises.yearBuilt < LEAD_PAINT_CUTOFF_YEAR
  const checkAsTyped = (form: HTMLFormElement) => {
    const found = findingsOf(readTermsForm(new FormData(form)))
    if (found) setLiveFindings(found)
  }
  const yesNo = (name: 'furnished' | 'smallLandlord', label: string, hint: string) => (
    <Select label={label} {...field(name)} hint={hint} {...focus(name)}>
      <option value="">Not said</option>
      <option value="yes">Yes</option>
      <option value="no">No</option>
    </Select>
  )
  return (
    <Form method="post" noValidate className="space-y-8" onChange={(event) => checkAsTyped(event.currentTarget)}>
      <ErrorSummary problems={problems} title="The lease was not saved" />
      {/* Enter in a field saves: the first submit button is the form's default, so it comes before the rows' buttons. */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <TenantRows values={values} errors={errors} focus={firstInError} />
      <Fieldset
        legend="Guarantor"
        id="field-guarantor"
        kind="group"
        className="space-y-3"
        hint={
          isGuarantorAsked
            ? 'The approval asked for a guarantor: the lease cannot be sent without one.'
            : 'Optional: someone who promises to pay if the tenants do not. Leave both empty for none.'
        }
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Guarantor’s full name" {...field('guarantorName')} autoComplete="off" />
          <TextField label="Guarantor’s e-mail" {...field('guarantorEmail')} type="email" autoComplete="off" />
        </div>
      </Fieldset>
      <Fieldset legend="Term" id="field-term" kind="group" className="space-y-3">
        <RadioGroup
          legend="Kind of term"
          name="termKind"
          options={TERM_KINDS.map((kind) => ({ value: kind, label: TERM_KIND_LABELS[kind] }))}
          defaultValue={values.termKind}
          error={errors.termKind}
          optionsClassName="mt-2 flex flex-wrap gap-x-6 gap-y-1"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Start date" {...field('startDate')} type="date" />
          <TextField
            label="End date"
            {...field('endDate')}
            type="date"
            hint="The last day of a fixed term. Leave empty for month to month."
          />
        </div>
      </Fieldset>
      <Fieldset
        legend="Rent and deposit"
        id="field-money"
        kind="group"
        hint="Amounts in dollars, as you would write them: 1,850 or 1850.50."
        className="space-y-3"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Monthly rent" {...field('rent')} inputMode="decimal" />
          <TextField label="Security deposit" {...field('deposit')} inputMode="decimal" hint="0 or empty: no deposit." />
          <TextField label="Rent due on day of the month" {...field('dueDay')} inputMode="numeric" hint="1 to 28." />
          <TextField
            label="Grace period in days"
            {...field('graceDays')}
            inputMode="numeric"
            hint="Days after the due day before a late fee."
          />
          <TextField label="Late fee" {...field('lateFee')} inputMode="decimal" hint="0 or empty: no late fee." />
        </div>
      </Fieldset>
      <Fieldset
        legend="About the home"
        id="field-facts"
        kind="group"
        className="space-y-3"
        hint="The state’s limits on deposits and late fees depend on these facts. Left as not said, the stricter rule is assumed and you are warned instead."
      >
        <div className="grid gap-3 sm:grid-cols-3">
          {yesNo('furnished', 'Furnished?', 'Some states allow a larger deposit for a furnished home.')}
          {yesNo('smallLandlord', 'A small landlord?', 'Some states set other limits for owners of few homes.')}
          <TextField
            label="Units in the building"
            {...field('unitsInBuilding')}
            inputMode="numeric"
            hint="Late-fee limits can depend on it."
          />
        </div>
      </Fieldset>
      {stateCode ? (
        <LeaseFindings
          findings={liveFindings ?? savedFindings}
          stateName={US_STATE_NAMES[stateCode] ?? stateCode}
          isLive={liveFindings !== null}
        />
      ) : null}
      <FeeRows values={values} errors={errors} focus={firstInError} />
      <Fieldset
        legend="Utilities"
        id="field-utilities"
        kind="group"
        error={errors.utilities}
        hint="Who pays each; leave a utility not mentioned if the lease need not say."
        className="space-y-3"
      >
        <div className="grid gap-3 sm:grid-cols-3">
          {UTILITIES.map((utility) => (
            <Select key={utility} label={UTILITY_LABELS[utility]} name={`utility.${utility}`} defaultValue={values.utilities[utility]}>
              <option value="">Not mentioned</option>
              <option value="tenant">Tenant pays</option>
              <option value="landlord">Landlord pays</option>
            </Select>
          ))}
        </div>
      </Fieldset>
      <Fieldset legend="Living there" id="field-living" kind="group" className="space-y-3">
        <TextField
          label="Number of occupants"
          {...field('occupants')}
          inputMode="numeric"
          hint="Everyone who lives in the home, the tenants included."
        />
        <TextField label="Pets" {...field('pets')} multiline rows={2} maxLength={500} hint="Which pets are allowed, if any." />
        <TextField label="Parking" {...field('parking')} multiline rows={2} maxLength={500} />
      </Fieldset>
      {isOldHome ? (
        <Fieldset
          legend="Lead-based paint"
          id="field-lead"
          kind="group"
          className="space-y-3"
          hint={
            premises.yearBuilt === null
              ? `We do not know when the home was built. ${LEAD_PAINT_NOTE}`
              : `Built in ${premises.yearBuilt}. ${LEAD_PAINT_NOTE}`
          }
        >
          <TextField
            label="Lead-based paint or hazards you know of"
            {...field('leadPaintKnown')}
            multiline
            rows={2}
            maxLength={1000}
            hint="Leave empty if you know of none."
          />
          <TextField
            label="Records and reports you give the tenants"
            {...field('leadPaintRecords')}
            multiline
            rows={2}
            maxLength={1000}
            hint="Leave empty if there are none."
          />
        </Fieldset>
      ) : null}
      <ClauseRows values={values} errors={errors} focus={firstInError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button name="intent" value="save" disabled={isPending}>
          {isPending ? 'Saving…' : 'Save the lease'}
        </Button>
      </div>
    </Form>
  )
}
