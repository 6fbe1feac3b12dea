// The unread badge and the "(N)" title prefix are right in the server-rendered HTML, before any script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDirectMessage as sendDirectMessage } from '#server/messages/direct-write.server.ts'
import { openConversation } from '#server/messages/open-conversation.server.ts'
import { nextTxn } from '#tests/support/chat.ts'
import { createPerson } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

let t: TestServices
let rendered: PageApp
let reader: TestUser

async function page(cookie?: string) {
  const response = await rendered.app.request(new Request(`${TEST_ORIGIN}/`, { headers: cookie ? { Cookie: cookie } : {} }))
  expect(response.status).toBe(200)
  const html = await response.text()
  return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], badge: /data-unread-badge=""[^>]*>([^<]*)</.exec(html)?.[1] ?? null }
}

async function receive(count: number) {
  const { db } = t.services.database
  const sender = await createPerson(db, { role: 'landlord' })
  const { conversationId } = await openConversation(db, { userId: sender.id, otherUserId: reader.id })
  for (let i = 0; i < count; i += 1) {
    await sendDirectMessage(db, {
      senderId: sender.id,
      conversationId,
      input: { body: `Message ${i}`, clientTxnId: nextTxn() },
      enforceRateLimit: false,
    })
  }
}

beforeAll(async () => {
  t = await createTestServices()
  rendered = await createPageApp(t)
  reader = await signUpVerifiedUser(t, { name: 'Robin Reader' })
})

afterAll(async () => {
  await rendered?.close()
  await t?.close()
})

describe('the server-rendered unread count', () => {
  it('shows no badge and a plain title with nothing unread, and for visitors', async () => {
    const visitor = await page()
    expect(visitor.badge).toBeNull()
    expect(visitor.title).not.toMatch(/^\(/)
    const user = await page(reader.cookie)
    expect(user).toEqual({ title: visitor.title, badge: null })
  })

  it('puts the count on the badge and in front of the title, capped at 99+', async () => {
    const plain = (await page()).title!
    await receive(3)
    expect(await page(reader.cookie)).toEqual({ title: `(3) ${plain}`, badge: '3' })
    await receive(97)
    expect(await page(reader.cookie)).toEqual({ title: `(99+) ${plain}`, badge: '99+' })
    expect((await page()).title).toBe(plain)
  })
})
