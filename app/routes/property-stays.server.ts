// The page controller of /properties/:slug/stays, the host's side of a short-term listing: its booking
// rules, its calendar with the host's blocks, and its calendar sync (the private export address, the
// imported calendars). Only the owner reaches it (404 to anyone else); every form goes through the same
// server functions as the JSON API, one intent each, and answers a refusal on the page, changing nothing.
import { data } from 'react-router'
import type { Services } from '#server/services.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import {
  addCalendarFeed,
  createExportToken,
  fetchCalendarFeedNow,
  ownedStayListing,
  readCalendarSync,
  removeFeed,
} from '#server/stays/ical.server.ts'
import { addHostBlock, findStayCalendar, findStayRules, removeHostBlock, saveStayRules } from '#server/stays/index.server.ts'
import { parseForm } from '#common/forms.ts'
import { parsePositiveId } from '#common/ids.ts'
import { listingIdFromSlug } from '#common/listings/listing-url.ts'
import { STAY_RULES_FIELDS, stayRulesInputOf, stayRulesValuesOf, type StayRulesValues } from '#common/stays/rules-form.ts'
import { stayRulesSchema } from '#common/stays/rules.ts'

/** How many months of the calendar the page shows, this one first. */
const CALENDAR_MONTHS = 4

export const HOST_INTENTS = ['rules', 'block', 'unblock', 'new-export', 'add-feed', 'remove-feed', 'fetch-feed'] as const
export type HostIntent = (typeof HOST_INTENTS)[number]

async function ownerOf(services: Services, request: Request, slug: string | undefined) {
  const current = await requireUser(services, request)
  const listingId = listingIdFromSlug(slug)
  if (listingId === null) throw data('No such listing.', { status: 404 })
  const home = await withPageErrors(() => ownedStayListing(services.database.db, { viewerId: current.userId, listingId }))
  return { viewerId: current.userId, listingId, home, path: `/properties/${slug}` }
}

export async function hostStaysPage(services: Services, request: Request, slug: string | undefined) {
  const { viewerId, listingId, home, path } = await ownerOf(services, request, slug)
  const { db } = services.database
  const { publicUrl } = services.config
  const [rules, calendar, sync] = await Promise.all([
    findStayRules(db, { viewerId, listingId }),
    findStayCalendar(db, { viewerId, listingId, input: { months: CALENDAR_MONTHS } }),
    readCalendarSync(db, { viewerId, listingId, publicUrl, policy: services.calendarPolicy }),
  ])
  // The days chosen on the calendar (as its links carry them) fill the block form.
  const query = new URL(request.url).searchParams
  const chosen = { start: query.get('checkIn') ?? '', end: query.get('checkOut') ?? '' }
  return { title: home.title, path, rules, values: stayRulesValuesOf(rules.rules), calendar, sync, chosen }
}

/** The page's answer to a refused form: which form, what was typed, and what is wrong. */
type Refusal = { intent: HostIntent; values?: Record<string, string> }

const DONE: Record<HostIntent, string> = {
  rules: 'The booking rules are saved. Bookings already made keep the rules they were made under.',
  block: 'Those nights are blocked.',
  unblock: 'The block is removed: its nights are free again.',
  'new-export': 'A new export link is made. The old one no longer works: give the new one to the other platforms.',
  'add-feed': 'The calendar is added. Its nights appear once it is fetched, in a minute or so.',
  'remove-feed': 'The calendar is removed, with the nights it held.',
  'fetch-feed': 'The calendar was fetched: see its result below.',
}

const ANCHOR: Record<HostIntent, string> = {
  rules: 'rules',
  block: 'calendar',
  unblock: 'calendar',
  'new-export': 'sync',
  'add-feed': 'sync',
  'remove-feed': 'sync',
  'fetch-feed': 'sync',
}

const idOf = (form: FormData, name: string) => parsePositiveId(String(form.get(name) ?? '')) ?? 0

export async function hostStaysAction(services: Services, request: Request, slug: string | undefined) {
  const { viewerId, listingId, path } = await ownerOf(services, request, slug)
  const { db } = services.database
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '') as HostIntent
  if (!HOST_INTENTS.includes(intent))
    return data({ intent: null, ok: false as const, fieldErrors: {}, formError: UNKNOWN_FORM }, { status: 400 })
  const text = (name: string) => String(form.get(name) ?? '')
  const args = { viewerId, listingId }
  let values: Record<string, string> | undefined
  try {
    switch (intent) {
      case 'rules': {
        const typed = Object.fromEntries(STAY_RULES_FIELDS.map((field) => [field, text(field)])) as StayRulesValues
        values = typed
        const { input, moneyErrors } = stayRulesInputOf(typed)
        const parsed = parseForm(stayRulesSchema, input)
        const fieldErrors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...moneyErrors }
        if (Object.keys(fieldErrors).length > 0) return refusalOf<Refusal>({ ok: false, fieldErrors }, { intent, values })
        await saveStayRules(db, { ...args, input })
        break
      }
      case 'block':
        values = { start: text('start'), end: text('end'), note: text('note') }
        await addHostBlock(db, { ...args, input: values })
        break
      case 'unblock':
        await removeHostBlock(db, { ...args, blockId: idOf(form, 'blockId') })
        break
      case 'new-export':
        await createExportToken(db, args)
        break
      case 'add-feed':
        values = { name: text('name'), url: text('url') }
        await addCalendarFeed(services, { ...args, input: values })
        break
      case 'remove-feed':
        await removeFeed(db, { ...args, feedId: idOf(form, 'feedId') })
        break
      case 'fetch-feed':
        await fetchCalendarFeedNow(services, { ...args, feedId: idOf(form, 'feedId') })
        break
    }
  } catch (error) {
    if (isAppError(error)) return refusalOf<Refusal>(error, { intent, values })
    throw error
  }
  return redirectWithToast(`${path}/stays#${ANCHOR[intent]}`, { type: 'success', message: DONE[intent] })
}
