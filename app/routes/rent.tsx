// /rent?month=YYYY-MM: a landlord's rent roll — for every fully signed lease of theirs, what fell due in the
// month, what was paid in it, what was late at its end, the balance and payments awaiting an answer, with
// the totals and a CSV for their accountant. Only the viewer's own leases as landlord are ever listed.
import { Form, Link } from 'react-router'
import type { Route } from './+types/rent'
import { requireUser } from '#server/accounts/index.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { rentRoll } from '#server/ledger/index.server.ts'
import { TableRegion } from '#app/components/cooper/table-region.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { RECORDS_ONLY } from '#common/ledger/vocabulary.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'

export function meta() {
  return [...pageMeta('Rent roll', 'Rent due, late and paid this month across your leases.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const asked = new URL(request.url).searchParams.get('month')
  return withPageErrors(async () => {
    return { roll: await rentRoll(services.database.db, { landlordId: current.userId, month: asked }) }
  })
}

/** "2026-11" as "November 2026". */
const monthTitle = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

const money = (cents: number) => (cents < 0 ? `−${formatDollars(-cents)}` : formatDollars(cents))

const COLUMNS = ['Due', 'Paid', 'Late', 'Owed', 'To confirm'] as const

/** A row's figures, each cell naming its column for the stacked phone layout. */
function Figures({ due, paid, late, owed, pending }: { due: number; paid: number; late: number; owed: number; pending: number }) {
  const cell = 'p-2 text-right whitespace-nowrap'
  return (
    <>
      <td data-label="Due" className={cell}>
        {money(due)}
      </td>
      <td data-label="Paid" className={cell}>
        {money(paid)}
      </td>
      <td data-label="Late" className={`${cell} ${late > 0 ? 'font-semibold text-red-900' : ''}`}>
        {money(late)}
      </td>
      <td data-label="Owed" className={cell}>
        {money(owed)}
      </td>
      <td data-label="To confirm" className={`${cell} ${pending > 0 ? 'font-semibold' : ''}`}>
        {pending}
      </td>
    </>
  )
}

export default function RentRollPage({ loaderData }: Route.ComponentProps) {
  const { roll } = loaderData
  const t = roll.totals
  return (
    <div className="space-y-6">
      <PageHeader kicker="Rent" title={`Rent roll: ${monthTitle(roll.month)}`}>
        <p>Every lease you signed as landlord: what fell due this month, what was paid, what is late, and what is owed.</p>
      </PageHeader>
      <p role="note" className="max-w-3xl rounded-lg border border-sun-500 bg-sun-100/40 p-3 text-ink">
        {RECORDS_ONLY}
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="month" className="block text-sm font-semibold text-ink">
            Month
          </label>
          <input
            id="month"
            name="month"
            type="month"
            defaultValue={roll.month}
            className="mt-1.5 rounded-lg border border-gray-300 px-3 py-2"
          />
        </div>
        <Button variant="secondary">Show</Button>
        <a href={`/rent.csv?month=${roll.month}`} className="py-2 text-brand-700 underline" download>
          Download CSV
        </a>
      </Form>
      {roll.rows.length === 0 ? (
        <p className="text-ink-soft">
          No fully signed lease of yours yet. Once a lease you sent is signed by everyone, its rent is charged and shown here. See{' '}
          <Link to="/leases" className="text-brand-700 underline">
            your leases
          </Link>
          .
        </p>
      ) : (
        // On a phone each lease stacks into a card, each figure on a line after its column's name (app.css,
        // .stacked-table), so no column is cut off; wider screens show the table as it is.
        <TableRegion captionId="rent-roll-caption">
          <table className="stacked-table w-full text-left text-sm">
            <caption id="rent-roll-caption" className="sr-only">
              Rent roll for {monthTitle(roll.month)}, in US dollars
            </caption>
            <thead className="bg-gray-50 text-ink">
              <tr>
                <th scope="col" className="p-2">
                  Lease
                </th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="p-2 text-right">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {roll.rows.map((row) => (
                <tr key={row.leaseId}>
                  <th scope="row" className="p-2 font-normal">
                    <Link to={`/leases/${row.leaseId}/rent`} className="text-brand-700 underline">
                      {row.address}
                    </Link>
                    <span className="block text-ink-soft">{row.tenants}</span>
                  </th>
                  <Figures
                    due={row.dueCents}
                    paid={row.paidCents}
                    late={row.lateCents}
                    owed={row.balanceCents}
                    pending={row.pendingCount}
                  />
                </tr>
              ))}
            </tbody>
            <tfoot className="bg-gray-50 font-semibold text-ink">
              <tr>
                <th scope="row" className="p-2">
                  Total ({roll.rows.length} {roll.rows.length === 1 ? 'lease' : 'leases'})
                </th>
                <Figures due={t.dueCents} paid={t.paidCents} late={t.lateCents} owed={t.balanceCents} pending={t.pendingCount} />
              </tr>
            </tfoot>
          </table>
        </TableRegion>
      )}
    </div>
  )
}
