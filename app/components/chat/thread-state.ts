// What a chat thread shows, as a pure value: the confirmed messages (from the page, the HTTP API and
// the live socket, in any order and any number of times) and this tab's pending sends. Every message
// appears once, confirmed ones in sequence order, pending ones after them in the order they were sent;
// a confirmed message replaces its pending twin (same client transaction id).
import type { DirectMessage, Person, RoomMessage, StoredMessage } from '#common/messages/types.ts'

export type ChatPerson = Person

/** One stored message of a conversation or of the room, as the thread renders it. */
export type ChatMessage = StoredMessage & {
  author: ChatPerson
  /** When the recipient read it (direct messages with receipts only). */
  readAt: string | null
}

export type PendingMessage = {
  clientTxnId: string
  body: string
  status: 'sending' | 'failed'
  /** Why the last attempt failed, in words for the sender. */
  error: string | null
}

export type ThreadState = {
  messages: ChatMessage[]
  pending: PendingMessage[]
  /** Whether older messages exist before the first one held. */
  hasEarlier: boolean
}

export const emptyThread: ThreadState = { messages: [], pending: [], hasEarlier: false }

export function fromRoomMessage(message: RoomMessage): ChatMessage {
  return {
    id: message.id,
    seq: message.seq,
    author: message.author,
    body: message.body,
    clientTxnId: message.clientTxnId,
    createdAt: message.createdAt,
    editedAt: message.editedAt ?? null,
    deleted: message.deleted,
    readAt: null,
  }
}

/** A direct message with its sender named: one of the two participants. */
export function fromDirectMessage(message: DirectMessage, participants: readonly ChatPerson[]): ChatMessage {
  const author = participants.find((person) => person.id === message.senderId) ?? {
    id: message.senderId,
    name: 'Former member',
    image: null,
  }
  return {
    id: message.id,
    seq: message.seq,
    author,
    body: message.body,
    clientTxnId: message.clientTxnId,
    createdAt: message.createdAt,
    editedAt: message.editedAt ?? null,
    deleted: message.deleted,
    readAt: message.readAt,
  }
}

const txnKey = (message: Pick<ChatMessage, 'author' | 'clientTxnId'>) => `${message.author.id}\u0000${message.clientTxnId}`

/** Whether `a` carries words at least as new as `b` (never edited counts as oldest; ISO times sort as text). */
const isEditedSince = (a: ChatMessage, b: ChatMessage) => (a.editedAt ?? '') >= (b.editedAt ?? '')

/**
 * The newer knowledge of one message: a deletion, a read receipt or an edit is never undone by a
 * stale copy (a page loaded before the edit, a socket event overtaken by an HTTP answer).
 */
function combine(known: ChatMessage, incoming: ChatMessage): ChatMessage {
  const deleted = known.deleted || incoming.deleted
  const words = isEditedSince(incoming, known) ? incoming : known
  return {
    ...incoming,
    deleted,
    body: deleted ? '' : words.body,
    editedAt: deleted ? null : words.editedAt,
    readAt: incoming.readAt ?? known.readAt,
  }
}

/**
 * Adds confirmed messages. Duplicates (by id, or by author and client transaction id) are kept once;
 * pending sends of `selfId` that these confirm leave the pending list.
 */
export function addConfirmed(state: ThreadState, incoming: readonly ChatMessage[], selfId: string | null): ThreadState {
  if (incoming.length === 0) return state
  const byId = new Map<number, ChatMessage>()
  const idByTxn = new Map<string, number>()
  for (const message of [...state.messages, ...incoming]) {
    const sameId = idByTxn.get(txnKey(message)) ?? message.id
    const known = byId.get(sameId)
    byId.set(sameId, known ? combine(known, message) : message)
    idByTxn.set(txnKey(message), sameId)
  }
  const messages = [...byId.values()].sort((a, b) => a.seq - b.seq)
  const confirmedTxns = new Set(incoming.filter((message) => message.author.id === selfId).map((message) => message.clientTxnId))
  const pending = state.pending.filter((item) => !confirmedTxns.has(item.clientTxnId))
  return { ...state, messages, pending: pending.length === state.pending.length ? state.pending : pending }
}

/**
 * Takes a fresh newest page from the server (after a reconnect or a reload of the page's data). When
 * it does not reach back to what is held, messages were missed in between: the thread starts again
 * from the page, keeping its pending sends.
 */
export function addLatestPage(
  state: ThreadState,
  page: { messages: readonly ChatMessage[]; hasEarlier: boolean },
  selfId: string | null,
): ThreadState {
  const held = caughtUpSeq(state)
  const first = page.messages[0]?.seq
  const gap = first !== undefined && held > 0 && page.hasEarlier && first > held + 1
  if (gap) return addConfirmed({ messages: [], pending: state.pending, hasEarlier: true }, page.messages, selfId)
  const merged = addConfirmed(state, page.messages, selfId)
  return state.messages.length === 0 ? { ...merged, hasEarlier: page.hasEarlier } : merged
}

/** How many pages of `after=` a catch-up follows before it calls the gap too large. */
export const CATCH_UP_MAX_PAGES = 4

export type CatchUpPage = { messages: ChatMessage[]; hasEarlier: boolean; hasLater: boolean }

/**
 * What a catch-up after a reconnect found: the messages after the last one held (to merge), or, when
 * more than CATCH_UP_MAX_PAGES pages came after it, the thread's newest page to start again from.
 * 'failed' when the server could not be asked; the thread stays as it is.
 */
export type CatchUp =
  | { kind: 'merge'; messages: ChatMessage[] }
  | { kind: 'reload'; page: { messages: ChatMessage[]; hasEarlier: boolean } }
  | { kind: 'failed' }

/**
 * Asks for everything after `afterSeq`, page after page while the server says there is more
 * (`hasLater`), up to `maxPages`; past that, the gap is too large and the newest page is fetched.
 */
export async function catchUp({
  afterSeq,
  fetchAfter,
  fetchLatest,
  maxPages = CATCH_UP_MAX_PAGES,
}: {
  afterSeq: number
  fetchAfter: (afterSeq: number) => Promise<CatchUpPage | null>
  fetchLatest: () => Promise<CatchUpPage | null>
  maxPages?: number
}): Promise<CatchUp> {
  const messages: ChatMessage[] = []
  let after = afterSeq
  for (let page = 0; page < maxPages; page += 1) {
    const next = await fetchAfter(after)
    if (!next) return { kind: 'failed' }
    messages.push(...next.messages)
    const last = next.messages.at(-1)?.seq
    if (!next.hasLater || last === undefined) return { kind: 'merge', messages }
    after = last
  }
  const latest = await fetchLatest()
  return latest ? { kind: 'reload', page: { messages: latest.messages, hasEarlier: latest.hasEarlier } } : { kind: 'failed' }
}

/**
 * Applies a catch-up to the thread as it is now (live messages may have arrived meanwhile). A reload
 * keeps what it held from the new page's first message on, and the pending sends; older messages go,
 * since the ones between them and the page were never fetched.
 */
export function applyCatchUp(state: ThreadState, result: CatchUp, selfId: string | null): ThreadState {
  if (result.kind === 'failed') return state
  if (result.kind === 'merge') return addConfirmed(state, result.messages, selfId)
  const first = result.page.messages[0]?.seq
  const kept = first === undefined ? [] : state.messages.filter((message) => message.seq >= first)
  return addConfirmed({ messages: kept, pending: state.pending, hasEarlier: result.page.hasEarlier }, result.page.messages, selfId)
}

/** The last message from someone else not yet read by `selfId` (to mark read once seen), or null. */
export function lastUnreadSeq(state: ThreadState, selfId: string | null): number | null {
  const unread = state.messages.filter((message) => message.author.id !== selfId && !message.deleted && message.readAt === null)
  return unread.at(-1)?.seq ?? null
}

/** Adds an older page (scrolling back). */
export function addEarlierPage(
  state: ThreadState,
  page: { messages: readonly ChatMessage[]; hasEarlier: boolean },
  selfId: string | null,
): ThreadState {
  return { ...addConfirmed(state, page.messages, selfId), hasEarlier: page.hasEarlier }
}

/** A new send, shown at once. Sending the same transaction id again only marks it as sending. */
export function addPending(state: ThreadState, send: { clientTxnId: string; body: string }): ThreadState {
  if (state.pending.some((item) => item.clientTxnId === send.clientTxnId)) return markSending(state, send.clientTxnId)
  return { ...state, pending: [...state.pending, { ...send, status: 'sending', error: null }] }
}

function updatePending(state: ThreadState, clientTxnId: string, change: Partial<PendingMessage>): ThreadState {
  return {
    ...state,
    pending: state.pending.map((item) => (item.clientTxnId === clientTxnId ? { ...item, ...change } : item)),
  }
}

export const markSending = (state: ThreadState, clientTxnId: string) =>
  updatePending(state, clientTxnId, { status: 'sending', error: null })

export const markFailed = (state: ThreadState, clientTxnId: string, error: string) =>
  updatePending(state, clientTxnId, { status: 'failed', error })

export function markDeleted(state: ThreadState, seq: number): ThreadState {
  return {
    ...state,
    messages: state.messages.map((message) => (message.seq === seq ? { ...message, deleted: true, body: '' } : message)),
  }
}

/** The other participant read the messages of `selfId` through `throughSeq`. */
export function markReadThrough(
  state: ThreadState,
  { throughSeq, readAt, selfId }: { throughSeq: number; readAt: string; selfId: string },
): ThreadState {
  return {
    ...state,
    messages: state.messages.map((message) =>
      message.author.id === selfId && message.seq <= throughSeq && message.readAt === null ? { ...message, readAt } : message,
    ),
  }
}

/** The highest sequence number held (0 for none). */
export function lastSeq(state: ThreadState): number {
  return state.messages.at(-1)?.seq ?? 0
}

/**
 * The sequence number through which nothing is missing (0 for none), for catching up with `after=`:
 * the end of the unbroken run from the first message held. A thread's messages are numbered without
 * gaps (a deleted one stays, as a tombstone), so a gap is news not received — e.g. others' messages
 * sent while the socket was down, below one's own send confirmed by its HTTP answer meanwhile.
 */
export function caughtUpSeq(state: ThreadState): number {
  let through = state.messages[0]?.seq ?? 0
  for (const message of state.messages) {
    if (message.seq > through + 1) break
    through = message.seq
  }
  return through
}

export function firstSeq(state: ThreadState): number | null {
  return state.messages[0]?.seq ?? null
}

/** The seq of the last message of `selfId` that the other person has read, for the "Read" note. */
export function lastReadOwnSeq(state: ThreadState, selfId: string | null): number | null {
  const read = state.messages.filter((message) => message.author.id === selfId && !message.deleted && message.readAt !== null)
  return read.at(-1)?.seq ?? null
}
