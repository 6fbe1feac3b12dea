// The /chat pages as a browser without JavaScript receives them: server-rendered conversations and
// unread counts, the forms' actions (send, delete, report, block, mute, Message the landlord) and
// who may see what, through the real HTTP app on a real database.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listingPath } from '#common/listings/listing-url.ts'
import { ROOM_PATH as ROOM } from '#common/messages/inbox.ts'
import { message, messageReport, profile, roomMessage, userBlock, userMute } from '#server/db/schema.ts'
import { storeDirectMessage as sendDirectMessage } from '#server/messages/direct-write.server.ts'
import { listConversations } from '#server/messages/direct-read.server.ts'
import { openConversation } from '#server/messages/open-conversation.server.ts'
import { storeRoomMessage as postRoomMessage } from '#server/messages/room.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { TEST_ORIGIN, createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('chat pages', () => {
  let t: TestServices
  let rendered: PageApp
  let landlord: TestUser
  let renter: TestUser
  let stranger: TestUser
  let admin: TestUser
  let txn = 0
  const nextTxn = () => `page-test-${Date.now().toString(36)}-${(txn += 1)}`

  beforeAll(async () => {
    t = await createTestServices()
    rendered = await createPageApp(t)
    landlord = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
    admin = await signUpVerifiedUser(t, { name: 'Ada Admin' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, landlord.email))
    await db().update(profile).set({ isAdministrator: true }).where(eq(profile.email, admin.email))
  }, 120_000)

  afterAll(async () => {
    await rendered?.close()
    await t?.close()
  })

  const db = () => t.services.database.db
  const textOf = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<!--.*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ')

  /** A page as the browser asks for it from a link on this site (or another site, with `site`). */
  async function get(pathname: string, cookie?: string, site: 'same-origin' | 'none' | 'cross-site' = 'same-origin') {
    const response = await rendered.app.request(`${TEST_ORIGIN}${pathname}`, {
      headers: { 'Sec-Fetch-Site': site, ...(cookie ? { Cookie: cookie } : {}) },
      redirect: 'manual',
    })
    return { status: response.status, html: await response.text(), location: response.headers.get('Location') }
  }

  /** Follows the loader's own redirect (marking a conversation read reloads the page once). */
  async function open(pathname: string, cookie: string) {
    const first = await get(pathname, cookie)
    return first.status === 302 && first.location ? get(first.location, cookie) : first
  }

  async function post(pathname: string, fields: Record<string, string>, cookie?: string) {
    const response = await rendered.app.request(formRequest(pathname, fields, { headers: cookie ? { Cookie: cookie } : {} }))
    return { status: response.status, html: await response.text(), location: response.headers.get('Location') }
  }

  /** The number in the navigation's unread badge, or null when it shows none. */
  const badgeOf = (html: string) => /data-unread-badge=""[^>]*>([^<]+)</.exec(html)?.[1] ?? null

  async function conversationBetween(a: TestUser, b: TestUser) {
    return (await openConversation(db(), { userId: a.id, otherUserId: b.id })).conversationId
  }

  it('lists the user’s conversations newest first with their unread counts, last message and listing', async () => {
    const listings = listingFactory(db())
    const home = await listings.create({ ownerId: landlord.id, title: 'Sunny loft over the bakery' })
    const about = (await openConversation(db(), { userId: renter.id, otherUserId: landlord.id, listingId: home.id })).conversationId
    await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId: about,
      input: { body: 'Is the loft still free?', clientTxnId: nextTxn() },
    })
    await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId: about,
      input: { body: 'We could move in May.', clientTxnId: nextTxn() },
    })
    const plain = await conversationBetween(stranger, landlord)
    await sendDirectMessage(db(), {
      senderId: stranger.id,
      conversationId: plain,
      input: { body: 'Hello from Sam', clientTxnId: nextTxn() },
    })

    const { status, html } = await get('/chat', landlord.cookie)
    expect(status).toBe(200)
    const text = textOf(html)
    expect(text).toContain('Community room')
    // Sam wrote last, so Sam comes first.
    expect(text).toMatch(
      /Sam Stranger 1 1 unread message Hello from Sam .*Robin Renter 2 2 unread messages Sunny loft over the bakery We could move in May\./,
    )
    expect(badgeOf(html)).toBe('3')
    expect(html).toContain(`href="/chat/${about}"`)
    // The renter sees their own last message as theirs, and nothing unread.
    const renterText = textOf((await get('/chat', renter.cookie)).html)
    expect(renterText).toContain('Maria Landlord Sunny loft over the bakery You: We could move in May.')
  })

  it('opening a conversation marks it read, so the badge drops, and shows the thread with the listing card', async () => {
    const listings = listingFactory(db())
    const home = await listings.create({ ownerId: landlord.id, title: 'Garden flat with a fig tree' })
    const id = (await openConversation(db(), { userId: renter.id, otherUserId: landlord.id, listingId: home.id })).conversationId
    await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId: id,
      input: { body: 'Is the fig tree real?', clientTxnId: nextTxn() },
    })
    const before = badgeOf((await get('/chat', landlord.cookie)).html)

    const first = await get(`/chat/${id}`, landlord.cookie)
    expect(first.status).toBe(302)
    const { status, html } = await get(first.location!, landlord.cookie)
    expect(status).toBe(200)
    const text = textOf(html)
    expect(text).toContain('Is the fig tree real?')
    expect(text).toContain('Garden flat with a fig tree')
    expect(html).toContain(`href="${listingPath(home)}"`)
    expect(Number(badgeOf(html) ?? 0)).toBe(Number(before) - 1)
    const [stored] = await db().select({ read: message.read }).from(message).where(eq(message.conversationId, id))
    expect(stored?.read).toBe(true)

    // The renter sees "Read" under their message.
    expect(textOf((await open(`/chat/${id}`, renter.cookie)).html)).toMatch(/Is the fig tree real\?.*Read/)

    // A listing that is gone says so.
    await listings.create({ ownerId: landlord.id, title: 'Placeholder' })
    const { archiveListing } = await import('#server/listings/index.server.ts')
    await archiveListing(db(), { viewerId: landlord.id, listingId: home.id })
    expect(textOf((await open(`/chat/${id}`, renter.cookie)).html)).toContain('This listing is no longer available.')
  })

  it('leaves a conversation unread when another site links to it, and reads it when the person opens it', async () => {
    const id = (await openConversation(db(), { userId: renter.id, otherUserId: landlord.id })).conversationId
    await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId: id,
      input: { body: 'Did you get my note?', clientTxnId: nextTxn() },
    })
    const unread = async () =>
      (await db().select({ read: message.read }).from(message).where(eq(message.conversationId, id))).filter((m) => !m.read).length
    const badge = badgeOf((await get('/chat', landlord.cookie)).html)

    // A link or frame on another site shows the thread but marks nothing read, and tells nobody.
    const told: { kind: string }[] = []
    const publish = vi.spyOn(t.services.realtime, 'publish').mockImplementation(async (news) => void told.push(news))
    try {
      const linked = await get(`/chat/${id}`, landlord.cookie, 'cross-site')
      expect(linked.status).toBe(200)
      expect(textOf(linked.html)).toContain('Did you get my note?')
      expect(badgeOf(linked.html)).toBe(badge)
      expect(told).toEqual([])
    } finally {
      publish.mockRestore()
    }
    expect(await unread()).toBe(1)

    // An address typed, bookmarked or opened from a mail app is the person's own doing.
    expect((await get(`/chat/${id}`, landlord.cookie, 'none')).status).toBe(302)
    expect(await unread()).toBe(0)
  })

  it('answers 404 to a third person for someone else’s conversation page and its actions', async () => {
    const id = await conversationBetween(renter, landlord)
    const { status } = await get(`/chat/${id}`, stranger.cookie)
    expect(status).toBe(404)
    const sent = await post(`/chat/${id}`, { intent: 'send', body: 'Let me in', clientTxnId: nextTxn() }, stranger.cookie)
    expect(sent.status).toBe(404)
    expect(await db().select().from(message).where(eq(message.body, 'Let me in'))).toHaveLength(0)
    expect((await post(`/chat/${id}`, { intent: 'block' }, stranger.cookie)).status).toBe(404)
    expect((await get('/chat/not-a-number', stranger.cookie)).status).toBe(404)
    expect((await get(`/chat/${id}`)).status).toBe(302)
  })

  it('shows visitors the room read-only with an invitation to log in or sign up', async () => {
    await postRoomMessage(db(), { authorId: renter.id, input: { body: 'Anyone know a good mover in Dover?', clientTxnId: nextTxn() } })
    const { status, html } = await get('/chat')
    expect(status).toBe(200)
    const text = textOf(html)
    expect(text).toContain('Anyone know a good mover in Dover?')
    expect(text).toContain('You are reading the room as a visitor.')
    expect(html).toContain('href="/login?redirectTo=/chat"')
    expect(html).toContain('href="/register?redirectTo=/chat"')
    expect(html).not.toContain('name="body"')
    expect(html).not.toContain('Report')
    const posted = await post(ROOM, { intent: 'send', body: 'Visitor post', clientTxnId: nextTxn() })
    expect(posted.status).toBe(302)
    expect(posted.location).toMatch(/^\/login\?redirectTo=/)
    expect(await db().select().from(roomMessage).where(eq(roomMessage.body, 'Visitor post'))).toHaveLength(0)
  })

  it('sends through the no-JavaScript form, once per transaction id, and refuses bad input with a message', async () => {
    const id = await conversationBetween(renter, landlord)
    const clientTxnId = nextTxn()
    const body = 'Can I see it on <Saturday>? https://example.com/map'
    const sent = await post(`/chat/${id}`, { intent: 'send', body, clientTxnId }, renter.cookie)
    expect(sent.status).toBe(302)
    expect(sent.location).toBe(`/chat/${id}`)
    const again = await post(`/chat/${id}`, { intent: 'send', body, clientTxnId }, renter.cookie)
    expect(again.status).toBe(302)
    expect(await db().select().from(message).where(eq(message.clientTxnId, clientTxnId))).toHaveLength(1)
    const { html } = await open(`/chat/${id}`, landlord.cookie)
    expect(html).toContain('Can I see it on &lt;Saturday&gt;?')
    expect(html).toContain('<a href="https://example.com/map" target="_blank" rel="noopener noreferrer nofollow ugc"')

    const empty = await post(`/chat/${id}`, { intent: 'send', body: '   ', clientTxnId: nextTxn() }, renter.cookie)
    expect(empty.status).toBe(400)
    expect(textOf(empty.html)).toContain('Write a message first.')
    const tooLong = await post(`/chat/${id}`, { intent: 'send', body: 'x'.repeat(4001), clientTxnId: nextTxn() }, renter.cookie)
    expect(tooLong.status).toBe(400)
    expect(textOf(tooLong.html)).toContain('A message can have at most 4,000 characters.')
    const noTxn = await post(`/chat/${id}`, { intent: 'send', body: 'no id' }, renter.cookie)
    expect(noTxn.status).toBe(400)
    const roomTooLong = await post(ROOM, { intent: 'send', body: 'y'.repeat(2001), clientTxnId: nextTxn() }, renter.cookie)
    expect(roomTooLong.status).toBe(400)
    expect(textOf(roomTooLong.html)).toContain('A message can have at most 2,000 characters.')
    const unknown = await post(ROOM, { intent: 'shout' }, renter.cookie)
    expect(unknown.status).toBe(400)
    expect(await db().select().from(message).where(eq(message.body, 'no id'))).toHaveLength(0)
  })

  it('posts in the room and says so clearly when the rate limit is reached', async () => {
    const poster = await signUpVerifiedUser(t, { name: 'Quick Typist' })
    for (let i = 0; i < 10; i += 1) {
      const posted = await post(ROOM, { intent: 'send', body: `Room note ${i}`, clientTxnId: nextTxn() }, poster.cookie)
      expect(posted.status).toBe(302)
    }
    const limited = await post(ROOM, { intent: 'send', body: 'One too many', clientTxnId: nextTxn() }, poster.cookie)
    expect(limited.status).toBe(429)
    expect(textOf(limited.html)).toContain('You can send 10 messages every 10 seconds.')
    expect(textOf((await get(ROOM, renter.cookie)).html)).toContain('Room note 9')
  })

  it('deletes one’s own message after the confirm form, and not someone else’s', async () => {
    const id = await conversationBetween(renter, landlord)
    const { message: mine } = await sendDirectMessage(db(), {
      senderId: renter.id,
      conversationId: id,
      input: { body: 'Oops, wrong flat', clientTxnId: nextTxn() },
    })
    const refused = await post(`/chat/${id}`, { intent: 'delete', messageId: String(mine.id) }, landlord.cookie)
    expect(refused.status).toBe(403)
    const deleted = await post(`/chat/${id}`, { intent: 'delete', messageId: String(mine.id) }, renter.cookie)
    expect(deleted.status).toBe(302)
    const text = textOf((await open(`/chat/${id}`, landlord.cookie)).html)
    expect(text).toContain('Message deleted')
    expect(text).not.toContain('Oops, wrong flat')
  })

  it('reports a message with a reason, and asks for one when it is missing', async () => {
    const id = await conversationBetween(renter, landlord)
    const { message: rude } = await sendDirectMessage(db(), {
      senderId: landlord.id,
      conversationId: id,
      input: { body: 'Rude words', clientTxnId: nextTxn() },
    })
    const missing = await post(`/chat/${id}`, { intent: 'report', messageId: String(rude.id), reason: '' }, renter.cookie)
    expect(missing.status).toBe(400)
    expect(textOf(missing.html)).toContain('Say what is wrong with this message.')
    const reported = await post(
      `/chat/${id}`,
      { intent: 'report', messageId: String(rude.id), reason: 'Insulting language' },
      renter.cookie,
    )
    expect(reported.status).toBe(302)
    const reports = await db()
      .select()
      .from(messageReport)
      .where(and(eq(messageReport.messageId, rude.id), eq(messageReport.kind, 'direct')))
    expect(reports).toMatchObject([{ reporterId: renter.id, reason: 'Insulting language' }])
    // A stranger cannot report a message of a conversation they are not in.
    expect((await post(`/chat/${id}`, { intent: 'report', messageId: String(rude.id), reason: 'Nosy' }, stranger.cookie)).status).toBe(404)
  })

  it('blocks and unblocks the other person from the conversation header', async () => {
    const id = await conversationBetween(renter, stranger)
    const blocked = await post(`/chat/${id}`, { intent: 'block' }, renter.cookie)
    expect(blocked.status).toBe(302)
    expect(
      await db()
        .select()
        .from(userBlock)
        .where(and(eq(userBlock.blockerId, renter.id), eq(userBlock.blockedId, stranger.id))),
    ).toHaveLength(1)
    expect(textOf((await open(`/chat/${id}`, renter.cookie)).html)).toContain('Unblock Sam Stranger')
    const refused = await post(`/chat/${id}`, { intent: 'send', body: 'Still there?', clientTxnId: nextTxn() }, stranger.cookie)
    expect(refused.status).toBe(403)
    expect(textOf(refused.html)).toContain('This person does not take messages from you.')
    await post(`/chat/${id}`, { intent: 'unblock' }, renter.cookie)
    expect(await db().select().from(userBlock).where(eq(userBlock.blockerId, renter.id))).toHaveLength(0)
  })

  it('lets administrators delete any room message and mute a user; others may not', async () => {
    const loud = await signUpVerifiedUser(t, { name: 'Loud Larry' })
    const { message: posted } = await postRoomMessage(db(), { authorId: loud.id, input: { body: 'BUY MY STUFF', clientTxnId: nextTxn() } })
    expect((await post(ROOM, { intent: 'delete', messageId: String(posted.id) }, renter.cookie)).status).toBe(403)
    expect((await post(ROOM, { intent: 'mute', userId: loud.id, minutes: '60' }, renter.cookie)).status).toBe(403)

    const adminPage = await get(ROOM, admin.cookie)
    expect(textOf(adminPage.html)).toContain('Mute author')
    expect((await post(ROOM, { intent: 'delete', messageId: String(posted.id) }, admin.cookie)).status).toBe(302)
    const badPeriod = await post(ROOM, { intent: 'mute', userId: loud.id, minutes: '7' }, admin.cookie)
    expect(badPeriod.status).toBe(400)
    expect(textOf(badPeriod.html)).toContain('Choose one of the offered mute periods.')
    expect((await post(ROOM, { intent: 'mute', userId: loud.id, minutes: '60' }, admin.cookie)).status).toBe(302)
    expect(await db().select().from(userMute).where(eq(userMute.userId, loud.id))).toHaveLength(1)

    const mutedPage = textOf((await get(ROOM, loud.cookie)).html)
    expect(mutedPage).toContain('An administrator has muted you in the room until')
    const refused = await post(ROOM, { intent: 'send', body: 'Let me talk', clientTxnId: nextTxn() }, loud.cookie)
    expect(refused.status).toBe(403)
    expect(textOf((await get(ROOM, renter.cookie)).html)).not.toContain('BUY MY STUFF')
  })

  it('"Message the landlord" opens the conversation about the listing, reuses it, and sends visitors to log in', async () => {
    const listings = listingFactory(db())
    const home = await listings.create({ ownerId: landlord.id, title: 'Cottage at the end of the lane' })
    const page = await get(listingPath(home), renter.cookie)
    expect(textOf(page.html)).toContain('Message the landlord')
    expect(textOf((await get(listingPath(home), landlord.cookie)).html)).not.toContain('Message the landlord')

    const opened = await post('/chat', { intent: 'message-landlord', listingId: String(home.id) }, renter.cookie)
    expect(opened.status).toBe(302)
    expect(opened.location).toMatch(/^\/chat\/\d+$/)
    const reused = await post('/chat', { intent: 'message-landlord', listingId: String(home.id) }, renter.cookie)
    expect(reused.location).toBe(opened.location)
    const thread = textOf((await open(opened.location!, renter.cookie)).html)
    expect(thread).toContain('Maria Landlord')
    expect(thread).toContain('Cottage at the end of the lane')

    // A visitor logs in (or signs up) and comes back to /chat/start, which leads into the conversation.
    const visitor = await post('/chat', { intent: 'message-landlord', listingId: String(home.id) })
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/login?${new URLSearchParams({ redirectTo: `/chat/start?listing=${home.id}` })}`)
    expect((await post('/chat', { intent: 'message-landlord', listingId: '999999' }, renter.cookie)).status).toBe(404)
    const own = await post('/chat', { intent: 'message-landlord', listingId: String(home.id) }, landlord.cookie)
    expect(own.status).toBe(302)
    expect(own.location).toBe(listingPath(home))
  })

  it('/chat/start leads a signed-in person into the conversation about the listing, once; visitors to log in; another site’s link asks first', async () => {
    const listings = listingFactory(db())
    const home = await listings.create({ ownerId: landlord.id, title: 'Barn with a view of the river' })
    const start = `/chat/start?listing=${home.id}`
    const returning = await signUpVerifiedUser(t, { name: 'Rita Returning' })
    const conversationsOf = async (user: TestUser) => (await listConversations(db(), { userId: user.id })).length

    // Where "Message the landlord" sends a visitor back after signing in.
    const signIn = await rendered.app.request(
      formRequest(`/login?${new URLSearchParams({ redirectTo: start })}`, {
        email: returning.email,
        password: returning.password,
        redirectTo: start,
      }),
    )
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('Location')).toBe(start)

    const visitor = await get(start)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/login?${new URLSearchParams({ redirectTo: start })}`)

    // Another site's link writes nothing: it shows the button that does.
    const linked = await get(start, returning.cookie, 'cross-site')
    expect(linked.status).toBe(200)
    expect(linked.html).toContain('name="intent" value="message-landlord"')
    expect(await conversationsOf(returning)).toBe(0)

    const opened = await get(start, returning.cookie)
    expect(opened.status).toBe(302)
    expect(opened.location).toMatch(/^\/chat\/\d+$/)
    expect((await get(start, returning.cookie, 'none')).location).toBe(opened.location)
    expect(await conversationsOf(returning)).toBe(1)

    const own = await get(start, landlord.cookie)
    expect(own.location).toBe(listingPath(home))
    expect((await get('/chat/start?listing=999999', returning.cookie)).status).toBe(404)
    expect((await get('/chat/start?listing=nope', returning.cookie)).status).toBe(404)
  })

  it('opens /chat on the inbox (unread first, then the latest) for someone with conversations, and on the room otherwise', async () => {
    const host = await signUpVerifiedUser(t, { name: 'Hana Host' })
    const [ann, ben, cas] = await Promise.all(['Ann Early', 'Ben Latest', 'Cas Middle'].map((name) => signUpVerifiedUser(t, { name })))
    const say = async (from: TestUser, body: string) => {
      const id = await conversationBetween(from, host)
      await sendDirectMessage(db(), { senderId: from.id, conversationId: id, input: { body, clientTxnId: nextTxn() } })
      return id
    }
    await say(ann!, 'Ann asks first')
    await say(cas!, 'Cas asks second')
    const fromBen = await say(ben!, 'Ben asks last')
    await open(`/chat/${fromBen}`, host.cookie)

    const inbox = await get('/chat', host.cookie)
    expect(inbox.status).toBe(200)
    const text = textOf(inbox.html)
    // Unread first (the newer of the two first), then what has been read.
    expect(text).toMatch(/Private messages .*Cas Middle .*Ann Early .*Ben Latest .*Public .*Community room Public · everyone can read it/)
    expect(text).toContain('You have 2 unread messages in 2 conversations.')
    expect(text).toContain('Reply to Cas Middle')
    // No message box: nothing typed on the inbox can go anywhere, least of all the public room.
    expect(inbox.html).not.toContain('name="body"')
    expect(inbox.html).toContain('href="/chat?view=room"')

    const room = await get('/chat?view=room', host.cookie)
    expect(room.html).toContain('placeholder="Message everyone in the Community room (public)"')
    expect(textOf(room.html)).toContain('Public: everyone can read this, including visitors who are not signed in.')
    expect(textOf((await get('/chat?view=room&before=1', host.cookie)).html)).toContain('Public: everyone can read this')
    const direct = await open(`/chat/${fromBen}`, host.cookie)
    expect(direct.html).toContain('placeholder="Message Ben Latest (private)"')
    expect(textOf(direct.html)).toContain('Private: only you and Ben Latest can read this.')

    const newcomer = await signUpVerifiedUser(t, { name: 'Nia Newcomer' })
    expect((await get('/chat', newcomer.cookie)).html).toContain('placeholder="Message everyone in the Community room (public)"')
    expect(textOf((await get('/chat')).html)).toContain('You are reading the room as a visitor.')

    // A room form without JavaScript returns to the room, not to the inbox.
    const sent = await post(ROOM, { intent: 'send', body: 'Hello, room', clientTxnId: nextTxn() }, host.cookie)
    expect(sent.location).toBe(ROOM)
  })

  it('pages back through history 50 at a time with a plain link, and links back to the latest', async () => {
    const reader = await signUpVerifiedUser(t, { name: 'Patient Reader' })
    // A writer of its own: a long history made at once is far past the sending rate limit.
    const writer = await signUpVerifiedUser(t, { name: 'Prolific Writer' })
    const id = await conversationBetween(reader, writer)
    for (let i = 1; i <= 55; i += 1) {
      await sendDirectMessage(db(), {
        senderId: writer.id,
        conversationId: id,
        input: { body: `History line ${i}.`, clientTxnId: nextTxn() },
        enforceRateLimit: false,
      })
    }
    const latest = await open(`/chat/${id}`, reader.cookie)
    const text = textOf(latest.html)
    expect(text).toContain('History line 55.')
    expect(text).toContain('History line 6.')
    expect(text).not.toContain('History line 5.')
    expect(latest.html).toContain(`href="/chat/${id}?before=6"`)
    expect(text).toContain('Show earlier messages')

    const earlier = await get(`/chat/${id}?before=6`, reader.cookie)
    expect(earlier.status).toBe(200)
    const earlierText = textOf(earlier.html)
    expect(earlierText).toMatch(/History line 1\. .*History line 5\./)
    expect(earlierText).not.toContain('History line 6.')
    expect(earlierText).not.toContain('Show earlier messages')
    expect(earlierText).toContain('Jump to latest')
    expect(earlier.html).toContain(`href="/chat/${id}"`)
  })

  it('ignores a page number beyond the seq column and refuses text the database cannot hold', async () => {
    const writer = await signUpVerifiedUser(t, { name: 'Nora Nul' })
    const id = await conversationBetween(writer, landlord)
    await sendDirectMessage(db(), { senderId: landlord.id, conversationId: id, input: { body: 'Welcome, Nora.', clientTxnId: nextTxn() } })
    // Like any other unreadable ?before=, a number too large for a message shows the latest messages.
    const room = await get('/chat?before=9999999999')
    expect(room.status).toBe(200)
    const thread = await open(`/chat/${id}?before=9999999999`, writer.cookie)
    expect(thread.status).toBe(200)
    expect(textOf(thread.html)).toContain('Welcome, Nora.')

    const rows = async () => ({
      messages: await db().select().from(message).where(eq(message.conversationId, id)),
      room: await db().select().from(roomMessage).where(eq(roomMessage.authorId, writer.id)),
      reports: await db().select().from(messageReport).where(eq(messageReport.reporterId, writer.id)),
      mutes: await db().select().from(userMute).where(eq(userMute.userId, writer.id)),
    })
    const before = await rows()
    const [welcome] = before.messages
    const cases: [string, Record<string, string>, string, string][] = [
      [
        `/chat/${id}`,
        { intent: 'send', body: 'Hello\u0000there', clientTxnId: nextTxn() },
        writer.cookie,
        'A message cannot contain the NUL character.',
      ],
      [
        ROOM,
        { intent: 'send', body: 'Hello\u0000room', clientTxnId: nextTxn() },
        writer.cookie,
        'A message cannot contain the NUL character.',
      ],
      [
        `/chat/${id}`,
        { intent: 'report', messageId: String(welcome!.id), reason: 'Spam\u0000' },
        writer.cookie,
        'A reason cannot contain the NUL character.',
      ],
      [
        ROOM,
        { intent: 'mute', userId: writer.id, minutes: '60', reason: 'Rude\u0000' },
        admin.cookie,
        'A reason cannot contain the NUL character.',
      ],
    ]
    for (const [path, fields, cookie, text] of cases) {
      const refused = await post(path, fields, cookie)
      expect(refused.status, text).toBe(400)
      expect(textOf(refused.html)).toContain(text)
    }
    // The mute form's hidden field names nobody the database could find.
    expect((await post(ROOM, { intent: 'mute', userId: 'x\u0000', minutes: '60' }, admin.cookie)).status).toBe(404)
    expect(await rows()).toEqual(before)
  })

  it('tells the live sockets what the pages did, after it is stored', async () => {
    const told: { kind: string; [key: string]: unknown }[] = []
    const publish = vi.spyOn(t.services.realtime, 'publish').mockImplementation(async (news) => void told.push(news))
    try {
      const id = await conversationBetween(admin, landlord)
      const clientTxnId = nextTxn()
      await post(`/chat/${id}`, { intent: 'send', body: 'Live from the form', clientTxnId }, admin.cookie)
      await post(`/chat/${id}`, { intent: 'send', body: 'Live from the form', clientTxnId }, admin.cookie)
      const [stored] = await db().select({ id: message.id, seq: message.seq }).from(message).where(eq(message.clientTxnId, clientTxnId))
      expect(told.map((news) => news.kind)).toEqual(['dm', 'unread'])
      expect(told[0]).toMatchObject({ message: { body: 'Live from the form', seq: stored!.seq }, userIds: [admin.id, landlord.id] })
      expect(told[1]).toMatchObject({ userId: landlord.id })

      told.length = 0
      await open(`/chat/${id}`, landlord.cookie)
      expect(told).toMatchObject([
        { kind: 'unread', userId: landlord.id },
        { kind: 'read', conversationId: id, throughSeq: stored!.seq, userId: admin.id },
      ])

      told.length = 0
      await post(`/chat/${id}`, { intent: 'delete', messageId: String(stored!.id) }, admin.cookie)
      await post(ROOM, { intent: 'send', body: 'Live in the room', clientTxnId: nextTxn() }, admin.cookie)
      expect(told).toMatchObject([
        { kind: 'dm-deleted', conversationId: id, seq: stored!.seq, userIds: [admin.id, landlord.id] },
        { kind: 'room', message: { body: 'Live in the room' } },
      ])
    } finally {
      publish.mockRestore()
    }
  })

  it('keeps /chat/reports for administrators: visitors are sent to log in, anyone else gets 403, and only administrators see the link', async () => {
    const visitor = await get('/chat/reports')
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/login?${new URLSearchParams({ redirectTo: '/chat/reports' })}`)
    expect((await get('/chat/reports', renter.cookie)).status).toBe(403)
    expect((await post('/chat/reports', { intent: 'resolve', reportId: '1', action: 'dismiss' }, renter.cookie)).status).toBe(403)
    expect((await post('/chat/reports', { intent: 'unmute', userId: renter.id }, renter.cookie)).status).toBe(403)
    expect((await get('/chat', renter.cookie)).html).not.toContain('href="/chat/reports"')
    const adminChat = await get('/chat', admin.cookie)
    expect(adminChat.html).toContain('href="/chat/reports"')
    expect(textOf(adminChat.html)).toContain('Reported messages')
  })

  it('shows administrators who reported what, why and when, and resolves reports and lifts mutes through its forms', async () => {
    const spammer = await signUpVerifiedUser(t, { name: 'Spammy Sid' })
    const { message: spam } = await postRoomMessage(db(), {
      authorId: spammer.id,
      input: { body: 'Cheap <b>watches</b> here', clientTxnId: nextTxn() },
    })
    const { message: shout } = await postRoomMessage(db(), { authorId: spammer.id, input: { body: 'LOUD NOISES', clientTxnId: nextTxn() } })
    const id = await conversationBetween(spammer, stranger)
    const { message: scam } = await sendDirectMessage(db(), {
      senderId: spammer.id,
      conversationId: id,
      input: { body: 'Pay the deposit by gift card', clientTxnId: nextTxn() },
    })
    await post(ROOM, { intent: 'report', messageId: String(spam.id), reason: 'Advertising watches' }, renter.cookie)
    await post(ROOM, { intent: 'report', messageId: String(shout.id), reason: 'Shouting at everyone' }, renter.cookie)
    await post(`/chat/${id}`, { intent: 'report', messageId: String(scam.id), reason: 'A gift-card scam' }, stranger.cookie)
    const reportOf = async (messageId: number) =>
      (await db().select().from(messageReport).where(eq(messageReport.messageId, messageId))).find((r) => r.reason !== '')!

    const page = await get('/chat/reports', admin.cookie)
    expect(page.status).toBe(200)
    const text = textOf(page.html)
    expect(text).toContain('Reported messages')
    expect(text).toMatch(
      /Message from Spammy Sid in the Community room Reported by Robin Renter, .* Reason Advertising watches Message Sent by Spammy Sid, .* Cheap &lt;b&gt;watches&lt;\/b&gt; here/,
    )
    expect(text).toMatch(
      /Message from Spammy Sid in a private conversation Reported by Sam Stranger, .* Reason A gift-card scam .* Pay the deposit by gift card/,
    )
    expect(page.html).not.toContain('<b>watches</b>')

    // Delete the direct message: it is gone for both participants, and the report is closed by this administrator.
    const scamReport = await reportOf(scam.id)
    const deleted = await post('/chat/reports', { intent: 'resolve', reportId: String(scamReport.id), action: 'delete' }, admin.cookie)
    expect(deleted.status).toBe(302)
    expect(deleted.location).toBe('/chat/reports')
    expect(await reportOf(scam.id)).toMatchObject({ resolvedAt: expect.any(Date), resolvedBy: admin.id, resolution: 'deleted' })
    const [gone] = await db().select({ deletedAt: message.deletedAt, body: message.body }).from(message).where(eq(message.id, scam.id))
    expect(gone).toEqual({ deletedAt: expect.any(Date), body: '' })

    // Dismiss one; mute the author over another (a period not offered is refused with its reason).
    const spamReport = await reportOf(spam.id)
    expect(
      (await post('/chat/reports', { intent: 'resolve', reportId: String(spamReport.id), action: 'dismiss' }, admin.cookie)).status,
    ).toBe(302)
    expect(await reportOf(spam.id)).toMatchObject({ resolvedBy: admin.id, resolution: 'dismissed' })
    const shoutReport = await reportOf(shout.id)
    const badPeriod = await post(
      '/chat/reports',
      { intent: 'resolve', reportId: String(shoutReport.id), action: 'mute', minutes: '3' },
      admin.cookie,
    )
    expect(badPeriod.status).toBe(400)
    expect(textOf(badPeriod.html)).toContain('Choose one of the offered mute periods.')
    expect(
      (await post('/chat/reports', { intent: 'resolve', reportId: String(shoutReport.id), action: 'mute', minutes: '60' }, admin.cookie))
        .status,
    ).toBe(302)
    expect(await reportOf(shout.id)).toMatchObject({ resolvedBy: admin.id, resolution: 'muted' })
    const again = await post('/chat/reports', { intent: 'resolve', reportId: String(shoutReport.id), action: 'dismiss' }, admin.cookie)
    expect(again.status).toBe(409)
    expect(textOf(again.html)).toContain('already resolved')

    const after = textOf((await get('/chat/reports', admin.cookie)).html)
    expect(after).not.toContain('Advertising watches')
    expect(after).not.toContain('A gift-card scam')
    expect(after).toMatch(
      /Muted in the room \(\d+\) .*Spammy Sid Muted until .* by Ada Admin — Reported: Shouting at everyone Unmute Spammy Sid/,
    )
    expect((await post(ROOM, { intent: 'send', body: 'Let me talk', clientTxnId: nextTxn() }, spammer.cookie)).status).toBe(403)

    // Lift the mute early: they can post again.
    expect((await post('/chat/reports', { intent: 'unmute', userId: spammer.id }, admin.cookie)).status).toBe(302)
    expect(await db().select().from(userMute).where(eq(userMute.userId, spammer.id))).toHaveLength(0)
    expect(textOf((await get('/chat/reports', admin.cookie)).html)).not.toContain('Unmute Spammy Sid')
    expect((await post(ROOM, { intent: 'send', body: 'Sorry, everyone', clientTxnId: nextTxn() }, spammer.cookie)).status).toBe(302)
  })

  it('edits one’s own message through its form, shown as edited, and no one else’s', async () => {
    const writer = await signUpVerifiedUser(t, { name: 'Tess Typo' })
    const id = await conversationBetween(writer, landlord)
    const { message: sent } = await sendDirectMessage(db(), {
      senderId: writer.id,
      conversationId: id,
      input: { body: 'Is the flat sunny in teh morning?', clientTxnId: nextTxn() },
    })
    const page = await open(`/chat/${id}`, writer.cookie)
    expect(page.html).toContain('name="intent" value="edit"')
    expect(textOf(page.html)).not.toContain('(edited)')
    const refused = await post(`/chat/${id}`, { intent: 'edit', messageId: String(sent.id), body: 'Hijacked' }, landlord.cookie)
    expect(refused.status).toBe(403)
    const empty = await post(`/chat/${id}`, { intent: 'edit', messageId: String(sent.id), body: '  ' }, writer.cookie)
    expect(empty.status).toBe(400)
    expect(textOf(empty.html)).toContain('Write a message first.')
    const edited = await post(
      `/chat/${id}`,
      { intent: 'edit', messageId: String(sent.id), body: 'Is the flat sunny in the morning?' },
      writer.cookie,
    )
    expect(edited.status).toBe(302)
    const shown = textOf((await open(`/chat/${id}`, landlord.cookie)).html)
    expect(shown).toMatch(/Tess Typo .*\(edited\) Is the flat sunny in the morning\?/)
    expect(shown).not.toContain('teh morning')

    const { message: posted } = await postRoomMessage(db(), {
      authorId: writer.id,
      input: { body: 'Hello everyone', clientTxnId: nextTxn() },
    })
    expect((await post(ROOM, { intent: 'edit', messageId: String(posted.id), body: 'Hi' }, renter.cookie)).status).toBe(403)
    expect((await post(ROOM, { intent: 'edit', messageId: String(posted.id), body: 'Hello, everyone!' }, writer.cookie)).status).toBe(302)
    expect(textOf((await get(ROOM, renter.cookie)).html)).toMatch(/\(edited\) Hello, everyone!/)
  })

  it('says so clearly when the direct-message limit is reached through the form', async () => {
    const hasty = await signUpVerifiedUser(t, { name: 'Hasty Hal' })
    const id = await conversationBetween(hasty, landlord)
    for (let i = 1; i <= 10; i += 1) {
      expect(
        (await post(`/chat/${id}`, { intent: 'send', body: `Quick question ${i}`, clientTxnId: nextTxn() }, hasty.cookie)).status,
      ).toBe(302)
    }
    const limited = await post(`/chat/${id}`, { intent: 'send', body: 'Quick question 11', clientTxnId: nextTxn() }, hasty.cookie)
    expect(limited.status).toBe(429)
    expect(textOf(limited.html)).toContain('You can send 10 direct messages every 10 seconds. Wait a moment, then send again.')
    expect(await db().select().from(message).where(eq(message.body, 'Quick question 11'))).toHaveLength(0)
  })

  it('shows "99+" on a conversation with more than 99 unread messages', async () => {
    const inbox = await signUpVerifiedUser(t, { name: 'Busy Inbox' })
    const asker = await signUpVerifiedUser(t, { name: 'Quinn Questioner' })
    const id = await conversationBetween(asker, inbox)
    for (let i = 1; i <= 100; i += 1) {
      await sendDirectMessage(db(), {
        senderId: asker.id,
        conversationId: id,
        input: { body: `Question ${i}`, clientTxnId: nextTxn() },
        enforceRateLimit: false,
      })
    }
    const { html } = await get('/chat?view=list', inbox.cookie)
    expect(textOf(html)).toMatch(/Quinn Questioner 99\+ More than 99 unread messages Question 100/)
    expect(badgeOf(html)).toBe('99+')
  })

  it('saves the message settings from /userprofile', async () => {
    const saved = await post('/userprofile', { intent: 'save-message-settings', emailUnreadMessages: 'on' }, stranger.cookie)
    expect(saved.status).toBe(302)
    const [row] = await db()
      .select({ receipts: profile.sendReadReceipts, email: profile.emailUnreadMessages })
      .from(profile)
      .where(eq(profile.email, stranger.email))
    expect(row).toEqual({ receipts: false, email: true })
    const { html } = await get('/userprofile', stranger.cookie)
    const checkbox = (id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? ''
    expect(checkbox('send-read-receipts')).toContain('type="checkbox"')
    expect(checkbox('send-read-receipts')).not.toContain('checked')
    expect(checkbox('email-unread-messages')).toContain('checked')
  })
})
