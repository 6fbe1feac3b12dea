// The guard of every administrators' content page and action: a page asked for by a visitor sends
// them to log in, anyone else who is not an administrator gets 403; a form post or preview request
// without an administrator's session is refused with 403 outright.
import { type CurrentSession, requireAdmin } from '#server/accounts/index.server.ts'
import type { Services } from '#server/services.server.ts'

export function requireContentEditor(services: Services, request: Request): Promise<CurrentSession> {
  return requireAdmin(services, request, 'Only administrators can edit the site’s content.')
}
