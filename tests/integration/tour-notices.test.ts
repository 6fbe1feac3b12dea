// How both parties of a tour are told: the e-mail with its calendar invitation (one UID, a rising
// SEQUENCE, REQUEST then CANCEL), the reminders queued for their hour, the expiry job, the line in
// their conversation about the listing and the live event, on the real services.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import { listConversations, readThread } from '#server/messages/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import {
  changeTour,
  expireTours,
  findOpenSlots,
  requestTour,
  rescheduleTour,
  saveAvailability,
  sendTourReminder,
  TOUR_REMINDER_JOB,
} from '#server/tours/index.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

describe('tour notices', () => {
  let t: TestServices
  let listings: ReturnType<typeof listingFactory>
  const news: PublicNews[] = []
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    listings = listingFactory(db())
    t.services.realtime.subscribe((n) => news.push(n))
  })
  afterAll(async () => {
    await t.close()
  })

  async function setUp() {
    const owner = await listings.landlord()
    const renter = await listings.renter()
    const home = await listings.create({ ownerId: owner.id, title: 'Bright flat by the river' })
    const windows = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '18:00' }))
    await saveAvailability(db(), { viewerId: owner.id, listingId: home.id, input: { ...DEFAULT_AVAILABILITY, windows, noticeHours: 2 } })
    const open = await findOpenSlots(db(), { listingId: home.id })
    // Two days ahead: both reminders are still to come.
    const times = open.days[2]!.slots.map((s) => s.startsAt)
    return { owner, renter, home, times }
  }

  const mailTo = (person: Person, subject: RegExp) => t.mail.messages.filter((m) => m.to.includes(person.email) && subject.test(m.subject))

  it('mails both sides an invitation that keeps its UID, raises its SEQUENCE, and is cancelled with the same UID', async () => {
    const { owner, renter, home, times } = await setUp()
    const booked = await requestTour(t.services, { renterId: renter.id, listingId: home.id, input: { startsAt: times[0], partySize: 2 } })
    await t.services.jobs.runUntilIdle()
    const [asked] = mailTo(owner, /^New tour request/)
    expect(asked?.text).toContain('Confirm or decline it before')
    expect(asked?.calendar).toMatch(/METHOD:REQUEST\r?\n/)
    expect(asked?.calendar).toContain(`UID:${booked.uid}`)
    expect(asked?.calendar).toMatch(/SEQUENCE:0\r?\n/)
    expect(asked?.calendar).toMatch(/STATUS:TENTATIVE\r?\n/)
    expect(mailTo(renter, /^Tour requested/)).toHaveLength(1)

    await changeTour(t.services, { name: 'confirm', viewerId: owner.id, tourId: booked.id })
    await t.services.jobs.runUntilIdle()
    await changeTour(t.services, { name: 'cancel', viewerId: renter.id, tourId: booked.id, input: { reason: 'We signed elsewhere' } })
    await t.services.jobs.runUntilIdle()
    const [confirmed] = mailTo(renter, /^Tour confirmed/)
    expect(confirmed?.calendar).toMatch(/SEQUENCE:1\r?\n/)
    expect(confirmed?.calendar).toMatch(/STATUS:CONFIRMED\r?\n/)
    const [cancelled] = mailTo(owner, /^Tour cancelled/)
    expect(cancelled?.text).toContain('Reason: We signed elsewhere')
    expect(cancelled?.calendar).toMatch(/METHOD:CANCEL\r?\n/)
    expect(cancelled?.calendar).toContain(`UID:${booked.uid}`)
    expect(cancelled?.calendar).toMatch(/SEQUENCE:2\r?\n/)
  })

  it('queues reminders 24 and 2 hours before, and reminds only of a confirmed tour still at that time', async () => {
    const { owner, renter, home, times } = await setUp()
    const booked = await requestTour(t.services, { renterId: renter.id, listingId: home.id, input: { startsAt: times[0], partySize: 1 } })
    const queued = await db().execute<{ data: { tourId: number; hours: number }; start_after: string }>(
      sql`select data, start_after from pgboss.job where name = ${TOUR_REMINDER_JOB} and (data->>'tourId')::bigint = ${booked.id} order by start_after`,
    )
    const rows = 'rows' in queued ? queued.rows : (queued as unknown as { data: { hours: number }; start_after: string }[])
    expect(rows.map((r) => [r.data.hours, new Date(r.start_after).toISOString()])).toEqual([
      [24, new Date(Date.parse(times[0]!) - 24 * 3_600_000).toISOString()],
      [2, new Date(Date.parse(times[0]!) - 2 * 3_600_000).toISOString()],
    ])
    const context = { db: db(), mailer: t.services.mailer, publicUrl: t.services.config.publicUrl }
    expect(await sendTourReminder(context, { tourId: booked.id, startsAt: times[0]!, hours: 24 })).toBe(0) // not confirmed yet
    await changeTour(t.services, { name: 'confirm', viewerId: owner.id, tourId: booked.id })
    expect(await sendTourReminder(context, { tourId: booked.id, startsAt: times[0]!, hours: 24 })).toBe(2)
    expect(mailTo(renter, /^Reminder: tour tomorrow/)).toHaveLength(1)
    await rescheduleTour(t.services, { viewerId: renter.id, tourId: booked.id, input: { startsAt: times[3] } })
    expect(await sendTourReminder(context, { tourId: booked.id, startsAt: times[0]!, hours: 2 })).toBe(0) // moved since
  })

  it('expires an unanswered request through the job and tells both sides', async () => {
    const { owner, renter, home, times } = await setUp()
    const booked = await requestTour(t.services, { renterId: renter.id, listingId: home.id, input: { startsAt: times[0], partySize: 1 } })
    expect(await expireTours(t.services, new Date(booked.answerBy.getTime() + 1000))).toBeGreaterThanOrEqual(1)
    await t.services.jobs.runUntilIdle()
    expect(mailTo(owner, /^Tour request expired/)[0]?.calendar).toMatch(/METHOD:CANCEL\r?\n/)
    expect(mailTo(renter, /^Tour request expired/)).toHaveLength(1)
    await vi.waitFor(() =>
      expect(news).toContainEqual({ kind: 'tour', tourId: booked.id, state: 'expired', userIds: [renter.id, owner.id] }),
    )
  })

  it('writes a line in the conversation about the listing, live, for each change a person makes', async () => {
    const { owner, renter, home, times } = await setUp()
    const booked = await requestTour(t.services, { renterId: renter.id, listingId: home.id, input: { startsAt: times[1], partySize: 3 } })
    await changeTour(t.services, { name: 'decline', viewerId: owner.id, tourId: booked.id, input: { reason: 'Shown to someone already' } })
    const [conversation] = (await listConversations(db(), { userId: renter.id })).filter((c) => c.listing?.id === home.id)
    const thread = await readThread(db(), { userId: renter.id, conversationId: conversation!.id })
    const bodies = thread.messages.map((m) => m.body)
    expect(bodies[0]).toMatch(/^Tour requested: \w+day, \w+ \d+ at \d+:\d\d [AP]M E[SD]T, party of 3\.$/)
    expect(bodies[1]).toMatch(/^Tour declined: .* Reason: Shown to someone already$/)
    await vi.waitFor(() => {
      expect(news.filter((n) => n.kind === 'dm' && n.userIds.includes(renter.id))).toHaveLength(2)
      expect(news).toContainEqual({ kind: 'tour', tourId: booked.id, state: 'declined', userIds: [renter.id, owner.id] })
    })
  })
})
