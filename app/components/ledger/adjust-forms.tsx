// The landlord's adjustments on the ledger page: a "Waive" disclosure per open charge (the amount
// prefilled with what is still owed, and a reason) and the form to add a one-off charge. Plain form posts
// that work without scripts; a refusal shows beside the form that was sent, with what was typed.
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'
import { dollarsOfCents } from '#common/leases/dollars.ts'

export type AdjustRefusal = {
  intent: string
  chargeId?: number
  fieldErrors: FieldErrors
  formError?: string
  amount?: string
  reason?: string
  description?: string
  dueOn?: string
} | null

function Submit({ intent, label }: { intent: string; label: string }) {
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button name="intent" value={intent} variant="secondary" disabled={isSending}>
        {label}
      </Button>
      {isSending ? <PendingNote>Sending…</PendingNote> : null}
    </div>
  )
}

/** Waive part or all of one charge: closed until opened, or when its last post was refused. */
export function WaiveCharge({
  chargeId,
  memo,
  owedCents,
  refused,
}: {
  chargeId: number
  memo: string
  owedCents: number
  refused: AdjustRefusal
}) {
  const mine = refused?.intent === 'waive' && refused.chargeId === chargeId ? refused : null
  return (
    <details className="mt-1 text-sm" open={Boolean(mine)}>
      <summary className="cursor-pointer font-semibold text-brand-700">
        Waive<span className="sr-only">{` ${memo}`}</span>
      </summary>
      <Form method="post" className="mt-2 max-w-sm space-y-2">
        {mine?.formError ? <FormAlert id={`waive-${chargeId}-refusal`} message={mine.formError} /> : null}
        <input type="hidden" name="chargeId" value={chargeId} />
        <TextField
          label="Amount to waive (USD)"
          name="amount"
          id={`waive-${chargeId}-amount`}
          inputMode="decimal"
          required
          defaultValue={mine?.amount ?? dollarsOfCents(owedCents)}
          hint="At most what is still owed on this charge."
          error={mine?.fieldErrors.amountCents}
        />
        <TextField
          label="Reason (the tenants see it)"
          name="reason"
          id={`waive-${chargeId}-reason`}
          required
          minLength={3}
          maxLength={500}
          defaultValue={mine?.reason ?? ''}
          error={mine?.fieldErrors.reason}
        />
        <Submit intent="waive" label="Waive" />
      </Form>
    </details>
  )
}

/** Add a one-off charge the lease allows: a description, an amount and the day it is due. */
export function AddCharge({ today, refused }: { today: string; refused: AdjustRefusal }) {
  const mine = refused?.intent === 'charge' ? refused : null
  return (
    <section aria-labelledby="ledger-add-charge" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="ledger-add-charge" className="text-lg font-bold text-ink">
        Add a charge
      </h2>
      <p className="text-sm text-ink-soft">
        A one-off charge your lease allows, such as a utility bill passed on or a repair of damage the tenant caused. The tenants are told
        by e-mail. It is due from the lease's start until a year after its end, and at most a year ago.
      </p>
      <Form method="post" className="grid gap-3 sm:grid-cols-2">
        {mine?.formError ? (
          <div className="sm:col-span-2">
            <FormAlert id="ledger-add-charge-refusal" message={mine.formError} />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <TextField
            label="Description"
            name="description"
            id="charge-description"
            required
            minLength={3}
            maxLength={200}
            hint="What the charge is for, as the tenants will read it."
            defaultValue={mine?.description ?? ''}
            error={mine?.fieldErrors.description}
          />
        </div>
        <TextField
          label="Amount (USD)"
          name="amount"
          id="charge-amount"
          inputMode="decimal"
          required
          defaultValue={mine?.amount ?? ''}
          error={mine?.fieldErrors.amountCents}
        />
        <TextField
          label="Due on"
          name="dueOn"
          id="charge-due-on"
          type="date"
          required
          defaultValue={mine?.dueOn ?? today}
          error={mine?.fieldErrors.dueOn}
        />
        <div className="sm:col-span-2">
          <Submit intent="charge" label="Add charge" />
        </div>
      </Form>
    </section>
  )
}
