// The host's booking rules of a short-term listing as a form: every rule with its unit, the form's
// problems linked to their fields, and the nightly price and minimum stay (the listing's own) beside it.
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { refilledFields } from '#app/components/ui/refilled-fields.ts'
import { TextField } from '#app/components/ui/text-field.tsx'
import { formErrorBesideFields, type FieldErrors } from '#common/forms.ts'
import { CANCELLATION_POLICY_TEXT } from '#common/stays/policies.ts'
import { formatCents } from '#common/stays/quote.ts'
import { MAX_CHECK_IN_DETAILS } from '#common/stays/rules.ts'
import { STAY_RULES_FIELDS, type StayRulesValues } from '#common/stays/rules-form.ts'
import { CANCELLATION_POLICIES } from '#common/stays/vocabulary.ts'

export type HostFormRefusal = { fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

const nightsWord = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`

export function StayRulesForm({
  path,
  nightlyCents,
  minNights,
  currency,
  isListingOwn,
  savedValues,
  refusal,
}: {
  path: string
  nightlyCents: number
  minNights: number
  currency: string
  isListingOwn: boolean
  savedValues: StayRulesValues
  refusal: HostFormRefusal | undefined
}) {
  const values = (refusal?.values as StayRulesValues | undefined) ?? savedValues
  const errors = refusal?.fieldErrors ?? {}
  const problems = problemsOf(errors, [], formErrorBesideFields(refusal)).concat(
    STAY_RULES_FIELDS.filter((field) => errors[field]?.[0]).map((field) => ({ fieldId: `field-${field}`, message: errors[field]![0]! })),
  )
  const { field } = refilledFields(STAY_RULES_FIELDS, values, errors)
  const number = { type: 'number', inputMode: 'numeric', className: 'max-w-48' } as const
  return (
    <section id="rules" aria-labelledby="rules-title" className="max-w-3xl space-y-4">
      <h2 id="rules-title" className="text-xl font-semibold text-ink">
        Booking rules
      </h2>
      <p className="text-ink">
        {formatCents(nightlyCents, currency)} a night, at least {nightsWord(minNights)}: set on{' '}
        <Link to={`${path}/edit`} className="text-brand-700 underline">
          the listing’s form
        </Link>
        . {isListingOwn ? '' : 'This home books on the standard rules until you save your own.'} Bookings already made keep the rules they
        were made under.
      </p>
      <Form method="post" noValidate className="space-y-6">
        <input type="hidden" name="intent" value="rules" />
        <ErrorSummary problems={problems} />
        <RadioGroup
          legend="How guests book"
          name="instantBook"
          options={[
            { value: 'false', label: 'Request to book: you accept or decline each request within 24 hours' },
            { value: 'true', label: 'Instant book: a stay within these rules is confirmed at once' },
          ]}
          defaultValue={values.instantBook}
          error={errors.instantBook}
          optionsClassName="mt-2 space-y-1.5"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Maximum nights per stay" {...field('maxNights')} {...number} min={1} max={365} hint="1 to 365." />
          <TextField label="Maximum guests" {...field('maxGuests')} {...number} min={1} max={50} hint="1 to 50." />
          <TextField
            label="Advance notice, in days"
            {...field('advanceNoticeDays')}
            {...number}
            min={0}
            max={30}
            hint="Days between booking and check-in. 0: the same day."
          />
          <TextField
            label="Preparation days between stays"
            {...field('preparationDays')}
            {...number}
            min={0}
            max={7}
            hint="Nights kept free after each stay, 0 to 7."
          />
          <TextField
            label="How far ahead guests may book, in days"
            {...field('bookingWindowDays')}
            {...number}
            min={1}
            max={730}
            hint="The latest check-out, counted from today. 1 to 730."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Check-in from (home’s clock)" {...field('checkInTime')} type="time" className="max-w-48" hint="e.g. 15:00" />
          <TextField label="Check-out by (home’s clock)" {...field('checkOutTime')} type="time" className="max-w-48" hint="e.g. 11:00" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Weekend price per night, in dollars"
            {...field('weekendNightlyCents')}
            inputMode="decimal"
            className="max-w-48"
            hint="Friday and Saturday nights. Empty: the nightly price."
          />
          <TextField
            label="Weekly discount, in percent"
            {...field('weeklyDiscountPercent')}
            {...number}
            min={0}
            max={90}
            hint="Off the nights’ price for stays of 7 nights or more. 0 to 90."
          />
          <TextField
            label="Cleaning fee per stay, in dollars"
            {...field('cleaningFeeCents')}
            inputMode="decimal"
            className="max-w-48"
            hint="Added once to each stay. Empty or 0: none."
          />
        </div>
        <RadioGroup
          legend="Cancellation policy"
          name="cancellationPolicy"
          options={CANCELLATION_POLICIES.map((policy) => ({
            value: policy,
            label: (
              <span>
                <span className="font-semibold">{CANCELLATION_POLICY_TEXT[policy].label}:</span> {CANCELLATION_POLICY_TEXT[policy].summary}
              </span>
            ),
          }))}
          defaultValue={values.cancellationPolicy}
          error={errors.cancellationPolicy}
          optionsClassName="mt-2 space-y-1.5"
          hint="A cancellation by you always refunds the guest in full."
        />
        <TextField
          label="Check-in details"
          {...field('checkInDetails')}
          multiline
          rows={3}
          maxLength={MAX_CHECK_IN_DETAILS}
          hint="Key box, parking, Wi-Fi. Shown to the guest only once a stay is confirmed."
        />
        <Button>Save the rules</Button>
      </Form>
    </section>
  )
}
