// The guard of every administrators' content page and action: a page asked for by a visitor sends
// them to log in, anyone else who is not an administrator gets 403; a form post or preview request
// without an administrator's session is refused with 403 outright.
import { data } from 'react-router'
import { type CurrentSession, getCurrentSession, requireAdmin } from '#server/accounts/index.server.ts'
import type { Services } from '#server/services.server.ts'

export async function requireContentEditor(services: Services, request: Request): Promise<CurrentSession> {
  if (request.method === 'GET' || request.method === 'HEAD') return requireAdmin(services, request)
  const current = await getCurrentSession(services, request)
  if (!current?.user.isAdmin) throw data('Only administrators can edit the site’s content.', { status: 403 })
  return current
}
