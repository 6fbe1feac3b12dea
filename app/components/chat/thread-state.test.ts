import { describe, expect, it } from 'vitest'
import {
  addConfirmed,
  addEarlierPage,
  addLatestPage,
  addPending,
  applyCatchUp,
  CATCH_UP_MAX_PAGES,
  catchUp,
  caughtUpSeq,
  emptyThread,
  fromDirectMessage,
  lastReadOwnSeq,
  lastSeq,
  lastUnreadSeq,
  markDeleted,
  markFailed,
  markReadThrough,
  type CatchUpPage,
  type ChatMessage,
  type ThreadState,
} from './thread-state.ts'

const me = { id: 'me', name: 'Robin', image: null }
const maria = { id: 'maria', name: 'Maria', image: null }

function msg(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1000 + seq,
    seq,
    author: maria,
    body: `message ${seq}`,
    clientTxnId: `txn-maria-${seq}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
    editedAt: null,
    deleted: false,
    readAt: null,
    ...overrides,
  }
}

const own = (seq: number, txn: string, overrides: Partial<ChatMessage> = {}) =>
  msg(seq, { author: me, clientTxnId: txn, body: `mine ${seq}`, ...overrides })

/** What the thread shows, top to bottom. */
function shown(state: ThreadState) {
  return [
    ...state.messages.map((m) => `${m.seq}:${m.deleted ? '(deleted)' : m.body}`),
    ...state.pending.map((p) => `pending:${p.body}:${p.status}`),
  ]
}

describe('thread state', () => {
  it('orders confirmed messages by seq whatever order they arrive in, each once', () => {
    let state = addConfirmed(emptyThread, [msg(3), msg(1)], 'me')
    state = addConfirmed(state, [msg(2), msg(3), msg(1)], 'me')
    expect(shown(state)).toEqual(['1:message 1', '2:message 2', '3:message 3'])
  })

  it('keeps pending sends after every confirmed message, in the order they were sent', () => {
    let state = addConfirmed(emptyThread, [msg(1)], 'me')
    state = addPending(state, { clientTxnId: 'a-000001', body: 'first' })
    state = addPending(state, { clientTxnId: 'b-000002', body: 'second' })
    state = addConfirmed(state, [msg(2)], 'me')
    expect(shown(state)).toEqual(['1:message 1', '2:message 2', 'pending:first:sending', 'pending:second:sending'])
  })

  it('replaces a pending send with its confirmed twin by client transaction id', () => {
    let state = addPending(addConfirmed(emptyThread, [msg(1)], 'me'), { clientTxnId: 'a-000001', body: 'hello' })
    state = addPending(state, { clientTxnId: 'b-000002', body: 'again' })
    state = addConfirmed(state, [own(2, 'a-000001', { body: 'hello' })], 'me')
    expect(shown(state)).toEqual(['1:message 1', '2:hello', 'pending:again:sending'])
  })

  it('does not take another author’s message with the same transaction id for a pending send', () => {
    let state = addPending(emptyThread, { clientTxnId: 'same-0001', body: 'mine' })
    state = addConfirmed(state, [msg(1, { clientTxnId: 'same-0001' })], 'me')
    expect(shown(state)).toEqual(['1:message 1', 'pending:mine:sending'])
  })

  it('shows a message once when the HTTP answer, the socket and a catch-up after a reconnect all bring it', () => {
    let state = addPending(addConfirmed(emptyThread, [msg(1)], 'me'), { clientTxnId: 'a-000001', body: 'hello' })
    const stored = own(2, 'a-000001', { body: 'hello' })
    state = addConfirmed(state, [stored], 'me') // the socket
    state = addConfirmed(state, [stored], 'me') // the HTTP answer
    state = addLatestPage(state, { messages: [msg(1), stored, msg(3)], hasEarlier: false }, 'me') // catching up
    expect(shown(state)).toEqual(['1:message 1', '2:hello', '3:message 3'])
  })

  it('keeps one copy when the same message comes back under its transaction id', () => {
    const state = addConfirmed(emptyThread, [own(2, 'a-000001'), { ...own(2, 'a-000001'), id: 1002 }], 'me')
    expect(state.messages).toHaveLength(1)
  })

  it('a retry of a failed send keeps its transaction id and its place', () => {
    let state = addPending(emptyThread, { clientTxnId: 'a-000001', body: 'first' })
    state = addPending(state, { clientTxnId: 'b-000002', body: 'second' })
    state = markFailed(state, 'a-000001', 'No connection.')
    expect(state.pending[0]).toMatchObject({ status: 'failed', error: 'No connection.' })
    state = addPending(state, { clientTxnId: 'a-000001', body: 'first' })
    expect(shown(state)).toEqual(['pending:first:sending', 'pending:second:sending'])
    expect(state.pending.map((p) => p.clientTxnId)).toEqual(['a-000001', 'b-000002'])
  })

  it('never undoes a deletion or a read receipt with an older copy of the message', () => {
    let state = addConfirmed(emptyThread, [own(1, 'a-000001'), msg(2)], 'me')
    state = markDeleted(state, 2)
    state = markReadThrough(state, { throughSeq: 1, readAt: '2026-01-01T01:00:00.000Z', selfId: 'me' })
    state = addConfirmed(state, [own(1, 'a-000001'), msg(2)], 'me')
    expect(shown(state)).toEqual(['1:mine 1', '2:(deleted)'])
    expect(state.messages[0]!.readAt).toBe('2026-01-01T01:00:00.000Z')
  })

  it('marks only the reader’s own messages read, and "Read" goes under the last of them that was read', () => {
    let state = addConfirmed(emptyThread, [own(1, 'a-000001'), msg(2), own(3, 'c-000003'), own(4, 'd-000004')], 'me')
    expect(lastReadOwnSeq(state, 'me')).toBeNull()
    state = markReadThrough(state, { throughSeq: 3, readAt: '2026-01-01T01:00:00.000Z', selfId: 'me' })
    expect(state.messages.find((m) => m.seq === 2)!.readAt).toBeNull()
    expect(lastReadOwnSeq(state, 'me')).toBe(3)
  })

  it('starts again from the newest page when a catch-up does not reach back to what is held', () => {
    let state = addLatestPage(emptyThread, { messages: [msg(1), msg(2)], hasEarlier: false }, 'me')
    state = addPending(state, { clientTxnId: 'a-000001', body: 'waiting' })
    const newest = Array.from({ length: 50 }, (_, i) => msg(100 + i))
    state = addLatestPage(state, { messages: newest, hasEarlier: true }, 'me')
    expect(state.messages[0]!.seq).toBe(100)
    expect(state.hasEarlier).toBe(true)
    expect(lastSeq(state)).toBe(149)
    expect(state.pending).toHaveLength(1)
  })

  it('adds an earlier page before what is held and says whether there is more', () => {
    let state = addLatestPage(emptyThread, { messages: [msg(51), msg(52)], hasEarlier: true }, 'me')
    state = addEarlierPage(state, { messages: [msg(49), msg(50)], hasEarlier: false }, 'me')
    expect(state.messages.map((m) => m.seq)).toEqual([49, 50, 51, 52])
    expect(state.hasEarlier).toBe(false)
  })

  it('names the sender of a direct message from the two participants', () => {
    const direct = {
      id: 7,
      conversationId: 3,
      seq: 1,
      senderId: 'maria',
      body: 'hi',
      clientTxnId: 'txn-00001',
      createdAt: '2026-01-01T00:00:00.000Z',
      editedAt: null,
      deleted: false,
      readAt: null,
    }
    expect(fromDirectMessage(direct, [me, maria]).author.name).toBe('Maria')
    expect(fromDirectMessage({ ...direct, senderId: 'gone' }, [me, maria]).author.name).toBe('Former member')
  })

  it('keeps the newest words of an edited message, whatever order the copies arrive in', () => {
    const edited = msg(2, { body: 'message 2, corrected', editedAt: '2026-01-01T02:00:00.000Z' })
    const editedAgain = msg(2, { body: 'message 2, final', editedAt: '2026-01-01T03:00:00.000Z' })
    let state = addConfirmed(emptyThread, [msg(1), msg(2)], 'me')
    state = addConfirmed(state, [editedAgain], 'me') // the socket
    state = addConfirmed(state, [edited], 'me') // an older answer arriving late
    state = addLatestPage(state, { messages: [msg(1), msg(2)], hasEarlier: false }, 'me') // a page loaded before the edits
    expect(shown(state)).toEqual(['1:message 1', '2:message 2, final'])
    expect(state.messages[1]!.editedAt).toBe('2026-01-01T03:00:00.000Z')
    state = markDeleted(state, 2)
    state = addConfirmed(state, [editedAgain], 'me')
    expect(shown(state)).toEqual(['1:message 1', '2:(deleted)'])
  })
})

describe('catching up after a reconnect', () => {
  /** A server holding messages 1…last, answering `after=` in pages of `size` as the API does. */
  function server(last: number, size = 50) {
    const asked: string[] = []
    const all = Array.from({ length: last }, (_, i) => msg(i + 1))
    return {
      asked,
      fetchAfter: async (after: number): Promise<CatchUpPage> => {
        asked.push(`after=${after}`)
        const rest = all.filter((m) => m.seq > after)
        return { messages: rest.slice(0, size), hasEarlier: after > 0, hasLater: rest.length > size }
      },
      fetchLatest: async (): Promise<CatchUpPage> => {
        asked.push('latest')
        return { messages: all.slice(-size), hasEarlier: all.length > size, hasLater: false }
      },
    }
  }

  it('asks for what came after the last message held and merges it, each message once', async () => {
    const held = addPending(addConfirmed(emptyThread, [msg(1), msg(2), msg(3)], 'me'), { clientTxnId: 'a-000001', body: 'waiting' })
    const api = server(7)
    const result = await catchUp({ afterSeq: caughtUpSeq(held), ...api })
    expect(api.asked).toEqual(['after=3'])
    expect(result).toMatchObject({ kind: 'merge' })
    // Meanwhile message 5 arrived live; the catch-up brings it again.
    const live = addConfirmed(held, [msg(5)], 'me')
    const state = applyCatchUp(live, result, 'me')
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(state.pending).toHaveLength(1)
  })

  it('asks from before a gap: others’ messages sent while the socket was down, below one’s own send confirmed meanwhile', async () => {
    // Messages 3 and 4 were posted while the socket was down; this tab's own send came back as 5.
    const held = addConfirmed(emptyThread, [msg(1), msg(2), own(5, 'a-000005')], 'me')
    expect(lastSeq(held)).toBe(5)
    expect(caughtUpSeq(held)).toBe(2)
    const all = [msg(1), msg(2), msg(3), msg(4), own(5, 'a-000005')]
    const asked: number[] = []
    const result = await catchUp({
      afterSeq: caughtUpSeq(held),
      fetchAfter: async (after) => {
        asked.push(after)
        return { messages: all.filter((m) => m.seq > after), hasEarlier: true, hasLater: false }
      },
      fetchLatest: async () => null,
    })
    expect(asked).toEqual([2])
    const state = applyCatchUp(held, result, 'me')
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5])
    expect(caughtUpSeq(state)).toBe(5)
  })

  it('takes a newest page that reaches back only to a gap as a fresh start, not as caught up', () => {
    const held = addConfirmed(emptyThread, [msg(1), msg(2), own(60, 'a-000060')], 'me')
    const newest = Array.from({ length: 50 }, (_, i) => msg(11 + i))
    const state = addLatestPage(held, { messages: newest, hasEarlier: true }, 'me')
    // Messages 3 to 10 were never received: the thread starts at the page instead of hiding the hole.
    expect(state.messages[0]!.seq).toBe(11)
    expect(state.hasEarlier).toBe(true)
  })

  it('follows hasLater page after page until caught up', async () => {
    const api = server(140, 50)
    const result = await catchUp({ afterSeq: 10, ...api })
    expect(api.asked).toEqual(['after=10', 'after=60', 'after=110'])
    const state = applyCatchUp(addConfirmed(emptyThread, [msg(9), msg(10)], 'me'), result, 'me')
    expect(state.messages.map((m) => m.seq)).toEqual(Array.from({ length: 132 }, (_, i) => 9 + i))
  })

  it(`calls a gap of more than ${CATCH_UP_MAX_PAGES} pages too large and starts again from the newest page`, async () => {
    const api = server(1000, 50)
    const result = await catchUp({ afterSeq: 2, ...api })
    expect(api.asked).toEqual(['after=2', 'after=52', 'after=102', 'after=152', 'latest'])
    expect(result.kind).toBe('reload')
    let state = addPending(addConfirmed(emptyThread, [msg(1), msg(2)], 'me'), { clientTxnId: 'a-000001', body: 'waiting' })
    state = addConfirmed(state, [msg(1001)], 'me') // arrived live during the catch-up
    state = applyCatchUp(state, result, 'me')
    expect(state.messages[0]!.seq).toBe(951)
    expect(state.messages.map((m) => m.seq)).toEqual(Array.from({ length: 51 }, (_, i) => 951 + i))
    expect(state.hasEarlier).toBe(true)
    expect(state.pending.map((p) => p.body)).toEqual(['waiting'])
  })

  it('leaves the thread as it is when the server cannot be asked', async () => {
    const held = addConfirmed(emptyThread, [msg(1)], 'me')
    const result = await catchUp({ afterSeq: 1, fetchAfter: async () => null, fetchLatest: async () => null })
    expect(result).toEqual({ kind: 'failed' })
    expect(applyCatchUp(held, result, 'me')).toBe(held)
  })

  it('says through which message the other person’s news is unread, for marking it read once shown', () => {
    let state = addConfirmed(emptyThread, [msg(1, { readAt: '2026-01-01T00:05:00.000Z' }), own(2, 'b-000002'), msg(3), msg(4)], 'me')
    expect(lastUnreadSeq(state, 'me')).toBe(4)
    state = markDeleted(state, 4)
    expect(lastUnreadSeq(state, 'me')).toBe(3)
    expect(lastUnreadSeq(addConfirmed(emptyThread, [own(1, 'a-000001')], 'me'), 'me')).toBeNull()
  })
})
