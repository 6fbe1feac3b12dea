// The landlord's forms on a deposit page: the end of the tenancy, a deduction with its evidence, and the
// statement sent with how the refund was paid. Plain form posts, so every form works without scripts; a
// refusal shows beside its own form and the values typed come back.
import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { DepositView } from '#common/deposits/types.ts'
import { DEDUCTION_CATEGORIES, DEDUCTION_CATEGORY_LABELS } from '#common/deposits/vocabulary.ts'
import type { FieldErrors } from '#common/forms.ts'
import { CONDITION_LABELS, INSPECTION_KIND_LABELS } from '#common/inspections/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '#common/ledger/vocabulary.ts'

export const DEPOSIT_INTENTS = ['move_out', 'deduct', 'take_back', 'send'] as const
export type DepositIntent = (typeof DEPOSIT_INTENTS)[number]

export type DepositRefusal = { intent: string; fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> } | null

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {title}
      </h3>
      {children}
    </section>
  )
}

function Submit({ intent, children }: { intent: DepositIntent; children: ReactNode }) {
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button name="intent" value={intent} disabled={isSending}>
        {children}
      </Button>
      {isSending ? <PendingNote>Saving…</PendingNote> : null}
    </div>
  )
}

function Refusal({ intent, refused }: { intent: DepositIntent; refused: DepositRefusal }) {
  if (refused?.intent !== intent) return null
  return <FormAlert id={`deposit-${intent}-refusal`} message={refused.formError ?? 'This was not saved: see the message below.'} />
}

export function MoveOutForm({ deposit, refused }: { deposit: DepositView; refused: DepositRefusal }) {
  const errors = refused?.intent === 'move_out' ? refused.fieldErrors : {}
  return (
    <Card id="deposit-move-out" title={deposit.endedOn ? 'Correct the end of the tenancy' : 'Record the end of the tenancy'}>
      <Form method="post" className="space-y-3">
        <Refusal intent="move_out" refused={refused} />
        <TextField
          label="The day the tenancy ended (move-out)"
          name="endedOn"
          type="date"
          required
          defaultValue={deposit.endedOn ?? deposit.leaseEndDate ?? ''}
          hint={deposit.leaseEndDate ? `The lease's fixed term ends on ${deposit.leaseEndDate}.` : undefined}
          error={errors.endedOn}
          takesFocus={Boolean(errors.endedOn)}
        />
        <Submit intent="move_out">{deposit.endedOn ? 'Save the new day' : 'Record the end'}</Submit>
      </Form>
    </Card>
  )
}

export function DeductionForm({ deposit, refused }: { deposit: DepositView; refused: DepositRefusal }) {
  const mine = refused?.intent === 'deduct'
  const errors = mine ? refused.fieldErrors : {}
  const values = mine ? (refused.values ?? {}) : {}
  const left = deposit.heldCents - deposit.deductedCents
  return (
    <Card id="deposit-deduct" title="Add a deduction">
      <p className="text-sm text-ink-soft">
        {formatDollars(left)} of the {formatDollars(deposit.heldCents)} held is left to deduct. Unpaid rent applies the deposit to what the
        tenant owes in the ledger ({formatDollars(deposit.owedCents)} now).
      </p>
      <Form method="post" className="space-y-3">
        <Refusal intent="deduct" refused={refused} />
        <TextField
          label="Amount in dollars"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={values.amount ?? ''}
          error={errors.amount}
          takesFocus={Boolean(errors.amount)}
        />
        <Select label="What it is for" name="category" defaultValue={values.category ?? 'damage'} error={errors.category}>
          {DEDUCTION_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {DEDUCTION_CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
        <TextField
          label="Why, in words"
          name="reason"
          multiline
          rows={3}
          required
          maxLength={1000}
          defaultValue={values.reason ?? ''}
          error={errors.reason}
          takesFocus={!errors.amount && Boolean(errors.reason)}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Evidence from the inspections</legend>
          {deposit.evidenceChoices.length === 0 ? (
            <p className="text-sm text-ink-soft">No inspection of this lease has items yet.</p>
          ) : null}
          <div className="max-h-72 space-y-1 overflow-y-auto rounded-lg border border-gray-200 p-2">
            {deposit.evidenceChoices.map((item) => (
              <label key={item.itemId} className="flex items-start gap-2 text-sm text-ink">
                <input type="checkbox" name="evidence" value={item.itemId} className="mt-1 size-4 accent-brand-700" />
                <span>
                  {INSPECTION_KIND_LABELS[item.kind]} · {item.room}: {item.item} —{' '}
                  {item.condition ? CONDITION_LABELS[item.condition] : 'not recorded'}
                  {item.photos.length > 0 ? ` · ${item.photos.length} photo${item.photos.length === 1 ? '' : 's'}` : ''}
                </span>
              </label>
            ))}
          </div>
          {errors.evidence ? <p className="text-sm font-medium text-red-800">{errors.evidence[0]}</p> : null}
        </fieldset>
        <Submit intent="deduct">Add the deduction</Submit>
      </Form>
    </Card>
  )
}

export function SendForm({ deposit, refused }: { deposit: DepositView; refused: DepositRefusal }) {
  const mine = refused?.intent === 'send'
  const errors = mine ? refused.fieldErrors : {}
  const values = mine ? (refused.values ?? {}) : {}
  return (
    <Card id="deposit-send" title="Send the itemised statement">
      <p className="text-sm text-ink-soft">
        The statement goes to the tenants by e-mail and is kept with the lease. Once sent it is final: nothing in it can change. Sending
        records the deposit&apos;s return in the ledger; Cooper Home moves no money, so pay the refund of{' '}
        {formatDollars(deposit.refundCents)} yourself first.
      </p>
      <Form method="post" className="space-y-3">
        <Refusal intent="send" refused={refused} />
        {deposit.refundCents > 0 ? (
          <>
            <Select
              label="How the refund was paid"
              name="method"
              defaultValue={values.method ?? ''}
              error={errors.method}
              takesFocus={Boolean(errors.method)}
            >
              <option value="">Choose…</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_LABELS[method]}
                </option>
              ))}
            </Select>
            <TextField label="Paid on" name="paidOn" type="date" defaultValue={values.paidOn ?? ''} error={errors.paidOn} />
            <TextField
              label="Reference (optional)"
              name="reference"
              maxLength={200}
              defaultValue={values.reference ?? ''}
              error={errors.reference}
            />
          </>
        ) : null}
        <Checkbox
          name="confirm"
          id="field-confirm"
          required
          label="I understand that the statement is final once sent."
          error={errors.confirm}
        />
        <Submit intent="send">Send the statement</Submit>
      </Form>
    </Card>
  )
}
