// Maintenance requests on the real services and database (PGlite and PostgreSQL): filed by a tenant of a
// fully signed lease, moved through every step by the side allowed to take it, each step e-mailed to the
// other side; every refusal; the landlord's list; the emergency reminder with a clock of the test's own;
// the request's own chat thread; the history the database keeps from being changed; and 404 for anyone else.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLease } from '#server/leases/index.server.ts'
import {
  acknowledgeRequest,
  addRequestPhotos,
  cancelRequest,
  closeRequest,
  completeRequest,
  escalateEmergencies,
  fileRequest,
  findRequest,
  listRequests,
  openRequestThread,
  reopenRequest,
  scheduleRequest,
  startRequestWork,
  type MaintenanceActor,
} from '#server/maintenance/index.server.ts'
import { listConversations, openConversation } from '#server/messages/index.server.ts'
import { actorOf, approvedApplication, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { solidImage } from '#tests/support/images.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { requestInput, signedLease, type SignedLease } from '#tests/support/maintenance.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
let home: SignedLease
let stranger: MaintenanceActor
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
  await publishLeaseTemplate(db())
  home = await signedLease(t, listings)
  const person = await listings.renter()
  stranger = { userId: person.id, email: person.email, name: 'Stranger' }
})
afterAll(async () => {
  await t.close()
})

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string }) => `${e.code ?? ''}: ${e.message}`,
  )
}

const file = (overrides: Record<string, unknown> = {}, now?: Date) =>
  fileRequest(t.services, { actor: home.tenant, input: requestInput(home.leaseId, overrides), ...(now ? { now } : {}) })

async function mailsTo(email: string, subject: RegExp) {
  await t.services.jobs.runUntilIdle()
  return t.mail.messages.filter((mail) => mail.to.includes(email) && subject.test(mail.subject))
}

describe('a request from filing to closing', () => {
  it('is filed by the tenant, acknowledged, scheduled, started and completed by the landlord, and closed by the tenant', async () => {
    const row = await file({ title: 'Bathroom fan is dead' })
    expect(row.state).toBe('new')
    expect(await mailsTo(home.owner.email, /^New maintenance request: Bathroom fan is dead/)).toHaveLength(1)

    const filed = await findRequest(db(), { requestId: row.id, viewer: home.tenant })
    expect(filed.viewerSide).toBe('tenant')
    expect(filed.steps).toEqual(['cancelled'])
    expect(filed.windows).toEqual([{ date: '2099-01-05', from: '09:00', to: '12:00' }])
    expect(filed.timeZone).toBe('America/New_York')
    expect((await findRequest(db(), { requestId: row.id, viewer: home.landlord })).steps).toEqual([
      'acknowledged',
      'scheduled',
      'cancelled',
    ])

    await acknowledgeRequest(t.services, { requestId: row.id, actor: home.landlord })
    const scheduled = await scheduleRequest(t.services, {
      requestId: row.id,
      actor: home.landlord,
      input: { date: '2099-01-05', time: '10:30', note: 'The plumber is Sam.' },
    })
    // 10:30 in Wilmington (EST in January) is 15:30 UTC.
    expect(scheduled.scheduledFor?.toISOString()).toBe('2099-01-05T15:30:00.000Z')
    const visit = await mailsTo(home.renter.email, /^Visit scheduled: Bathroom fan is dead/)
    expect(visit).toHaveLength(1)
    expect(visit[0]!.text).toContain('10:30 AM EST')
    expect(visit[0]!.text).toContain('The plumber is Sam.')

    await startRequestWork(t.services, { requestId: row.id, actor: home.landlord })
    await completeRequest(t.services, { requestId: row.id, actor: home.landlord })
    expect((await findRequest(db(), { requestId: row.id, viewer: home.tenant })).steps).toEqual(['closed', 'reopened'])
    expect((await closeRequest(t.services, { requestId: row.id, actor: home.tenant })).state).toBe('closed')

    const view = await findRequest(db(), { requestId: row.id, viewer: home.landlord })
    expect(view.events.map((event) => `${event.action}:${event.toState}`)).toEqual([
      'filed:new',
      'acknowledged:acknowledged',
      'scheduled:scheduled',
      'started:in_progress',
      'completed:completed',
      'closed:closed',
    ])
    expect(view.steps).toEqual([])
    expect(await mailsTo(home.owner.email, /^Maintenance request closed/)).toHaveLength(1)
  })

  it('is reopened by the tenant when not fixed, and goes round again', async () => {
    const row = await file()
    await acknowledgeRequest(t.services, { requestId: row.id, actor: home.landlord })
    await completeRequest(t.services, { requestId: row.id, actor: home.landlord })
    const reopened = await reopenRequest(t.services, { requestId: row.id, actor: home.tenant, input: { note: 'Still dripping.' } })
    expect(reopened.state).toBe('reopened')
    expect(await mailsTo(home.owner.email, /^Maintenance request reopened/)).toHaveLength(1)
    expect((await acknowledgeRequest(t.services, { requestId: row.id, actor: home.landlord })).state).toBe('acknowledged')
  })
})

describe('refusals', () => {
  it('refuses a step to the side that may not take it, or from the wrong state, and changes nothing', async () => {
    const row = await file()
    expect(await codeOf(acknowledgeRequest(t.services, { requestId: row.id, actor: home.tenant }))).toBe(
      'forbidden: The landlord acknowledges a request.',
    )
    expect(await codeOf(closeRequest(t.services, { requestId: row.id, actor: home.landlord }))).toBe(
      'forbidden: The tenant closes a completed request.',
    )
    expect(await codeOf(closeRequest(t.services, { requestId: row.id, actor: home.tenant }))).toBe(
      'conflict: This request is new: it cannot be closed now.',
    )
    expect(await codeOf(startRequestWork(t.services, { requestId: row.id, actor: home.landlord }))).toBe(
      'conflict: This request is new: it cannot be started now.',
    )
    expect(
      await codeOf(scheduleRequest(t.services, { requestId: row.id, actor: home.landlord, input: { date: '2001-01-01', time: '10:00' } })),
    ).toBe('invalid: The visit must be in the future.')
    expect(await codeOf(scheduleRequest(t.services, { requestId: row.id, actor: home.landlord, input: { date: 'soon' } }))).toMatch(
      /^invalid: /,
    )
    expect(await codeOf(cancelRequest(t.services, { requestId: row.id, actor: home.landlord }))).toBe(
      'invalid: Say why you cancel the request.',
    )
    const view = await findRequest(db(), { requestId: row.id, viewer: home.tenant })
    expect(view.state).toBe('new')
    expect(view.events).toHaveLength(1)
  })

  it('lets the tenant cancel before work starts, and only the landlord afterwards, with a reason', async () => {
    const early = await file()
    expect((await cancelRequest(t.services, { requestId: early.id, actor: home.tenant })).state).toBe('cancelled')
    expect(await codeOf(acknowledgeRequest(t.services, { requestId: early.id, actor: home.landlord }))).toBe(
      'conflict: This request is cancelled: it cannot be acknowledged now.',
    )

    const late = await file()
    await acknowledgeRequest(t.services, { requestId: late.id, actor: home.landlord })
    await startRequestWork(t.services, { requestId: late.id, actor: home.landlord })
    expect(await codeOf(cancelRequest(t.services, { requestId: late.id, actor: home.tenant }))).toMatch(/^conflict: Work has started/)
    const cancelled = await cancelRequest(t.services, {
      requestId: late.id,
      actor: home.landlord,
      input: { note: 'Replaced the whole unit instead.' },
    })
    expect(cancelled.state).toBe('cancelled')
    const mails = await mailsTo(home.renter.email, /^Maintenance request cancelled/)
    expect(mails.some((mail) => mail.text.includes('Replaced the whole unit instead.'))).toBe(true)
  })

  it('refuses a request with bad fields, one from the landlord, and one for a lease not signed', async () => {
    const before = await listRequests(db(), home.tenant)
    const bad = await codeOf(file({ category: 'dragons', title: '', windows: [{ date: '2099-01-05', from: '12:00', to: '09:00' }] }))
    expect(bad).toMatch(/^invalid: /)
    expect(await codeOf(file({ windows: [{ date: '2001-01-05', from: '09:00', to: '10:00' }] }))).toBe(
      'invalid: A time window is in the past.',
    )
    expect(await codeOf(fileRequest(t.services, { actor: home.landlord, input: requestInput(home.leaseId) }))).toMatch(
      /^forbidden: A tenant of the lease files/,
    )
    const draft = await approvedApplication(t, listings)
    const lease = await createLease(t.services, { actor: await actorOf(db(), draft.owner), input: { applicationId: draft.applicationId } })
    const renter = { userId: draft.renter.id, email: draft.renter.email, name: 'Renter' }
    expect(await codeOf(fileRequest(t.services, { actor: renter, input: requestInput(lease.id) }))).toMatch(/^not-found: /)
    expect((await listRequests(db(), home.tenant)).tenant).toHaveLength(before.tenant.length)
  })
})

describe('a third person', () => {
  it('gets not-found for the request, every step, its thread, and filing on the lease', async () => {
    const row = await file()
    const requestId = row.id
    const notFound = 'not-found: No such maintenance request.'
    expect(await codeOf(findRequest(db(), { requestId, viewer: stranger }))).toBe(notFound)
    for (const step of [
      acknowledgeRequest,
      scheduleRequest,
      startRequestWork,
      completeRequest,
      closeRequest,
      reopenRequest,
      cancelRequest,
    ]) {
      expect(await codeOf(step(t.services, { requestId, actor: stranger, input: { date: '2099-01-01', time: '10:00', note: 'x' } }))).toBe(
        notFound,
      )
    }
    expect(await codeOf(openRequestThread(db(), { requestId, viewer: stranger }))).toBe(notFound)
    expect(await codeOf(fileRequest(t.services, { actor: stranger, input: requestInput(home.leaseId) }))).toMatch(/^not-found: /)
    expect(await listRequests(db(), stranger)).toEqual({ landlord: [], tenant: [] })
    expect((await findRequest(db(), { requestId, viewer: home.tenant })).events).toHaveLength(1)
  })
})

describe('the landlord’s list', () => {
  it('shows open requests across the landlord’s homes, most urgent then oldest first', async () => {
    const other = await signedLease(t, listings)
    const start = Date.UTC(2098, 0, 1)
    const routineOld = await file({ urgency: 'routine', title: 'Old routine' }, new Date(start))
    const urgentNew = await file({ urgency: 'urgent', title: 'New urgent' }, new Date(start + 60_000))
    const urgentOld = await file({ urgency: 'urgent', title: 'Old urgent' }, new Date(start - 60_000))
    const mine = (await listRequests(db(), home.landlord)).landlord.map((summary) => summary.id)
    const positions = [urgentOld.id, urgentNew.id, routineOld.id].map((id) => mine.indexOf(id))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(mine).not.toContain((await listRequests(db(), home.tenant)).tenant.find((summary) => summary.state === 'closed')?.id)
    // Another landlord sees none of them.
    expect((await listRequests(db(), other.landlord)).landlord).toEqual([])
  })
})

describe('an emergency left unacknowledged', () => {
  it('is e-mailed to the landlord again after 4 hours, once', async () => {
    const filedAt = new Date(Date.now() - 60_000)
    const emergency = await file({ urgency: 'emergency', title: 'Gas smell in the hall' }, filedAt)
    const answered = await file({ urgency: 'emergency', title: 'No heat at all' }, filedAt)
    await acknowledgeRequest(t.services, { requestId: answered.id, actor: home.landlord })
    const hours = (h: number) => new Date(filedAt.getTime() + h * 3_600_000)

    expect(await escalateEmergencies(t.services, { now: hours(3.9) })).toBe(0)
    expect(await escalateEmergencies(t.services, { now: hours(4.1) })).toBe(1)
    expect(await escalateEmergencies(t.services, { now: hours(5) })).toBe(0)
    const reminders = await mailsTo(home.owner.email, /^Emergency still not acknowledged after 4 hours/)
    expect(reminders.map((mail) => mail.subject)).toEqual(['Emergency still not acknowledged after 4 hours: Gas smell in the hall'])
    const view = await findRequest(db(), { requestId: emergency.id, viewer: home.tenant })
    expect(view.events.map((event) => event.action)).toEqual(['filed', 'escalated'])
    expect(view.state).toBe('new')
  })
})

describe('the request’s own thread', () => {
  it('is one conversation for the request, apart from the pair’s other conversations, listed in the chat', async () => {
    const row = await file({ title: 'Window will not close' })
    expect((await findRequest(db(), { requestId: row.id, viewer: home.tenant })).conversationId).toBeNull()
    const fromTenant = await openRequestThread(db(), { requestId: row.id, viewer: home.tenant })
    expect(await openRequestThread(db(), { requestId: row.id, viewer: home.landlord })).toBe(fromTenant)
    const plain = await openConversation(db(), { userId: home.tenant.userId, otherUserId: home.landlord.userId })
    expect(plain.conversationId).not.toBe(fromTenant)
    const another = await file({ title: 'Door sticks' })
    expect(await openRequestThread(db(), { requestId: another.id, viewer: home.tenant })).not.toBe(fromTenant)
    expect((await findRequest(db(), { requestId: row.id, viewer: home.landlord })).conversationId).toBe(fromTenant)
    const listed = await listConversations(db(), { userId: home.landlord.userId })
    expect(listed.find((item) => item.id === fromTenant)?.maintenance).toEqual({ id: row.id, title: 'Window will not close' })
  })
})

describe('photos', () => {
  it('are kept for the request, linked for each party only, refused past the cap or when not images', async () => {
    const row = await file()
    const png = await solidImage(64, 48).png().toBuffer()
    expect(await addRequestPhotos(t.services, { requestId: row.id, viewer: home.tenant, files: [png] })).toBe(1)
    const tenantView = await findRequest(db(), { requestId: row.id, viewer: home.tenant })
    const landlordView = await findRequest(db(), { requestId: row.id, viewer: home.landlord })
    expect(tenantView.photos).toHaveLength(1)
    expect(tenantView.photos[0]).toMatchObject({ width: 64, height: 48 })
    expect(landlordView.photos[0]!.url).not.toBe(tenantView.photos[0]!.url)
    expect(landlordView.photos[0]!.url).toMatch(/^\/photos\//)

    expect(await codeOf(addRequestPhotos(t.services, { requestId: row.id, viewer: stranger, files: [png] }))).toBe(
      'not-found: No such maintenance request.',
    )
    expect(
      await codeOf(addRequestPhotos(t.services, { requestId: row.id, viewer: home.tenant, files: [Buffer.from('not an image')] })),
    ).toMatch(/^invalid: /)
    expect(await codeOf(addRequestPhotos(t.services, { requestId: row.id, viewer: home.tenant, files: Array(8).fill(png) }))).toBe(
      'invalid: A request has at most 8 photos.',
    )
    expect((await findRequest(db(), { requestId: row.id, viewer: home.tenant })).photos).toHaveLength(1)
  })
})

describe('the record', () => {
  it('keeps events from being changed or deleted, and requests from being deleted', async () => {
    const row = await file()
    const refused = (statement: ReturnType<typeof sql>) =>
      db()
        .execute(statement)
        .then(
          () => 'done',
          () => 'refused',
        )
    expect(await refused(sql`update maintenance_event set note = 'changed' where request_id = ${row.id}`)).toBe('refused')
    expect(await refused(sql`delete from maintenance_event where request_id = ${row.id}`)).toBe('refused')
    expect(await refused(sql`delete from maintenance_request where id = ${row.id}`)).toBe('refused')
    expect((await findRequest(db(), { requestId: row.id, viewer: home.tenant })).events[0]!.note).toBe('')
  })
})
