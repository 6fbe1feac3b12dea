// GET /leases/:id/deposit/statement.pdf: the sent deposit statement for one of the lease's parties, as a
// download never stored by a cache. Anyone else, a visitor signed out, a statement not sent yet and a
// malformed address all get the same 404.
import type { Route } from './+types/deposit-pdf'
import { parsePositiveId } from '#common/ids.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { findDepositStatement } from '#server/deposits/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { attachmentDisposition, PRIVATE_HEADERS } from '#server/http/documents-route.server.ts'

const notFound = () =>
  new Response('There is no such file.', { status: 404, headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const leaseId = parsePositiveId(params.id)
  if (leaseId === null) return notFound()
  const current = await getCurrentSession(services, request)
  if (!current) return notFound()
  try {
    const pdf = await findDepositStatement(services.database.db, { leaseId, viewer: { userId: current.userId, email: current.user.email } })
    return new Response(new Uint8Array(pdf.bytes), {
      headers: {
        ...PRIVATE_HEADERS,
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.bytes.byteLength),
        'Content-Disposition': attachmentDisposition(pdf.fileName),
      },
    })
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') return notFound()
    throw error
  }
}
