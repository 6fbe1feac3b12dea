// /leases/:id/deposit: a fully signed lease's deposit for its landlord and its signers (anyone else: 404):
// what is held (what was paid), the end of the tenancy and the state's deadline, the deductions with their
// evidence, the refund, and once sent the itemised statement and its PDF; the landlord's forms while
// drafting. The work is in deposit.server.ts.
import type { ReactNode } from 'react'
import { Form, Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/deposit'
import { DeductionForm, MoveOutForm, SendForm, type DepositRefusal } from '#app/components/deposits/deposit-forms.tsx'
import { EvidenceCard } from '#app/components/deposits/evidence.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import type { DepositView } from '#common/deposits/types.ts'
import { DEDUCTION_CATEGORY_LABELS, DEPOSIT_RECORDS_ONLY, dueOnInWords, NOT_LEGAL_ADVICE } from '#common/deposits/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import { PAYMENT_METHOD_LABELS } from '#common/ledger/vocabulary.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { depositAction, depositPage } from './deposit.server.ts'
import { PageSection } from '#app/components/page-section.tsx'

export function meta() {
  return [...pageMeta('Deposit', 'The deposit of a lease and its return.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return depositPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return depositAction(context.get(appContext).services, request, params.id)
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-gray-100 py-2">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  )
}

function Deadline({ deposit }: { deposit: DepositView }) {
  const { deadline } = deposit
  return (
    <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
      {deadline ? (
        <p className="text-ink">
          In {deadline.state} the deposit must be returned, with an itemised statement of any deductions, within {deadline.days}{' '}
          {deadline.isBusinessDays ? 'business days (weekends and federal holidays not counted)' : 'days'} of the end of the tenancy (
          {deadline.citation}).
          {deadline.note ? ` ${deadline.note}` : ''}
        </p>
      ) : (
        <p className="text-ink">
          The deadline for returning a deposit in this state is not in our table: check the state&apos;s law. We do not guess a date.
        </p>
      )}
      {deposit.endedOn ? (
        <p className="text-ink">
          The tenancy ended on <strong>{deposit.endedOn}</strong>.
          {deposit.dueOn ? (
            <>
              {' '}
              The return is due by <strong>{deposit.dueOn}</strong> ({dueOnInWords(deposit.dueOn)}).
            </>
          ) : null}
        </p>
      ) : (
        <p className="text-ink">The landlord has not recorded the end of the tenancy yet: the deadline counts from that day.</p>
      )}
      <p className="text-sm text-ink-soft">{NOT_LEGAL_ADVICE}</p>
    </div>
  )
}

function Deductions({ deposit, canTakeBack }: { deposit: DepositView; canTakeBack: boolean }) {
  if (deposit.deductions.length === 0) return <p className="text-ink">No deductions{deposit.state === 'sent' ? '' : ' so far'}.</p>
  return (
    <ol className="space-y-4">
      {deposit.deductions.map((deduction, index) => (
        <li key={deduction.id} className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-bold text-ink">
              {index + 1}. {DEDUCTION_CATEGORY_LABELS[deduction.category]}
            </h3>
            <span className="font-semibold text-ink">{formatDollars(deduction.amountCents)}</span>
          </div>
          <p className="break-words whitespace-pre-line text-ink">{deduction.reason}</p>
          {deduction.evidence.length > 0 ? (
            <div className="space-y-3">
              <p className="text-sm font-semibold text-ink">Evidence</p>
              {deduction.evidence.map((item) => (
                <EvidenceCard key={item.itemId} item={item} />
              ))}
            </div>
          ) : null}
          {canTakeBack ? (
            <Form method="post">
              <input type="hidden" name="deductionId" value={deduction.id} />
              <Button name="intent" value="take_back" variant="secondary" aria-label={`Take back deduction ${index + 1}`}>
                Take back
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

export default function DepositPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deposit } = loaderData
  useRevalidateOn((event) => event.type === 'lease' && event.leaseId === deposit.leaseId)
  const refused = (actionData ?? null) as DepositRefusal
  const isLandlord = deposit.viewerRole === 'landlord'
  const drafting = deposit.state === 'drafting'
  return (
    <div className="space-y-10">
      <PageHeader kicker={`Deposit · you are the ${isLandlord ? 'landlord' : 'tenant'}`} title={deposit.address}>
        <p>
          <Link to={`/leases/${deposit.leaseId}`} className="font-semibold text-brand-700 underline">
            Back to the lease
          </Link>
        </p>
      </PageHeader>
      <p className="max-w-3xl rounded-lg bg-gray-50 p-3 text-sm text-ink">{DEPOSIT_RECORDS_ONLY}</p>
      {deposit.late ? (
        <p role="status" className="max-w-3xl rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-900">
          {deposit.state === 'sent'
            ? 'This statement was sent after the deadline.'
            : 'The deadline has passed and the statement has not been sent.'}
        </p>
      ) : null}

      {deposit.sent ? (
        <PageSection id="statement" title="The itemised statement">
          <p className="text-ink">
            Sent on {deposit.sent.on}.{' '}
            {deposit.refundCents > 0 && deposit.sent.refundMethod
              ? `The refund was paid by ${PAYMENT_METHOD_LABELS[deposit.sent.refundMethod].toLowerCase()} on ${deposit.sent.refundPaidOn}${deposit.sent.refundReference ? ` (${deposit.sent.refundReference})` : ''}.`
              : 'There is no refund.'}
          </p>
          <p>
            <a href={deposit.sent.pdfPath} className="font-semibold text-brand-700 underline" download>
              Download the statement (PDF)
            </a>
          </p>
          <p className="text-sm text-ink-soft">
            SHA-256 <code className="font-mono text-xs break-all text-ink">{deposit.sent.sha256}</code>
          </p>
        </PageSection>
      ) : null}

      <PageSection id="held" title="The deposit">
        <dl className="max-w-xl">
          <Row label="Deposit in the lease's charges">{formatDollars(deposit.chargedCents)}</Row>
          <Row label="Held (what was paid)">{formatDollars(deposit.heldCents)}</Row>
        </dl>
        {deposit.chargedCents === 0 ? <p className="text-ink">No deposit has been charged in the ledger.</p> : null}
        {deposit.chargedCents > 0 && !deposit.paidInFull && deposit.state !== 'sent' ? (
          <p className="max-w-3xl text-ink">
            The deposit was never paid in full: only the {formatDollars(deposit.heldCents)} paid is held and can be deducted from or
            returned. Sending the statement clears the unpaid part.
          </p>
        ) : null}
      </PageSection>

      <PageSection id="deadline" title="The deadline">
        <Deadline deposit={deposit} />
      </PageSection>

      {deposit.state !== 'not_ended' ? (
        <PageSection id="deductions" title="Deductions">
          {!isLandlord && drafting ? (
            <p className="text-ink">The landlord has not sent the itemised statement yet. What follows is their draft.</p>
          ) : null}
          <Deductions deposit={deposit} canTakeBack={isLandlord && drafting} />
          <dl className="max-w-xl">
            <Row label="Total deducted">{formatDollars(deposit.deductedCents)}</Row>
            <Row label="Refund to the tenants">{formatDollars(deposit.refundCents)}</Row>
          </dl>
        </PageSection>
      ) : null}

      {isLandlord && deposit.state !== 'sent' ? (
        <PageSection id="forms" title="Your part">
          <div className="max-w-3xl space-y-4">
            <MoveOutForm deposit={deposit} refused={refused} />
            {/* Keyed by the deductions: once one is added the form starts empty, so a second click adds nothing twice. */}
            {drafting ? (
              <DeductionForm key={deposit.deductions.map((deduction) => deduction.id).join(',')} deposit={deposit} refused={refused} />
            ) : null}
            {drafting ? <SendForm deposit={deposit} refused={refused} /> : null}
          </div>
        </PageSection>
      ) : null}
    </div>
  )
}
