// GET /leases/:id/inspections/:kind/pdf: the inspection frozen for signature, as a download never stored by
// a cache, for a party of the lease. Anyone else, a visitor signed out and a malformed address all get 404.
import type { Route } from './+types/inspection-pdf'
import { parsePositiveId } from '#common/ids.ts'
import { kindOfSlug } from '#common/inspections/vocabulary.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { attachmentDisposition, PRIVATE_HEADERS } from '#server/http/documents-route.server.ts'
import { findInspectionPdf } from '#server/inspections/index.server.ts'

const notFound = () =>
  new Response('There is no such file.', { status: 404, headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const leaseId = parsePositiveId(params.id)
  const kind = kindOfSlug(params.kind ?? '')
  if (leaseId === null || kind === null) return notFound()
  const current = await getCurrentSession(services, request)
  if (!current) return notFound()
  try {
    const pdf = await findInspectionPdf(services.database.db, {
      leaseId,
      kind,
      viewer: { userId: current.userId, email: current.user.email },
    })
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
