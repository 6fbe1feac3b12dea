// "Save this search" on /properties: the form posts to the search's own address, so the search saved
// is exactly the one on the page. Saving anew, or (opened from a saved search) replacing that search's
// query; a refusal answers 400 with the form's errors and the page shows the form again, open.
import { data } from 'react-router'
import { parseForm } from '#common/forms.ts'
import { saveSearchSchema } from '#common/alerts/schemas.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { createSavedSearch, findSavedSearchName, replaceSavedSearchQuery } from '#server/alerts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'

/** The /properties address of a saved search's query, opened from it. */
export function savedSearchHref(query: string, id: number): string {
  const params = new URLSearchParams(query)
  params.set('saved', String(id))
  return `/properties?${params}`
}

/** The saved search a /properties address was opened from (`?saved=<id>`), when it is the viewer's. */
export async function findOpenedSavedSearch(services: Services, url: URL, userId: string | null) {
  const id = Number(url.searchParams.get('saved'))
  if (!userId || !url.searchParams.has('saved')) return null
  return findSavedSearchName(services.database.db, { userId, id })
}

export async function saveSearchAction(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const { db } = services.database
  const url = new URL(request.url)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const values = {
    name: String(form.get('name') ?? ''),
    frequency: String(form.get('frequency') ?? ''),
    belowIndexPercent: String(form.get('belowIndexPercent') ?? ''),
  }
  try {
    if (intent === 'update-search') {
      const id = Number(form.get('savedSearchId'))
      const updated = await replaceSavedSearchQuery(db, { userId: current.userId, id, params: url.searchParams })
      return redirectWithToast(savedSearchHref(updated.query, updated.id), {
        type: 'success',
        message: `Updated “${updated.name}” with this search.`,
      })
    }
    if (intent !== 'save-search')
      return data({ ok: false as const, fieldErrors: {}, formError: UNKNOWN_FORM, intent, values }, { status: 400 })
    const parsed = parseForm(saveSearchSchema, form)
    if (!parsed.ok) return refusalOf(parsed, { intent, values })
    const saved = await createSavedSearch(db, { userId: current.userId, params: url.searchParams, input: parsed.data })
    const next = new URLSearchParams(url.search)
    next.set('saved', String(saved.id))
    return redirectWithToast(`/properties?${next}`, { type: 'success', message: `Saved “${saved.name}”. See it under Saved searches.` })
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { intent, values })
    throw error
  }
}
