// Rental applications on the real services and database (PGlite and PostgreSQL): the reusable
// application, criteria versions, applying, every transition by role and state, the notices, the
// expiry and document-retention jobs, and what the database itself keeps.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RenterProfile } from '#common/applications/profile.ts'
import { application, applicationEvent, privateDocument, renterApplication, userBlock } from '#server/db/schema.ts'
import {
  applyToListing,
  changeApplication,
  countWaitingApplications,
  deleteRenterProfile,
  deleteRetainedDocuments,
  expireApplications,
  findApplication,
  findCriteria,
  findListingApplyState,
  findRenterProfile,
  listListingApplications,
  listRenterApplications,
  saveCriteria,
  saveRenterProfile,
  type PartyAction,
} from '#server/applications/index.server.ts'
import { completeRenterProfile, monthYearsAgo } from '#tests/support/applications.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
})
afterAll(async () => {
  await t.close()
})

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string }) => e.code ?? e.message,
  )
}

async function addDocument(ownerId: string) {
  const [row] = await db()
    .insert(privateDocument)
    .values({ ownerId, kind: 'pay_slip', fileName: 'pay.pdf', contentType: 'application/pdf', byteSize: 1000, sha256: 'x'.repeat(64) })
    .returning({ id: privateDocument.id })
  return row!.id
}

async function renterWithProfile(overrides: Partial<RenterProfile> = {}) {
  const renter = await listings.renter()
  await saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile(overrides) })
  return renter
}

const criteriaInput = { incomeMultiple: '3', petPolicy: 'cats', maxOccupants: '4', accepting: 'on', otherRequirements: 'No smoking.' }
const applyInput = { moveInDate: '2027-01-15', leaseMonths: '12', note: 'We are quiet.' }

async function homeWithCriteria() {
  const owner = await listings.landlord()
  const home = await listings.create({ ownerId: owner.id, title: 'Row house on Delaware Avenue' })
  await saveCriteria(t.services, { ownerId: owner.id, listingId: home.id, input: criteriaInput })
  return { owner, home }
}

const apply = (renter: Person, listingId: number) =>
  applyToListing(t.services, { renterId: renter.id, listingId, input: applyInput, ipAddress: '203.0.113.9' })

const change = (applicationId: number, actor: Person, action: PartyAction, input: unknown = {}) =>
  changeApplication(t.services, { applicationId, actorId: actor.id, action, input })

const mailTo = (person: Person) => t.mail.messages.filter((m) => m.to.includes(person.email))

describe('the reusable application', () => {
  it('refuses to apply while incomplete, saying what is missing, and writes nothing', async () => {
    const { home } = await homeWithCriteria()
    const renter = await listings.renter()
    expect(await codeOf(apply(renter, home.id))).toBe('invalid')
    await saveRenterProfile(t.services, {
      userId: renter.id,
      profile: completeRenterProfile({ addresses: [{ ...completeRenterProfile().addresses[0]!, from: monthYearsAgo(1) }] }),
    })
    const refusal = await apply(renter, home.id).catch((e: Error) => e)
    expect(refusal).toMatchObject({ code: 'invalid' })
    expect((refusal as Error).message).toMatch(/Addresses reaching back 3 years/)
    const rows = await db().select().from(application).where(eq(application.renterId, renter.id))
    expect(rows).toEqual([])
  })

  it('refuses documents that are not the renter’s; deleting it deletes every document of theirs', async () => {
    const renter = await listings.renter()
    const other = await listings.renter()
    const mine = await addDocument(renter.id)
    const theirs = await addDocument(other.id)
    expect(
      await codeOf(saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile({ documentIds: [mine, theirs] }) })),
    ).toBe('invalid')
    await saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile({ documentIds: [mine] }) })
    expect((await findRenterProfile(db(), renter.id)).missing).toEqual([])
    const removed: number[][] = []
    const result = await deleteRenterProfile(t.services, { userId: renter.id, removeFiles: async (ids) => void removed.push(ids) })
    expect(result).toEqual({ deletedDocuments: 1 })
    expect(removed).toEqual([[mine]])
    expect(await findRenterProfile(db(), renter.id)).toEqual({ profile: null, missing: [], updatedAt: null })
    const [doc] = await db().select().from(privateDocument).where(eq(privateDocument.id, mine))
    expect(doc?.deletedAt).not.toBeNull()
  })
})

describe('criteria', () => {
  it('are versioned: a new version only on a change, only by the owner; an application keeps its version', async () => {
    const { owner, home } = await homeWithCriteria()
    const first = await findCriteria(db(), home.id)
    expect(first).toMatchObject({ version: 1, incomeMultiple: 3, petPolicy: 'cats', maxOccupants: 4, accepting: true })
    const same = await saveCriteria(t.services, { ownerId: owner.id, listingId: home.id, input: criteriaInput })
    expect(same.id).toBe(first!.id)
    const renter = await renterWithProfile()
    const sent = await apply(renter, home.id)
    expect(sent.criteriaId).toBe(first!.id)
    const second = await saveCriteria(t.services, {
      ownerId: owner.id,
      listingId: home.id,
      input: { ...criteriaInput, incomeMultiple: '2.5' },
    })
    expect(second).toMatchObject({ version: 2, incomeMultiple: 2.5 })
    const view = await findApplication(db(), { applicationId: sent.id, viewerId: owner.id })
    expect(view.criteria?.version).toBe(1)
    expect(view.checks.find((c) => c.criterion === 'income')).toMatchObject({
      met: true,
      detail: '$6,000 a month, 3.6 × the rent; asks 3 ×',
    })

    const stranger = await listings.landlord()
    expect(await codeOf(saveCriteria(t.services, { ownerId: stranger.id, listingId: home.id, input: criteriaInput }))).toBe('not-found')
    await saveCriteria(t.services, { ownerId: owner.id, listingId: home.id, input: { ...criteriaInput, accepting: '' } })
    expect(await codeOf(apply(await renterWithProfile(), home.id))).toBe('conflict')
  })
})

describe('applying', () => {
  it('copies the profile: a later edit changes nothing sent; documents, rent, IP and expiry are recorded', async () => {
    const { owner, home } = await homeWithCriteria()
    const renter = await listings.renter()
    const doc = await addDocument(renter.id)
    await saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile({ documentIds: [doc] }) })
    const sent = await apply(renter, home.id)
    expect(sent).toMatchObject({ state: 'submitted', rentCents: 165_000, leaseMonths: 12, moveInDate: '2027-01-15' })
    expect(sent.expiresAt!.getTime() - sent.submittedAt!.getTime()).toBe(30 * 86_400_000)
    await saveRenterProfile(t.services, {
      userId: renter.id,
      profile: completeRenterProfile({ legalName: 'Alex Renamed', documentIds: [doc] }),
    })
    const view = await findApplication(db(), {
      applicationId: sent.id,
      viewerId: owner.id,
      linkFor: (id, reader) => `/d/${id}?r=${reader}`,
    })
    expect(view.snapshot?.legalName).toBe('Alex Q. Morgan')
    expect(view.applicantName).toBe('Alex Q. Morgan')
    expect(view.documentList).toMatchObject([{ id: doc, url: `/d/${doc}?r=${owner.id}` }])
    expect(view).toMatchObject({ viewerRole: 'landlord', occupants: 2, pets: 1, documents: 1, references: 1, incomeToRent: 3.6 })
    expect(view.historyYears).toBeGreaterThanOrEqual(4)
    expect(view.events).toMatchObject([{ action: 'submitted', actor: 'Test renter', toState: 'submitted' }])
    const [event] = await db().select().from(applicationEvent).where(eq(applicationEvent.applicationId, sent.id))
    expect(event?.ipAddress).toBe('203.0.113.9')
    expect(view.actions.sort()).toEqual(['approved', 'conditionally_approved', 'declined', 'info_requested', 'review_started'])

    expect(await codeOf(apply(renter, home.id))).toBe('conflict')
    expect(await codeOf(applyToListing(t.services, { renterId: owner.id, listingId: home.id, input: applyInput }))).toBe('invalid')
    await t.services.jobs.runUntilIdle()
    expect(mailTo(owner).filter((m) => m.subject.startsWith('New application from Alex Q. Morgan'))).toHaveLength(1)
  })

  it('refuses a blocked renter and a home no longer available', async () => {
    const { owner, home } = await homeWithCriteria()
    const renter = await renterWithProfile()
    await db().insert(userBlock).values({ blockerId: owner.id, blockedId: renter.id })
    expect(await codeOf(apply(renter, home.id))).toBe('forbidden')
    const leased = await listings.create({ ownerId: owner.id, status: 'leased' })
    expect(await codeOf(apply(await renterWithProfile(), leased.id))).toBe('conflict')
  })

  it('keeps one live application per renter and home under two simultaneous applies', async () => {
    const { home } = await homeWithCriteria()
    const renter = await renterWithProfile()
    const results = await Promise.allSettled([apply(renter, home.id), apply(renter, home.id)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const [lost] = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code: string; message: string }] : []))
    expect(lost).toMatchObject({ code: 'conflict', message: 'You have already applied for this home.' })
  })
})

describe('transitions', () => {
  it('each is open only to its party and from its states', async () => {
    const { owner, home } = await homeWithCriteria()
    const renter = await renterWithProfile()
    const { id } = await apply(renter, home.id)
    expect(await codeOf(change(id, renter, 'review_started'))).toBe('forbidden')
    expect(await codeOf(change(id, owner, 'withdrawn'))).toBe('forbidden')
    expect(await codeOf(change(id, renter, 'info_provided', { note: 'x' }))).toBe('conflict')
    await change(id, owner, 'review_started')
    expect(await codeOf(change(id, owner, 'review_started'))).toBe('conflict')
    await change(id, owner, 'info_requested', { text: 'A recent pay slip, please.' })
    expect(await codeOf(change(id, renter, 'info_provided', { note: '' }))).toBe('invalid')
    await change(id, renter, 'info_provided', { note: 'Uploaded the March pay slip.' })
    const view = await findApplication(db(), { applicationId: id, viewerId: renter.id })
    expect(view.state).toBe('submitted')
    expect(view.actions).toEqual(['withdrawn'])
    expect(view.events.map((e) => [e.action, e.actor])).toEqual([
      ['submitted', 'You'],
      ['review_started', 'Test landlord'],
      ['info_requested', 'Test landlord'],
      ['info_provided', 'You'],
    ])
    expect(view.events[3]?.reason).toBe('Uploaded the March pay slip.')
    await change(id, renter, 'withdrawn', { reason: 'Found another place.' })
    expect(await codeOf(change(id, owner, 'approved'))).toBe('conflict')
    expect(await codeOf(change(id, renter, 'withdrawn'))).toBe('conflict')
  })

  it('to a third person — another renter, another landlord, an administrator — it does not exist', async () => {
    const { home } = await homeWithCriteria()
    const { id } = await apply(await renterWithProfile(), home.id)
    for (const stranger of [await listings.renter(), await listings.landlord(), await listings.admin()]) {
      expect(await codeOf(findApplication(db(), { applicationId: id, viewerId: stranger.id }))).toBe('not-found')
      for (const action of [
        'review_started',
        'info_requested',
        'info_provided',
        'approved',
        'conditionally_approved',
        'declined',
        'withdrawn',
      ] as const) {
        expect(await codeOf(change(id, stranger, action, { text: 'x', note: 'x', reasons: ['income'], conditions: ['guarantor'] }))).toBe(
          'not-found',
        )
      }
      expect(await codeOf(listListingApplications(db(), { listingId: home.id, ownerId: stranger.id }))).toBe('not-found')
    }
  })

  it('a decline is the applicant’s written notice: the reasons in words and no consumer report', async () => {
    const { owner, home } = await homeWithCriteria()
    const renter = await renterWithProfile()
    const { id } = await apply(renter, home.id)
    expect(await codeOf(change(id, owner, 'declined', { reasons: ['other'] }))).toBe('invalid')
    await change(id, owner, 'declined', { reasons: ['income', 'other'], text: 'We need a co-signer for this unit.' })
    await t.services.jobs.runUntilIdle()
    const [notice] = mailTo(renter).filter((m) => m.subject.startsWith('Your application was declined'))
    expect(notice?.text).toContain('Income below the published criteria')
    expect(notice?.text).toContain('We need a co-signer for this unit.')
    expect(notice?.text).toContain('No consumer report was used in this decision: Cooper Home obtains none.')
  })

  it('a conditional approval asks a deposit within the state’s limit', async () => {
    const { owner, home } = await homeWithCriteria()
    const renter = await renterWithProfile()
    const { id } = await apply(renter, home.id)
    const asked = (depositCents: number) =>
      changeApplication(t.services, {
        applicationId: id,
        actorId: owner.id,
        action: 'conditionally_approved',
        input: { conditions: ['higher_deposit'], depositCents },
      })
    // The home is in Delaware: at most one month's rent (Del. Code tit. 25, § 5514(a)).
    expect(await codeOf(asked(200_000))).toBe('invalid')
    await asked(165_000)
    await t.services.jobs.runUntilIdle()
    const [notice] = mailTo(renter).filter((m) => m.subject.startsWith('Your application is approved with conditions'))
    expect(notice?.text).toContain('Security deposit asked: $1,650')
    expect(notice?.text).toContain('No consumer report was used')
  })

  it('the review reads one page in order of arrival, with the total and the compared ones from any page', async () => {
    const { owner, home } = await homeWithCriteria()
    const ids: number[] = []
    for (let i = 0; i < 3; i += 1) ids.push((await apply(await renterWithProfile(), home.id)).id)
    const read = (number: number, chosen: number[] = []) =>
      listListingApplications(db(), { listingId: home.id, ownerId: owner.id, page: { number, size: 2 }, chosen })
    const first = await read(1)
    expect(first.total).toBe(3)
    expect(first.applications.map((a) => a.id)).toEqual(ids.slice(0, 2))
    const last = await read(9, [ids[0]!, 999_999])
    expect(last.page.number).toBe(2)
    expect(last.applications.map((a) => a.id)).toEqual([ids[2]])
    expect(last.chosen.map((a) => a.id)).toEqual([ids[0]])
  })

  it('approving a home as taken declines the others, tells each once, and stops new applications', async () => {
    const { owner, home } = await homeWithCriteria()
    const chosen = await renterWithProfile()
    const others = [await renterWithProfile(), await renterWithProfile()]
    const { id } = await apply(chosen, home.id)
    // One after the other, so their order of arrival is the order the review lists them in.
    const otherIds: number[] = []
    for (const renter of others) otherIds.push((await apply(renter, home.id)).id)
    expect((await countWaitingApplications(db(), { ownerId: owner.id, listingIds: [home.id] })).get(home.id)).toBe(3)
    await change(id, owner, 'approved', { homeTaken: true })
    await t.services.jobs.runUntilIdle()
    for (const otherId of otherIds) {
      await t.services.jobs.send('application-home-taken', { applicationId: otherId })
    }
    await t.services.jobs.runUntilIdle()
    for (const renter of others) {
      const told = mailTo(renter).filter((m) => m.subject.startsWith('The home has been let'))
      expect(told).toHaveLength(1)
      expect(told[0]?.text).toContain('Another applicant was chosen')
      expect(told[0]?.text).toContain('No consumer report was used')
    }
    const view = await findApplication(db(), { applicationId: otherIds[0]!, viewerId: others[0]!.id })
    expect(view).toMatchObject({ state: 'declined', declineReasons: ['another_applicant'] })
    expect(view.events.map((e) => [e.action, e.actor])).toEqual([
      ['submitted', 'You'],
      ['declined', 'Cooper Home'],
      ['home_taken_notice', 'Cooper Home'],
    ])
    expect(await findCriteria(db(), home.id)).toMatchObject({ version: 2, accepting: false, incomeMultiple: 3 })
    expect(await codeOf(apply(await renterWithProfile(), home.id))).toBe('conflict')
    expect(mailTo(chosen).filter((m) => m.subject.startsWith('Your application is approved'))).toHaveLength(1)
    const page = await listListingApplications(db(), { listingId: home.id, ownerId: owner.id })
    expect(page.applications.map((a) => [a.id, a.state])).toEqual([
      [id, 'approved'],
      [otherIds[0], 'declined'],
      [otherIds[1], 'declined'],
    ])
    expect((await countWaitingApplications(db(), { ownerId: owner.id, listingIds: [home.id] })).get(home.id)).toBeUndefined()
  })
})

describe('the jobs', () => {
  it('expire open applications past their time, by the site, and tell both parties', async () => {
    const { owner, home } = await homeWithCriteria()
    const renter = await renterWithProfile()
    const { id } = await apply(renter, home.id)
    expect(await expireApplications(t.services, new Date(Date.now() + 29 * 86_400_000))).toBe(0)
    expect(await expireApplications(t.services, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1)
    const view = await findApplication(db(), { applicationId: id, viewerId: renter.id })
    expect(view.state).toBe('expired')
    expect(view.events.at(-1)).toMatchObject({ action: 'expired', actor: 'Cooper Home' })
    await t.services.jobs.runUntilIdle()
    expect(mailTo(renter).filter((m) => m.subject.startsWith('Your application expired'))).toHaveLength(1)
    expect(mailTo(owner).filter((m) => /^The application from .* expired/.test(m.subject))).toHaveLength(1)
    expect((await findListingApplyState(db(), { listingId: home.id, viewerId: renter.id })).application).toEqual({ id, state: 'expired' })
  })

  it('delete documents 90 days after a decline, keep the decision, and keep what a live application still carries', async () => {
    const { owner, home } = await homeWithCriteria()
    const second = await homeWithCriteria()
    const renter = await listings.renter()
    const shared = await addDocument(renter.id)
    const only = await addDocument(renter.id)
    await saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile({ documentIds: [shared, only] }) })
    const declined = await apply(renter, home.id)
    await saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile({ documentIds: [shared] }) })
    await apply(renter, second.home.id)
    await saveRenterProfile(t.services, { userId: renter.id, profile: completeRenterProfile() })
    await change(declined.id, owner, 'declined', { reasons: ['references'] })

    const removed: number[] = []
    const removeFiles = async (ids: number[]) => void removed.push(...ids)
    expect(await deleteRetainedDocuments(t.services, { now: new Date(Date.now() + 89 * 86_400_000), removeFiles })).toEqual({
      applications: 0,
      documents: 0,
    })
    const later = new Date(Date.now() + 91 * 86_400_000)
    const first = await deleteRetainedDocuments(t.services, { now: later, removeFiles })
    expect(first.documents).toBeGreaterThanOrEqual(1)
    expect(removed).toContain(only)
    expect(removed).not.toContain(shared)
    expect(await deleteRetainedDocuments(t.services, { now: later, removeFiles })).toMatchObject({ documents: 0 })

    const view = await findApplication(db(), { applicationId: declined.id, viewerId: renter.id, linkFor: () => '/link' })
    expect(view).toMatchObject({ state: 'declined', declineReasons: ['references'], documents: 0 })
    expect(view.documentList.every((d) => d.url === null)).toBe(true)
    expect(view.events.at(-1)).toMatchObject({ action: 'documents_deleted', actor: 'Cooper Home' })
    const [kept] = await db().select().from(privateDocument).where(eq(privateDocument.id, shared))
    expect(kept?.deletedAt).toBeNull()
  })
})

describe('what the database keeps', () => {
  it('refuses to change or delete an event', async () => {
    const { home } = await homeWithCriteria()
    const { id } = await apply(await renterWithProfile(), home.id)
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (e: { message: string; cause?: { message: string } }) => e.cause?.message ?? e.message,
      )
    const update = db().update(applicationEvent).set({ reason: 'edited' }).where(eq(applicationEvent.applicationId, id))
    expect(await refusal(update)).toContain('application_event is append-only: UPDATE refused')
    expect(await refusal(db().delete(applicationEvent).where(eq(applicationEvent.applicationId, id)))).toContain(
      'application_event is append-only: DELETE refused',
    )
    const [events] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(applicationEvent)
      .where(eq(applicationEvent.applicationId, id))
    expect(events?.n).toBe(1)
  })

  it('lists a renter’s applications newest first, and a listing page’s state for them', async () => {
    const renter = await renterWithProfile()
    const a = await homeWithCriteria()
    const b = await homeWithCriteria()
    const first = await apply(renter, a.home.id)
    const second = await apply(renter, b.home.id)
    expect((await listRenterApplications(db(), renter.id)).map((s) => s.id)).toEqual([second.id, first.id])
    const state = await findListingApplyState(db(), { listingId: a.home.id, viewerId: renter.id })
    expect(state).toMatchObject({ application: { id: first.id, state: 'submitted' }, profileMissing: [], criteria: { version: 1 } })
    expect(await findListingApplyState(db(), { listingId: a.home.id, viewerId: (await listings.renter()).id })).toMatchObject({
      application: null,
      profileMissing: null,
    })
    await db().delete(renterApplication).where(eq(renterApplication.userId, renter.id))
  })
})
