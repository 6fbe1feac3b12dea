// Which pane /chat opens on and the order of the inbox, shared by the page's loader (so the page is
// right before any script runs) and the list that live news reorders in the browser.
import type { ConversationSummary } from './types.ts'

/** The Community room's own address for a signed-in user (plain /chat opens their inbox when they have one). */
export const ROOM_PATH = '/chat?view=room'

/**
 * What /chat shows: the inbox of private conversations when the person has any, so that an answer
 * never starts in the public room; the room for a visitor, for someone with no conversation yet,
 * and whenever it is asked for (`?view=room`, or a page of its history, `?before=`).
 */
export function chatOpensOn({
  isSignedIn,
  conversationCount,
  searchParams,
}: {
  isSignedIn: boolean
  conversationCount: number
  searchParams: URLSearchParams
}): 'inbox' | 'room' {
  if (!isSignedIn || conversationCount === 0) return 'room'
  if (searchParams.get('view') === 'room' || searchParams.has('before')) return 'room'
  return 'inbox'
}

/** Conversations with unread messages first, each group newest first (the order they come in). */
export function inboxOrder<T extends Pick<ConversationSummary, 'unread'>>(conversations: readonly T[]): T[] {
  return [...conversations].sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0))
}

/**
 * Where "Message the landlord" of a listing leads: into the conversation about it for a signed-in
 * person, and back to it after signing in (or up) for a visitor.
 */
export const chatStartPath = (listingId: number) => `/chat/start?listing=${listingId}`
