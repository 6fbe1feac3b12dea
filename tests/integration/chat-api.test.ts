// The chat JSON API through the real HTTP app: who may see and do what, problem bodies for bad input
// that store nothing, idempotent sends, rate limits, reports, blocks and mutes.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversation, message, messageReport, roomMessage, userBlock, userMute } from '#server/db/schema.ts'
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

/** Every row a chat request can write, and which messages are read, to show that a refusal changed nothing. */
async function chatSnapshot() {
  const { db } = t.services.database
  const counts = await Promise.all(
    [conversation, message, roomMessage, messageReport, userBlock, userMute].map(
      async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
    ),
  )
  const [read] = await db.select({ n: count() }).from(message).where(eq(message.read, true))
  return { counts, read: read!.n }
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
    expect(list.json.conversations).toEqual([
      expect.objectContaining({ id: conversationId, unread: 1, other: expect.objectContaining({ name: 'Robin Renter' }) }),
    ])

    const read = await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: landlord.cookie, body: {} })
    expect(read).toEqual({ status: 200, json: { unread: 0 } })
    const thread = await chatApi(t, 'GET', `/conversations/${conversationId}/messages`, { cookie: renter.cookie })
    expect(thread.json.messages.at(-1)).toMatchObject({ id: first.json.message.id, readAt: expect.any(String) })
  })

  it('refuses bad messages with field errors and stores nothing', async () => {
    const before = await storedMessages()
    const cases: unknown[] = [
      { body: '   ', clientTxnId: nextTxn() },
      { body: 'x'.repeat(4001), clientTxnId: nextTxn() },
      { body: 'Hi', clientTxnId: 'bad id!' },
      'not json',
    ]
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
    const report = await chatApi(t, 'POST', '/reports', {
      cookie: stranger.cookie,
      body: { kind: 'direct', messageId: someId, reason: 'spam here' },
    })
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
    const thread = await chatApi(t, 'GET', `/conversations/${conversationId}/messages?after=${sent.json.message.seq - 1}`, {
      cookie: renter.cookie,
    })
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
    const posted = await chatApi(t, 'POST', '/room/messages', {
      cookie: stranger.cookie,
      body: { body: 'Buy cheap watches', clientTxnId: nextTxn() },
    })
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
      const res = await chatApi(t, 'POST', '/room/messages', {
        cookie: landlord.cookie,
        body: { body: `Note ${i}`, clientTxnId: nextTxn() },
      })
      expect(res.status).toBe(201)
    }
    const limited = await chatApi(t, 'POST', '/room/messages', {
      cookie: landlord.cookie,
      body: { body: 'One too many', clientTxnId: nextTxn() },
    })
    expect(limited.status).toBe(429)
    expect(limited.json.detail).toMatch(/10 messages every 10 seconds/)
    const stored = await t.services.database.db.select().from(roomMessage).where(eq(roomMessage.body, 'One too many'))
    expect(stored).toHaveLength(0)
  })

  it('lets only administrators delete others’ room messages and mute people', async () => {
    const posted = await chatApi(t, 'POST', '/room/messages', {
      cookie: renter.cookie,
      body: { body: 'Rude words', clientTxnId: nextTxn() },
    })
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
    const refused = await chatApi(t, 'POST', '/room/messages', {
      cookie: renter.cookie,
      body: { body: 'Let me speak', clientTxnId: nextTxn() },
    })
    expect(refused.status).toBe(403)
    expect(refused.json.detail).toMatch(/muted you in the room until/)
  })

  // Values PostgreSQL itself would refuse (a NUL character in text, a number beyond the `integer`
  // seq columns), which must be a field error and never reach it.
  type BadInput = [
    name: string,
    who: 'visitor' | 'renter' | 'admin',
    method: 'GET' | 'POST' | 'DELETE',
    path: () => string,
    body: () => unknown,
    field: string,
  ]
  it.each<BadInput>([
    [
      'a NUL character in a direct message',
      'renter',
      'POST',
      () => `/conversations/${conversationId}/messages`,
      () => ({ body: 'Hi\u0000there', clientTxnId: nextTxn() }),
      'body',
    ],
    [
      'a NUL character in a room message',
      'renter',
      'POST',
      () => '/room/messages',
      () => ({ body: 'Hello\u0000room', clientTxnId: nextTxn() }),
      'body',
    ],
    [
      'a NUL character in a report reason',
      'renter',
      'POST',
      () => '/reports',
      () => ({ kind: 'room', messageId: 1, reason: 'Spam\u0000' }),
      'reason',
    ],
    [
      'a NUL character in the person to write to',
      'renter',
      'POST',
      () => '/conversations',
      () => ({ otherUserId: `${landlord.id}\u0000` }),
      'otherUserId',
    ],
    ['a NUL character in the person to block', 'renter', 'POST', () => '/blocks', () => ({ userId: '\u0000' }), 'userId'],
    ['a NUL character in the person to unblock', 'renter', 'DELETE', () => '/blocks/%00', () => undefined, 'userId'],
    ['a NUL character in the person to mute', 'admin', 'POST', () => '/mutes', () => ({ userId: 'x\u0000', minutes: 60 }), 'userId'],
    [
      'a NUL character in a mute reason',
      'admin',
      'POST',
      () => '/mutes',
      () => ({ userId: stranger.id, minutes: 60, reason: 'Rude\u0000' }),
      'reason',
    ],
    [
      'a thread page before a number beyond the seq column',
      'renter',
      'GET',
      () => `/conversations/${conversationId}/messages?before=9999999999`,
      () => undefined,
      'before',
    ],
    [
      'a thread page after a number beyond the seq column',
      'renter',
      'GET',
      () => `/conversations/${conversationId}/messages?after=3000000000`,
      () => undefined,
      'after',
    ],
    [
      'a room page before a number beyond the seq column',
      'visitor',
      'GET',
      () => '/room/messages?before=9999999999',
      () => undefined,
      'before',
    ],
    [
      'marking read through a number beyond the seq column',
      'renter',
      'POST',
      () => `/conversations/${conversationId}/read`,
      () => ({ throughSeq: 3e9 }),
      'throughSeq',
    ],
  ])('refuses %s with a 400 problem naming the field and changes nothing', async (_name, who, method, path, body, field) => {
    const before = await chatSnapshot()
    const cookie = { visitor: undefined, renter: renter.cookie, admin: admin.cookie }[who]
    const res = await chatApi(t, method, path(), { cookie, body: body() })
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400, detail: expect.any(String) })
    expect(res.json.errors[field]?.[0]).toEqual(expect.any(String))
    expect(await chatSnapshot()).toEqual(before)
  })
})

describe('the chat API for administrators, edits and the direct-message limit', () => {
  it('lets administrators list open reports, resolve them and lift mutes; anyone else gets 403', async () => {
    const author = await establishedUser(t, { name: 'Pat Poster' })
    const posted = await chatApi(t, 'POST', '/room/messages', {
      cookie: author.cookie,
      body: { body: 'Visit my shop', clientTxnId: nextTxn() },
    })
    const messageId = posted.json.message.id as number
    expect(
      (await chatApi(t, 'POST', '/reports', { cookie: stranger.cookie, body: { kind: 'room', messageId, reason: 'Advertising' } })).status,
    ).toBe(201)

    expect((await chatApi(t, 'GET', '/reports')).status).toBe(401)
    expect((await chatApi(t, 'GET', '/reports', { cookie: stranger.cookie })).status).toBe(403)
    const listed = await chatApi(t, 'GET', '/reports', { cookie: admin.cookie })
    expect(listed.status).toBe(200)
    const report = (listed.json.reports as { id: number; message: { id: number } | null }[]).find((r) => r.message?.id === messageId)
    expect(report).toMatchObject({
      kind: 'room',
      reason: 'Advertising',
      reporter: { name: 'Sam Stranger' },
      message: { body: 'Visit my shop', author: { name: 'Pat Poster' } },
    })

    const refused = await chatApi(t, 'POST', `/reports/${report!.id}/resolve`, { cookie: stranger.cookie, body: { action: 'dismiss' } })
    expect(refused.status).toBe(403)
    const badAction = await chatApi(t, 'POST', `/reports/${report!.id}/resolve`, { cookie: admin.cookie, body: { action: 'ban' } })
    expect(badAction.status).toBe(400)
    expect(badAction.json.errors.action).toBeDefined()
    const muted = await chatApi(t, 'POST', `/reports/${report!.id}/resolve`, {
      cookie: admin.cookie,
      body: { action: 'mute', minutes: 60 },
    })
    expect(muted).toMatchObject({ status: 200, json: { action: 'mute', resolved: 1, mutedUntil: expect.any(String) } })
    expect((await chatApi(t, 'POST', `/reports/${report!.id}/resolve`, { cookie: admin.cookie, body: { action: 'dismiss' } })).status).toBe(
      409,
    )
    const [row] = await t.services.database.db.select().from(messageReport).where(eq(messageReport.id, report!.id))
    expect(row).toMatchObject({ resolvedAt: expect.any(Date), resolvedBy: admin.id, resolution: 'muted' })

    expect((await chatApi(t, 'GET', '/mutes', { cookie: stranger.cookie })).status).toBe(403)
    const mutes = await chatApi(t, 'GET', '/mutes', { cookie: admin.cookie })
    expect(mutes.json.mutes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ person: expect.objectContaining({ id: author.id }), reason: 'Reported: Advertising' }),
      ]),
    )
    const silenced = await chatApi(t, 'POST', '/room/messages', { cookie: author.cookie, body: { body: 'Hello?', clientTxnId: nextTxn() } })
    expect(silenced.status).toBe(403)

    expect((await chatApi(t, 'DELETE', `/mutes/${author.id}`, { cookie: stranger.cookie })).status).toBe(403)
    expect((await chatApi(t, 'DELETE', `/mutes/${author.id}`, { cookie: admin.cookie })).status).toBe(204)
    const back = await chatApi(t, 'POST', '/room/messages', {
      cookie: author.cookie,
      body: { body: 'Sorry about that', clientTxnId: nextTxn() },
    })
    expect(back.status).toBe(201)
  })

  it('edits the author’s own messages over PATCH, shown as edited, and refuses anyone else', async () => {
    const editor = await establishedUser(t, { name: 'Eddie Editor' })
    const posted = await chatApi(t, 'POST', '/room/messages', {
      cookie: editor.cookie,
      body: { body: 'Helo room', clientTxnId: nextTxn() },
    })
    const roomId = posted.json.message.id as number
    const fixed = await chatApi(t, 'PATCH', `/room/messages/${roomId}`, { cookie: editor.cookie, body: { body: 'Hello room' } })
    expect(fixed).toMatchObject({ status: 200, json: { message: { id: roomId, body: 'Hello room', editedAt: expect.any(String) } } })
    expect((await chatApi(t, 'PATCH', `/room/messages/${roomId}`, { cookie: stranger.cookie, body: { body: 'Mine' } })).status).toBe(403)
    expect((await chatApi(t, 'PATCH', `/room/messages/${roomId}`, { cookie: editor.cookie, body: { body: '' } })).status).toBe(400)
    expect((await chatApi(t, 'PATCH', `/room/messages/${roomId}`, { body: { body: 'Anonymous' } })).status).toBe(401)

    const chat = await conversationBetween(t, editor, landlord)
    const sent = await chatApi(t, 'POST', `/conversations/${chat}/messages`, {
      cookie: editor.cookie,
      body: { body: 'See you at 5', clientTxnId: nextTxn() },
    })
    const dmId = sent.json.message.id as number
    const changed = await chatApi(t, 'PATCH', `/messages/${dmId}`, { cookie: editor.cookie, body: { body: 'See you at 6' } })
    expect(changed).toMatchObject({ status: 200, json: { message: { id: dmId, body: 'See you at 6', editedAt: expect.any(String) } } })
    expect((await chatApi(t, 'PATCH', `/messages/${dmId}`, { cookie: landlord.cookie, body: { body: 'No, at 7' } })).status).toBe(403)
    expect((await chatApi(t, 'PATCH', `/messages/${dmId}`, { cookie: stranger.cookie, body: { body: 'Hi' } })).status).toBe(404)
    const thread = await chatApi(t, 'GET', `/conversations/${chat}/messages`, { cookie: landlord.cookie })
    expect(thread.json.messages.at(-1)).toMatchObject({ id: dmId, body: 'See you at 6', editedAt: changed.json.message.editedAt })
  })

  it('answers 429 with the limit past 10 direct messages in 10 s, and stores none of the refused ones', async () => {
    const sender = await establishedUser(t, { name: 'Quinn Quick' })
    const chat = await conversationBetween(t, sender, landlord)
    for (let i = 1; i <= 10; i += 1) {
      const res = await chatApi(t, 'POST', `/conversations/${chat}/messages`, {
        cookie: sender.cookie,
        body: { body: `Question ${i}`, clientTxnId: nextTxn() },
      })
      expect(res.status).toBe(201)
    }
    const limited = await chatApi(t, 'POST', `/conversations/${chat}/messages`, {
      cookie: sender.cookie,
      body: { body: 'Question 11', clientTxnId: nextTxn() },
    })
    expect(limited.status).toBe(429)
    expect(limited.json.detail).toBe('You can send 10 direct messages every 10 seconds. Wait a moment, then send again.')
    expect(await t.services.database.db.select().from(message).where(eq(message.body, 'Question 11'))).toHaveLength(0)
  })
})
