// The FAQ and the Terms of Use from the database: what visitors see as the clock moves (published,
// scheduled, draft), the acceptance recorded at sign-up, and the writes others read (direct
// messages, room posts, listings) refused until a newer version in force is accepted, through the
// JSON API and the pages' actions alike.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { action as chatAction } from '#app/routes/chat.tsx'
import { action as manageAction } from '#app/routes/property-manage.tsx'
import { action as newListingAction } from '#app/routes/property-new.tsx'
import { loader as faqLoader } from '#app/routes/faq.tsx'
import { loader as registerLoader } from '#app/routes/register.tsx'
import { action as acceptAction } from '#app/routes/terms-accept.tsx'
import { loader as termsVersionLoader } from '#app/routes/terms-version.tsx'
import { loader as termsLoader } from '#app/routes/terms.tsx'
import { listingSlug } from '#common/listings/listing-url.ts'
import { siteConfig } from '#common/site-config.ts'
import { findTermsDocument, listTermsVersions } from '#server/content/index.server.ts'
import { faqEntry, listing, profile, roomMessage, termsAcceptance, termsVersion, user } from '#server/db/schema.ts'
import { readToast } from '#server/http/flash.server.ts'
import { createListing, publishListing } from '#server/listings/index.server.ts'
import { seedContent } from '#server/seed/content.server.ts'
import { chatApi, conversationBetween, establishedUser, nextTxn } from '#tests/support/chat.ts'
import { addReadyPhoto, listingInput } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, formRequest, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, uniqueEmail } from '#tests/support/users.ts'
import { settle } from '#tests/support/route-answers.ts'

type AnyRoute = (args: never) => unknown

/** A complete listing as the listing form posts it. */
const listingFormFields = {
  title: 'Bright two-bedroom by Rodney Square',
  type: 'apartment',
  description: 'Tall windows, a galley kitchen and the train five minutes away.',
  offersLease: 'on',
  monthlyRent: '1,850',
  minTermMonths: '12',
  deposit: '1850',
  minNights: '2',
  street: '1000 N King Street',
  zip: '19801',
  bedrooms: '2',
  bathrooms: '1',
  interiorSqft: '950',
  availableFrom: '2026-03-01',
  intent: 'publish',
}
const DAY = 86_400_000
const ago = (ms: number) => new Date(Date.now() - ms)

function caller(t: TestServices) {
  return function call<L extends AnyRoute>(route: L, path: string, params: Record<string, string> = {}, init?: RequestInit) {
    const request = init instanceof Request ? init : new Request(`${TEST_ORIGIN}${path}`, init)
    return route({ request, params, context: t.context(), unstable_pattern: path } as never) as ReturnType<L>
  }
}

describe('the FAQ and the Terms of Use as visitors see them', () => {
  let t: TestServices
  let call: ReturnType<typeof caller>
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    call = caller(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('the seed publishes the FAQ in order and both terms versions, the second scheduled, only into empty tables', async () => {
    const seededAt = new Date('2026-06-01T12:00:00Z')
    expect(await seedContent(db(), seededAt)).toMatchObject({ faq: expect.any(Number), terms: 2 })
    const versions = await listTermsVersions(db(), seededAt)
    expect(versions.map((v) => [v.label, v.state])).toEqual([
      ['2026-07-01', 'scheduled'],
      ['2025-01-15', 'in-force'],
    ])
    const faq = await db().select().from(faqEntry).orderBy(faqEntry.position)
    expect(faq.length).toBeGreaterThanOrEqual(8)
    expect(faq.every((entry, index) => entry.status === 'published' && entry.position === index)).toBe(true)
    expect(await seedContent(db(), seededAt)).toEqual({ faq: 0, terms: 0 })
    // The rest of this file writes its own content.
    await db().delete(faqEntry)
    await db().delete(termsVersion)
  })

  it('/faq shows only published entries whose time has come, grouped by topic in order, answers rendered', async () => {
    await db()
      .insert(faqEntry)
      .values([
        {
          slug: 'scam',
          topic: 'safety-and-trust',
          question: 'Is this a scam?',
          answer: 'Never **wire** money.',
          position: 0,
          status: 'published',
          publishedAt: ago(DAY),
        },
        {
          slug: 'sign-up',
          topic: 'account',
          question: 'How do I sign up?',
          answer: 'Choose *Sign up*.',
          position: 1,
          status: 'published',
          publishedAt: ago(DAY),
        },
        {
          slug: 'name',
          topic: 'account',
          question: 'Can I change my name?',
          answer: 'Yes, on your profile.',
          position: 0,
          status: 'published',
          publishedAt: ago(DAY),
        },
        { slug: 'draft-one', topic: 'account', question: 'A draft question', answer: 'Not yet.', position: 2, status: 'draft' },
        {
          slug: 'later',
          topic: 'searching',
          question: 'A scheduled question',
          answer: 'Soon.',
          position: 0,
          status: 'published',
          publishedAt: new Date(Date.now() + DAY),
        },
      ])
    const { groups, canonicalUrl } = await call(faqLoader, '/faq')
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.slug)])).toEqual([
      ['Your account', ['name', 'sign-up']],
      ['Safety and trust', ['scam']],
    ])
    expect(groups[1]!.entries[0]).toMatchObject({
      answerHtml: '<p>Never <strong>wire</strong> money.</p>\n',
      answerText: 'Never wire money.',
    })
    expect(canonicalUrl).toBe(`${TEST_ORIGIN}/faq`)
  })

  it('the terms in force follow the clock; scheduled versions are announced, drafts and unknown labels are 404', async () => {
    const now = Date.now()
    await db()
      .insert(termsVersion)
      .values([
        {
          label: 'first',
          body: '## Old rules\n\nText one.',
          summary: 'The first.',
          effectiveAt: new Date(now - 30 * DAY),
          status: 'published',
        },
        {
          label: 'second',
          body: '## New rules\n\nText two.\n\n## Contact\n\nMail us.',
          summary: 'Second.',
          effectiveAt: new Date(now - DAY),
          status: 'published',
        },
        { label: 'third', body: '## Future rules', summary: 'Coming.', effectiveAt: new Date(now + 10 * DAY), status: 'published' },
        { label: 'draft', body: '## Draft rules', summary: 'Draft.', effectiveAt: new Date(now - 2 * DAY), status: 'draft' },
      ])

    const page = await call(termsLoader, '/terms')
    expect(page.doc).toMatchObject({ label: 'second', state: 'in-force' })
    expect(page.doc!.headings.map((h) => h.id)).toEqual(['new-rules', 'contact'])
    expect(page.doc!.html).toContain('<h2 id="new-rules">New rules</h2>')
    expect(page.scheduled).toMatchObject({ label: 'third', summary: 'Coming.' })
    expect(page.versions.map((v) => [v.label, v.state])).toEqual([
      ['third', 'scheduled'],
      ['second', 'in-force'],
      ['first', 'superseded'],
    ])

    // As the clock moves: before the second took effect, and after the third does.
    expect(await findTermsDocument(db(), { now: new Date(now - 2 * DAY) })).toMatchObject({ label: 'first', state: 'in-force' })
    expect(await findTermsDocument(db(), { now: new Date(now + 11 * DAY) })).toMatchObject({ label: 'third', state: 'in-force' })
    expect(await findTermsDocument(db(), { now: new Date(now + 11 * DAY), label: 'second' })).toMatchObject({ state: 'superseded' })

    const earlier = await call(termsVersionLoader, '/terms/first', { label: 'first' })
    expect(earlier.doc).toMatchObject({ label: 'first', state: 'superseded' })
    const future = await call(termsVersionLoader, '/terms/third', { label: 'third' })
    expect(future.doc).toMatchObject({ label: 'third', state: 'scheduled' })
    for (const label of ['draft', 'no-such-version']) {
      const answer = await settle(() => call(termsVersionLoader, `/terms/${label}`, { label }))
      expect(answer.status, label).toBe(404)
    }
  })
})

describe('accepting the Terms of Use', () => {
  let t: TestServices
  let call: ReturnType<typeof caller>
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    call = caller(t)
    await db()
      .insert(termsVersion)
      .values({
        label: siteConfig.termsVersion,
        body: '## Rules',
        summary: 'The first terms.',
        effectiveAt: new Date('2025-01-15T00:00:00Z'),
        status: 'published',
      })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  async function acceptancesOf(userId: string) {
    return db()
      .select({ label: termsVersion.label, acceptedAt: termsAcceptance.acceptedAt })
      .from(termsAcceptance)
      .innerJoin(termsVersion, eq(termsVersion.id, termsAcceptance.termsVersionId))
      .where(eq(termsAcceptance.userId, userId))
  }

  it('sign-up asks for the version in force and records its acceptance; another label is refused', async () => {
    const { termsLabel } = await call(registerLoader, '/register')
    expect(termsLabel).toBe(siteConfig.termsVersion)
    const before = Date.now()
    const person = await signUpVerifiedUser(t)
    const [stored] = await db().select({ termsVersion: user.termsVersion }).from(user).where(eq(user.id, person.id))
    expect(stored!.termsVersion).toBe(siteConfig.termsVersion)
    const accepted = await acceptancesOf(person.id)
    expect(accepted).toEqual([{ label: siteConfig.termsVersion, acceptedAt: expect.any(Date) }])
    expect(accepted[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)

    const refused = await t.app.request(
      jsonRequest('/api/auth/sign-up/email', {
        name: 'Old Terms',
        email: uniqueEmail(),
        password: 'a lantern by the quiet river',
        termsVersion: '2000-01-01',
      }),
    )
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Accept the Terms of Use')
  })

  it('with a newer version in force, messages, room posts and listings wait until the user accepts it', async () => {
    const writer = await establishedUser(t, { name: 'Wren Writer' })
    const reader = await establishedUser(t, { name: 'Reed Reader' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, writer.id))
    const conversationId = await conversationBetween(t, writer, reader)
    const draft = await createListing(db(), { viewerId: writer.id, input: listingInput() })
    // Ready to publish but for the terms.
    await addReadyPhoto(db(), draft.id)

    await db()
      .insert(termsVersion)
      .values({
        label: 'newer',
        body: '## New rules',
        summary: 'Moderation rules are clearer.',
        effectiveAt: ago(60_000),
        status: 'published',
      })
    // A version scheduled later changes nothing today.
    await db()
      .insert(termsVersion)
      .values({ label: 'later', body: '## Later rules', summary: 'Later.', effectiveAt: new Date(Date.now() + DAY), status: 'published' })

    const root = await call(rootLoader, '/', {}, { headers: { Cookie: writer.cookie } })
    expect(root.data.termsToAccept).toMatchObject({ label: 'newer', summary: 'Moderation rules are clearer.' })

    // Refused through the JSON API...
    const dm = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: writer.cookie,
      body: { body: 'Hello there', clientTxnId: nextTxn() },
    })
    expect(dm.status).toBe(403)
    expect(dm.json.detail).toMatch(/Terms of Use have changed/)
    const room = await chatApi(t, 'POST', '/room/messages', { cookie: writer.cookie, body: { body: 'Hello room', clientTxnId: nextTxn() } })
    expect(room.status).toBe(403)
    expect(room.json.detail).toMatch(/accept them/)
    // ...through the chat page's form...
    const pagePost = await settle(() =>
      call(
        chatAction,
        '/chat',
        {},
        formRequest(
          '/chat',
          { intent: 'send', body: 'Hello from the form', clientTxnId: nextTxn() },
          { headers: { Cookie: writer.cookie } },
        ),
      ),
    )
    expect(pagePost.status).toBe(403)
    expect(JSON.stringify(pagePost.body)).toMatch(/Terms of Use have changed/)
    expect(await db().select().from(roomMessage).where(eq(roomMessage.authorId, writer.id))).toHaveLength(0)
    // ...and for listings.
    await expect(createListing(db(), { viewerId: writer.id, input: listingInput() })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(publishListing(db(), { viewerId: writer.id, listingId: draft.id })).rejects.toMatchObject({ code: 'forbidden' })
    // The listing pages say why, and keep the form.
    const asWriter = { headers: { Cookie: writer.cookie } }
    const newPage = await settle(() =>
      call(newListingAction, '/properties/new', {}, formRequest('/properties/new', listingFormFields, asWriter)),
    )
    expect(newPage.status).toBe(403)
    expect(newPage.body).toMatchObject({ formError: expect.stringMatching(/Terms of Use have changed/) })
    const slug = listingSlug(draft)
    const manage = await settle(() =>
      call(
        manageAction,
        `/properties/${slug}/manage`,
        { slug },
        formRequest(`/properties/${slug}/manage`, { intent: 'publish', redirectTo: '/userprofile' }, asWriter),
      ),
    )
    expect(manage.status).toBe(302)
    expect(manage.response!.headers.get('Location')).toBe('/userprofile')
    expect(await db().select({ status: listing.status }).from(listing).where(eq(listing.id, draft.id))).toEqual([{ status: 'draft' }])
    // Reading stays open.
    expect((await chatApi(t, 'GET', '/room/messages', { cookie: writer.cookie })).status).toBe(200)

    // A stale accept (of a version not in force) is refused, and nothing is recorded.
    const stale = await settle(() =>
      call(
        acceptAction,
        '/terms/accept',
        {},
        formRequest('/terms/accept', { label: 'later', redirectTo: '/chat' }, { headers: { Cookie: writer.cookie } }),
      ),
    )
    expect(stale.status).toBe(302)
    expect(
      (await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: stale.response!.headers.get('Set-Cookie')!.split(';')[0]! } }))).toast,
    ).toMatchObject({ type: 'error' })
    expect((await acceptancesOf(writer.id)).map((a) => a.label)).toEqual([siteConfig.termsVersion])

    const before = Date.now()
    const accepted = await settle(() =>
      call(
        acceptAction,
        '/terms/accept',
        {},
        formRequest('/terms/accept', { label: 'newer', redirectTo: '/chat' }, { headers: { Cookie: writer.cookie } }),
      ),
    )
    expect(accepted.status).toBe(302)
    expect(accepted.response!.headers.get('Location')).toBe('/chat')
    const [newer] = (await acceptancesOf(writer.id)).filter((a) => a.label === 'newer')
    expect(newer!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect((await call(rootLoader, '/', {}, { headers: { Cookie: writer.cookie } })).data.termsToAccept).toBeNull()

    // Now everything goes through.
    const dmAfter = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: writer.cookie,
      body: { body: 'Hello there', clientTxnId: nextTxn() },
    })
    expect(dmAfter.status).toBe(201)
    const roomAfter = await chatApi(t, 'POST', '/room/messages', {
      cookie: writer.cookie,
      body: { body: 'Hello room', clientTxnId: nextTxn() },
    })
    expect(roomAfter.status).toBe(201)
    const pageAfter = await settle(() =>
      call(
        chatAction,
        '/chat',
        {},
        formRequest(
          '/chat',
          { intent: 'send', body: 'Hello from the form', clientTxnId: nextTxn() },
          { headers: { Cookie: writer.cookie } },
        ),
      ),
    )
    expect(pageAfter.status).toBe(302)
    expect(await db().select().from(roomMessage).where(eq(roomMessage.authorId, writer.id))).toHaveLength(2)
    const created = await createListing(db(), { viewerId: writer.id, input: listingInput() })
    const newPageAfter = await settle(() =>
      call(newListingAction, '/properties/new', {}, formRequest('/properties/new', listingFormFields, asWriter)),
    )
    expect(newPageAfter.status).toBe(302)
    const published = await publishListing(db(), { viewerId: writer.id, listingId: draft.id })
    expect(published.status).toBe('published')
    expect(await db().select({ id: listing.id }).from(listing).where(eq(listing.ownerId, writer.id))).toHaveLength(3)
    expect(created.status).toBe('draft')

    // The reader, who never accepted, is still asked.
    const readerRoom = await chatApi(t, 'POST', '/room/messages', {
      cookie: reader.cookie,
      body: { body: 'Me too', clientTxnId: nextTxn() },
    })
    expect(readerRoom.status).toBe(403)
  })
})
