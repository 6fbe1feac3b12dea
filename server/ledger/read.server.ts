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
    owedNowCents: books.charges.filter((charge) => charge.dueOn <= today).reduce((sum, charge) => sum + charge.owedCents, 0),
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
function monthOrThis(value: string | null | undefined, today: string): string {
  if (value === null || value === undefined || value === '') return today.slice(0, 7)
  if (!MONTH.test(value) || value < '2000-01' || value > '2200-12') throw new AppError('invalid', 'Give the month as YYYY-MM.')
  return value
}

type RollRow = {
  lease_id: string | number
  street: string
  unit: string | null
  city: string
  state: string
  zip: string
  tenants: string[] | null
  due: string | number
  paid: string | number
  late: string | number
  balance: string | number
  pending: string | number
}

/**
 * Where the landlord's let homes are (the zone most of them are in): the roll's "this month" and "today" are
 * theirs, as a lease's own page uses its home's.
 */
async function landlordTimeZone(db: Db, landlordId: string): Promise<string> {
  const { rows } = await db.execute<{ time_zone: string | null }>(sql`
    select h.time_zone from (
      select listing_id, count(*) as n from lease
      where landlord_id = ${landlordId} and state = 'fully_signed' and kind = 'lease'
      group by listing_id
    ) homes join listing h on h.id = homes.listing_id
    group by h.time_zone order by sum(homes.n) desc, h.time_zone limit 1`)
  return rows[0]?.time_zone ?? 'UTC'
}

/** The tenants' names as the roll lists them. */
const namesOf = (names: string[] | null) => (names ?? []).join(', ')

/**
 * A landlord's rent roll for a month: per fully signed lease, what fell due in the month, what was paid
 * in it, what was late at its end (or today, if sooner: charges past their due day and grace not covered
 * by the payments so far, oldest first), the balance then, and payments awaiting an answer.
 *
 * It reads the books' projection (decision 040): one row of running sums per lease for the month, and from the
 * entries only the days between the month's edge and the day the roll is taken, the charges due around the day
 * grace ends, and charges posted after the month that were due before its end. Each figure is the same sum over
 * the entries as if every entry were read.
 */
export async function rentRoll(
  db: Db,
  { landlordId, month: asked, now = new Date() }: { landlordId: string; month?: string | null; now?: Date },
): Promise<RentRoll> {
  const today = todayAt(await landlordTimeZone(db, landlordId), now)
  const month = monthOrThis(asked, today)
  const [year, m] = month.split('-').map(Number) as [number, number]
  const first = `${month}-01`
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`
  const asOf = today < next ? today : next
  // Sums at asOf start from the month's row: through its end when asOf is the next month's first day (every
  // month already over), from its start otherwise; the days between come from the entries, added or taken off.
  const atEnd = asOf === next
  const base = atEnd ? next : first
  const [from, to] = asOf < base ? [asOf, base] : [base, asOf]
  const sign = asOf < base ? -1 : 1
  const eBase = sql.raw(atEnd ? 'm.e_through' : 'm.e_before')
  const nBase = sql.raw(atEnd ? 'm.n_through' : 'm.n_before')
  const { rows } = await db.execute<RollRow>(sql`
    with leases as (
      select l.id, l.premises->>'street' as street, l.premises->>'unit' as unit, l.premises->>'city' as city,
        l.premises->>'state' as state, l.premises->>'zip' as zip, v.tenant_names as tenants,
        ${asOf}::date - v.grace_days as late_before
      from lease l join lease_version v on v.lease_id = l.id and v.version = l.version
      where l.landlord_id = ${landlordId} and l.state = 'fully_signed' and l.kind = 'lease'
    ), bounds as (
      select least(min(late_before), ${first}::date) as lo, greatest(max(late_before), ${first}::date) as hi from leases
    ), months as (
      -- A lease's row for the month; before its first month it has nothing, after its last the sums of all.
      select s.lease_id,
        case when m.lease_id is not null then ${eBase} when s.first_month > ${first}::date then 0 else s.e_total end as e_base,
        case when m.lease_id is not null then ${nBase} when s.first_month > ${first}::date then 0 else s.n_total end as n_base,
        case when m.lease_id is not null then m.n_through - m.n_before else 0 end as n_month,
        case when m.lease_id is not null then m.d_before when s.first_month > ${first}::date then 0 else s.d_total end as d_before,
        case when m.lease_id is not null then m.d_through - m.d_before else 0 end as d_month
      from ledger_receivable_span s
        left join ledger_receivable_month m on m.lease_id = s.lease_id and m.landlord_id = ${landlordId} and m.month = ${first}::date
      where s.landlord_id = ${landlordId}
    ), days as (
      select r.lease_id,
        sum(r.amount_cents) filter (where r.effective_on >= ${from}::date and r.effective_on < ${to}::date) as e_days,
        sum(r.amount_cents) filter (where r.due_on is null and r.effective_on >= ${from}::date and r.effective_on < ${to}::date) as n_days,
        sum(r.amount_cents) filter (
          where r.due_on >= least(leases.late_before, ${first}::date) and r.due_on < greatest(leases.late_before, ${first}::date)
        ) as d_days,
        sum(r.amount_cents) filter (where r.due_on >= ${first}::date and r.due_on < ${next}::date and r.effective_on >= ${next}::date) as due_later,
        sum(r.amount_cents) filter (where r.due_on < leases.late_before and r.effective_on >= ${next}::date) as late_later
      from ledger_receivable r join leases on leases.id = r.lease_id
      where r.landlord_id = ${landlordId} and (
        (r.effective_on >= ${from}::date and r.effective_on < ${to}::date)
        or (r.due_on >= (select lo from bounds) and r.due_on < (select hi from bounds))
        or (r.due_on < r.effective_on and r.effective_on >= ${next}::date)
      )
      group by r.lease_id
    ), figures as (
      select leases.id,
        coalesce(m.d_month, 0) - coalesce(d.due_later, 0) as due,
        -coalesce(m.n_month, 0) as paid,
        coalesce(m.e_base, 0) + ${sign} * coalesce(d.e_days, 0) as balance,
        -(coalesce(m.n_base, 0) + ${sign} * coalesce(d.n_days, 0)) as credits,
        coalesce(m.d_before, 0) + (case when leases.late_before >= ${first}::date then 1 else -1 end) * coalesce(d.d_days, 0)
          - coalesce(d.late_later, 0) as late_charges
      from leases left join months m on m.lease_id = leases.id left join days d on d.lease_id = leases.id
    ), pending as (
      select p.lease_id, count(*) as n from rent_payment p
      where p.state = 'pending' and p.lease_id in (select id from leases)
      group by p.lease_id
    )
    select leases.id as lease_id, leases.street, leases.unit, leases.city, leases.state, leases.zip, leases.tenants,
      f.due, f.paid, greatest(f.late_charges - f.credits, 0) as late, f.balance, coalesce(p.n, 0) as pending
    from leases
      join figures f on f.id = leases.id
      left join pending p on p.lease_id = leases.id
    order by leases.id
  `)
  const out: RentRollRow[] = rows.map((row) => ({
    leaseId: Number(row.lease_id),
    address: addressLine({ street: row.street, unit: row.unit, city: row.city, state: row.state, zip: row.zip } as never),
    tenants: namesOf(row.tenants),
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
