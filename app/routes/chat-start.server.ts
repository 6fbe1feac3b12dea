// "Message the landlord": the conversation about a listing, opened on first use and reused after, with
// the person landing in it. A visitor is sent to log in (or sign up) and comes back here, so that
// after signing in they land in the conversation rather than on the listing again.
import { redirect } from 'react-router'
import { parsePositiveId } from '#common/ids.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { chatStartPath } from '#common/messages/inbox.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { isOwnNavigation } from '#server/http/security.server.ts'
import { findListingById } from '#server/listings/index.server.ts'
import { openConversation } from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'

function notFound(): never {
  throw new Response('Not Found', { status: 404 })
}

/** The listing a visitor or user may see, or a 404; with the person asking, if signed in. */
async function listingToMessage(services: Services, request: Request, listingId: string | null) {
  const id = parsePositiveId(listingId) ?? notFound()
  const current = await getCurrentSession(services, request)
  const found = (await findListingById(services.database.db, { viewerId: current?.userId ?? null, listingId: id })) ?? notFound()
  return { current, found }
}

const loginFor = (listingId: number) => redirect(`/login?${new URLSearchParams({ redirectTo: chatStartPath(listingId) })}`)

/** Into the conversation about the listing; a refusal (one's own listing, a block, a limit) back to the listing with its reason. */
async function enterConversation(
  services: Services,
  { userId, listing }: { userId: string; listing: { id: number; title: string; ownerId: string } },
) {
  try {
    const opened = await openConversation(services.database.db, { userId, otherUserId: listing.ownerId, listingId: listing.id })
    return redirect(`/chat/${opened.conversationId}`)
  } catch (error) {
    if (isAppError(error) && error.code !== 'not-found') {
      return redirectWithToast(listingPath(listing), { type: 'error', message: error.message })
    }
    throw error
  }
}

/** The form of the listing page (intent `message-landlord`, posted to /chat). */
export async function messageLandlord(services: Services, request: Request, listingId: string) {
  const { current, found } = await listingToMessage(services, request, listingId)
  if (!current) throw loginFor(found.id)
  return enterConversation(services, { userId: current.userId, listing: found })
}

export type ChatStartData = { listing: { id: number; title: string; path: string } }

/**
 * GET /chat/start?listing=…, where signing in returns to. Opening the conversation is a write, so it
 * happens at once only when the person came from this site (the sign-in's redirect, a link here);
 * another site's link gets a page with the button instead, so it cannot start conversations in
 * someone's name. A visitor (or a crawler) is sent to log in, and nothing is written.
 */
export function loadChatStart(services: Services, request: Request): Promise<ChatStartData> {
  return withPageErrors(async () => {
    const { current, found } = await listingToMessage(services, request, new URL(request.url).searchParams.get('listing'))
    if (!current) throw loginFor(found.id)
    if (isOwnNavigation(request)) throw await enterConversation(services, { userId: current.userId, listing: found })
    return { listing: { id: found.id, title: found.title, path: listingPath(found) } }
  })
}
