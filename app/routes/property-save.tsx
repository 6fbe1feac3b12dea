// /properties/:slug/save: a renter saves or unsaves a listing. POST intent=save|unsave with
// redirectTo. Without JavaScript it redirects back with a toast; a fetcher's data request gets
// { saved } instead. A visitor is sent to log in and comes back through this route's GET, which
// saves only when the browser says this site started it (the login redirect); any other GET, such
// as a link on another site, shows a "Save this home" button instead (decision 012).
import { Form, Link, data, redirect } from 'react-router'
import type { Route } from './+types/property-save'
import { appContext } from '#server/http/app-context.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { listingIdFromSlug, listingPath } from '#common/listings/listing-url.ts'
import { getCurrentSession, requireUser, safeRedirectTo } from '#server/accounts/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { isSameOriginRequest } from '#server/http/security.server.ts'
import { findListingById, saveListing, unsaveListing } from '#server/listings/index.server.ts'

const INTENTS = ['save', 'unsave'] as const
type SaveIntent = (typeof INTENTS)[number]

const TOASTS = { save: 'Saved to your list', unsave: 'Removed from your list' } as const

function listingIdOf(params: { slug?: string }): number {
  const id = listingIdFromSlug(params.slug)
  if (id === null) throw new Response('Not Found', { status: 404 })
  return id
}

function intentOf(value: FormDataEntryValue | string | null): SaveIntent {
  if (INTENTS.includes(value as SaveIntent)) return value as SaveIntent
  throw data('Choose whether to save or unsave this listing (intent=save or intent=unsave).', { status: 400 })
}

async function apply(db: Db, intent: SaveIntent, user: { id: string; email: string }, listingId: number) {
  try {
    if (intent === 'save') await saveListing(db, { user, listingId })
    else await unsaveListing(db, { user, listingId })
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') throw new Response('Not Found', { status: 404 })
    throw error
  }
}

/** Where a visitor logs in so that they come back here, save, and land on `back`. */
export function saveAfterLoginPath(path: string, back: string): string {
  const resume = `${path}/save?${new URLSearchParams({ intent: 'save', redirectTo: back })}`
  return `/login?${new URLSearchParams({ redirectTo: resume })}`
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const listingId = listingIdOf(params)
  const url = new URL(request.url)
  const current = await requireUser(services, request)
  const { db } = services.database
  const listing = await findListingById(db, { viewerId: current.userId, listingId })
  if (!listing) throw new Response('Not Found', { status: 404 })
  const back = safeRedirectTo(url.searchParams.get('redirectTo'), listingPath(listing))
  // Only saving comes back through a link; taking a listing off the list needs the POST form.
  if (url.searchParams.get('intent') !== 'save') throw redirect(back)
  // A GET that another site (or no site) started must not write: the user confirms with a POST.
  if (!isSameOriginRequest(request)) return { listing: { id: listing.id, title: listing.title }, back }
  await apply(db, 'save', { id: current.userId, email: current.user.email }, listingId)
  throw await redirectWithToast(back, { type: 'success', message: TOASTS.save })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const listingId = listingIdOf(params)
  const form = await request.formData()
  const intent = intentOf(form.get('intent'))
  const { db } = services.database
  const current = await getCurrentSession(services, request)
  const listing = await findListingById(db, { viewerId: current?.userId, listingId })
  if (!listing) throw new Response('Not Found', { status: 404 })
  const path = listingPath(listing)
  const back = safeRedirectTo(form.get('redirectTo'), path)
  if (!current) {
    // Unsaving means nothing to a visitor: they come back to where they were after logging in.
    throw redirect(intent === 'save' ? saveAfterLoginPath(path, back) : `/login?${new URLSearchParams({ redirectTo: back })}`)
  }
  await apply(db, intent, { id: current.userId, email: current.user.email }, listingId)
  // A fetcher's submission is a data request (…/save.data): it toggles the button in place.
  if (new URL(request.url).pathname.endsWith('.data')) return { saved: intent === 'save' }
  return redirectWithToast(back, { type: 'success', message: TOASTS[intent] })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta('Save this home', loaderData ? `Save ${loaderData.listing.title} to your list.` : 'Save a home to your list.')
}

/** Shown when the save link was not followed from this site: nothing is saved until the user says so. */
export default function PropertySave({ loaderData }: Route.ComponentProps) {
  const { listing, back } = loaderData
  return (
    <div className="mx-auto max-w-xl py-12 text-center sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Save this home?</h1>
      <p className="mt-4 text-lg leading-7 text-ink-soft">
        Add <span className="font-semibold text-ink">{listing.title}</span> to your saved homes.
      </p>
      {/* A document submission, so the action answers with a redirect back and a toast. */}
      <Form
        method="post"
        action={`${listingPath(listing)}/save`}
        reloadDocument
        className="mt-8 flex flex-wrap items-center justify-center gap-3"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700">
          Save this home
        </button>
        <Link to={back} className="rounded-md border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink hover:bg-gray-50">
          Not now
        </Link>
      </Form>
    </div>
  )
}
