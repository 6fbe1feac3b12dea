// What /searches and /searches/:id do on the server: the renter's saved searches with their counts and
// alert settings, one saved search with its Cooper Index coverage, and one handler per form (each posts
// an `intent`). Someone else's saved search is "not found"; a refusal answers with that form's errors.
import { data, redirect } from 'react-router'
import { parseForm } from '#common/forms.ts'
import { alertSettingsSchema, savedSearchIdSchema, savedSearchSettingsSchema } from '#common/alerts/schemas.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import {
  changeSavedSearch,
  deleteSavedSearch,
  findAlertSettings,
  findIndexCoverage,
  findSavedSearch,
  findSavedSearches,
  markSavedSearchSeen,
  pauseSavedSearch,
  resumeAlertEmails,
  saveAlertSettings,
} from '#server/alerts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { savedSearchHref } from './save-search.server.ts'

export const SEARCHES_PAGE = '/searches'

export async function loadSearchesPage(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const { db } = services.database
  const [searches, settings] = await Promise.all([findSavedSearches(db, { userId: current.userId }), findAlertSettings(db, current.userId)])
  return { searches, settings }
}

export async function loadSearchPage(services: Services, request: Request, id: string | undefined) {
  const current = await requireUser(services, request)
  const { db } = services.database
  return withPageErrors(async () => {
    const search = await findSavedSearch(db, { userId: current.userId, id: Number(id) })
    const coverage = search.problems.length > 0 ? null : await findIndexCoverage(db, { query: search.query })
    return { search, coverage }
  })
}

type Handler = (args: { services: Services; userId: string; form: FormData; id: number }) => Promise<Response | ReturnType<typeof data>>

const toast = (url: string, message: string) => redirectWithToast(url, { type: 'success', message })

/** One handler per intent; those about one saved search get its id from the form. */
const HANDLERS: Record<string, Handler> = {
  async open({ services, userId, id }) {
    const search = await markSavedSearchSeen(services.database.db, { userId, id })
    return redirect(savedSearchHref(search.query, search.id))
  },
  async pause({ services, userId, id, form }) {
    const search = await pauseSavedSearch(services.database.db, { userId, id, isPaused: true })
    return toast(backTo(form, id), `Paused “${search.name}”: it announces nothing until you resume it.`)
  },
  async resume({ services, userId, id, form }) {
    const search = await pauseSavedSearch(services.database.db, { userId, id, isPaused: false })
    return toast(backTo(form, id), `Resumed “${search.name}”.`)
  },
  async delete({ services, userId, id }) {
    const search = await deleteSavedSearch(services.database.db, { userId, id })
    return toast(SEARCHES_PAGE, `Deleted “${search.name}”.`)
  },
  async settings({ services, userId, id, form }) {
    const parsed = parseForm(savedSearchSettingsSchema, form)
    if (!parsed.ok) return refusalOf(parsed, { intent: 'settings', values: Object.fromEntries(form) as Record<string, string> })
    const search = await changeSavedSearch(services.database.db, { userId, id, settings: parsed.data })
    return toast(`${SEARCHES_PAGE}/${id}`, `Saved the changes to “${search.name}”.`)
  },
  async 'alert-settings'({ services, userId, form }) {
    const parsed = parseForm(alertSettingsSchema, form)
    if (!parsed.ok) return refusalOf(parsed, { intent: 'alert-settings', values: Object.fromEntries(form) as Record<string, string> })
    await saveAlertSettings(services.database.db, { userId, settings: parsed.data })
    return toast(SEARCHES_PAGE, 'Saved your alert settings.')
  },
  async 'resume-emails'({ services, userId }) {
    await resumeAlertEmails(services.database.db, { userId })
    return toast(SEARCHES_PAGE, 'E-mail alerts resume at your address.')
  },
}

/** Where a pause or resume goes back to: the saved search's own page when posted from it, else the list. */
function backTo(form: FormData, id: number): string {
  return form.get('from') === 'search' ? `${SEARCHES_PAGE}/${id}` : SEARCHES_PAGE
}

/** The intents that act on all the renter's settings rather than one saved search. */
const WITHOUT_ID = new Set(['alert-settings', 'resume-emails'])

export async function searchesAction(services: Services, request: Request, routeId?: string) {
  const current = await requireUser(services, request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined
  if (!handler) return data({ ok: false as const, fieldErrors: {}, formError: UNKNOWN_FORM, intent }, { status: 400 })
  try {
    let id = 0
    if (!WITHOUT_ID.has(intent)) {
      const parsed = parseForm(savedSearchIdSchema, { id: routeId ?? form.get('id') })
      if (!parsed.ok) return refusalOf(parsed, { intent })
      id = parsed.data.id
    }
    return await handler({ services, userId: current.userId, form, id })
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { intent })
    throw error
  }
}
