// The chat pages' calls over HTTP from the browser: the JSON API under /api/chat first, and the page's
// own form action when the API cannot take the request (the same domain functions answer either way).
import { ROOM_PATH } from '#common/messages/inbox.ts'
import type { ConversationSummary, DirectMessage, RoomMessage } from '#common/messages/types.ts'

export type ThreadTarget = { kind: 'room' } | { kind: 'direct'; conversationId: number }

export type SendResult =
  | { outcome: 'stored'; message: DirectMessage | RoomMessage }
  /** Stored through the page's action, which answers with a page rather than the message. */
  | { outcome: 'stored-by-page' }
  | { outcome: 'failed'; error: string }

const NETWORK_ERROR = 'No connection. Check your connection, then retry.'

const messagesUrl = (target: ThreadTarget) =>
  target.kind === 'room' ? '/api/chat/room/messages' : `/api/chat/conversations/${target.conversationId}/messages`

/**
 * A thread's page (where its forms post, too), or the page of its messages before `before`. The
 * room's is ROOM_PATH, since plain /chat may open on the inbox, which has no message box to show a
 * refusal in.
 */
export function threadHref(target: ThreadTarget, before?: number): string {
  const path = target.kind === 'room' ? ROOM_PATH : `/chat/${target.conversationId}`
  return before === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}before=${before}`
}

async function problemDetail(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown; errors?: Record<string, string[]> }
    const field = body.errors ? Object.values(body.errors).flat()[0] : undefined
    if (typeof field === 'string') return field
    if (typeof body.detail === 'string') return body.detail
  } catch {
    // Not a problem body; the status says enough.
  }
  return response.status === 429 ? 'You are sending too fast. Wait a moment, then retry.' : 'The message could not be sent.'
}

/** The page's answer to a refused form: the words it shows beside the composer. */
function pageError(html: string): string {
  const found = new DOMParser().parseFromString(html, 'text/html').querySelector('#composer-error span:last-child')
  return found?.textContent?.trim() || 'The message could not be sent.'
}

async function sendThroughPage(target: ThreadTarget, send: { body: string; clientTxnId: string }): Promise<SendResult> {
  const response = await fetch(threadHref(target), {
    method: 'POST',
    body: new URLSearchParams({ intent: 'send', ...send }),
    redirect: 'manual',
  })
  // The action redirects back to the thread once the message is stored.
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return { outcome: 'stored-by-page' }
  return { outcome: 'failed', error: pageError(await response.text()) }
}

/** Sends one message; the same client transaction id again is recognised by the server and stored once. */
export async function sendMessage(target: ThreadTarget, send: { body: string; clientTxnId: string }): Promise<SendResult> {
  try {
    const response = await fetch(messagesUrl(target), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(send),
    })
    if (response.ok) {
      const { message } = (await response.json()) as { message: DirectMessage | RoomMessage }
      return { outcome: 'stored', message }
    }
    if (response.status === 404 || response.status === 405) return await sendThroughPage(target, send)
    return { outcome: 'failed', error: await problemDetail(response) }
  } catch {
    return { outcome: 'failed', error: NETWORK_ERROR }
  }
}

export type MessagePage<M> = { messages: M[]; hasEarlier: boolean }

/** An older page of the thread, or null when the API cannot answer (the caller follows the link instead). */
export async function loadEarlier<M extends DirectMessage | RoomMessage>(
  target: ThreadTarget,
  beforeSeq: number,
): Promise<MessagePage<M> | null> {
  try {
    const response = await fetch(`${messagesUrl(target)}?${new URLSearchParams({ before: String(beforeSeq) })}`, {
      headers: { Accept: 'application/json' },
    })
    if (!response.ok) return null
    return (await response.json()) as MessagePage<M>
  } catch {
    return null
  }
}

export type ThreadPage<M> = { messages: M[]; hasEarlier: boolean; hasLater: boolean }

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } })
    return response.ok ? ((await response.json()) as T) : null
  } catch {
    return null
  }
}

/** The messages after `afterSeq` (catching up after a reconnect), or null when the API cannot answer. */
export function loadAfter<M extends DirectMessage | RoomMessage>(target: ThreadTarget, afterSeq: number): Promise<ThreadPage<M> | null> {
  return getJson(`${messagesUrl(target)}?${new URLSearchParams({ after: String(afterSeq) })}`)
}

/** The thread's newest page, or null when the API cannot answer. */
export function loadLatest<M extends DirectMessage | RoomMessage>(target: ThreadTarget): Promise<ThreadPage<M> | null> {
  return getJson(messagesUrl(target))
}

/** The signed-in user's conversations with their unread counts (the sidebar), or null. */
export async function loadConversations(): Promise<ConversationSummary[] | null> {
  return (await getJson<{ conversations: ConversationSummary[] }>('/api/chat/conversations'))?.conversations ?? null
}

/** Marks the conversation read through a message seen while the thread is open. */
export async function markRead(conversationId: number, throughSeq: number): Promise<void> {
  try {
    await fetch(`/api/chat/conversations/${conversationId}/read`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ throughSeq }),
    })
  } catch {
    // The next opening of the conversation marks it read.
  }
}
