// What the operator console's pages load and do (/admin, /admin/people, /admin/people/:id,
// /admin/audit and its CSV): every loader and action starts with requireConsoleAdmin, so to anyone
// but an administrator (a visitor included) each address answers 404. A person's page takes four
// intents (ban, unban, end-sessions, resend-verification), each one domain call that writes the audit
// log, answered with a toast and a redirect, or the refusal in words with its status.
import { auditFiltersOf, type AuditFilters } from '#common/console/schemas.ts'
import type { AuditPage, PeoplePage, PersonDetail } from '#common/console/types.ts'
import { isPlainText, isSingleLine } from '#common/plain-text.ts'
import { clientAddress, requireConsoleAdmin } from '#server/accounts/index.server.ts'
import {
  auditCsv,
  banPerson,
  countConsoleWork,
  endPersonSessions,
  findPerson,
  listAuditActions,
  listAuditAdministrators,
  listAuditEntries,
  resendPersonVerification,
  searchPeople,
  unbanPerson,
} from '#server/console/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { attachmentDisposition, PRIVATE_HEADERS } from '#server/http/documents-route.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'

const notFound = () => new Response('Not Found', { status: 404 })

export type ConsoleHomeData = { name: string; openMessageReports: number; openReports: number; heldListings: number; bannedPeople: number }

export async function loadConsoleHome(services: Services, request: Request): Promise<ConsoleHomeData> {
  const current = await requireConsoleAdmin(services, request)
  return { name: current.user.displayName, ...(await countConsoleWork(services.database.db)) }
}

export type PeoplePageData = PeoplePage & { query: string; cursor: string | null }

export async function loadPeoplePage(services: Services, request: Request): Promise<PeoplePageData> {
  await requireConsoleAdmin(services, request)
  const params = new URL(request.url).searchParams
  const query = (params.get('q') ?? '').slice(0, 200)
  const cursor = params.get('after')
  const page = await searchPeople(services.database.db, { query, cursor })
  return { ...page, query: isPlainText(query) ? query : '', cursor }
}

/** A person's id as the address gives it: plain one-line text of a sensible length, or nobody. */
function personIdOf(raw: string | undefined): string | undefined {
  return raw && raw.length <= 100 && isPlainText(raw) && isSingleLine(raw) ? raw : undefined
}

export type PersonPageData = { person: PersonDetail; isSelf: boolean }

export async function loadPersonPage(services: Services, request: Request, rawId: string | undefined): Promise<PersonPageData> {
  const current = await requireConsoleAdmin(services, request)
  const id = personIdOf(rawId)
  const person = id ? await findPerson(services.database.db, id) : undefined
  if (!person) throw notFound()
  return { person, isSelf: person.id === current.userId }
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : undefined
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export async function personAction(services: Services, request: Request, rawId: string | undefined) {
  const current = await requireConsoleAdmin(services, request)
  const personId = personIdOf(rawId)
  if (!personId) throw notFound()
  const formData = await request.formData().catch(() => null)
  if (!formData) return refusalOf(new AppError('invalid', UNKNOWN_FORM))
  const intent = text(formData, 'intent')
  const actor = { adminId: current.userId, personId, ip: clientAddress(request.headers) }
  const path = `/admin/people/${encodeURIComponent(personId)}`
  const { db } = services.database
  try {
    switch (intent) {
      case 'ban': {
        const input = { reason: text(formData, 'reason'), length: text(formData, 'length'), until: text(formData, 'until') }
        const outcome = await banPerson(db, actor, input)
        const until = outcome.expiresAt ? `until ${utc(outcome.expiresAt)}` : 'for good'
        return redirectWithToast(path, { type: 'success', message: `${outcome.name} is banned ${until}; their sessions have ended.` })
      }
      case 'unban': {
        const outcome = await unbanPerson(db, actor, { reason: text(formData, 'note') })
        return redirectWithToast(path, {
          type: outcome.wasBanned ? 'success' : 'info',
          message: outcome.wasBanned ? `${outcome.name} can sign in again.` : `${outcome.name} was not banned.`,
        })
      }
      case 'end-sessions': {
        const outcome = await endPersonSessions(db, actor)
        const count = outcome.sessionsEnded
        return redirectWithToast(path, {
          type: count ? 'success' : 'info',
          message: count
            ? `${outcome.name} is signed out everywhere (${count} ${count === 1 ? 'session' : 'sessions'}).`
            : `${outcome.name} had no session.`,
        })
      }
      case 'resend-verification': {
        const outcome = await resendPersonVerification(services, actor, request)
        return redirectWithToast(path, { type: 'success', message: `A new confirmation link is on its way to ${outcome.email}.` })
      }
      default:
        return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent: intent ?? null })
    }
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw notFound()
    return refusalOf(error, { intent: intent ?? null })
  }
}

export type AuditPageData = AuditPage & {
  filters: AuditFilters
  cursor: string | null
  administrators: { id: string; name: string }[]
  actions: string[]
}

export async function loadAuditPage(services: Services, request: Request): Promise<AuditPageData> {
  return withPageErrors(async () => {
    await requireConsoleAdmin(services, request)
    const params = new URL(request.url).searchParams
    const filters = auditFiltersOf(params)
    const cursor = params.get('after')
    const { db } = services.database
    const [page, administrators, actions] = await Promise.all([
      listAuditEntries(db, filters, cursor),
      listAuditAdministrators(db),
      listAuditActions(db),
    ])
    return { ...page, filters, cursor, administrators, actions }
  })
}

/** GET /admin/audit/csv: the filtered audit log as a CSV download, never kept by a cache. */
export async function auditCsvResponse(services: Services, request: Request): Promise<Response> {
  await requireConsoleAdmin(services, request)
  const filters = auditFiltersOf(new URL(request.url).searchParams)
  const csv = await auditCsv(services.database.db, filters)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      ...PRIVATE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(`audit-log-${day}.csv`),
    },
  })
}
