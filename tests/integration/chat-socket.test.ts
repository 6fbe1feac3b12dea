// The live socket over a real port: Origin check, who hears which news, unread counts, receipts and
// typing. "Never received" is checked after a later room message that everyone receives, since one
// instance forwards its news in order.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { profile } from '#server/db/schema.ts'
import { INBOUND_BURST, INBOUND_CLOSE_CODE, INBOUND_CLOSE_REASON } from '#server/realtime/socket.server.ts'
import { chatApi, conversationBetween, establishedUser, nextTxn } from '#tests/support/chat.ts'
import { openSocket, startLiveServer, type LiveServer, type TestSocket } from '#tests/support/sockets.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let live: LiveServer
let renter: TestUser
let landlord: TestUser
let stranger: TestUser
let conversationId: number
const sockets: TestSocket[] = []

async function connect(options: { cookie?: string; origin?: string } = {}) {
  const socket = await openSocket(live.wsUrl, options)
  sockets.push(socket)
  await socket.waitFor('hello')
  return socket
}

/** Posts a room message and waits until every given socket has it: all earlier news has arrived. */
async function settle(...listeners: TestSocket[]) {
  const body = `Marker ${nextTxn()}`
  const res = await chatApi(t, 'POST', '/room/messages', { cookie: stranger.cookie, body: { body, clientTxnId: nextTxn() } })
  expect(res.status).toBe(201)
  await Promise.all(listeners.map((s) => s.waitFor('room', (e) => e.message.body === body)))
}

async function sendDm(from: TestUser, body: string) {
  const res = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
    cookie: from.cookie,
    body: { body, clientTxnId: nextTxn() },
  })
  expect(res.status).toBe(201)
  return res.json.message as { id: number; seq: number }
}

beforeAll(async () => {
  t = await createTestServices()
  live = await startLiveServer(t)
  renter = await establishedUser(t, { name: 'Robin Renter' })
  landlord = await establishedUser(t, { name: 'Lee Landlord' })
  stranger = await establishedUser(t, { name: 'Sam Stranger' })
  conversationId = await conversationBetween(t, renter, landlord)
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await live?.close()
  await t?.close()
})

describe('the live socket', () => {
  it('refuses a page of another site with 403 before upgrading', async () => {
    await expect(openSocket(live.wsUrl, { cookie: renter.cookie, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403')
    await expect(openSocket(live.wsUrl.replace('/ws', '/elsewhere'))).rejects.toThrow('HTTP 404')
  })

  it('refuses a page of the same host served over the other scheme', async () => {
    const host = new URL(live.url).host
    await expect(openSocket(live.wsUrl, { cookie: renter.cookie, origin: `https://${host}` })).rejects.toThrow('HTTP 403')
    await expect(openSocket(live.wsUrl, { cookie: renter.cookie, origin: TEST_ORIGIN.replace('http:', 'https:') })).rejects.toThrow(
      'HTTP 403',
    )
    const samePage = await connect({ cookie: renter.cookie, origin: `http://${host}` })
    expect(await samePage.waitFor('hello')).toMatchObject({ userId: renter.id })
  })

  it('closes a socket that floods it with frames (1008, "Too many messages") and goes on serving the others', async () => {
    // People of their own, so their typing leaves the other tests' typists alone.
    const flooding = await establishedUser(t, { name: 'Flo Flood' })
    const bystander = await connect({ cookie: landlord.cookie })
    const flooder = new WebSocket(live.wsUrl, { headers: { origin: TEST_ORIGIN, cookie: flooding.cookie } })
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      flooder.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    )
    await new Promise((resolve, reject) => {
      flooder.once('open', resolve)
      flooder.once('error', reject)
    })
    // A page sends one "typing" every 3 s at most; these are 4 KB frames sent as fast as they go.
    const frame = JSON.stringify({ type: 'typing', conversationId: null, padding: 'x'.repeat(4000) })
    for (let i = 0; i < 2_000; i += 1) flooder.send(frame)
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))
    expect(await Promise.race([closed, timeout])).toEqual({ code: INBOUND_CLOSE_CODE, reason: INBOUND_CLOSE_REASON })
    await settle(bystander)
  })

  it('keeps a socket open that sends a burst within its allowance', async () => {
    const typist = await establishedUser(t, { name: 'Tia Typist' })
    const tab = await connect({ cookie: typist.cookie })
    for (let i = 0; i < INBOUND_BURST - 5; i += 1) tab.send({ type: 'typing', conversationId: null })
    await settle(tab)
    const stillOpen = await Promise.race([tab.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 500))])
    expect(stillOpen).toBe('open')
  })

  it('greets a visitor and a user with who they are and their unread count', async () => {
    const visitor = await connect()
    expect(await visitor.waitFor('hello')).toMatchObject({ userId: null, unread: 0, online: expect.any(Number) })
    await sendDm(renter, 'Before you connected')
    const user = await connect({ cookie: landlord.cookie })
    const hello = await user.waitFor('hello')
    expect(hello).toMatchObject({ userId: landlord.id, unread: 1 })
    expect(hello.online).toBeGreaterThanOrEqual(2)
    await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: landlord.cookie, body: {} })
  })

  it('delivers a direct message to both participants in every tab, with the unread count, and never to others', async () => {
    const renterTab = await connect({ cookie: renter.cookie })
    const landlordTabs = [await connect({ cookie: landlord.cookie }), await connect({ cookie: landlord.cookie })]
    const strangerTab = await connect({ cookie: stranger.cookie })
    const visitor = await connect()

    const sent = await sendDm(renter, 'Can I see it on Friday?')
    for (const tab of [renterTab, ...landlordTabs]) {
      const dm = await tab.waitFor('dm', (e) => e.message.id === sent.id)
      expect(dm.message).toMatchObject({ body: 'Can I see it on Friday?', conversationId, senderId: renter.id })
    }
    for (const tab of landlordTabs) expect(await tab.waitFor('unread', (e) => e.unread === 1)).toEqual({ type: 'unread', unread: 1 })

    await settle(strangerTab, visitor, renterTab)
    expect(strangerTab.events.filter((e) => e.type === 'dm' || e.type === 'unread')).toEqual([])
    expect(visitor.events.filter((e) => e.type === 'dm' || e.type === 'unread')).toEqual([])
    expect(renterTab.events.filter((e) => e.type === 'unread')).toEqual([])
    expect(visitor.events.some((e) => e.type === 'room')).toBe(true)

    // Reading drops the badge in all the reader's tabs and tells the sender.
    const read = await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: landlord.cookie, body: {} })
    expect(read.json).toEqual({ unread: 0 })
    for (const tab of landlordTabs) await tab.waitFor('unread', (e) => e.unread === 0)
    expect(await renterTab.waitFor('read', (e) => e.throughSeq === sent.seq)).toMatchObject({ conversationId, readAt: expect.any(String) })

    // Deleting reaches both participants.
    expect((await chatApi(t, 'DELETE', `/messages/${sent.id}`, { cookie: renter.cookie })).status).toBe(204)
    await landlordTabs[0]!.waitFor('dm-deleted', (e) => e.seq === sent.seq)
    await settle(strangerTab)
    expect(strangerTab.events.some((e) => e.type === 'dm-deleted' || e.type === 'read')).toBe(false)
  })

  it('sends no read receipt when the reader turned receipts off', async () => {
    await t.services.database.db.update(profile).set({ sendReadReceipts: false }).where(eq(profile.userId, landlord.id))
    const renterTab = await connect({ cookie: renter.cookie })
    const landlordTab = await connect({ cookie: landlord.cookie })
    const sent = await sendDm(renter, 'Any news?')
    await landlordTab.waitFor('dm', (e) => e.message.id === sent.id)
    await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: landlord.cookie, body: {} })
    await landlordTab.waitFor('unread', (e) => e.unread === 0)
    await settle(renterTab)
    expect(renterTab.events.filter((e) => e.type === 'read')).toEqual([])
    await t.services.database.db.update(profile).set({ sendReadReceipts: true }).where(eq(profile.userId, landlord.id))
  })

  it('tells the other participant who is typing, and nobody about a conversation the typist is not in', async () => {
    const renterTab = await connect({ cookie: renter.cookie })
    const landlordTab = await connect({ cookie: landlord.cookie })
    const strangerTab = await connect({ cookie: stranger.cookie })
    strangerTab.send({ type: 'typing', conversationId })
    renterTab.send({ type: 'typing', conversationId })
    expect(await landlordTab.waitFor('typing')).toEqual({
      type: 'typing',
      conversationId,
      user: { id: renter.id, name: 'Robin Renter' },
    })
    landlordTab.send({ type: 'typing', conversationId: null })
    expect(await strangerTab.waitFor('typing')).toMatchObject({ conversationId: null, user: { id: landlord.id } })
    await settle(renterTab, landlordTab, strangerTab)
    expect(landlordTab.events.filter((e) => e.type === 'typing')).toHaveLength(1)
    expect(strangerTab.events.filter((e) => e.type === 'typing' && e.conversationId !== null)).toEqual([])
  })

  it('drops the recipient’s badge at once when an unread message is deleted, by its sender or by an administrator', async () => {
    const admin = await establishedUser(t, { name: 'Ada Admin', isAdministrator: true })
    const renterTab = await connect({ cookie: renter.cookie })
    const landlordTab = await connect({ cookie: landlord.cookie })
    const first = await sendDm(renter, 'Is the cellar dry?')
    const second = await sendDm(renter, 'Call me at 555-0100, cash only')
    await landlordTab.waitFor('unread', (e) => e.unread === 2)

    expect((await chatApi(t, 'DELETE', `/messages/${first.id}`, { cookie: renter.cookie })).status).toBe(204)
    await landlordTab.waitFor('dm-deleted', (e) => e.seq === first.seq)
    await landlordTab.waitFor('unread', (e) => e.unread === 1)
    expect((await chatApi(t, 'GET', '/unread', { cookie: landlord.cookie })).json).toEqual({ unread: 1 })

    expect(
      (
        await chatApi(t, 'POST', '/reports', {
          cookie: landlord.cookie,
          body: { kind: 'direct', messageId: second.id, reason: 'Asks for cash' },
        })
      ).status,
    ).toBe(201)
    const reports = await chatApi(t, 'GET', '/reports', { cookie: admin.cookie })
    const report = (reports.json.reports as { id: number; message: { id: number } | null }[]).find((r) => r.message?.id === second.id)!
    const resolved = await chatApi(t, 'POST', `/reports/${report.id}/resolve`, { cookie: admin.cookie, body: { action: 'delete' } })
    expect(resolved.status).toBe(200)
    for (const tab of [renterTab, landlordTab]) await tab.waitFor('dm-deleted', (e) => e.seq === second.seq)
    await landlordTab.waitFor('unread', (e) => e.unread === 0)
    // The sender's own tab learns of no unread count: it was never theirs.
    await settle(renterTab)
    expect(renterTab.events.filter((e) => e.type === 'unread')).toEqual([])
  })

  it('tells both participants, and the room, of an edit as the message itself', async () => {
    const renterTab = await connect({ cookie: renter.cookie })
    const landlordTab = await connect({ cookie: landlord.cookie })
    const strangerTab = await connect({ cookie: stranger.cookie })
    const sent = await sendDm(renter, 'Viewing at 5?')
    await landlordTab.waitFor('dm', (e) => e.message.id === sent.id)
    expect((await chatApi(t, 'PATCH', `/messages/${sent.id}`, { cookie: renter.cookie, body: { body: 'Viewing at 6?' } })).status).toBe(200)
    for (const tab of [renterTab, landlordTab]) {
      const edited = await tab.waitFor('dm', (e) => e.message.id === sent.id && e.message.editedAt !== null)
      expect(edited.message).toMatchObject({ seq: sent.seq, body: 'Viewing at 6?' })
    }

    const posted = await chatApi(t, 'POST', '/room/messages', {
      cookie: landlord.cookie,
      body: { body: 'Open house on Sunday', clientTxnId: nextTxn() },
    })
    expect(
      (
        await chatApi(t, 'PATCH', `/room/messages/${posted.json.message.id}`, {
          cookie: landlord.cookie,
          body: { body: 'Open house on Saturday' },
        })
      ).status,
    ).toBe(200)
    const roomEdit = await strangerTab.waitFor('room', (e) => e.message.id === posted.json.message.id && e.message.editedAt !== null)
    expect(roomEdit.message.body).toBe('Open house on Saturday')
    await settle(strangerTab)
    expect(strangerTab.events.filter((e) => e.type === 'dm')).toEqual([])
  })
})
