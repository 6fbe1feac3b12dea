// Direct messages and the community room, on the real database: who may read and write, idempotent
// sends, sequence numbers, unread counts, read receipts, blocks, mutes and the rate limits.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countUnreadMessages } from '#server/accounts/profile.server.ts'
import { adminAudit, conversation, message, messageReport, profile, roomMessage, user } from '#server/db/schema.ts'
import { mutedUntil } from '#server/messages/access.server.ts'
import { blockUser, unblockUser } from '#server/messages/blocks.server.ts'
import { findConversation, listConversations, readThread } from '#server/messages/direct-read.server.ts'
import {
  DIRECT_RATE_LIMIT,
  storeDirectDeletion as deleteDirectMessage,
  storeDirectEdit as editDirectMessage,
  storeDirectMessage as sendDirectMessage,
  storeReadMark as markConversationRead,
} from '#server/messages/direct-write.server.ts'
import { listActiveMutes, muteUser, unmuteUser } from '#server/messages/mutes.server.ts'
import { NEW_ACCOUNT_DAILY_CONVERSATIONS, openConversation } from '#server/messages/open-conversation.server.ts'
import { listOpenReports, reportMessage, storeReportResolution as resolveReport } from '#server/messages/reports.server.ts'
import {
  readRoom,
  ROOM_RATE_LIMIT,
  storeRoomDeletion as deleteRoomMessage,
  storeRoomEdit as editRoomMessage,
  storeRoomMessage as postRoomMessage,
} from '#server/messages/room.server.ts'
import { createPerson, listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

let database: TestDatabase
const db = () => database.db
let txn = 0
const nextTxn = () => `txn-${Date.now().toString(36)}-${(txn += 1)}`

/** A person whose account is older than a day, so the new-account limit does not apply. */
async function established(role = 'renter'): Promise<Person> {
  const person = await createPerson(db(), { role })
  await db()
    .update(user)
    .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
    .where(eq(user.id, person.id))
  return person
}

async function expectError(promise: Promise<unknown>, code: string, message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as { code?: string; message: string },
  )
  expect(error?.code, error?.message).toBe(code)
  if (message) expect(error?.message).toMatch(message)
}

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.drop()
})

describe('conversations', () => {
  it('opens one conversation per pair and listing, from either side', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const home = await listingFactory(db()).create({ ownerId: landlord.id })
    const first = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id, listingId: home.id })
    expect(first.created).toBe(true)
    expect(await openConversation(db(), { userId: landlord.id, otherUserId: renter.id, listingId: home.id })).toEqual({
      conversationId: first.conversationId,
      created: false,
    })
    const general = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    expect(general.conversationId).not.toBe(first.conversationId)
    const [summary] = (await listConversations(db(), { userId: renter.id })).filter((c) => c.id === first.conversationId)
    expect(summary?.listing).toEqual({ id: home.id, title: home.title })
  })

  it('refuses yourself, unknown people and listings the user cannot see', async () => {
    const renter = await established()
    const landlord = await established('landlord')
    await expectError(openConversation(db(), { userId: renter.id, otherUserId: renter.id }), 'invalid')
    await expectError(openConversation(db(), { userId: renter.id, otherUserId: 'nobody' }), 'not-found')
    const draft = await listingFactory(db()).create({ ownerId: landlord.id, status: 'draft' })
    await expectError(openConversation(db(), { userId: renter.id, otherUserId: landlord.id, listingId: draft.id }), 'not-found')
  })

  it('numbers messages, stores a retried send once, and keeps strangers out', async () => {
    const [renter, landlord, stranger] = [await established(), await established('landlord'), await established()]
    const { conversationId } = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    const clientTxnId = nextTxn()
    const sent = await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId,
      input: { body: '  Is it still available?  ', clientTxnId },
    })
    expect(sent).toMatchObject({ isNew: true, recipientId: landlord.id, recipientEmail: landlord.email })
    expect(sent.message).toMatchObject({ seq: 1, body: 'Is it still available?', senderId: renter.id, readAt: null })
    const again = await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId,
      input: { body: 'Is it still available?', clientTxnId },
    })
    expect(again.isNew).toBe(false)
    expect(again.message.id).toBe(sent.message.id)
    const reply = await sendDirectMessage(db(), { senderId: landlord.id, conversationId, input: { body: 'Yes!', clientTxnId: nextTxn() } })
    expect(reply.message.seq).toBe(2)
    const stored = await db().select().from(message).where(eq(message.conversationId, conversationId))
    expect(stored).toHaveLength(2)

    await expectError(
      sendDirectMessage(db(), { senderId: stranger.id, conversationId, input: { body: 'Hi', clientTxnId: nextTxn() } }),
      'not-found',
    )
    await expectError(readThread(db(), { userId: stranger.id, conversationId }), 'not-found')
    await expectError(markConversationRead(db(), { userId: stranger.id, conversationId }), 'not-found')
    expect(await db().select().from(message).where(eq(message.conversationId, conversationId))).toHaveLength(2)
  })

  it('finds one conversation by its id and its participants in the query: a stranger and a wrong id find nothing', async () => {
    const [renter, landlord, other, stranger] = [
      await established(),
      await established('landlord'),
      await established('landlord'),
      await established(),
    ]
    const { conversationId } = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    const { conversationId: otherId } = await openConversation(db(), { userId: renter.id, otherUserId: other.id })
    await sendDirectMessage(db(), { senderId: landlord.id, conversationId, input: { body: 'Come and see it', clientTxnId: nextTxn() } })

    const found = await findConversation(db(), { userId: renter.id, conversationId })
    expect(found).toMatchObject({ id: conversationId, other: { id: landlord.id }, unread: 1, lastMessage: { body: 'Come and see it' } })
    // The same summary the list gives, and only that one.
    expect(found).toEqual((await listConversations(db(), { userId: renter.id })).find((c) => c.id === conversationId))
    expect(await findConversation(db(), { userId: landlord.id, conversationId })).toMatchObject({ id: conversationId, unread: 0 })
    expect(await findConversation(db(), { userId: stranger.id, conversationId })).toBeNull()
    expect(await findConversation(db(), { userId: landlord.id, conversationId: otherId })).toBeNull()
    expect(await findConversation(db(), { userId: renter.id, conversationId: otherId + 1_000_000 })).toBeNull()
    await expectError(readThread(db(), { userId: other.id, conversationId }), 'not-found')
  })

  it('refuses empty, over-long and malformed messages and stores nothing', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const { conversationId } = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    for (const input of [
      { body: '   ', clientTxnId: nextTxn() },
      { body: 'x'.repeat(4001), clientTxnId: nextTxn() },
      { body: 'Hi', clientTxnId: 'short' },
      { body: 42, clientTxnId: nextTxn() },
      null,
    ]) {
      await expectError(sendDirectMessage(db(), { senderId: renter.id, conversationId, input }), 'invalid')
    }
    expect(await db().select().from(message).where(eq(message.conversationId, conversationId))).toHaveLength(0)
    const html = '<script>alert(1)</script> & <b>bold</b>'
    const kept = await sendDirectMessage(db(), { senderId: renter.id, conversationId, input: { body: html, clientTxnId: nextTxn() } })
    expect(kept.message.body).toBe(html)
  })

  it('counts unread messages per conversation and in all, and marks them read', async () => {
    const [renter, landlord, other] = [await established(), await established('landlord'), await established('landlord')]
    const a = await openConversation(db(), { userId: landlord.id, otherUserId: renter.id })
    const b = await openConversation(db(), { userId: other.id, otherUserId: renter.id })
    for (let i = 0; i < 3; i++)
      await sendDirectMessage(db(), {
        senderId: landlord.id,
        conversationId: a.conversationId,
        input: { body: `a${i}`, clientTxnId: nextTxn() },
      })
    await sendDirectMessage(db(), { senderId: other.id, conversationId: b.conversationId, input: { body: 'b', clientTxnId: nextTxn() } })
    await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId: b.conversationId,
      input: { body: 'mine', clientTxnId: nextTxn() },
    })
    expect(await countUnreadMessages(db(), renter.email)).toBe(4)
    const list = await listConversations(db(), { userId: renter.id })
    // Newest activity first, each with its own unread count and last message.
    expect(list.map((c) => [c.id, c.unread, c.lastMessage?.body])).toEqual([
      [b.conversationId, 1, 'mine'],
      [a.conversationId, 3, 'a2'],
    ])
    const read = await markConversationRead(db(), { userId: renter.id, conversationId: a.conversationId, throughSeq: 2 })
    expect(read).toMatchObject({ readSeqs: [1, 2], unread: 2, otherUserId: landlord.id })
    expect((await markConversationRead(db(), { userId: renter.id, conversationId: a.conversationId })).readSeqs).toEqual([3])
    expect(await countUnreadMessages(db(), renter.email)).toBe(1)
    // The sender's own messages are never "unread" for the sender.
    expect((await listConversations(db(), { userId: landlord.id }))[0]?.unread).toBe(0)
  })

  it('shows the sender when a message was read, unless the reader keeps receipts off', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const { conversationId } = await openConversation(db(), { userId: landlord.id, otherUserId: renter.id })
    await sendDirectMessage(db(), { senderId: landlord.id, conversationId, input: { body: 'Hello', clientTxnId: nextTxn() } })
    await markConversationRead(db(), { userId: renter.id, conversationId })
    expect((await readThread(db(), { userId: landlord.id, conversationId })).messages[0]?.readAt).not.toBeNull()
    await db().update(profile).set({ sendReadReceipts: false }).where(eq(profile.userId, renter.id))
    expect((await readThread(db(), { userId: landlord.id, conversationId })).messages[0]?.readAt).toBeNull()
    expect((await readThread(db(), { userId: renter.id, conversationId })).messages[0]?.readAt).not.toBeNull()
  })

  it('pages history 50 at a time by sequence and catches up after a given sequence', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const { conversationId } = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    for (let i = 1; i <= 120; i++) {
      await sendDirectMessage(db(), {
        senderId: i % 2 ? renter.id : landlord.id,
        conversationId,
        input: { body: `m${i}`, clientTxnId: nextTxn() },
        enforceRateLimit: false,
      })
    }
    const newest = await readThread(db(), { userId: renter.id, conversationId })
    expect(newest.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 71 + i))
    expect(newest.hasEarlier).toBe(true)
    const earlier = await readThread(db(), { userId: renter.id, conversationId, beforeSeq: 71 })
    expect(earlier.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 21 + i))
    const oldest = await readThread(db(), { userId: renter.id, conversationId, beforeSeq: 21 })
    expect(oldest.messages.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 1 + i))
    expect(oldest.hasEarlier).toBe(false)
    const missed = await readThread(db(), { userId: landlord.id, conversationId, afterSeq: 115 })
    expect(missed.messages.map((m) => m.body)).toEqual(['m116', 'm117', 'm118', 'm119', 'm120'])
    expect(missed.hasLater).toBe(false)
  })

  it('lets people delete their own messages only', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const { conversationId } = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    const sent = await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId,
      input: { body: 'Oops, wrong number', clientTxnId: nextTxn() },
    })
    await expectError(deleteDirectMessage(db(), { userId: landlord.id, messageId: sent.message.id }), 'forbidden')
    await deleteDirectMessage(db(), { userId: renter.id, messageId: sent.message.id })
    const [shown] = (await readThread(db(), { userId: landlord.id, conversationId })).messages
    expect(shown).toMatchObject({ seq: 1, deleted: true, body: '' })
    const [row] = await db().select({ body: message.body }).from(message).where(eq(message.id, sent.message.id))
    expect(row?.body).toBe('')
  })

  it('keeps a blocked person from writing or starting conversations, until unblocked', async () => {
    const [renter, pest] = [await established('landlord'), await established()]
    const { conversationId } = await openConversation(db(), { userId: pest.id, otherUserId: renter.id })
    await blockUser(db(), { userId: renter.id, blockedId: pest.id })
    await expectError(
      sendDirectMessage(db(), { senderId: pest.id, conversationId, input: { body: 'Hello?', clientTxnId: nextTxn() } }),
      'forbidden',
      /does not take messages/,
    )
    const listing = await listingFactory(db()).create({ ownerId: renter.id })
    await expectError(openConversation(db(), { userId: pest.id, otherUserId: renter.id, listingId: listing.id }), 'forbidden')
    // The blocker can still write.
    await sendDirectMessage(db(), { senderId: renter.id, conversationId, input: { body: 'Please stop.', clientTxnId: nextTxn() } })
    await unblockUser(db(), { userId: renter.id, blockedId: pest.id })
    await sendDirectMessage(db(), { senderId: pest.id, conversationId, input: { body: 'Sorry.', clientTxnId: nextTxn() } })
    expect(await db().select().from(message).where(eq(message.conversationId, conversationId))).toHaveLength(2)
  })

  it(`lets a new account start ${NEW_ACCOUNT_DAILY_CONVERSATIONS} conversations a day; older accounts are not limited`, async () => {
    const newcomer = await createPerson(db())
    const landlords = await Promise.all(Array.from({ length: NEW_ACCOUNT_DAILY_CONVERSATIONS + 1 }, () => established('landlord')))
    for (const landlord of landlords.slice(0, NEW_ACCOUNT_DAILY_CONVERSATIONS)) {
      await openConversation(db(), { userId: newcomer.id, otherUserId: landlord.id })
    }
    await expectError(
      openConversation(db(), { userId: newcomer.id, otherUserId: landlords.at(-1)!.id }),
      'rate-limited',
      /10 conversations a day/,
    )
    // Existing conversations stay open to them, and being written to is not limited.
    await openConversation(db(), { userId: newcomer.id, otherUserId: landlords[0]!.id })
    await openConversation(db(), { userId: landlords.at(-1)!.id, otherUserId: newcomer.id })
    await db()
      .update(user)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(user.id, newcomer.id))
    const another = await established('landlord')
    expect((await openConversation(db(), { userId: newcomer.id, otherUserId: another.id })).created).toBe(true)
  })

  it('holds the new-account limit when many conversations are opened at the same moment', async () => {
    const newcomer = await createPerson(db())
    const landlords = await Promise.all(Array.from({ length: NEW_ACCOUNT_DAILY_CONVERSATIONS + 6 }, () => established('landlord')))
    for (const landlord of landlords.slice(0, NEW_ACCOUNT_DAILY_CONVERSATIONS - 2)) {
      await openConversation(db(), { userId: newcomer.id, otherUserId: landlord.id })
    }
    const outcomes = await Promise.allSettled(
      landlords
        .slice(NEW_ACCOUNT_DAILY_CONVERSATIONS - 2)
        .map((landlord) => openConversation(db(), { userId: newcomer.id, otherUserId: landlord.id })),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2)
    for (const refused of outcomes.filter((o) => o.status === 'rejected')) {
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'rate-limited' })
    }
    const [started] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(conversation)
      .where(eq(conversation.startedBy, newcomer.id))
    expect(started!.n).toBe(NEW_ACCOUNT_DAILY_CONVERSATIONS)
  })

  it(`limits a sender to ${DIRECT_RATE_LIMIT} direct messages in 10 seconds, across conversations and under concurrency`, async () => {
    const [chatty, a, b] = [await established(), await established('landlord'), await established('landlord')]
    const first = (await openConversation(db(), { userId: chatty.id, otherUserId: a.id })).conversationId
    const second = (await openConversation(db(), { userId: chatty.id, otherUserId: b.id })).conversationId
    const send = (conversationId: number, body: string) =>
      sendDirectMessage(db(), { senderId: chatty.id, conversationId, input: { body, clientTxnId: nextTxn() } })
    const outcomes = await Promise.allSettled(
      Array.from({ length: DIRECT_RATE_LIMIT + 5 }, (_, i) => send(i % 2 ? first : second, `Hello ${i}`)),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(DIRECT_RATE_LIMIT)
    await expectError(send(first, 'one too many'), 'rate-limited', /10 direct messages every 10 seconds/)
    expect(await db().select().from(message).where(eq(message.senderId, chatty.id))).toHaveLength(DIRECT_RATE_LIMIT)
    // The other side may still answer, and a retried send of a stored message is not refused.
    const reply = await sendDirectMessage(db(), {
      senderId: a.id,
      conversationId: first,
      input: { body: 'Slow down!', clientTxnId: nextTxn() },
    })
    expect(reply.isNew).toBe(true)
    const stored = (outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof send>>>).value
      .message
    const retried = await sendDirectMessage(db(), {
      senderId: chatty.id,
      conversationId: stored.conversationId,
      input: { body: stored.body, clientTxnId: stored.clientTxnId },
    })
    expect(retried).toMatchObject({ isNew: false, message: { id: stored.id } })
    // Ten seconds later (moved back rather than waited for), they may send again.
    await db()
      .update(message)
      .set({ createdAt: sql`now() - interval '11 seconds'` })
      .where(eq(message.senderId, chatty.id))
    expect((await send(first, 'back again')).isNew).toBe(true)
  })

  it('counts a deleted message unread nowhere: not in the badge, not in its conversation', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const { conversationId } = await openConversation(db(), { userId: landlord.id, otherUserId: renter.id })
    const kept = await sendDirectMessage(db(), {
      senderId: landlord.id,
      conversationId,
      input: { body: 'Viewing at 5?', clientTxnId: nextTxn() },
    })
    const regretted = await sendDirectMessage(db(), {
      senderId: landlord.id,
      conversationId,
      input: { body: 'Wrong address, sorry', clientTxnId: nextTxn() },
    })
    expect(await countUnreadMessages(db(), renter.email)).toBe(2)
    const deleted = await deleteDirectMessage(db(), { userId: landlord.id, messageId: regretted.message.id })
    expect(deleted).toMatchObject({ recipientId: renter.id, recipientEmail: renter.email, senderId: landlord.id, wasUnread: true })
    expect(await countUnreadMessages(db(), renter.email)).toBe(1)
    expect((await listConversations(db(), { userId: renter.id })).find((c) => c.id === conversationId)?.unread).toBe(1)
    const read = await markConversationRead(db(), { userId: renter.id, conversationId, throughSeq: kept.message.seq })
    expect(read.unread).toBe(0)
    // Deleting a message already read is no change to anyone's count.
    expect((await deleteDirectMessage(db(), { userId: landlord.id, messageId: kept.message.id })).wasUnread).toBe(false)
  })

  it('lets the sender edit their own direct message, with the rules of sending', async () => {
    const [renter, landlord] = [await established(), await established('landlord')]
    const { conversationId } = await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })
    const sent = await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId,
      input: { body: 'Is it availabel?', clientTxnId: nextTxn() },
    })
    const edited = await editDirectMessage(db(), { userId: renter.id, messageId: sent.message.id, input: { body: '  Is it available?  ' } })
    expect(edited).toMatchObject({
      recipientId: landlord.id,
      message: { id: sent.message.id, seq: sent.message.seq, body: 'Is it available?', editedAt: expect.any(String) },
    })
    const [shown] = (await readThread(db(), { userId: landlord.id, conversationId })).messages
    expect(shown).toMatchObject({ body: 'Is it available?', editedAt: edited.message.editedAt })
    await expectError(
      editDirectMessage(db(), { userId: landlord.id, messageId: sent.message.id, input: { body: 'Mine now' } }),
      'forbidden',
    )
    await expectError(
      editDirectMessage(db(), { userId: (await established()).id, messageId: sent.message.id, input: { body: 'Hi' } }),
      'not-found',
    )
    await expectError(editDirectMessage(db(), { userId: renter.id, messageId: sent.message.id, input: { body: '   ' } }), 'invalid')
    await expectError(
      editDirectMessage(db(), { userId: renter.id, messageId: sent.message.id, input: { body: 'x'.repeat(4001) } }),
      'invalid',
    )
    await blockUser(db(), { userId: landlord.id, blockedId: renter.id })
    await expectError(
      editDirectMessage(db(), { userId: renter.id, messageId: sent.message.id, input: { body: 'Please?' } }),
      'forbidden',
      /does not take messages/,
    )
    await unblockUser(db(), { userId: landlord.id, blockedId: renter.id })
    await deleteDirectMessage(db(), { userId: renter.id, messageId: sent.message.id })
    await expectError(editDirectMessage(db(), { userId: renter.id, messageId: sent.message.id, input: { body: 'Back' } }), 'conflict')
    const [row] = await db().select({ body: message.body, editedAt: message.editedAt }).from(message).where(eq(message.id, sent.message.id))
    expect(row).toEqual({ body: '', editedAt: expect.any(Date) })
  })
})

describe('the community room', () => {
  it('numbers room messages and stores a retried send once', async () => {
    const author = await established()
    const clientTxnId = nextTxn()
    const first = await postRoomMessage(db(), { authorId: author.id, input: { body: 'Hello, neighbours!', clientTxnId } })
    const again = await postRoomMessage(db(), { authorId: author.id, input: { body: 'Hello, neighbours!', clientTxnId } })
    expect(again).toEqual({ message: first.message, isNew: false })
    const second = await postRoomMessage(db(), { authorId: author.id, input: { body: 'Anyone in Newark?', clientTxnId: nextTxn() } })
    expect(second.message.seq).toBe(first.message.seq + 1)
    expect(first.message.author).toEqual({ id: author.id, name: 'Test renter', image: null })
    const caughtUp = await readRoom(db(), { afterSeq: first.message.seq })
    expect(caughtUp.messages.map((m) => m.body)).toContain('Anyone in Newark?')
    await expectError(postRoomMessage(db(), { authorId: author.id, input: { body: 'x'.repeat(2001), clientTxnId: nextTxn() } }), 'invalid')
  })

  it(`allows ${ROOM_RATE_LIMIT} messages per 10 seconds per person`, async () => {
    const [chatty, other] = [await established(), await established()]
    for (let i = 0; i < ROOM_RATE_LIMIT; i++) {
      await postRoomMessage(db(), { authorId: chatty.id, input: { body: `message ${i}`, clientTxnId: nextTxn() } })
    }
    await expectError(
      postRoomMessage(db(), { authorId: chatty.id, input: { body: 'one too many', clientTxnId: nextTxn() } }),
      'rate-limited',
      /10 messages every 10 seconds/,
    )
    await postRoomMessage(db(), { authorId: other.id, input: { body: 'I can still talk', clientTxnId: nextTxn() } })
    // Ten seconds later (moved back in the database rather than waited for), the author may post again.
    await db()
      .update(roomMessage)
      .set({ createdAt: sql`now() - interval '11 seconds'` })
      .where(eq(roomMessage.authorId, chatty.id))
    await postRoomMessage(db(), { authorId: chatty.id, input: { body: 'back again', clientTxnId: nextTxn() } })
  })

  it(`holds the room's limit when one person posts many at once, and numbers every message once`, async () => {
    const [eager, calm] = [await established(), await established()]
    const post = (authorId: string, body: string) => postRoomMessage(db(), { authorId, input: { body, clientTxnId: nextTxn() } })
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: ROOM_RATE_LIMIT + 5 }, (_, i) => post(eager.id, `at once ${i}`)),
      ...Array.from({ length: 5 }, (_, i) => post(calm.id, `meanwhile ${i}`)),
    ])
    const stored = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.message] : []))
    expect(stored.filter((m) => m.author.id === eager.id)).toHaveLength(ROOM_RATE_LIMIT)
    expect(stored.filter((m) => m.author.id === calm.id)).toHaveLength(5)
    const refused = outcomes.filter((o) => o.status === 'rejected')
    expect(refused).toHaveLength(5)
    const seqs = stored.map((m) => m.seq)
    expect(new Set(seqs).size).toBe(seqs.length)
    // The room's thread has them all, each once, in the order they were numbered.
    const caughtUp = await readRoom(db(), { afterSeq: Math.min(...seqs) - 1 })
    expect(caughtUp.messages.map((m) => m.seq)).toEqual([...seqs].sort((a, b) => a - b))
  })

  it('lets administrators mute for a chosen period; muted people cannot post', async () => {
    const [admin, troll, bystander] = [
      await createPerson(db(), { role: '', isAdministrator: true }),
      await established(),
      await established(),
    ]
    await expectError(muteUser(db(), { adminId: bystander.id, userId: troll.id, input: { minutes: 60 } }), 'forbidden')
    await expectError(muteUser(db(), { adminId: admin.id, userId: troll.id, input: { minutes: 61 } }), 'invalid')
    const { until } = await muteUser(db(), { adminId: admin.id, userId: troll.id, input: { minutes: 60, reason: 'Spam' } })
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
    await expectError(
      postRoomMessage(db(), { authorId: troll.id, input: { body: 'buy now', clientTxnId: nextTxn() } }),
      'forbidden',
      /muted/,
    )
    await unmuteUser(db(), { adminId: admin.id, userId: troll.id })
    await postRoomMessage(db(), { authorId: troll.id, input: { body: 'I will behave', clientTxnId: nextTxn() } })
  })

  it('lets authors edit their own room messages, within the same limits as posting', async () => {
    const [author, other, admin] = [await established(), await established(), await createPerson(db(), { role: '', isAdministrator: true })]
    const posted = await postRoomMessage(db(), { authorId: author.id, input: { body: 'Meetup on Fridya', clientTxnId: nextTxn() } })
    expect(posted.message.editedAt).toBeNull()
    const { message: edited } = await editRoomMessage(db(), {
      authorId: author.id,
      messageId: posted.message.id,
      input: { body: 'Meetup on Friday' },
    })
    expect(edited).toMatchObject({ id: posted.message.id, seq: posted.message.seq, body: 'Meetup on Friday', editedAt: expect.any(String) })
    expect((await readRoom(db(), { afterSeq: posted.message.seq - 1 })).messages[0]).toMatchObject({
      body: 'Meetup on Friday',
      editedAt: edited.editedAt,
    })
    await expectError(editRoomMessage(db(), { authorId: other.id, messageId: posted.message.id, input: { body: 'Hijacked' } }), 'forbidden')
    await expectError(
      editRoomMessage(db(), { authorId: admin.id, messageId: posted.message.id, input: { body: 'Moderated' } }),
      'forbidden',
    )
    await expectError(
      editRoomMessage(db(), { authorId: author.id, messageId: posted.message.id, input: { body: 'x'.repeat(2001) } }),
      'invalid',
    )
    await expectError(editRoomMessage(db(), { authorId: author.id, messageId: 999_999_999, input: { body: 'Hi' } }), 'not-found')
    // Edits share the numbers of posting: ten in ten seconds, then a clear refusal.
    for (let i = 2; i <= ROOM_RATE_LIMIT; i += 1) {
      await editRoomMessage(db(), { authorId: author.id, messageId: posted.message.id, input: { body: `Meetup on Friday (take ${i})` } })
    }
    await expectError(
      editRoomMessage(db(), { authorId: author.id, messageId: posted.message.id, input: { body: 'One edit too many' } }),
      'rate-limited',
      /edit 10 messages every 10 seconds/,
    )
    // A muted author cannot change what they wrote either.
    const said = await postRoomMessage(db(), { authorId: other.id, input: { body: 'Fine words', clientTxnId: nextTxn() } })
    await muteUser(db(), { adminId: admin.id, userId: other.id, input: { minutes: 15 } })
    await expectError(
      editRoomMessage(db(), { authorId: other.id, messageId: said.message.id, input: { body: 'Rude words' } }),
      'forbidden',
      /muted/,
    )
    await deleteRoomMessage(db(), { viewerId: author.id, messageId: posted.message.id })
    await expectError(
      editRoomMessage(db(), { authorId: author.id, messageId: posted.message.id, input: { body: 'Undeleted?' } }),
      'conflict',
    )
  })

  it('lets authors and administrators delete room messages, and no one else', async () => {
    const [admin, author, other] = [await createPerson(db(), { role: '', isAdministrator: true }), await established(), await established()]
    const a = await postRoomMessage(db(), { authorId: author.id, input: { body: 'first', clientTxnId: nextTxn() } })
    const b = await postRoomMessage(db(), { authorId: author.id, input: { body: 'second', clientTxnId: nextTxn() } })
    await expectError(deleteRoomMessage(db(), { viewerId: other.id, messageId: a.message.id }), 'forbidden')
    await deleteRoomMessage(db(), { viewerId: author.id, messageId: a.message.id })
    await deleteRoomMessage(db(), { viewerId: admin.id, messageId: b.message.id })
    const shown = (await readRoom(db(), { afterSeq: a.message.seq - 1 })).messages.filter((m) => m.author.id === author.id)
    expect(shown.map((m) => [m.deleted, m.body])).toEqual([
      [true, ''],
      [true, ''],
    ])
  })
})

describe('reports and mutes, for administrators', () => {
  it('shows administrators the open reports, with the message, its author and the reason, and no one else', async () => {
    const [admin, reporter, author] = [
      await createPerson(db(), { role: '', isAdministrator: true }),
      await established(),
      await established(),
    ]
    const posted = await postRoomMessage(db(), {
      authorId: author.id,
      input: { body: 'Cheap watches at example.com', clientTxnId: nextTxn() },
    })
    await reportMessage(db(), { reporterId: reporter.id, input: { kind: 'room', messageId: posted.message.id, reason: 'Spam, again' } })
    const { conversationId } = await openConversation(db(), { userId: author.id, otherUserId: reporter.id })
    const dm = await sendDirectMessage(db(), {
      senderId: author.id,
      conversationId,
      input: { body: 'Send me your bank details', clientTxnId: nextTxn() },
    })
    await reportMessage(db(), { reporterId: reporter.id, input: { kind: 'direct', messageId: dm.message.id, reason: 'Looks like a scam' } })

    const reports = (await listOpenReports(db(), { viewerId: admin.id })).filter((r) => r.reporter.id === reporter.id)
    expect(reports).toEqual([
      {
        id: expect.any(Number),
        kind: 'room',
        reason: 'Spam, again',
        reportedAt: expect.any(String),
        reporter: { id: reporter.id, name: 'Test renter', image: null },
        message: {
          id: posted.message.id,
          body: 'Cheap watches at example.com',
          deleted: false,
          createdAt: posted.message.createdAt,
          author: { id: author.id, name: 'Test renter', image: null },
          authorMutedUntil: null,
        },
      },
      expect.objectContaining({
        kind: 'direct',
        reason: 'Looks like a scam',
        message: expect.objectContaining({ id: dm.message.id, body: 'Send me your bank details' }),
      }),
    ])
    await expectError(listOpenReports(db(), { viewerId: reporter.id }), 'forbidden')
    await expectError(resolveReport(db(), { adminId: author.id, reportId: reports[0]!.id, input: { action: 'dismiss' } }), 'forbidden')
  })

  it('resolves a report by dismissing it, deleting the message (room or direct) or muting the author, and says who and when', async () => {
    const [admin, reporter, second, author] = [
      await createPerson(db(), { role: '', isAdministrator: true }),
      await established(),
      await established(),
      await established(),
    ]
    const file = async (reporterId: string, kind: 'room' | 'direct', messageId: number) => {
      await reportMessage(db(), { reporterId, input: { kind, messageId, reason: 'Not nice at all' } })
      const [row] = await db()
        .select({ id: messageReport.id })
        .from(messageReport)
        .where(and(eq(messageReport.reporterId, reporterId), eq(messageReport.messageId, messageId), eq(messageReport.kind, kind)))
      return row!.id
    }
    const closed = async (id: number) => {
      const [row] = await db().select().from(messageReport).where(eq(messageReport.id, id))
      return row!
    }
    const stillOpen = async () => (await listOpenReports(db(), { viewerId: admin.id })).map((r) => r.id)

    // Dismissed: the message stays, the report closes.
    const mild = await postRoomMessage(db(), { authorId: author.id, input: { body: 'Meh', clientTxnId: nextTxn() } })
    const dismissedId = await file(reporter.id, 'room', mild.message.id)
    const dismissed = await resolveReport(db(), { adminId: admin.id, reportId: dismissedId, input: { action: 'dismiss' } })
    expect(dismissed).toMatchObject({ action: 'dismiss', resolved: 1, roomDeleted: null })
    expect(await closed(dismissedId)).toMatchObject({ resolvedAt: expect.any(Date), resolvedBy: admin.id, resolution: 'dismissed' })
    expect((await readRoom(db(), { afterSeq: mild.message.seq - 1 })).messages[0]).toMatchObject({ body: 'Meh', deleted: false })
    await expectError(resolveReport(db(), { adminId: admin.id, reportId: dismissedId, input: { action: 'delete' } }), 'conflict')

    // Deleted (room): every open report of that message closes with it.
    const rude = await postRoomMessage(db(), { authorId: author.id, input: { body: 'Rude words', clientTxnId: nextTxn() } })
    const [one, two] = [await file(reporter.id, 'room', rude.message.id), await file(second.id, 'room', rude.message.id)]
    const deleted = await resolveReport(db(), { adminId: admin.id, reportId: one, input: { action: 'delete' } })
    expect(deleted).toMatchObject({ action: 'delete', resolved: 2, roomDeleted: { seq: rude.message.seq } })
    expect(await closed(two)).toMatchObject({ resolvedBy: admin.id, resolution: 'deleted' })
    expect((await readRoom(db(), { afterSeq: rude.message.seq - 1 })).messages[0]).toMatchObject({ deleted: true, body: '' })
    expect(await stillOpen()).not.toContain(two)

    // Deleted (direct, still unread): it leaves the recipient's unread count.
    const { conversationId } = await openConversation(db(), { userId: author.id, otherUserId: reporter.id })
    const scam = await sendDirectMessage(db(), {
      senderId: author.id,
      conversationId,
      input: { body: 'Wire me the deposit', clientTxnId: nextTxn() },
    })
    const unreadBefore = await countUnreadMessages(db(), reporter.email)
    const scamReport = await file(reporter.id, 'direct', scam.message.id)
    const removed = await resolveReport(db(), { adminId: admin.id, reportId: scamReport, input: { action: 'delete' } })
    expect(removed.directDeleted).toMatchObject({
      conversationId,
      seq: scam.message.seq,
      senderId: author.id,
      recipientId: reporter.id,
      wasUnread: true,
    })
    expect(await countUnreadMessages(db(), reporter.email)).toBe(unreadBefore - 1)
    expect((await readThread(db(), { userId: reporter.id, conversationId })).messages.at(-1)).toMatchObject({ deleted: true, body: '' })

    // Muted: for the chosen period; a period not offered is refused and changes nothing.
    const loud = await postRoomMessage(db(), { authorId: author.id, input: { body: 'SHOUTING', clientTxnId: nextTxn() } })
    const loudReport = await file(reporter.id, 'room', loud.message.id)
    await expectError(resolveReport(db(), { adminId: admin.id, reportId: loudReport, input: { action: 'mute', minutes: 5 } }), 'invalid')
    await expectError(resolveReport(db(), { adminId: admin.id, reportId: loudReport, input: { action: 'ban' } }), 'invalid')
    expect(await mutedUntil(db(), author.id)).toBeNull()
    const muted = await resolveReport(db(), { adminId: admin.id, reportId: loudReport, input: { action: 'mute', minutes: '1440' } })
    expect(new Date(muted.mutedUntil!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
    expect(await closed(loudReport)).toMatchObject({ resolvedBy: admin.id, resolution: 'muted' })
    await expectError(
      postRoomMessage(db(), { authorId: author.id, input: { body: 'let me talk', clientTxnId: nextTxn() } }),
      'forbidden',
      /muted/,
    )
    const mutes = await listActiveMutes(db(), { adminId: admin.id })
    expect(mutes.find((m) => m.person.id === author.id)).toMatchObject({
      until: muted.mutedUntil,
      reason: 'Reported: Not nice at all',
      mutedBy: 'Test admin',
    })
    // Each resolution is in the administrators' audit log; a refused one is not.
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.adminId, admin.id)).orderBy(adminAudit.id)
    expect(audit.map((row) => row.action)).toEqual([
      'message-report-dismiss',
      'message-report-delete',
      'message-report-delete',
      'message-report-mute',
    ])
    expect(audit.at(-1)).toMatchObject({ targetKind: 'room-message', reason: 'Reported: Not nice at all (muted 1440 minutes)' })
  })

  it('lets administrators lift a mute early, and no one else', async () => {
    const [admin, troll, bystander] = [
      await createPerson(db(), { role: '', isAdministrator: true }),
      await established(),
      await established(),
    ]
    await muteUser(db(), { adminId: admin.id, userId: troll.id, input: { minutes: 60, reason: 'Spam' } })
    await expectError(unmuteUser(db(), { adminId: bystander.id, userId: troll.id }), 'forbidden')
    await expectError(listActiveMutes(db(), { adminId: bystander.id }), 'forbidden')
    expect((await listActiveMutes(db(), { adminId: admin.id })).map((m) => m.person.id)).toContain(troll.id)
    expect(await unmuteUser(db(), { adminId: admin.id, userId: troll.id })).toEqual({ wasMuted: true })
    expect(await unmuteUser(db(), { adminId: admin.id, userId: troll.id })).toEqual({ wasMuted: false })
    expect((await listActiveMutes(db(), { adminId: admin.id })).map((m) => m.person.id)).not.toContain(troll.id)
    await postRoomMessage(db(), { authorId: troll.id, input: { body: 'Thank you', clientTxnId: nextTxn() } })
  })
})
