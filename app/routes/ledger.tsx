// /leases/:id/rent: a signed lease's rent for its landlord and its tenants (anyone else: 404): what is owed,
// each charge with what was applied to it (oldest first), each payment with its state and receipt, the
// statements by year, the forms to report, record, confirm, reject or reverse a payment, and the landlord's
// adjustments (waive part or all of a charge, add a charge); a waived charge shows as such with its reason. The work is
// in ledger.server.ts; the page says plainly that Cooper Home records payments and moves no money.
import { Fragment } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/ledger'
import { appContext } from '#server/http/app-context.server.ts'
import { AddCharge, WaiveCharge, type AdjustRefusal } from '#app/components/ledger/adjust-forms.tsx'
import { PaymentAnswer, PaymentForm, type LedgerRefusal } from '#app/components/ledger/ledger-forms.tsx'
import { TableRegion } from '#app/components/cooper/table-region.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { PRORATION_RULE, type ChargeStatus } from '#common/ledger/schedule.ts'
import type { LedgerView } from '#common/ledger/types.ts'
import { PAYMENT_METHOD_LABELS, RECORDS_ONLY } from '#common/ledger/vocabulary.ts'
import { formatDollars, NOT_LEGAL_ADVICE } from '#common/leasing/state-rules.ts'
import { ledgerAction, ledgerPage } from './ledger.server.ts'

export function meta() {
  return [...pageMeta('Rent', 'What is due and paid on a lease.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return ledgerPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return ledgerAction(context.get(appContext).services, request, params.id)
}

const STATUS: Record<ChargeStatus, { label: string; tone: string }> = {
  paid: { label: 'Paid', tone: 'bg-green-100 text-green-900' },
  partly_paid: { label: 'Partly paid', tone: 'bg-sun-100 text-ink' },
  due: { label: 'Due', tone: 'bg-gray-100 text-gray-800' },
  late: { label: 'Late', tone: 'bg-red-100 text-red-900' },
  reversed: { label: 'Reversed', tone: 'bg-gray-200 text-gray-900' },
  waived: { label: 'Waived', tone: 'bg-brand-50 text-brand-900' },
}
const PAYMENT_STATES = { pending: 'Awaiting the landlord', confirmed: 'Confirmed', rejected: 'Rejected', reversed: 'Reversed' } as const

const money = (cents: number) => (cents < 0 ? `−${formatDollars(-cents)}` : formatDollars(cents))
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`

function Badge({ status }: { status: ChargeStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS[status].tone}`}>
      {STATUS[status].label}
    </span>
  )
}

function Summary({ ledger }: { ledger: LedgerView }) {
  const ahead = ledger.balanceCents < 0 ? -ledger.balanceCents : 0
  const upcoming = ledger.charges.filter((charge) => charge.dueOn > ledger.today && charge.owedCents > 0).reverse()
  return (
    <section aria-labelledby="ledger-summary" className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="ledger-summary" className="text-lg font-bold text-ink">
        {ledger.owedNowCents > 0
          ? `Owed now: ${money(ledger.owedNowCents)}`
          : ahead > 0
            ? `Paid ahead: ${money(ahead)}`
            : 'Nothing is owed now'}
      </h2>
      {upcoming.length > 0 ? (
        <p className="text-ink">
          Next: {upcoming.map((charge) => `${charge.memo}, ${money(charge.owedCents)} due on ${charge.dueOn}`).join('; ')}.
        </p>
      ) : null}
      <p className="text-ink-soft">
        Rent of {formatDollars(ledger.rentCents)} is due on the {ordinal(ledger.dueDay)} of each month and is late {ledger.graceDays} days
        after.
        {ledger.lateFeeCents > 0
          ? ` A late rent is charged a late fee of ${formatDollars(ledger.lateFeeCents)}, once.`
          : ' The lease charges no late fee.'}{' '}
        Payments are applied to the oldest charge first.
      </p>
      {ledger.lateFeeCitation ? (
        <p className="text-sm text-ink-soft">
          The late fee and grace follow the state's rule ({ledger.lateFeeCitation}). {NOT_LEGAL_ADVICE}
        </p>
      ) : null}
      <p className="text-sm text-ink-soft">{PRORATION_RULE}</p>
    </section>
  )
}

export default function LedgerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ledger } = loaderData
  const refused = (actionData ?? null) as LedgerRefusal
  const isLandlord = ledger.viewerSide === 'landlord'
  return (
    <div className="space-y-8">
      <PageHeader kicker="Rent" title={ledger.address}>
        <p>
          <Link to={`/leases/${ledger.leaseId}`} className="text-brand-700 underline">
            The lease
          </Link>
          {isLandlord ? (
            <>
              {' · '}
              <Link to="/rent" className="text-brand-700 underline">
                Rent roll of all your leases
              </Link>
            </>
          ) : null}
        </p>
      </PageHeader>
      <p role="note" className="max-w-3xl rounded-lg border border-sun-500 bg-sun-100/40 p-3 text-ink">
        {RECORDS_ONLY}
      </p>
      <Summary ledger={ledger} />
      {/* The table's scrolling region carries the name "Charges"; a second landmark of that name would repeat it. */}
      <section className="space-y-3">
        <h2 id="ledger-charges" className="text-lg font-bold text-ink">
          Charges
        </h2>
        {ledger.charges.length === 0 ? (
          <p className="text-ink-soft">No charge yet: each is posted a few days before it is due.</p>
        ) : (
          <TableRegion captionId="ledger-charges">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-ink">
                <tr>
                  <th scope="col" className="p-2">
                    Due
                  </th>
                  <th scope="col" className="p-2">
                    Charge
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Still owed
                  </th>
                  <th scope="col" className="p-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {ledger.charges.map((charge) => {
                  const canWaive = isLandlord && charge.owedCents > 0 && charge.kind !== 'deposit'
                  // The waivers and the Waive form go in a row of their own under the charge, the table's whole width.
                  const hasMore = canWaive || charge.waivers.length > 0
                  return (
                    <Fragment key={charge.id}>
                      <tr className={hasMore ? 'border-b-0' : undefined}>
                        <td className="p-2 whitespace-nowrap">{charge.dueOn}</td>
                        <td className="p-2">{charge.memo}</td>
                        <td className="p-2 text-right whitespace-nowrap">{money(charge.amountCents)}</td>
                        <td className="p-2 text-right whitespace-nowrap">{money(charge.owedCents)}</td>
                        <td className="p-2">
                          <Badge status={charge.status} />
                        </td>
                      </tr>
                      {hasMore ? (
                        <tr>
                          <td colSpan={5} className="px-2 pb-2">
                            {charge.waivers.map((waiver, index) => (
                              <p key={index} className="text-sm text-ink-soft">
                                <span className="sr-only">{`${charge.memo}: `}</span>
                                {`Waived ${money(waiver.amountCents)} on ${waiver.on}: “${waiver.reason}”`}
                              </p>
                            ))}
                            {canWaive ? (
                              <WaiveCharge
                                chargeId={charge.id}
                                memo={charge.memo}
                                owedCents={charge.owedCents}
                                refused={refused as AdjustRefusal}
                              />
                            ) : null}
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  )
                })}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
      <section aria-labelledby="ledger-payments" className="space-y-3">
        <h2 id="ledger-payments" className="text-lg font-bold text-ink">
          Payments
        </h2>
        {ledger.payments.length === 0 ? <p className="text-ink-soft">No payment recorded yet.</p> : null}
        <ul className="space-y-3">
          {ledger.payments.map((payment) => (
            <li key={payment.id} className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2">
              <div className="space-y-1">
                <p className="font-semibold text-ink">
                  {money(payment.amountCents)} on {payment.paidOn} · {PAYMENT_STATES[payment.state]}
                </p>
                <p className="text-sm text-ink-soft">
                  {PAYMENT_METHOD_LABELS[payment.method]}
                  {payment.reference ? ` · reference ${payment.reference}` : ''} · told by {payment.reportedBy}
                </p>
                {payment.reason ? <p className="text-sm text-ink">Why: “{payment.reason}”</p> : null}
                {payment.receiptPath ? (
                  <p>
                    <a href={payment.receiptPath} className="text-brand-700 underline" download>
                      {`Receipt no. ${payment.id} (PDF)`}
                    </a>
                  </p>
                ) : null}
              </div>
              {isLandlord ? <PaymentAnswer paymentId={payment.id} state={payment.state} refused={refused} /> : null}
            </li>
          ))}
        </ul>
      </section>
      <PaymentForm side={ledger.viewerSide} today={ledger.today} refused={refused} />
      {isLandlord ? <AddCharge today={ledger.today} refused={refused as AdjustRefusal} /> : null}
      {ledger.statementYears.length > 0 ? (
        <section aria-labelledby="ledger-statements" className="space-y-2">
          <h2 id="ledger-statements" className="text-lg font-bold text-ink">
            Statements
          </h2>
          <ul className="flex flex-wrap gap-4">
            {ledger.statementYears.map((year) => (
              <li key={year}>
                <a href={`/leases/${ledger.leaseId}/rent/statement/${year}.pdf`} className="text-brand-700 underline" download>
                  {`Statement ${year} (PDF)`}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
