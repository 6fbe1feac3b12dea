// The live socket's news as one open thread needs it: only the events about this thread, already in
// the thread's own terms. Everything else on the page (the sidebar, the badge) listens for itself.
import { useEffect, useRef, useState } from 'react'
import { TYPING_SHOWN_MS, type RealtimeEvent } from '#common/realtime-events.ts'
import { useRealtimeEvent } from '#app/realtime/provider.tsx'
import type { ConversationSummary } from '#common/messages/types.ts'
import { idleFlight, runSingleFlight } from '#app/utils/single-flight.ts'
import { loadConversations, type ThreadTarget } from './chat-client.ts'
import { fromDirectMessage, fromRoomMessage, type ChatMessage, type ChatPerson } from './thread-state.ts'

export type ThreadNews =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'deleted'; seq: number }
  | { kind: 'read'; throughSeq: number; readAt: string }
  | { kind: 'typing'; name: string; userId: string }
  | { kind: 'online'; online: number }
  /** After a reconnect: the thread catches up over HTTP. */
  | { kind: 'reconnected' }

/** The event in the terms of the open thread, or null when it is about something else. */
export function threadNews(event: RealtimeEvent, target: ThreadTarget, participants: readonly ChatPerson[]): ThreadNews | null {
  const isRoom = target.kind === 'room'
  const inThread = (conversationId: number | null) =>
    isRoom ? conversationId === null : target.kind === 'direct' && conversationId === target.conversationId
  switch (event.type) {
    case 'room':
      return isRoom ? { kind: 'message', message: fromRoomMessage(event.message) } : null
    case 'dm':
      // A message of another conversation is the sidebar's news (useLiveConversations), not the thread's.
      return inThread(event.message.conversationId) ? { kind: 'message', message: fromDirectMessage(event.message, participants) } : null
    case 'room-deleted':
      return isRoom ? { kind: 'deleted', seq: event.seq } : null
    case 'dm-deleted':
      return inThread(event.conversationId) ? { kind: 'deleted', seq: event.seq } : null
    case 'read':
      return inThread(event.conversationId) ? { kind: 'read', throughSeq: event.throughSeq, readAt: event.readAt } : null
    case 'typing':
      return inThread(event.conversationId) ? { kind: 'typing', name: event.user.name, userId: event.user.id } : null
    case 'hello':
    case 'presence':
      return isRoom ? { kind: 'online', online: event.online } : null
    case 'reconnected':
      return { kind: 'reconnected' }
    case 'unread':
    case 'tour':
    case 'application':
    case 'lease':
    case 'maintenance':
    case 'stay-calendar':
    case 'stay':
    case 'alerts':
      // The badge follows the count itself; a tour's line in the thread comes as a direct message.
      return null
  }
}

/** Calls `onNews` with what the socket says about this thread. */
export function useThreadNews(target: ThreadTarget, participants: readonly ChatPerson[], onNews: (news: ThreadNews) => void) {
  useRealtimeEvent((event) => {
    const news = threadNews(event, target, participants)
    if (news) onNews(news)
  })
}

/** Whether the event makes the sidebar's conversation list stale: a direct message (new, edited, deleted), a new unread count, a reconnect. */
export function isSidebarNews(event: RealtimeEvent): boolean {
  return event.type === 'dm' || event.type === 'dm-deleted' || event.type === 'unread' || event.type === 'reconnected'
}

/**
 * The signed-in user's conversation list, starting from the page's and asked for again over HTTP
 * (the list alone, not the page) whenever the socket says it changed. One request at a time: news
 * arriving meanwhile asks once more after it.
 */
export function useLiveConversations(initial: ConversationSummary[], isSignedIn: boolean): ConversationSummary[] {
  const [list, setList] = useState(initial)
  useEffect(() => setList(initial), [initial])
  const loading = useRef(idleFlight())
  const refresh = () =>
    runSingleFlight(loading.current, async () => {
      const fresh = await loadConversations()
      if (fresh) setList(fresh)
    })
  useRealtimeEvent((event) => {
    if (isSignedIn && isSidebarNews(event)) void refresh()
  })
  return list
}

/** Who is typing, by user id: their name and until when it shows. */
export type Typing = Readonly<Record<string, { name: string; until: number }>>

/** `userId` typed at `now`: shown for TYPING_SHOWN_MS from then. */
export function withTyping(typing: Typing, { name, userId }: { name: string; userId: string }, now: number): Typing {
  return { ...typing, [userId]: { name, until: now + TYPING_SHOWN_MS } }
}

/**
 * `userId` no longer shown typing: their time ran out (only if nothing renewed it by `now`), or their
 * message arrived, which ends the typing it came from at once.
 */
export function withoutTyping(typing: Typing, userId: string, now = Number.POSITIVE_INFINITY): Typing {
  const entry = typing[userId]
  if (!entry || entry.until > now) return typing
  const { [userId]: _gone, ...rest } = typing
  return rest
}

/**
 * Who else is typing now (not `selfId`): each name for TYPING_SHOWN_MS after their last typing
 * event, or until their message arrives (the third function, given the author's id).
 */
export function useTypingNames(
  selfId: string | null,
): [string[], (news: { name: string; userId: string }) => void, (userId: string) => void] {
  const [typing, setTyping] = useState<Typing>({})
  const noteTyping = (news: { name: string; userId: string }) => {
    if (news.userId === selfId) return
    setTyping((current) => withTyping(current, news, Date.now()))
    setTimeout(() => setTyping((current) => withoutTyping(current, news.userId, Date.now())), TYPING_SHOWN_MS + 50)
  }
  const endTyping = (userId: string) => setTyping((current) => withoutTyping(current, userId))
  return [Object.values(typing).map((entry) => entry.name), noteTyping, endTyping]
}

/** "Maria is typing…", "Maria and Sam are typing…", or nothing. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return ''
  if (names.length === 1) return `${names[0]} is typing…`
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`
  return 'Several people are typing…'
}
