// The guard of every administrators' content page and action: they are part of the operator console,
// so to anyone but an administrator (a visitor included) each page, form post and preview answers 404.
import { type CurrentSession, requireConsoleAdmin } from '#server/accounts/index.server.ts'
import type { Services } from '#server/services.server.ts'

export function requireContentEditor(services: Services, request: Request): Promise<CurrentSession> {
  return requireConsoleAdmin(services, request)
}
