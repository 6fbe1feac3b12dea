// What /notifications does on the server: a page of the renter's alerts, newest first (a cursor in
// the address), marked read once shown, so the count beside the avatar falls as they are seen; and
// "Mark all as read".
import { redirect } from 'react-router'
import { notificationsQuerySchema } from '#common/alerts/schemas.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { findNotifications, markAlertsRead } from '#server/alerts/index.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'

export const NOTIFICATIONS_PAGE = '/notifications'

export async function loadNotificationsPage(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const { before } = notificationsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const page = await findNotifications(services.database.db, { userId: current.userId, before })
  // What the page shows is seen: read from now on (the page still marks them as they were: new).
  const unreadShown = page.items.filter((item) => !item.isRead).map((item) => item.id)
  await markAlertsRead(services, { userId: current.userId, ids: unreadShown })
  return { ...page, isFirstPage: before === undefined }
}

export async function notificationsAction(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const form = await request.formData()
  if (form.get('intent') !== 'mark-all-read') return redirectWithToast(NOTIFICATIONS_PAGE, { type: 'error', message: UNKNOWN_FORM })
  await markAlertsRead(services, { userId: current.userId, ids: 'all' })
  const back = String(form.get('back') ?? '')
  return back.startsWith(`${NOTIFICATIONS_PAGE}?`)
    ? redirect(back)
    : redirectWithToast(NOTIFICATIONS_PAGE, { type: 'success', message: 'All notifications are read.' })
}
