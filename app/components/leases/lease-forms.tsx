// What the viewer of a lease may do now (the view's `actions`), one small form each posting an intent to
// the lease's page: a signer agrees to sign electronically (after the ESIGN disclosures) or withdraws
// that, signs the version read or declines; the landlord sends, voids or amends. Plain form posts, so
// every form works before (and without) scripts; a refusal shows beside its own form.
import { useEffect, useRef, type ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { ESIGN_AGREEMENT, ESIGN_NOTE, ESIGN_SECTIONS } from '#common/leases/esign.ts'
import type { LeaseView, ViewerAction } from '#common/leases/types.ts'
import { LEASE_SIGNING_DAYS, MAX_LEASE_REASON } from '#common/leases/vocabulary.ts'
import type { FieldErrors } from '#common/forms.ts'
import { SignaturePad } from './signature-pad.tsx'

/** The intents the page's forms post: the view's actions but the edit link. */
export const LEASE_INTENTS = [
  'consent',
  'withdraw_consent',
  'sign',
  'decline',
  'send',
  'void',
  'amend',
] as const satisfies readonly ViewerAction[]
export type LeaseIntent = (typeof LEASE_INTENTS)[number]

export type LeaseRefusal = { intent: string; fieldErrors: FieldErrors; formError?: string; typedName?: string } | null

type ButtonVariant = 'primary' | 'secondary' | 'danger'

const TITLES: Record<LeaseIntent, string> = {
  consent: 'Agree to sign electronically',
  withdraw_consent: 'Withdraw your consent',
  sign: 'Sign the lease',
  decline: 'Decline to sign',
  send: 'Send for signature',
  void: 'Void the lease',
  amend: 'Amend the signed lease',
}

function Card({ intent, children }: { intent: LeaseIntent; children: ReactNode }) {
  return (
    <section
      id={`lease-${intent}`}
      aria-labelledby={`lease-${intent}-title`}
      className="scroll-mt-24 space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      <h3 id={`lease-${intent}-title`} className="font-bold text-ink">
        {TITLES[intent]}
      </h3>
      {children}
    </section>
  )
}

function Submit({ intent, children, variant }: { intent: LeaseIntent; children: ReactNode; variant?: ButtonVariant }) {
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button name="intent" value={intent} variant={variant} disabled={isSending}>
        {children}
      </Button>
      {isSending ? <PendingNote>Sending…</PendingNote> : null}
    </div>
  )
}

/** The refusal of this card's form, in one sentence above its button (its fields show their own). */
function Refusal({ intent, refused }: { intent: LeaseIntent; refused: LeaseRefusal }) {
  const isMine = refused?.intent === intent
  const hasFieldErrors = isMine && Object.keys(refused.fieldErrors).length > 0
  // A refusal about the whole form takes focus, so keyboard and screen-reader users learn of it at once
  // (a field in error takes focus itself).
  const holder = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (isMine && !hasFieldErrors) holder.current?.querySelector<HTMLElement>('[role="alert"]')?.focus()
  }, [refused, isMine, hasFieldErrors])
  if (!isMine) return null
  const message = hasFieldErrors ? 'This was not sent: see the message below.' : refused.formError
  return (
    <div ref={holder}>
      <FormAlert id={`lease-${intent}-refusal`} message={message} />
    </div>
  )
}

export function LeaseForms({ lease, refused }: { lease: LeaseView; refused: LeaseRefusal }) {
  const may = (action: ViewerAction) => lease.actions.includes(action)
  const errorsOf = (intent: LeaseIntent) => (refused?.intent === intent ? refused.fieldErrors : {})
  const document = lease.document
  return (
    <div className="max-w-3xl space-y-4">
      {may('consent') ? (
        <Card intent="consent">
          <p className="text-sm text-ink-soft">Before you sign on Cooper Home, read what signing electronically means for you.</p>
          <div className="space-y-3 rounded-lg bg-gray-50 p-3">
            {ESIGN_SECTIONS.map((section) => (
              <div key={section.id}>
                <h4 className="font-semibold text-ink">{section.heading}</h4>
                <p className="text-sm text-ink">{section.text}</p>
              </div>
            ))}
          </div>
          <Form method="post" className="space-y-3">
            <Refusal intent="consent" refused={refused} />
            <Checkbox
              name="agree"
              id="field-agree"
              required
              label={ESIGN_AGREEMENT}
              error={errorsOf('consent').agree}
              takesFocus={Boolean(errorsOf('consent').agree)}
            />
            <Submit intent="consent">I agree</Submit>
          </Form>
          <p className="text-xs text-ink-soft">{ESIGN_NOTE}</p>
        </Card>
      ) : null}

      {may('sign') && document ? (
        <Card intent="sign">
          <p className="text-sm text-ink-soft">
            Type your full name: that is your signature. The time, your address on the internet and your browser are recorded with it.
          </p>
          <Form method="post" className="space-y-4">
            <Refusal intent="sign" refused={refused} />
            <input type="hidden" name="documentSha256" value={document.sha256} />
            <TextField
              label="Your full name"
              name="typedName"
              id="field-typedName"
              required
              autoComplete="off"
              maxLength={120}
              defaultValue={refused?.intent === 'sign' ? (refused.typedName ?? '') : ''}
              error={errorsOf('sign').typedName}
              takesFocus={Boolean(errorsOf('sign').typedName)}
            />
            <SignaturePad />
            {errorsOf('sign').drawing ? <p className="text-sm font-medium text-red-800">{errorsOf('sign').drawing![0]}</p> : null}
            <Checkbox
              name="confirm"
              id="field-confirm"
              required
              label={
                <>
                  I have read this lease (version {document.version}, SHA-256{' '}
                  <span className="font-mono text-xs break-all">{document.sha256}</span>) and sign it.
                </>
              }
              error={errorsOf('sign').confirm ?? errorsOf('sign').documentSha256}
              takesFocus={!errorsOf('sign').typedName && Boolean(errorsOf('sign').confirm)}
            />
            <Submit intent="sign">Sign the lease</Submit>
          </Form>
        </Card>
      ) : null}

      {may('send') ? (
        <Card intent="send">
          <p className="text-sm text-ink-soft">
            Each tenant and guarantor is asked to sign by e-mail; you countersign last. Signers have {LEASE_SIGNING_DAYS} days before the
            lease expires.
          </p>
          <Form method="post" className="space-y-3">
            <Refusal intent="send" refused={refused} />
            <Submit intent="send">Send for signature</Submit>
          </Form>
        </Card>
      ) : null}

      {may('edit') ? (
        <p>
          <Link to={`/leases/${lease.id}/edit`} className="font-semibold text-brand-700 underline">
            Change the terms
          </Link>
          {lease.state === 'draft' ? null : (
            <span className="text-sm text-ink-soft"> (a change makes a new version: every signer signs again)</span>
          )}
        </p>
      ) : null}

      {may('amend') ? (
        <Card intent="amend">
          <p className="text-sm text-ink-soft">
            A signed lease stays as it is. An amendment is a new document that every party signs; it starts as a draft for you to write.
          </p>
          <Form method="post" className="space-y-3">
            <Refusal intent="amend" refused={refused} />
            <Submit intent="amend" variant="secondary">
              Draft an amendment
            </Submit>
          </Form>
        </Card>
      ) : null}

      {may('withdraw_consent') ? (
        <Card intent="withdraw_consent">
          <p className="text-sm text-ink-soft">
            You can no longer sign on the site afterwards; the landlord is told and gives you the lease on paper.
          </p>
          <Form method="post" className="space-y-3">
            <Refusal intent="withdraw_consent" refused={refused} />
            <Submit intent="withdraw_consent" variant="secondary">
              Withdraw my consent
            </Submit>
          </Form>
        </Card>
      ) : null}

      {may('decline') ? (
        <ReasonCard
          intent="decline"
          summary="Decline this lease…"
          note="The landlord is told your reason. The lease can then no longer be signed; the landlord may send a new one."
          label="Why you decline"
          submit="Decline for good"
          refused={refused}
        />
      ) : null}

      {may('void') ? (
        <ReasonCard
          intent="void"
          summary="Void this lease…"
          note="Every signer is told your reason. A voided lease can no longer be signed; this cannot be undone."
          label="Why you void it"
          submit="Void the lease"
          refused={refused}
        />
      ) : null}
    </div>
  )
}

/** A destructive action behind a disclosure: a reason is required and is shown to the other parties. */
function ReasonCard({
  intent,
  summary,
  note,
  label,
  submit,
  refused,
}: {
  intent: 'decline' | 'void'
  summary: string
  note: string
  label: string
  submit: string
  refused: LeaseRefusal
}) {
  const isRefused = refused?.intent === intent
  return (
    <Card intent={intent}>
      <details open={isRefused}>
        <summary className="inline-flex cursor-pointer rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
          {summary}
        </summary>
        <Form method="post" className="mt-3 space-y-3 rounded-lg border border-red-300 bg-red-50 p-3">
          <p className="text-sm text-red-900">{note}</p>
          <Refusal intent={intent} refused={refused} />
          <TextField
            label={label}
            name="reason"
            id={`field-${intent}-reason`}
            multiline
            rows={3}
            required
            maxLength={MAX_LEASE_REASON}
            error={isRefused ? refused.fieldErrors.reason : undefined}
            takesFocus={isRefused && Boolean(refused.fieldErrors.reason)}
          />
          <Submit intent={intent} variant="danger">
            {submit}
          </Submit>
        </Form>
      </details>
    </Card>
  )
}
