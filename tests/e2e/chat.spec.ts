// Messages and the community room in the browser, two people at a time (a renter and a landlord, each
// in their own browser context): messaging the landlord from a listing (signed in, or logging in on
// the way), the landlord's inbox, unread badge and reply, the room, "99+" for a hundred unread messages, and axe-core on the chat pages.
import { request as playwrightRequest, type Browser, type Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import {
  dismissToasts,
  eachSize,
  expect,
  mainNav,
  showNavigationLinks,
  test,
  visit,
  waitForHydration,
  type Account,
  type Layout,
} from './fixtures.ts'
import { postForm, publishListing } from './listing-steps.ts'
import { expectNoAxeViolations } from './axe.ts'

/** A second person in a browser of their own, signed in. */
async function browserFor(browser: Browser, account: Account, extraHTTPHeaders: Record<string, string> | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP_URL, extraHTTPHeaders, viewport: { width: 1280, height: 800 } })
  const signedIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: account.email, password: account.password },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  return context.newPage()
}

/**
 * Another person, signed in through their own request context, opens the conversation about the
 * listing with its landlord and sends each message, through the site's no-JavaScript forms.
 */
async function writeAboutListing(
  writer: Account,
  extraHTTPHeaders: Record<string, string> | undefined,
  listingId: string,
  bodies: string[],
  txnPrefix: string,
) {
  const api = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders })
  try {
    const signedIn = await api.post('/api/auth/sign-in/email', {
      headers: { Origin: APP_URL },
      data: { email: writer.email, password: writer.password },
    })
    expect(signedIn.status()).toBe(200)
    const opened = await postForm(api, '/chat', { intent: 'message-landlord', listingId })
    expect(opened.status()).toBe(302)
    const conversationPath = opened.headers()['location']!
    for (const [i, body] of bodies.entries()) {
      const sent = await postForm(api, conversationPath, { intent: 'send', body, clientTxnId: `${txnPrefix}-${i + 1}` })
      expect(sent.status()).toBe(302)
    }
  } finally {
    await api.dispose()
  }
}

/** The conversation list: beside the thread on a desktop, its own pane on a phone. */
async function openChatList(page: Page, layout: Layout) {
  await visit(page, layout === 'mobile' ? '/chat?view=list' : '/chat')
  return page.getByRole('navigation', { name: 'Chats' })
}

/** Marks the open document, so a later check can tell that the page was never reloaded or left. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { isSameDocument?: boolean }).isSameDocument = true
  })
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { isSameDocument?: boolean }).isSameDocument), 'the page was not reloaded').toBe(
    true,
  )
}

async function expectBadge(page: Page, layout: Layout, text: string | null) {
  await showNavigationLinks(page, layout)
  const chatLink = mainNav(page).getByRole('link', { name: /^Chat room/ })
  if (text === null) await expect(chatLink).toHaveAccessibleName('Chat room')
  else await expect(chatLink.locator('[data-unread-badge]')).toHaveText(text)
}

test('a renter messages the landlord from a listing; the landlord’s badge shows it live, opens it, and the renter sees "Read" live', async ({
  page,
  browser,
  layout,
  signedInAccount: renter,
  createAccount,
  extraHTTPHeaders,
}) => {
  const landlordAccount = await createAccount({ name: 'Maria Landlord' })
  const landlord = await browserFor(browser, landlordAccount, extraHTTPHeaders)
  const title = `Flat over the square ${Date.now().toString(36)}`
  const listingPath = await publishListing(landlord.context().request, landlordAccount, title)
  // The landlord is somewhere else on the site, with no unread messages, when the renter writes.
  await visit(landlord, '/')
  const landlordChatLink = mainNav(landlord).getByRole('link', { name: /^Chat room/ })
  await expect(landlordChatLink).toHaveAccessibleName('Chat room')
  await markDocument(landlord)

  // The renter writes from the listing page.
  await visit(page, listingPath)
  await page
    .getByRole('region', { name: 'Price and contact' })
    .getByRole('button', { name: /Message the landlord/ })
    .click()
  await expect(page).toHaveURL(/\/chat\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Maria Landlord' })).toBeVisible()
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', listingPath)
  await expect(page.getByText('$1,500.00 a month all-in').or(page.getByText('$1,500 a month all-in'))).toBeVisible()
  const composer = page.getByRole('textbox', { name: 'Message Maria Landlord (private)' })
  await composer.fill('Hello! Is the flat still free in June?')
  await composer.press('Enter')
  const thread = page.getByRole('region', { name: 'Messages' })
  await expect(thread.getByText('Hello! Is the flat still free in June?')).toBeVisible()
  await expect(thread.getByText('Sending…')).toHaveCount(0)
  await expect(composer).toHaveValue('')
  await expect(thread.getByText('Read', { exact: true })).toHaveCount(0)
  await markDocument(page)

  // The landlord's badge shows 1 where they are, live, without a reload.
  await expect(landlordChatLink.locator('[data-unread-badge]')).toHaveText('1')
  await expect(landlordChatLink).toHaveAccessibleName('Chat room (1 unread message)')
  await expectSameDocument(landlord)

  // The Chat room link opens their inbox, not the public room: no message box until they choose.
  await landlordChatLink.click()
  const conversation = landlord.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: new RegExp(renter.name) })
  await expect(conversation).toContainText('1 unread message')
  await expect(conversation).toContainText(title)
  await expect(landlord.getByRole('heading', { name: 'Private messages', level: 2 }).last()).toBeVisible()
  await expect(landlord.getByText(`Reply to ${renter.name}`)).toBeVisible()
  await expect(landlord.getByRole('textbox', { name: /^Message / })).toHaveCount(0)
  await conversation.click()
  await expect(landlord.getByRole('region', { name: 'Messages' }).getByText('Hello! Is the flat still free in June?')).toBeVisible()
  await expect(landlordChatLink.locator('[data-unread-badge]')).toHaveCount(0)
  await expect(landlordChatLink).toHaveAccessibleName('Chat room')

  // The renter, still in the open thread, sees "Read" under their message, live.
  await expect(thread.getByText('Read', { exact: true })).toBeVisible()
  await expectSameDocument(page)

  // The message box says who reads the reply.
  await expect(landlord.getByText(`Private: only you and ${renter.name} can read this.`)).toBeVisible()

  // The reply reaches the renter's open thread live too: first "Maria Landlord is typing…", which
  // goes the moment the reply arrives (not seconds later).
  const reply = landlord.getByRole('textbox', { name: `Message ${renter.name} (private)` })
  await reply.fill('Yes, from the first of June.')
  await expect(page.getByText('Maria Landlord is typing…')).toBeVisible()
  await landlord.getByRole('button', { name: 'Send' }).click()
  await expect(landlord.getByRole('region', { name: 'Messages' }).getByText('Yes, from the first of June.')).toBeVisible()
  await expect(thread.getByText('Yes, from the first of June.')).toBeVisible()
  await expect(page.getByText('Maria Landlord is typing…')).toHaveCount(0, { timeout: 1_000 })
  await expectSameDocument(page)
  await expectBadge(page, layout, null)
  await landlord.context().close()
})

test('a visitor presses "Message the landlord", logs in, and lands in the conversation about the listing @any-size', async ({
  page,
  browser,
  createAccount,
  extraHTTPHeaders,
}) => {
  const [landlordAccount, renter] = await Promise.all([createAccount({ name: 'Lena Landlord' }), createAccount({ name: 'Vic Visitor' })])
  const landlord = await browserFor(browser, landlordAccount, extraHTTPHeaders)
  const title = `Cabin by the lake ${Date.now().toString(36)}`
  const listingPath = await publishListing(landlord.context().request, landlordAccount, title)
  await landlord.context().close()

  await visit(page, listingPath)
  await page
    .getByRole('region', { name: 'Price and contact' })
    .getByRole('button', { name: /Message the landlord/ })
    .click()
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fchat%2Fstart%3Flisting%3D\d+$/)
  await waitForHydration(page)
  await page.getByLabel('E-mail').fill(renter.email)
  await page.getByLabel('Password', { exact: true }).fill(renter.password)
  await page.getByRole('button', { name: 'Log in' }).click()

  // In the conversation about the listing, not back on the listing, and the box names who reads it.
  await expect(page).toHaveURL(/\/chat\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Lena Landlord' })).toBeVisible()
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', listingPath)
  const composer = page.getByRole('textbox', { name: 'Message Lena Landlord (private)' })
  await expect(composer).toHaveAccessibleDescription(/^Private: only you and Lena Landlord can read this\./)
  await composer.fill('Hello! Does the cabin have a wood stove?')
  await composer.press('Enter')
  await expect(page.getByRole('region', { name: 'Messages' }).getByText('Hello! Does the cabin have a wood stove?')).toBeVisible()
})

test('people talk in the community room; visitors read it and are invited to join @any-size', async ({
  page,
  browser,
  signedInAccount: _account,
  extraHTTPHeaders,
}) => {
  await visit(page, '/chat')
  await expect(page.getByRole('heading', { name: 'Community room' })).toBeVisible()
  const words = `Any tips for a first rental? ${Date.now().toString(36)}`
  const composer = page.getByRole('textbox', { name: 'Message everyone in the Community room (public)' })
  await expect(composer).toHaveAccessibleDescription(/^Public: everyone can read this/)
  await composer.fill(words)
  await composer.press('Enter')
  const thread = page.getByRole('region', { name: 'Messages' })
  await expect(thread.getByText(words)).toBeVisible()
  await expect(thread.getByText('Sending…')).toHaveCount(0)

  // Shift+Enter starts a new line instead of sending.
  await composer.fill('first line')
  await composer.press('Shift+Enter')
  await composer.pressSequentially('second line')
  await expect(composer).toHaveValue('first line\nsecond line')

  const visitorContext = await browser.newContext({ baseURL: APP_URL, extraHTTPHeaders })
  const visitor = await visitorContext.newPage()
  await visit(visitor, '/chat')
  await expect(visitor.getByRole('region', { name: 'Messages' }).getByText(words)).toBeVisible()
  await expect(visitor.getByRole('textbox', { name: /Community room/ })).toHaveCount(0)
  await expect(visitor.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirectTo=/chat')
  await expect(visitor.getByRole('link', { name: 'sign up', exact: true })).toHaveAttribute('href', '/register?redirectTo=/chat')
  await visitorContext.close()
})

test('a send whose answer is lost says so, and its retry keeps the message once @any-size', async ({
  page,
  signedInAccount: _account,
  consoleErrors,
}) => {
  consoleErrors.allow(/net::ERR_FAILED/)
  // With the live socket up, the stored message would arrive through it and the lost answer would
  // not matter; this test is about the send alone, so the socket never connects.
  await page.routeWebSocket(/\/ws$/, (socket) => socket.close())
  await visit(page, '/chat')
  // The server stores the message, but its answer never reaches the browser.
  const sends = (url: URL) => url.pathname === '/chat' || url.pathname.startsWith('/api/chat/')
  await page.route(sends, async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    await route.fetch({ maxRedirects: 0 })
    return route.abort('failed')
  })
  const words = `Retried words ${Date.now().toString(36)}`
  const composer = page.getByRole('textbox', { name: 'Message everyone in the Community room (public)' })
  await composer.fill(words)
  await composer.press('Enter')
  const thread = page.getByRole('region', { name: 'Messages' })
  await expect(thread.getByText(/Not sent — No connection/)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Not sent' })).toHaveCount(1)

  await page.unroute(sends)
  await thread.getByRole('button', { name: 'Retry' }).click()
  await expect(thread.getByText('Not sent', { exact: false })).toHaveCount(0)
  await expect(thread.getByText('Sending…')).toHaveCount(0)
  await expect(thread.getByText(words)).toHaveCount(1)
  await visit(page, '/chat')
  await expect(page.getByRole('region', { name: 'Messages' }).getByText(words)).toHaveCount(1)
})

test('a user with 100 unread messages sees "99+" on the Chat room link @each-size', async ({
  page,
  signedInAccount,
  createAccount,
  extraHTTPHeaders,
}) => {
  // The signed-in user lists a home; ten renters write ten messages each about it (a sender may
  // send ten messages in ten seconds, so a hundred from one person would take a minute and a half).
  // Made once, the hundred messages are then read at each size.
  const listingPath = await publishListing(page.context().request, signedInAccount, `Busy inbox flat ${Date.now().toString(36)}`)
  const listingId = /-(\d+)$/.exec(listingPath)![1]!
  const writers = await Promise.all(Array.from({ length: 10 }, (_, i) => createAccount({ name: `Chatty Renter ${i + 1}` })))
  await Promise.all(
    writers.map(async (writer, w) => {
      const bodies = Array.from({ length: 10 }, (_, i) => `Question number ${i + 1}`)
      await writeAboutListing(writer, extraHTTPHeaders, listingId, bodies, `bulk-${listingId}-${w}`)
    }),
  )

  await eachSize(page, async (layout) => {
    await visit(page, '/')
    await dismissToasts(page)
    await expectBadge(page, layout, '99+')
    await expect(mainNav(page).getByRole('link', { name: /^Chat room/ })).toHaveAccessibleName('Chat room (More than 99 unread messages)')
    const list = await openChatList(page, layout)
    const conversations = list.getByRole('link', { name: /Chatty Renter/ })
    await expect(conversations).toHaveCount(10)
    for (const conversation of await conversations.all()) await expect(conversation).toContainText('10 unread messages')
  })
})

test('/chat opens on the inbox for someone with conversations; nothing overflows; the message box stays in view below the thread', async ({
  page,
  layout,
  signedInAccount,
  createAccount,
  extraHTTPHeaders,
}) => {
  const listingPath = await publishListing(page.context().request, signedInAccount, `Long thread flat ${Date.now().toString(36)}`)
  const listingId = /-(\d+)$/.exec(listingPath)![1]!
  const writer = await createAccount({ name: 'Bartholomew Featherstonehaugh-Worthington' })
  const bodies = Array.from({ length: 8 }, (_, i) =>
    i === 0
      ? `A link without spaces: https://example.com/${'very-long-path-segment-'.repeat(8)}end`
      : `Question ${i + 1}: is the flat still free from the first of the month, and may I see it this week? `.repeat(3),
  )
  await writeAboutListing(writer, extraHTTPHeaders, listingId, bodies, `long-${listingId}`)

  await visit(page, '/chat')
  const chats = page.getByRole('navigation', { name: 'Chats' })
  const conversation = chats.getByRole('link', { name: /Bartholomew/ })
  await expect(conversation).toBeVisible()
  await expect(conversation).toContainText('8 unread messages')
  // The inbox, not the room: no message box, and the unread badge on screen.
  await expect(page.getByRole('heading', { name: 'Community room' })).toBeHidden()
  await expect(page.getByRole('textbox', { name: /^Message / })).toHaveCount(0)
  const badge = conversation.getByText('8', { exact: true })
  expect(await badge.evaluate((element) => element.getBoundingClientRect().right <= window.innerWidth)).toBe(true)
  if (layout === 'desktop') await expect(page.getByText('You have 8 unread messages.')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  await conversation.click()
  await expect(page).toHaveURL(/\/chat\/\d+$/)
  const composer = page.getByRole('textbox', { name: /^Message Bartholomew.* \(private\)$/ })
  await expect(composer).toBeVisible()
  const box = (await composer.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height)
  const messages = page.getByRole('region', { name: 'Messages' })
  expect(await messages.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // The room is one tap away from the list, though messages are unread, and its box says it is public.
  await visit(page, '/chat?view=list')
  await page
    .getByRole('navigation', { name: 'Chats' })
    .getByRole('link', { name: /Community room/ })
    .click()
  await expect(page).toHaveURL(/\/chat\?view=room$/)
  await expect(page.getByRole('heading', { name: 'Community room' })).toBeVisible()
  await expect(page.getByText('Public: everyone can read this, including visitors who are not signed in.')).toBeVisible()
})

test('the chat pages have no accessibility violations @any-size', async ({
  page,
  browser,
  signedInAccount: _account,
  createAccount,
  extraHTTPHeaders,
}) => {
  // A visitor in the room.
  const visitorContext = await browser.newContext({ baseURL: APP_URL, extraHTTPHeaders, viewport: page.viewportSize() ?? undefined })
  const visitor = await visitorContext.newPage()
  await visit(visitor, '/chat')
  await expect(visitor.getByRole('heading', { name: 'Community room' })).toBeVisible()
  await expectNoAxeViolations(visitor)
  await visitorContext.close()

  // Signed in: the room with a message of one's own, the list, and a conversation about a listing.
  const landlordAccount = await createAccount({ name: 'Axe Landlord' })
  const landlord = await browserFor(browser, landlordAccount, extraHTTPHeaders)
  const listingPath = await publishListing(landlord.context().request, landlordAccount, `Accessible flat ${Date.now().toString(36)}`)
  await landlord.context().close()

  await visit(page, '/chat')
  const composer = page.getByRole('textbox', { name: 'Message everyone in the Community room (public)' })
  await composer.fill('Checking the room https://example.com/guide')
  await composer.press('Enter')
  await expect(
    page.getByRole('region', { name: 'Messages' }).getByRole('link', { name: 'https://example.com/guide' }).first(),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await visit(page, listingPath)
  await page
    .getByRole('region', { name: 'Price and contact' })
    .getByRole('button', { name: /Message the landlord/ })
    .click()
  await expect(page).toHaveURL(/\/chat\/\d+$/)
  const direct = page.getByRole('textbox', { name: 'Message Axe Landlord (private)' })
  await direct.fill('Is there a lift?')
  await direct.press('Enter')
  await expect(page.getByRole('region', { name: 'Messages' }).getByText('Is there a lift?')).toBeVisible()
  await expectNoAxeViolations(page)

  // The delete confirmation, opened.
  await page.getByText('Delete', { exact: true }).first().click()
  await expect(page.getByRole('button', { name: 'Delete message' })).toBeVisible()
  await expectNoAxeViolations(page)

  // The inbox /chat opens on now: the list (and on a desktop the overview beside it).
  await visit(page, '/chat')
  await expect(page.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: /Axe Landlord/ })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('an administrator acts on reports at /chat/reports: deletes a reported message, mutes its author and lifts the mute', async ({
  page,
  browser,
  layout,
  createAccount,
  extraHTTPHeaders,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const sellerName = `Pushy Seller ${stamp}`
  const [sellerAccount, readerAccount] = await Promise.all([createAccount({ name: sellerName }), createAccount({ name: 'Careful Reader' })])

  // The seller posts twice in the room (from another client).
  const seller = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...extraHTTPHeaders, Origin: APP_URL } })
  const signedIn = await seller.post('/api/auth/sign-in/email', { data: { email: sellerAccount.email, password: sellerAccount.password } })
  expect(signedIn.status()).toBe(200)
  const postInRoom = (body: string) =>
    seller.post('/api/chat/room/messages', {
      data: { body, clientTxnId: `e2e-${stamp}-${body.length}-${Math.random().toString(36).slice(2, 8)}` },
    })
  for (const body of [`Cheap watches ${stamp}`, `BUY NOW ${stamp}`]) expect((await postInRoom(body)).status()).toBe(201)

  // A reader reports both from the room, with reasons.
  const reader = await browserFor(browser, readerAccount, extraHTTPHeaders)
  await visit(reader, '/chat')
  const readerThread = reader.getByRole('region', { name: 'Messages' })
  for (const [words, reason] of [
    [`Cheap watches ${stamp}`, 'Selling fake watches'],
    [`BUY NOW ${stamp}`, 'Shouting adverts'],
  ] as const) {
    const item = readerThread.getByRole('listitem').filter({ hasText: words })
    await item.getByText('Report', { exact: true }).click()
    await item.getByLabel('What is wrong with this message?').fill(reason)
    await item.getByRole('button', { name: 'Send report' }).click()
    await expect(reader.getByText('Thank you. An administrator will look at this message.').first()).toBeVisible()
    await dismissToasts(reader)
  }

  // The administrator finds the reports from the chat page.
  const admin = await page.context().request.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: 'admin@cooperhome.example', password: 'cooper-demo-home' },
  })
  expect(admin.status(), await admin.text()).toBe(200)
  const list = await openChatList(page, layout)
  await list.getByRole('link', { name: /Reported messages/ }).click()
  await expect(page).toHaveURL(/\/chat\/reports$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Reported messages' })).toBeVisible()
  const reportOf = (words: string) => page.getByRole('article').filter({ hasText: words })
  const watches = reportOf(`Cheap watches ${stamp}`)
  await expect(watches).toContainText(/Reported by\s*Careful Reader/)
  await expect(watches).toContainText(/Reason\s*Selling fake watches/)
  await expect(watches).toContainText(`Sent by ${sellerName}`)
  await expect(watches.getByRole('heading', { name: `Message from ${sellerName} in the Community room` })).toBeVisible()
  await expectNoAxeViolations(page)

  // Delete the message, from the keyboard: the report goes, and the reader's open room shows it deleted, live.
  await watches.getByRole('button', { name: 'Delete message' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('The message is deleted and the report resolved.')).toBeVisible()
  await expect(watches).toHaveCount(0)
  await expect(readerThread.getByText(`Cheap watches ${stamp}`)).toHaveCount(0)
  await expect(readerThread.getByText('Message deleted').first()).toBeVisible()

  // Mute the seller for a day over the other report: they cannot post, and the page lists the mute.
  const shouting = reportOf(`BUY NOW ${stamp}`)
  await shouting.getByLabel('1 day').check()
  await shouting.getByRole('button', { name: `Mute ${sellerName}` }).click()
  await expect(page.getByText(`${sellerName} is muted in the room until`)).toBeVisible()
  await expect(shouting).toHaveCount(0)
  const muted = page
    .getByRole('region', { name: /Muted in the room/ })
    .getByRole('listitem')
    .filter({ hasText: sellerName })
  await expect(muted).toContainText('Reported: Shouting adverts')
  expect((await postInRoom(`Let me back in ${stamp}`)).status()).toBe(403)
  await dismissToasts(page)
  await expectNoAxeViolations(page)

  // Lift the mute early, from the keyboard: they can post again.
  await muted.getByRole('button', { name: `Unmute ${sellerName}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('The mute is lifted: they can post in the room again.')).toBeVisible()
  await expect(muted).toHaveCount(0)
  expect((await postInRoom(`Sorry, everyone ${stamp}`)).status()).toBe(201)

  await seller.dispose()
  await reader.context().close()
})
