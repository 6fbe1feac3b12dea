// The chat JSON API through the real HTTP app: who may see and do what, problem bodies for bad input
// that store nothing, idempotent sends, rate limits, reports, blocks and mutes.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { message, messageReport, roomMessage } from '#server/db/schema.ts'
import { ROOM_RATE_LIMIT } from '#server/messages/room.server.ts'
import { chatApi, conversationBetween, establishedUser, nextTxn } from '#tests/support/chat.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let renter: TestUser
let landlord: TestUser
let stranger: TestUser
let admin: TestUser
let conversationId: number

const storedMessages = async () => {
  const [row] = await t.services.database.db.select({ n: count() }).from(message).where(eq(message.conversationId, conversationId))
  return row!.n
}

beforeAll(async () => {
  t = await createTestServices()
  renter = await establishedUser(t, { name: 'Robin Renter' })
  landlord = await establishedUser(t, { name: 'Lee Landlord' })
  stranger = await establishedUser(t, { name: 'Sam Stranger' })
  admin = await establishedUser(t, { name: 'Ada Admin', isAdministrator: true })
  conversationId = await conversationBetween(t, renter, landlord)
})

afterAll(async () => {
  await t?.close()
})

describe('the chat API', () => {
  it('answers visitors 401 on private endpoints but lets them read the room', async () => {
    for (const [method, path] of [
      ['GET', '/unread'],
      ['GET', '/conversations'],
      ['GET', `/conversations/${conversationId}/messages`],
    ] as const) {
      const res = await chatApi(t, method, path)
      expect(res.status, path).toBe(401)
      expect(res.json.detail).toMatch(/Log in/)
    }
    const post = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, { body: { body: 'Hi', clientTxnId: nextTxn() } })
    expect(post.status).toBe(401)
    const room = await chatApi(t, 'GET', '/room/messages')
    expect(room.status).toBe(200)
    expect(room.json).toMatchObject({ messages: expect.any(Array), hasEarlier: false, hasLater: false })
  })

  it('opens a conversation once: 201 when created, 200 when reused', async () => {
    const again = await chatApi(t, 'POST', '/conversations', { cookie: landlord.cookie, body: { otherUserId: renter.id } })
    expect(again).toEqual({ status: 200, json: { conversationId, created: false } })
    const bad = await chatApi(t, 'POST', '/conversations', { cookie: renter.cookie, body: { listingId: 'x' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(['otherUserId', 'listingId']))
    const nobody = await chatApi(t, 'POST', '/conversations', { cookie: renter.cookie, body: { otherUserId: 'no-such-user' } })
    expect(nobody.status).toBe(404)
  })

  it('stores one message for a clientTxnId sent twice, answering 201 then 200, and counts it unread for the recipient', async () => {
    const clientTxnId = nextTxn()
    const before = await storedMessages()
    const first = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: renter.cookie,
      body: { body: 'Is the flat still available?', clientTxnId },
    })
    expect(first.status).toBe(201)
    expect(first.json.message).toMatchObject({ body: 'Is the flat still available?', senderId: renter.id, clientTxnId, readAt: null })
    const retry = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: renter.cookie,
      body: { body: 'Is the flat still available?', clientTxnId },
    })
    expect(retry.status).toBe(200)
    expect(retry.json.message.id).toBe(first.json.message.id)
    expect(await storedMessages()).toBe(before + 1)

    expect((await chatApi(t, 'GET', '/unread', { cookie: landlord.cookie })).json).toEqual({ unread: 1 })
    const list = await chatApi(t, 'GET', '/conversations', { cookie: landlord.cookie })
    expect(list.json.conversations).toEqual([expect.objectContaining({ id: conversationId, unread: 1, other: expect.objectContaining({ name: 'Robin Renter' }) })])

    const read = await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: landlord.cookie, body: {} })
    expect(read).toEqual({ status: 200, json: { unread: 0 } })
    const thread = await chatApi(t, 'GET', `/conversations/${conversationId}/messages`, { cookie: renter.cookie })
    expect(thread.json.messages.at(-1)).toMatchObject({ id: first.json.message.id, readAt: expect.any(String) })
  })

  it('refuses bad messages with field errors and stores nothing', async () => {
    const before = await storedMessages()
    const cases: unknown[] = [{ body: '   ', clientTxnId: nextTxn() }, { body: 'x'.repeat(4001), clientTxnId: nextTxn() }, { body: 'Hi', clientTxnId: 'bad id!' }, 'not json']
    for (const body of cases) {
      const res = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, { cookie: renter.cookie, body })
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(res.json).toMatchObject({ status: 400, title: 'Bad Request', detail: expect.any(String) })
    }
    const paging = await chatApi(t, 'GET', `/conversations/${conversationId}/messages?before=abc`, { cookie: renter.cookie })
    expect(paging.status).toBe(400)
    expect(paging.json.errors.before).toBeDefined()
    expect((await chatApi(t, 'GET', '/conversations/abc/messages', { cookie: renter.cookie })).status).toBe(404)
    expect(await storedMessages()).toBe(before)
  })

  it('hides a conversation from a third user: 404 to read, write, mark read or delete in it', async () => {
    const before = await storedMessages()
    const read = await chatApi(t, 'GET', `/conversations/${conversationId}/messages`, { cookie: stranger.cookie })
    expect(read.status).toBe(404)
    const write = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: stranger.cookie,
      body: { body: 'Let me in', clientTxnId: nextTxn() },
    })
    expect(write.status).toBe(404)
    expect((await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: stranger.cookie, body: {} })).status).toBe(404)
    const thread = await chatApi(t, 'GET', `/conversations/${conversationId}/messages`, { cookie: renter.cookie })
    const someId = thread.json.messages[0].id as number
    expect((await chatApi(t, 'DELETE', `/messages/${someId}`, { cookie: stranger.cookie })).status).toBe(404)
    const report = await chatApi(t, 'POST', '/reports', { cookie: stranger.cookie, body: { kind: 'direct', messageId: someId, reason: 'spam here' } })
    expect(report.status).toBe(404)
    expect((await chatApi(t, 'GET', '/conversations', { cookie: stranger.cookie })).json).toEqual({ conversations: [] })
    expect(await storedMessages()).toBe(before)
  })

  it('lets a participant delete only their own message', async () => {
    const sent = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: landlord.cookie,
      body: { body: 'Yes, viewings on Saturday.', clientTxnId: nextTxn() },
    })
    const id = sent.json.message.id as number
    expect((await chatApi(t, 'DELETE', `/messages/${id}`, { cookie: renter.cookie })).status).toBe(403)
    expect((await chatApi(t, 'DELETE', `/messages/${id}`, { cookie: landlord.cookie })).status).toBe(204)
    const thread = await chatApi(t, 'GET', `/conversations/${conversationId}/messages?after=${sent.json.message.seq - 1}`, { cookie: renter.cookie })
    expect(thread.json.messages[0]).toMatchObject({ id, deleted: true, body: '' })
  })

  it('stops direct messages from a blocked user until unblocked', async () => {
    expect((await chatApi(t, 'POST', '/blocks', { cookie: landlord.cookie, body: { userId: renter.id } })).status).toBe(204)
    const before = await storedMessages()
    const refused = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: renter.cookie,
      body: { body: 'Hello?', clientTxnId: nextTxn() },
    })
    expect(refused.status).toBe(403)
    expect(refused.json.detail).toMatch(/does not take messages/)
    expect(await storedMessages()).toBe(before)
    expect((await chatApi(t, 'DELETE', `/blocks/${renter.id}`, { cookie: landlord.cookie })).status).toBe(204)
    const sent = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: renter.cookie,
      body: { body: 'Hello again', clientTxnId: nextTxn() },
    })
    expect(sent.status).toBe(201)
    expect((await chatApi(t, 'POST', '/blocks', { cookie: landlord.cookie, body: {} })).status).toBe(400)
  })

  it('files a report once for a message the reporter can see', async () => {
    const posted = await chatApi(t, 'POST', '/room/messages', { cookie: stranger.cookie, body: { body: 'Buy cheap watches', clientTxnId: nextTxn() } })
    const messageId = posted.json.message.id as number
    const first = await chatApi(t, 'POST', '/reports', { cookie: renter.cookie, body: { kind: 'room', messageId, reason: 'Spam' } })
    expect(first).toEqual({ status: 201, json: { created: true } })
    const again = await chatApi(t, 'POST', '/reports', { cookie: renter.cookie, body: { kind: 'room', messageId, reason: 'Spam' } })
    expect(again).toEqual({ status: 200, json: { created: false } })
    const bad = await chatApi(t, 'POST', '/reports', { cookie: renter.cookie, body: { kind: 'email', messageId, reason: '' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(['kind', 'reason']))
    const reports = await t.services.database.db.select().from(messageReport).where(eq(messageReport.messageId, messageId))
    expect(reports).toHaveLength(1)
  })

  it('posts in the room idempotently and answers 429 with the limit past 10 messages in 10 s', async () => {
    const clientTxnId = nextTxn()
    const first = await chatApi(t, 'POST', '/room/messages', { cookie: landlord.cookie, body: { body: 'Hello, neighbours', clientTxnId } })
    expect(first.status).toBe(201)
    expect(first.json.message).toMatchObject({ body: 'Hello, neighbours', author: { id: landlord.id, name: 'Lee Landlord' } })
    const retry = await chatApi(t, 'POST', '/room/messages', { cookie: landlord.cookie, body: { body: 'Hello, neighbours', clientTxnId } })
    expect(retry.status).toBe(200)
    expect(retry.json.message.id).toBe(first.json.message.id)
    for (let i = 1; i < ROOM_RATE_LIMIT; i += 1) {
      const res = await chatApi(t, 'POST', '/room/messages', { cookie: landlord.cookie, body: { body: `Note ${i}`, clientTxnId: nextTxn() } })
      expect(res.status).toBe(201)
    }
    const limited = await chatApi(t, 'POST', '/room/messages', { cookie: landlord.cookie, body: { body: 'One too many', clientTxnId: nextTxn() } })
    expect(limited.status).toBe(429)
    expect(limited.json.detail).toMatch(/10 messages every 10 seconds/)
    const stored = await t.services.database.db.select().from(roomMessage).where(eq(roomMessage.body, 'One too many'))
    expect(stored).toHaveLength(0)
  })

  it('lets only administrators delete others’ room messages and mute people', async () => {
    const posted = await chatApi(t, 'POST', '/room/messages', { cookie: renter.cookie, body: { body: 'Rude words', clientTxnId: nextTxn() } })
    const id = posted.json.message.id as number
    expect((await chatApi(t, 'DELETE', `/room/messages/${id}`, { cookie: stranger.cookie })).status).toBe(403)
    expect((await chatApi(t, 'DELETE', `/room/messages/${id}`, { cookie: admin.cookie })).status).toBe(204)

    const notAdmin = await chatApi(t, 'POST', '/mutes', { cookie: stranger.cookie, body: { userId: renter.id, minutes: 60 } })
    expect(notAdmin.status).toBe(403)
    const badPeriod = await chatApi(t, 'POST', '/mutes', { cookie: admin.cookie, body: { userId: renter.id, minutes: 7 } })
    expect(badPeriod.status).toBe(400)
    const muted = await chatApi(t, 'POST', '/mutes', { cookie: admin.cookie, body: { userId: renter.id, minutes: 60, reason: 'Rude' } })
    expect(muted.status).toBe(200)
    expect(new Date(muted.json.until).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
    const refused = await chatApi(t, 'POST', '/room/messages', { cookie: renter.cookie, body: { body: 'Let me speak', clientTxnId: nextTxn() } })
    expect(refused.status).toBe(403)
    expect(refused.json.detail).toMatch(/muted you in the room until/)
  })
})
