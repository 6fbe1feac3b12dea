// Direct messages and the community room, on the real database: who may read and write, idempotent
// sends, sequence numbers, unread counts, read receipts, blocks, mutes and the rate limits.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countUnreadMessages } from '#server/accounts/profile.server.ts'
import { message, profile, roomMessage, user } from '#server/db/schema.ts'
import {
  blockUser,
  deleteDirectMessage,
  listConversations,
  markConversationRead,
  NEW_ACCOUNT_DAILY_CONVERSATIONS,
  openConversation,
  readThread,
  sendDirectMessage,
  unblockUser,
} from '#server/messages/conversations.server.ts'
import { deleteRoomMessage, muteUser, postRoomMessage, readRoom, ROOM_RATE_LIMIT, unmuteUser } from '#server/messages/room.server.ts'
import { createPerson, listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

let database: TestDatabase
const db = () => database.db
let txn = 0
const nextTxn = () => `txn-${Date.now().toString(36)}-${(txn += 1)}`

/** A person whose account is older than a day, so the new-account limit does not apply. */
async function established(role = 'renter'): Promise<Person> {
  const person = await createPerson(db(), { role })
  await db().update(user).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(user.id, person.id))
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
    const sent = await sendDirectMessage(db(), { senderId: renter.id, conversationId, input: { body: '  Is it still available?  ', clientTxnId } })
    expect(sent).toMatchObject({ isNew: true, recipientId: landlord.id, recipientEmail: landlord.email })
    expect(sent.message).toMatchObject({ seq: 1, body: 'Is it still available?', senderId: renter.id, readAt: null })
    const again = await sendDirectMessage(db(), { senderId: renter.id, conversationId, input: { body: 'Is it still available?', clientTxnId } })
    expect(again.isNew).toBe(false)
    expect(again.message.id).toBe(sent.message.id)
    const reply = await sendDirectMessage(db(), { senderId: landlord.id, conversationId, input: { body: 'Yes!', clientTxnId: nextTxn() } })
    expect(reply.message.seq).toBe(2)
    const stored = await db().select().from(message).where(eq(message.conversationId, conversationId))
    expect(stored).toHaveLength(2)

    await expectError(sendDirectMessage(db(), { senderId: stranger.id, conversationId, input: { body: 'Hi', clientTxnId: nextTxn() } }), 'not-found')
    await expectError(readThread(db(), { userId: stranger.id, conversationId }), 'not-found')
    await expectError(markConversationRead(db(), { userId: stranger.id, conversationId }), 'not-found')
    expect(await db().select().from(message).where(eq(message.conversationId, conversationId))).toHaveLength(2)
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
    for (let i = 0; i < 3; i++) await sendDirectMessage(db(), { senderId: landlord.id, conversationId: a.conversationId, input: { body: `a${i}`, clientTxnId: nextTxn() } })
    await sendDirectMessage(db(), { senderId: other.id, conversationId: b.conversationId, input: { body: 'b', clientTxnId: nextTxn() } })
    await sendDirectMessage(db(), { senderId: renter.id, conversationId: b.conversationId, input: { body: 'mine', clientTxnId: nextTxn() } })
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
      await sendDirectMessage(db(), { senderId: i % 2 ? renter.id : landlord.id, conversationId, input: { body: `m${i}`, clientTxnId: nextTxn() } })
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
    const sent = await sendDirectMessage(db(), { senderId: renter.id, conversationId, input: { body: 'Oops, wrong number', clientTxnId: nextTxn() } })
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
    await expectError(openConversation(db(), { userId: newcomer.id, otherUserId: landlords.at(-1)!.id }), 'rate-limited', /10 conversations a day/)
    // Existing conversations stay open to them, and being written to is not limited.
    await openConversation(db(), { userId: newcomer.id, otherUserId: landlords[0]!.id })
    await openConversation(db(), { userId: landlords.at(-1)!.id, otherUserId: newcomer.id })
    await db().update(user).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(user.id, newcomer.id))
    const another = await established('landlord')
    expect((await openConversation(db(), { userId: newcomer.id, otherUserId: another.id })).created).toBe(true)
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
    await db().update(roomMessage).set({ createdAt: sql`now() - interval '11 seconds'` }).where(eq(roomMessage.authorId, chatty.id))
    await postRoomMessage(db(), { authorId: chatty.id, input: { body: 'back again', clientTxnId: nextTxn() } })
  })

  it('lets administrators mute for a chosen period; muted people cannot post', async () => {
    const [admin, troll, bystander] = [await createPerson(db(), { role: '', isAdministrator: true }), await established(), await established()]
    await expectError(muteUser(db(), { adminId: bystander.id, userId: troll.id, input: { minutes: 60 } }), 'forbidden')
    await expectError(muteUser(db(), { adminId: admin.id, userId: troll.id, input: { minutes: 61 } }), 'invalid')
    const { until } = await muteUser(db(), { adminId: admin.id, userId: troll.id, input: { minutes: 60, reason: 'Spam' } })
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
    await expectError(postRoomMessage(db(), { authorId: troll.id, input: { body: 'buy now', clientTxnId: nextTxn() } }), 'forbidden', /muted/)
    await unmuteUser(db(), { adminId: admin.id, userId: troll.id })
    await postRoomMessage(db(), { authorId: troll.id, input: { body: 'I will behave', clientTxnId: nextTxn() } })
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
