import { describe, expect, it } from 'vitest'
import type { RealtimeEvent } from '#common/realtime-events.ts'
import { TYPING_SHOWN_MS } from '#common/realtime-events.ts'
import { isSidebarNews, threadNews, typingText, withTyping, withoutTyping } from './live.ts'

const maria = { id: 'maria', name: 'Maria', image: null }
const robin = { id: 'robin', name: 'Robin', image: null }
const direct = { kind: 'direct', conversationId: 7 } as const
const room = { kind: 'room' } as const

const dm = (conversationId: number): RealtimeEvent => ({
  type: 'dm',
  message: {
    id: 1,
    conversationId,
    seq: 3,
    senderId: 'maria',
    body: 'hi',
    clientTxnId: 'txn-00001',
    createdAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    deleted: false,
    readAt: null,
  },
})

describe('live news for an open thread', () => {
  it('turns a direct message of the open conversation into a message of the thread, named', () => {
    expect(threadNews(dm(7), direct, [robin, maria])).toMatchObject({ kind: 'message', message: { seq: 3, author: { name: 'Maria' } } })
  })

  it('leaves a message of another conversation to the sidebar, in a conversation and in the room', () => {
    expect(threadNews(dm(8), direct, [robin, maria])).toBeNull()
    expect(threadNews(dm(8), room, [])).toBeNull()
  })

  it('makes the sidebar ask for its list on direct-message news, a new unread count and a reconnect, not on room news', () => {
    expect(isSidebarNews(dm(8))).toBe(true)
    expect(isSidebarNews({ type: 'dm-deleted', conversationId: 8, seq: 1 })).toBe(true)
    expect(isSidebarNews({ type: 'unread', unread: 2 })).toBe(true)
    expect(isSidebarNews({ type: 'reconnected' })).toBe(true)
    expect(isSidebarNews({ type: 'room-deleted', seq: 1 })).toBe(false)
    expect(isSidebarNews({ type: 'presence', online: 3 })).toBe(false)
  })

  it('keeps room news in the room and conversation news in their conversation', () => {
    const posted: RealtimeEvent = {
      type: 'room',
      message: {
        id: 2,
        roomId: 'community',
        seq: 9,
        author: maria,
        body: 'hello room',
        clientTxnId: 'txn-00002',
        createdAt: '2026-01-01T00:00:00.000Z',
        editedAt: null,
        deleted: false,
      },
    }
    expect(threadNews(posted, room, [])).toMatchObject({ kind: 'message', message: { seq: 9, body: 'hello room' } })
    expect(threadNews(posted, direct, [])).toBeNull()
    expect(threadNews({ type: 'room-deleted', seq: 9 }, room, [])).toEqual({ kind: 'deleted', seq: 9 })
    expect(threadNews({ type: 'dm-deleted', conversationId: 7, seq: 3 }, direct, [])).toEqual({ kind: 'deleted', seq: 3 })
    expect(threadNews({ type: 'dm-deleted', conversationId: 6, seq: 3 }, direct, [])).toBeNull()
    expect(threadNews({ type: 'read', conversationId: 7, throughSeq: 3, readAt: 'now' }, direct, [])).toEqual({
      kind: 'read',
      throughSeq: 3,
      readAt: 'now',
    })
  })

  it('shows typing only where it happens, and the online count only in the room', () => {
    const typingInRoom: RealtimeEvent = { type: 'typing', conversationId: null, user: { id: 'maria', name: 'Maria' } }
    expect(threadNews(typingInRoom, room, [])).toEqual({ kind: 'typing', name: 'Maria', userId: 'maria' })
    expect(threadNews(typingInRoom, direct, [])).toBeNull()
    expect(threadNews({ type: 'presence', online: 4 }, room, [])).toEqual({ kind: 'online', online: 4 })
    expect(threadNews({ type: 'hello', userId: null, unread: 0, online: 2 }, room, [])).toEqual({ kind: 'online', online: 2 })
    expect(threadNews({ type: 'presence', online: 4 }, direct, [])).toBeNull()
  })

  it('asks every thread to catch up after a reconnect, and leaves the unread count to the badge', () => {
    expect(threadNews({ type: 'reconnected' }, direct, [])).toEqual({ kind: 'reconnected' })
    expect(threadNews({ type: 'unread', unread: 3 }, direct, [])).toBeNull()
  })

  it('words who is typing', () => {
    expect(typingText([])).toBe('')
    expect(typingText(['Maria'])).toBe('Maria is typing…')
    expect(typingText(['Maria', 'Sam'])).toBe('Maria and Sam are typing…')
    expect(typingText(['Maria', 'Sam', 'Ada'])).toBe('Several people are typing…')
  })
})

describe('who is typing', () => {
  const maria = { name: 'Maria', userId: 'u-maria' }
  const sam = { name: 'Sam', userId: 'u-sam' }

  it('shows a name for TYPING_SHOWN_MS after the last typing, renewed by each', () => {
    const typing = withTyping(withTyping({}, maria, 1_000), sam, 2_000)
    expect(withoutTyping(typing, 'u-maria', 1_000 + TYPING_SHOWN_MS - 1)).toBe(typing)
    expect(Object.keys(withoutTyping(typing, 'u-maria', 1_000 + TYPING_SHOWN_MS))).toEqual(['u-sam'])
    const renewed = withTyping(typing, maria, 4_000)
    expect(withoutTyping(renewed, 'u-maria', 1_000 + TYPING_SHOWN_MS)).toBe(renewed)
  })

  it('stops showing someone the moment their message arrives, and no one else', () => {
    const typing = withTyping(withTyping({}, maria, 1_000), sam, 1_000)
    expect(Object.keys(withoutTyping(typing, 'u-maria'))).toEqual(['u-sam'])
    expect(withoutTyping(typing, 'u-nobody')).toBe(typing)
  })
})
