// Calls to the chat JSON API as the chat page's script makes them, for integration tests.
import { eq } from 'drizzle-orm'
import { profile, user } from '#server/db/schema.ts'
import { TEST_ORIGIN, type TestServices } from './test-services.ts'
import { signUpVerifiedUser, type TestUser } from './users.ts'

let txn = 0
/** A fresh client transaction id, as a tab makes one per message. */
export const nextTxn = () => `txn-${Date.now().toString(36)}-${(txn += 1)}`

export async function chatApi(
  t: TestServices,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  pathname: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the API answers; each test asserts the shape it reads.
): Promise<{ status: number; json: any }> {
  const headers = new Headers({ Origin: TEST_ORIGIN })
  if (cookie) headers.set('Cookie', cookie)
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  const response = await t.app.request(
    new Request(`${TEST_ORIGIN}/api/chat${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : null }
}

/** A signed-up user whose account is older than a day (so new-account limits do not apply). */
export async function establishedUser(t: TestServices, overrides: { name?: string; isAdministrator?: boolean } = {}): Promise<TestUser> {
  const person = await signUpVerifiedUser(t, { name: overrides.name })
  const { db } = t.services.database
  await db
    .update(user)
    .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
    .where(eq(user.id, person.id))
  if (overrides.isAdministrator) await db.update(profile).set({ isAdministrator: true }).where(eq(profile.userId, person.id))
  return person
}

/** Opens the conversation between two users and returns its id. */
export async function conversationBetween(t: TestServices, from: TestUser, to: TestUser): Promise<number> {
  const opened = await chatApi(t, 'POST', '/conversations', { cookie: from.cookie, body: { otherUserId: to.id } })
  if (opened.status !== 201 && opened.status !== 200) throw new Error(`Opening failed (${opened.status}): ${JSON.stringify(opened.json)}`)
  return opened.json.conversationId as number
}
