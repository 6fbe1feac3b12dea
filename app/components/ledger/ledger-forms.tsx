// The ledger page's forms: a payment reported (tenant) or recorded (landlord), and the landlord's answer
// to one payment (confirm, reject with a reason, reverse with a reason). Plain form posts that work
// without scripts; a refusal shows beside the form that was sent.
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '#common/ledger/vocabulary.ts'

export type LedgerRefusal = {
  intent: string
  paymentId?: number
  fieldErrors: FieldErrors
  formError?: string
  amount?: string
  reference?: string
} | null

function Submit({ intent, label, variant }: { intent: string; label: string; variant?: 'primary' | 'secondary' | 'danger' }) {
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button name="intent" value={intent} variant={variant} disabled={isSending}>
        {label}
      </Button>
      {isSending ? <PendingNote>Sending…</PendingNote> : null}
    </div>
  )
}

export function PaymentForm({ side, today, refused }: { side: 'landlord' | 'tenant'; today: string; refused: LedgerRefusal }) {
  const mine = refused?.intent === 'pay' ? refused : null
  const title = side === 'landlord' ? 'Record a payment you received' : 'Report a payment you made'
  return (
    <section aria-labelledby="ledger-pay-title" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="ledger-pay-title" className="text-lg font-bold text-ink">
        {title}
      </h2>
      <p className="text-sm text-ink-soft">
        {side === 'landlord'
          ? 'A payment you record counts at once, and the tenants are e-mailed a receipt.'
          : 'Your landlord is asked to confirm it; once confirmed, you get a receipt by e-mail.'}{' '}
        This records a payment made outside Cooper Home: nothing is charged or sent.
      </p>
      <Form method="post" className="grid gap-3 sm:grid-cols-2">
        {mine?.formError ? (
          <div className="sm:col-span-2">
            <FormAlert id="ledger-pay-refusal" message={mine.formError} />
          </div>
        ) : null}
        <TextField
          label="Amount (USD)"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={mine?.amount ?? ''}
          error={mine?.fieldErrors.amountCents}
        />
        <TextField label="Paid on" name="paidOn" type="date" required max={today} defaultValue={today} error={mine?.fieldErrors.paidOn} />
        <Select label="How it was paid" name="method" defaultValue="bank_transfer" error={mine?.fieldErrors.method}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </Select>
        <TextField
          label="Reference (optional)"
          name="reference"
          hint="A check number or transfer reference."
          maxLength={120}
          defaultValue={mine?.reference ?? ''}
          error={mine?.fieldErrors.reference}
        />
        <div className="sm:col-span-2">
          <Submit intent="pay" label={side === 'landlord' ? 'Record payment' : 'Report payment'} />
        </div>
      </Form>
    </section>
  )
}

/** The landlord's answer to one payment: confirm or reject a pending one; reverse a confirmed one. */
export function PaymentAnswer({ paymentId, state, refused }: { paymentId: number; state: string; refused: LedgerRefusal }) {
  const mine = refused && refused.paymentId === paymentId ? refused : null
  if (state !== 'pending' && state !== 'confirmed') return null
  return (
    <div className="space-y-2">
      {mine?.formError ? <FormAlert id={`ledger-payment-${paymentId}-refusal`} message={mine.formError} /> : null}
      {state === 'pending' ? (
        <Form method="post">
          <input type="hidden" name="paymentId" value={paymentId} />
          <Submit intent="confirmed" label="Confirm" />
        </Form>
      ) : null}
      {state === 'pending' ? (
        <RefuseForm paymentId={paymentId} state={state} error={mine?.fieldErrors.reason} />
      ) : (
        // A confirmed payment is reversed rarely (a bounced check): the form waits behind a disclosure.
        <details className="text-sm" open={Boolean(mine)}>
          <summary className="cursor-pointer font-semibold text-brand-700">Reverse this payment</summary>
          <div className="mt-2">
            <RefuseForm paymentId={paymentId} state={state} error={mine?.fieldErrors.reason} />
          </div>
        </details>
      )}
    </div>
  )
}

/** Reject a pending payment, or reverse a confirmed one, with the reason the tenants will read. */
function RefuseForm({ paymentId, state, error }: { paymentId: number; state: 'pending' | 'confirmed'; error?: string[] }) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="paymentId" value={paymentId} />
      <TextField
        label={state === 'pending' ? 'Reason to reject' : 'Reason to reverse (a bounced check)'}
        name="reason"
        id={`reason-${paymentId}`}
        maxLength={500}
        error={error}
      />
      <Submit intent={state === 'pending' ? 'rejected' : 'reversed'} label={state === 'pending' ? 'Reject' : 'Reverse'} variant="danger" />
    </Form>
  )
}
