// GET /leases/:id/rent/receipts/<payment>.pdf and /leases/:id/rent/statement/<year>.pdf: a receipt or a
// year's statement for the lease's landlord and tenants, as a download no cache keeps. Anyone else, a
// visitor signed out and a malformed address all get the same 404.
import type { Route } from './+types/ledger-pdf'
import { parsePositiveId } from '#common/ids.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { attachmentDisposition, PRIVATE_HEADERS } from '#server/http/documents-route.server.ts'
import { findReceipt, renderStatement } from '#server/ledger/index.server.ts'

const notFound = () =>
  new Response('There is no such file.', { status: 404, headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const leaseId = parsePositiveId(params.id)
  const match = /^([1-9]\d{0,14})\.pdf$/.exec(params.file ?? '')
  const kind = params.kind
  if (leaseId === null || !match || (kind !== 'receipts' && kind !== 'statement')) return notFound()
  const current = await getCurrentSession(services, request)
  if (!current) return notFound()
  const viewer = { userId: current.userId, email: current.user.email }
  const number = Number(match[1])
  try {
    const pdf =
      kind === 'receipts'
        ? await findReceipt(services.database.db, { leaseId, paymentId: number, viewer })
        : await renderStatement(services.database.db, { leaseId, year: number, viewer })
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
