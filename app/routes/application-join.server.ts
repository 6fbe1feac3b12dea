// The page controller of /applications/join/:token: who invites the visitor to which home, and, signed
// in with the address invited, joining with their own reusable application. An unknown, used or expired
// link: 404 "This invitation is no longer valid."
import { data } from 'react-router'
import { clientAddress, getCurrentSession, requireUser } from '#server/accounts/index.server.ts'
import { acceptInvite, findInvite } from '#server/applications/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'

export async function joinPage(services: Services, request: Request, token: string | undefined) {
  const session = await getCurrentSession(services, request)
  const invite = await withPageErrors(() => findInvite(services.database.db, { token: token ?? '', viewerId: session?.userId ?? null }))
  return { invite, redirectTo: new URL(request.url).pathname }
}

export async function joinAction(services: Services, request: Request, token: string | undefined) {
  const current = await requireUser(services, request)
  try {
    const row = await acceptInvite(services, { token: token ?? '', userId: current.userId, ipAddress: clientAddress(request.headers) })
    return redirectWithToast(`/applications/${row.id}`, {
      type: 'success',
      message: 'You joined the application. The applicant and the landlord have been told.',
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return refusalOf(error)
  }
}
