// What the parties read: one lease's ledger (charges with what was applied to each, payments, receipts,
// statement years), and the landlord's rent roll of a month across all their leases, with its CSV.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { lateFeePlan } from '#common/ledger/late-fee.ts'
import type { LedgerView, RentRoll, RentRollRow } from '#common/ledger/types.ts'
import type { PaymentMethod, PaymentState } from '#common/ledger/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { rentPayment, rentPaymentEvent } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { addressLine, sideOf, todayAt, type LedgerViewer } from './access.server.ts'
import { readBooks, transactionsOf } from './books.server.ts'

export const receiptPath = (leaseId: number, paymentId: number) => `/leases/${leaseId}/rent/receipts/${paymentId}.pdf`

/** One lease's books as its landlord or a tenant sees them. */
export async function findLedger(
  db: Db,
  { leaseId, viewer, now = new Date() }: { leaseId: number; viewer: LedgerViewer; now?: Date },
): Promise<LedgerView> {
  const { lease: found, side } = await sideOf(db, leaseId, viewer)
  const today = todayAt(found.timeZone, now)
  const plan = lateFeePlan(found.premises.state, found.terms)
  const transactions = await transactionsOf(db, leaseId)
  const books = readBooks(transactions, { today, graceDays: plan.graceDays })
  const waivers = new Map<number, LedgerView['charges'][number]['waivers']>()
  for (const row of transactions) {
    if (row.waivesId === null) continue
    waivers.set(row.waivesId, [
      ...(waivers.get(row.waivesId) ?? []),
      { amountCents: -row.receivableCents, on: row.effectiveOn, reason: row.reason },
    ])
  }
  const payments = await db
    .select()
    .from(rentPayment)
    .where(eq(rentPayment.leaseId, leaseId))
    .orderBy(desc(rentPayment.paidOn), desc(rentPayment.id))
  const reasons = payments.length
    ? await db
        .select({ paymentId: rentPaymentEvent.paymentId, reason: rentPaymentEvent.reason })
        .from(rentPaymentEvent)
        .where(
          and(
            inArray(
              rentPaymentEvent.paymentId,
              payments.map((p) => p.id),
            ),
            sql`${rentPaymentEvent.reason} <> ''`,
          ),
        )
        .orderBy(asc(rentPaymentEvent.id))
    : []
  const years = new Set(transactions.map((row) => Number(row.effectiveOn.slice(0, 4))))
  return {
    leaseId,
    address: addressLine(found.premises),
    viewerSide: side,
    today,
    currency: 'USD',
    balanceCents: books.balanceCents,
    unappliedCents: books.unappliedCents,
    rentCents: found.terms.rentCents,
    dueDay: found.terms.dueDay,
    graceDays: plan.graceDays,
    lateFeeCents: plan.amountCents,
    lateFeeCitation: plan.citation,
    charges: books.charges
      .map(({ id, kind, memo, dueOn, amountCents, waivedCents, paidCents, owedCents, status }) => ({
        id,
        kind,
        memo,
        dueOn,
        amountCents,
        waivedCents,
        waivers: waivers.get(id) ?? [],
        paidCents,
        owedCents,
        status,
      }))
      .reverse(),
    payments: payments.map((payment) => ({
      id: payment.id,
      state: payment.state as PaymentState,
      method: payment.method as PaymentMethod,
      paidOn: payment.paidOn,
      amountCents: payment.amountCents,
      reference: payment.reference,
      reportedBy: payment.reportedByName,
      reason: reasons.filter((row) => row.paymentId === payment.id).at(-1)?.reason ?? '',
      receiptPath: payment.transactionId ? receiptPath(leaseId, payment.id) : null,
    })),
    statementYears: [...years].sort((a, b) => b - a),
    actions: side === 'landlord' ? ['record', 'answer', 'waive', 'charge'] : ['report'],
  }
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** The month asked for ('YYYY-MM'), or this month; anything else is refused. */
export function monthOrThis(value: string | null | undefined, now: Date): string {
  if (value === null || value === undefined || value === '') return now.toISOString().slice(0, 7)
  if (!MONTH.test(value) || value < '2000-01' || value > '2200-12') throw new AppError('invalid', 'Give the month as YYYY-MM.')
  return value
}

type RollRow = {
  lease_id: string | number
  premises: RentRollRow & Record<string, string>
  tenants: string
  due: string | number
  paid: string | number
  late: string | number
  balance: string | number
  pending: string | number
}

/**
 * A landlord's rent roll for a month: per fully signed lease, what fell due in the month, what was paid
 * in it, what was late at its end (or today, if sooner: charges past their due day and grace not covered
 * by the payments so far, oldest first), the balance then, and payments awaiting an answer.
 */
export async function rentRoll(
  db: Db,
  { landlordId, month, now = new Date() }: { landlordId: string; month: string; now?: Date },
): Promise<RentRoll> {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const first = `${month}-01`
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`
  const today = now.toISOString().slice(0, 10)
  const asOf = today < next ? today : next
  const { rows } = await db.execute<RollRow>(sql`
    with leases as (
      select l.id, l.premises, v.terms, (v.terms->>'graceDays')::int as grace
      from lease l join lease_version v on v.lease_id = l.id and v.version = l.version
      where l.landlord_id = ${landlordId} and l.state = 'fully_signed' and l.kind = 'lease'
    ), moves as (
      select e.lease_id, t.effective_on, coalesce(t.due_on, o.due_on) as due_on, e.amount_cents as recv
      from ledger_entry e
      join ledger_transaction t on t.id = e.transaction_id
      left join ledger_transaction o on o.id = t.reverses_id
      where e.lease_id in (select id from leases) and e.account = 'tenant_receivable' and t.effective_on < ${next}
    ), sums as (
      select lease_id,
        sum(recv) filter (where due_on is not null and due_on >= ${first} and due_on < ${next}) as due,
        -sum(recv) filter (where due_on is null and effective_on >= ${first}) as paid,
        sum(recv) filter (where due_on is not null and due_on + grace < ${asOf}::date) as late_charges,
        -sum(recv) filter (where due_on is null and effective_on < ${asOf}::date) as credits,
        sum(recv) filter (where effective_on < ${asOf}::date) as balance
      from moves join leases on leases.id = moves.lease_id group by lease_id
    )
    select leases.id as lease_id, leases.premises,
      (select string_agg(x->>'name', ', ') from jsonb_array_elements(leases.terms->'tenants') x) as tenants,
      coalesce(s.due, 0) as due, coalesce(s.paid, 0) as paid,
      greatest(coalesce(s.late_charges, 0) - coalesce(s.credits, 0), 0) as late, coalesce(s.balance, 0) as balance,
      (select count(*) from rent_payment p where p.lease_id = leases.id and p.state = 'pending') as pending
    from leases left join sums s on s.lease_id = leases.id
    order by leases.id
  `)
  const out: RentRollRow[] = rows.map((row) => ({
    leaseId: Number(row.lease_id),
    address: addressLine(row.premises as never),
    tenants: row.tenants ?? '',
    dueCents: Number(row.due),
    paidCents: Number(row.paid),
    lateCents: Number(row.late),
    balanceCents: Number(row.balance),
    pendingCount: Number(row.pending),
  }))
  const total = (key: 'dueCents' | 'paidCents' | 'lateCents' | 'balanceCents' | 'pendingCount') =>
    out.reduce((sum, row) => sum + row[key], 0)
  return {
    month,
    rows: out,
    totals: {
      dueCents: total('dueCents'),
      paidCents: total('paidCents'),
      lateCents: total('lateCents'),
      balanceCents: total('balanceCents'),
      pendingCount: total('pendingCount'),
    },
  }
}
