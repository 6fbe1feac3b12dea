// GET /leases/:id/pdf/v<N> and /leases/:id/pdf/signed: a lease's PDF for one of its parties, as a download
// never stored by a cache. Anyone else, a visitor signed out and a malformed address all get the same 404:
// a file address says nothing about whether the lease exists.
import type { Route } from './+types/lease-pdf'
import { parsePositiveId } from '#common/ids.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { attachmentDisposition, PRIVATE_HEADERS } from '#server/http/documents-route.server.ts'
import { findLeasePdf } from '#server/leases/index.server.ts'

const notFound = () =>
  new Response('There is no such file.', { status: 404, headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })

/** `v3` → 3, `signed` → 'signed'; anything else → null. */
function whichOf(param: string | undefined): number | 'signed' | null {
  if (param === 'signed') return 'signed'
  const match = /^v([1-9]\d{0,5})$/.exec(param ?? '')
  return match ? Number(match[1]) : null
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const leaseId = parsePositiveId(params.id)
  const which = whichOf(params.which)
  if (leaseId === null || which === null) return notFound()
  const current = await getCurrentSession(services, request)
  if (!current) return notFound()
  try {
    const pdf = await findLeasePdf(services.database.db, { leaseId, which, viewer: { userId: current.userId, email: current.user.email } })
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
