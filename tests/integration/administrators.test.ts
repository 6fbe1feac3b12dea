// Who is an administrator is one condition read from the profile in each query: every area that
// asks (listings, content, messages) agrees with accounts, and a demotion counts at once everywhere.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAdministrator, requireAdministrator } from '#server/accounts/index.server.ts'
import { profile } from '#server/db/schema.ts'
import { findArticleFeedback } from '#server/content/index.server.ts'
import { findEditableListing } from '#server/listings/index.server.ts'
import { listActiveMutes } from '#server/messages/index.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/** What each area lets this person do that only administrators may. */
async function powers(person: Person, draftId: number) {
  const settled = async (work: () => Promise<unknown>) =>
    work().then(
      () => 'allowed',
      (error: { code?: string }) => error.code ?? 'error',
    )
  return {
    accounts: await isAdministrator(db(), person.id),
    guard: await settled(() => requireAdministrator(db(), person.id, 'Administrators only.')),
    listings: await settled(() => findEditableListing(db(), { viewerId: person.id, listingId: draftId })),
    content: await settled(() => findArticleFeedback(db(), { viewerId: person.id, articleId: 1 })),
    messages: await settled(() => listActiveMutes(db(), { adminId: person.id })),
  }
}

describe('administrators', () => {
  it('are the same people in every area, and a demoted one is refused everywhere at once', async () => {
    const listings = listingFactory(db())
    const [admin, member] = [await listings.admin(), await listings.renter()]
    const draft = await listings.create({ status: 'draft' })

    expect(await powers(admin, draft.id)).toEqual({
      accounts: true,
      guard: 'allowed',
      listings: 'allowed',
      content: 'allowed',
      messages: 'allowed',
    })
    const refused = { accounts: false, guard: 'forbidden', listings: 'not-found', content: 'forbidden', messages: 'forbidden' }
    expect(await powers(member, draft.id)).toEqual(refused)

    await db().update(profile).set({ isAdministrator: false }).where(eq(profile.userId, admin.id))
    expect(await powers(admin, draft.id)).toEqual(refused)
  })
})
