// What /chat/reports loads and does: the open reports and the mutes in force, for administrators
// only (anyone else gets 403, a visitor the login page). Each form posts an `intent` to the page's
// action, which acts through the same domain functions as the JSON API (a deleted message is told to
// everyone by the domain) and redirects back with a toast; a refusal answers with its status and words.
import { parsePositiveId } from '#common/ids.ts'
import type { ReportsPageData } from '#common/messages/types.ts'
import { isPlainText } from '#common/plain-text.ts'
import { clientAddress, requireAdmin } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import { listActiveMutes, listOpenReports, resolveReport, unmuteUser, type ReportOutcome } from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'

export const REPORTS_PATH = '/chat/reports'

export function loadReportsPage(services: Services, request: Request): Promise<ReportsPageData> {
  return withPageErrors(async () => {
    const current = await requireAdmin(services, request)
    const { db } = services.database
    const [reports, mutes] = await Promise.all([
      listOpenReports(db, { viewerId: current.userId }),
      listActiveMutes(db, { adminId: current.userId }),
    ])
    return { reports, mutes }
  })
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

function doneMessage(outcome: ReportOutcome): string {
  const name = outcome.author?.name ?? 'The author'
  switch (outcome.action) {
    case 'dismiss':
      return 'The report is dismissed.'
    case 'delete':
      return 'The message is deleted and the report resolved.'
    case 'mute':
      return `${name} is muted in the room until ${utc(outcome.mutedUntil!)}.`
  }
}

export async function reportsAction(services: Services, request: Request) {
  const current = await requireAdmin(services, request)
  const { db } = services.database
  const formData = await request.formData()
  const intent = text(formData, 'intent')
  const reportId = parsePositiveId(text(formData, 'reportId')) ?? undefined
  const userId = text(formData, 'userId') || undefined
  try {
    if (intent === 'resolve') {
      if (reportId === undefined) throw new Response('Not Found', { status: 404 })
      const input = { action: text(formData, 'action'), minutes: formData.has('minutes') ? text(formData, 'minutes') : undefined }
      const outcome = await resolveReport(services, { adminId: current.userId, reportId, input, ip: clientAddress(request.headers) })
      return redirectWithToast(REPORTS_PATH, { type: 'success', message: doneMessage(outcome) })
    }
    if (intent === 'unmute' && userId) {
      // The form's hidden field names the person; text the database cannot hold names nobody.
      if (!isPlainText(userId)) throw new Response('Not Found', { status: 404 })
      const { wasMuted } = await unmuteUser(db, { adminId: current.userId, userId })
      return redirectWithToast(REPORTS_PATH, {
        type: wasMuted ? 'success' : 'info',
        message: wasMuted ? 'The mute is lifted: they can post in the room again.' : 'That mute had already run out.',
      })
    }
    return refusalOf(new AppError('invalid', UNKNOWN_FORM), { reportId, userId })
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { reportId, userId })
  }
}
