// GET /rent.csv?month=YYYY-MM: the landlord's rent roll of the month as CSV (formula-safe: common/ledger/csv.ts),
// never kept by a cache. Signed out: 404, like every private file.
import type { Route } from './+types/rent-csv'
import { rentRollCsv } from '#common/ledger/csv.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { attachmentDisposition, PRIVATE_HEADERS } from '#server/http/documents-route.server.ts'
import { rentRoll } from '#server/ledger/index.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await getCurrentSession(services, request)
  const plain = { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }
  if (!current) return new Response('There is no such file.', { status: 404, headers: plain })
  try {
    const roll = await rentRoll(services.database.db, { landlordId: current.userId, month: new URL(request.url).searchParams.get('month') })
    const csv = rentRollCsv(roll)
    return new Response(csv, {
      headers: {
        ...PRIVATE_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachmentDisposition(`rent-roll-${roll.month}.csv`),
      },
    })
  } catch (error) {
    if (isAppError(error) && error.code === 'invalid') return new Response(error.message, { status: 400, headers: plain })
    throw error
  }
}
