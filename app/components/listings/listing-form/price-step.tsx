// Step two of the listing form: what is offered (a lease, short stays or both) at what price, the
// required monthly fees (rows added and removed in place, or by the server without JavaScript) and
// the utilities the rent includes.
import { Button } from '#app/components/ui/button.tsx'
import { FieldError } from '#app/components/ui/field-parts.tsx'
import { describedBy } from '#app/components/ui/field-ids.ts'
import { TextField } from '#app/components/ui/text-field.tsx'
import { UTILITIES } from '#common/listings/vocabulary.ts'
import { FormStep } from './form-step.tsx'
import { CheckboxGroup, InlineCheckbox } from '#app/components/ui/inline-checkbox.tsx'
import type { Fee } from './use-fee-rows.ts'
import { ValueFields, type StepFieldProps, type ValueFieldSpec } from './value-field.tsx'

/** A listing has at most this many fee rows. */
const MAX_FEES = 20

/** The two offers, each a box ticked on and its terms. */
const OFFERS: { name: 'offersLease' | 'offersShortTerm'; label: string; fields: ValueFieldSpec[] }[] = [
  {
    name: 'offersLease',
    label: 'A lease',
    fields: [
      { label: 'Monthly rent ($)', name: 'monthlyRent', inputMode: 'decimal' },
      { label: 'Minimum term (months)', name: 'minTermMonths', inputMode: 'numeric' },
      { label: 'Security deposit ($)', name: 'deposit', inputMode: 'decimal' },
    ],
  },
  {
    name: 'offersShortTerm',
    label: 'Short stays',
    fields: [
      { label: 'Nightly price ($)', name: 'nightlyPrice', inputMode: 'decimal' },
      { label: 'Minimum stay (nights)', name: 'minNights', inputMode: 'numeric' },
    ],
  },
]

type Props = StepFieldProps & {
  fees: Fee[]
  onAddFee(): void
  onRemoveFee(key: number): void
}

export function PriceStep({ step, values, error, fees, onAddFee, onRemoveFee }: Props) {
  return (
    <FormStep {...step}>
      <fieldset aria-describedby={describedBy('offer-hint', error('offer') && 'offer-error')} className="space-y-4">
        <legend className="text-base font-bold text-ink">What you offer</legend>
        <p id="offer-hint" className="text-sm text-ink-soft">
          A lease, short stays, or both. Prices are in US dollars.
        </p>
        <FieldError id="offer-error" message={error('offer')} />
        {OFFERS.map((offer) => (
          <div key={offer.name} className="rounded-xl border border-gray-200 p-4">
            <InlineCheckbox name={offer.name} label={offer.label} defaultChecked={values[offer.name]} invalid={Boolean(error('offer'))} />
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <ValueFields fields={offer.fields} values={values} error={error} />
            </div>
          </div>
        ))}
      </fieldset>

      <fieldset aria-describedby={describedBy('fees-hint', error('fees') && 'fees-error')} className="space-y-3">
        <legend className="text-base font-bold text-ink">Required monthly fees</legend>
        <p id="fees-hint" className="text-sm text-ink-soft">
          Fees every tenant pays each month, like parking or amenities. Renters see rent plus these as the all-in cost.
        </p>
        <FieldError id="fees-error" message={error('fees')} />
        {fees.length === 0 ? <p className="text-sm text-ink">No required fees.</p> : null}
        <ul className="space-y-3">
          {fees.map((fee, index) => (
            <li key={fee.key} className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]">
              <TextField
                id={`field-fee-${index}-name`}
                label={`Fee ${index + 1} name`}
                name="feeName"
                defaultValue={fee.name}
                maxLength={60}
                error={error(`fees.${index}.name`)}
              />
              <TextField
                id={`field-fee-${index}-amount`}
                label={`Fee ${index + 1} per month ($)`}
                name="feeAmount"
                inputMode="decimal"
                defaultValue={fee.amount}
                error={error(`fees.${index}.amount`)}
              />
              <Button
                variant="quiet"
                name="intent"
                value={`remove-fee:${index}`}
                className="sm:mt-7"
                onClick={(event) => {
                  event.preventDefault()
                  onRemoveFee(fee.key)
                }}
              >
                Remove fee {index + 1}
              </Button>
            </li>
          ))}
        </ul>
        {fees.length < MAX_FEES ? (
          <Button
            variant="secondary"
            name="intent"
            value="add-fee"
            onClick={(event) => {
              event.preventDefault()
              onAddFee()
            }}
          >
            Add a fee
          </Button>
        ) : null}
      </fieldset>

      <CheckboxGroup
        legend="Utilities included in the rent"
        name="includedUtilities"
        options={UTILITIES}
        checked={values.includedUtilities}
        error={error('includedUtilities')}
      />
    </FormStep>
  )
}
