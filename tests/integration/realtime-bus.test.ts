// The event bus on the real database: news reaches every subscriber; on PostgreSQL a message too large
// for one NOTIFY travels as a reference and is read back, and a dropped LISTEN connection comes back.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDirectMessage as sendDirectMessage } from '#server/messages/direct-write.server.ts'
import { openConversation } from '#server/messages/open-conversation.server.ts'
import { storeRoomMessage as postRoomMessage } from '#server/messages/room.server.ts'
import { encodeNews, MAX_PAYLOAD_BYTES } from '#server/realtime/bus.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { nextTxn } from '#tests/support/chat.ts'
import { createPerson } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
const heard: PublicNews[] = []

function waitForNews(matches: (news: PublicNews) => boolean, timeoutMs = 15_000): Promise<PublicNews> {
  return new Promise((resolve, reject) => {
    const found = heard.find(matches)
    if (found) return resolve(found)
    const timer = setTimeout(() => {
      off()
      reject(new Error(`no such news; heard ${JSON.stringify(heard).slice(0, 500)}`))
    }, timeoutMs)
    const off = t.services.realtime.subscribe((news) => {
      if (!matches(news)) return
      clearTimeout(timer)
      off()
      resolve(news)
    })
  })
}

beforeAll(async () => {
  t = await createTestServices()
  t.services.realtime.subscribe((news) => heard.push(news))
})

afterAll(async () => {
  await t?.close()
})

describe('the realtime bus', () => {
  it('delivers published news to subscribers, a large direct message whole', async () => {
    const { db } = t.services.database
    const [a, b] = [await createPerson(db), await createPerson(db)]
    const { conversationId } = await openConversation(db, { userId: a.id, otherUserId: b.id })
    // 4000 three-byte characters: far over one NOTIFY payload.
    const body = '€'.repeat(4000)
    const sent = await sendDirectMessage(db, { senderId: a.id, conversationId, input: { body, clientTxnId: nextTxn() } })
    const news: PublicNews = { kind: 'dm', message: sent.message, userIds: [a.id, b.id] }
    expect(Buffer.byteLength(encodeNews(news))).toBeLessThan(MAX_PAYLOAD_BYTES)
    await t.services.realtime.publish(news)
    const received = await waitForNews((n) => n.kind === 'dm' && n.message.id === sent.message.id)
    expect(received).toEqual(news)

    const room = await postRoomMessage(db, { authorId: a.id, input: { body: 'ü'.repeat(1990) + '"'.repeat(10), clientTxnId: nextTxn() } })
    await t.services.realtime.publish({ kind: 'room', message: room.message })
    expect(await waitForNews((n) => n.kind === 'room' && n.message.id === room.message.id)).toEqual({ kind: 'room', message: room.message })
  })

  // Only PostgreSQL has a LISTEN connection to lose; on PGlite the bus is in-process.
  if (testDatabaseKind() === 'postgres')
    it('listens again after its LISTEN connection is dropped', async () => {
      const { db } = t.services.database
      const terminated = await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'cooper-home realtime' and datname = current_database()`,
      )
      expect(terminated.rows.length).toBe(1)
      // Publish until the new connection hears it (news sent while it is down is not replayed).
      const deadline = Date.now() + 15_000
      let round = 0
      while (Date.now() < deadline) {
        round += 1
        await t.services.realtime.publish({ kind: 'unread', userId: `probe-${round}`, unread: round })
        try {
          await waitForNews((n) => n.kind === 'unread' && n.userId === `probe-${round}`, 500)
          return
        } catch {
          // not listening yet
        }
      }
      throw new Error('the bus did not listen again')
    })
})
