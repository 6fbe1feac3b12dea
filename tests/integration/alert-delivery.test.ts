// Alerts delivered: a listing change becomes one alert per person, an instant e-mail with one-click
// unsubscribe, a digest at the renter's hour, and bounces pause e-mail. Saved searches are written
// directly (their pages are tested on their own).
import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as unsubscribeLoader } from '#app/routes/alerts-unsubscribe.tsx'
import { ALERT_CHANGES_FLOOR_JOB, markBounced, pauseSavedSearch, sendDigests, sendInstantEmail } from '#server/alerts/index.server.ts'
import { INSTANT_EMAIL_FLOOR_MS, INSTANT_EMAILS_ONE_BY_ONE } from '#common/alerts/limits.ts'
import { alert, alertPreference, savedSearch, savedSearchHit } from '#server/db/schema.ts'
import { mailBounceRoutes } from '#server/http/mail-bounces-api.server.ts'
import { archiveListing, deleteListing, markLeased, publishListing, saveListing } from '#server/listings/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { linkIn } from '#tests/support/mail-catcher.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { AlertFrequency } from '#common/alerts/vocabulary.ts'

const BOUNCE_SECRET = 'bounce-secret-bounce-secret-0123'

describe('alert delivery', () => {
  let t: TestServices
  let landlord: Person
  let factory: ReturnType<typeof listingFactory>
  const news: PublicNews[] = []
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices({ MAIL_BOUNCE_SECRET: BOUNCE_SECRET })
    factory = listingFactory(db())
    landlord = await factory.landlord()
    t.services.realtime.subscribe((item) => void news.push(item))
  })
  afterAll(async () => {
    await t.close()
  })

  /** Every listing change noted so far queued, worked, and its e-mails sent. */
  const settle = async () => {
    await t.services.alertQueue.settled()
    await t.services.jobs.runUntilIdle()
  }
  /** Changes written by SQL: what the floor job, every minute, queues. */
  const runFloor = async () => {
    await t.services.jobs.send(ALERT_CHANGES_FLOOR_JOB)
    await t.services.jobs.runUntilIdle()
  }
  const saveSearch = async (userId: string, name: string, query: string, frequency: AlertFrequency = 'instant') => {
    const [row] = await db().insert(savedSearch).values({ userId, name, query, frequency }).returning({ id: savedSearch.id })
    return row!.id
  }
  /**
   * The e-mail floor passed for this renter: their alert e-mails moved back by it, then their e-mail
   * job run as it would be then (it waits in the queue until that time).
   */
  const passFloor = async (userId: string) => {
    await db().execute(
      sql`update alert set emailed_at = emailed_at - make_interval(secs => ${INSTANT_EMAIL_FLOOR_MS / 1000}) where user_id = ${userId}`,
    )
    return sendInstantEmail({ db: db(), mailer: t.services.mailer, publicUrl: TEST_ORIGIN, logger: t.services.logger }, userId)
  }
  const alertsOf = (userId: string) => db().select().from(alert).where(eq(alert.userId, userId)).orderBy(alert.id)
  const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()))
  const waitForNews = async (userId: string, unread: number) => {
    for (
      let i = 0;
      i < 100 && !news.some((n) => n.kind === 'alerts' && n.counts.some((c) => c.userId === userId && c.unread === unread));
      i += 1
    ) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    return news.some((n) => n.kind === 'alerts' && n.counts.some((c) => c.userId === userId && c.unread === unread))
  }

  it('tells a renter once of a new home two of their searches match, by one e-mail whose one-click unsubscribe works; never its owner', async () => {
    const renter = await factory.renter()
    const near = await saveSearch(renter.id, 'Wilmington', 'q=Wilmington&maxPrice=2500')
    const twoBeds = await saveSearch(renter.id, 'Two bedrooms in Wilmington', 'q=Wilmington&beds=2')
    await saveSearch(landlord.id, 'My own city', 'q=Wilmington')

    const home = await factory.create({ ownerId: landlord.id, title: 'Brick rowhouse on Lovering Avenue' })
    await settle()

    const [told, ...more] = await alertsOf(renter.id)
    expect(more).toHaveLength(0)
    expect(told).toMatchObject({ kind: 'new-match', listingId: home.id, savedSearchIds: [near, twoBeds] })
    expect(await db().select().from(savedSearchHit).where(eq(savedSearchHit.alertId, told!.id))).toHaveLength(2)
    expect(await alertsOf(landlord.id)).toHaveLength(0)
    expect(await waitForNews(renter.id, 1)).toBe(true)

    const mails = mailsTo(renter.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toBe('New home for "Wilmington" and more: Brick rowhouse on Lovering Avenue, $1,650')
    expect(mail.text).toContain('"Wilmington", "Two bedrooms in Wilmington"')
    expect(mail.text).toContain(`${TEST_ORIGIN}/properties/brick-rowhouse-on-lovering-avenue-${home.id}`)
    expect(mail.text).toContain(`${TEST_ORIGIN}/searches`)
    const unsubscribeUrl = linkIn(mail, `${TEST_ORIGIN}/alerts/unsubscribe/`)
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`)
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mailsTo(landlord.email)).toHaveLength(0)

    // A mail provider posts the link from its own servers: no cookie, another origin.
    const posted = await t.app.request(unsubscribeUrl, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example' },
    })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toBe(
      'Unsubscribed: you will no longer get e-mails about your saved searches "Wilmington" and "Two bedrooms in Wilmington".',
    )
    const frequencies = await db().select({ frequency: savedSearch.frequency }).from(savedSearch).where(eq(savedSearch.userId, renter.id))
    expect(frequencies.map((s) => s.frequency)).toEqual(['never', 'never'])
    // Every other write from another site is still refused.
    const elsewhere = await t.app.request(`${TEST_ORIGIN}/properties/new`, {
      method: 'POST',
      body: 'title=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example' },
    })
    expect(elsewhere.status).toBe(403)

    // Still told on the site, no longer by e-mail.
    await factory.create({ ownerId: landlord.id, title: 'Second rowhouse on Lovering Avenue' })
    await settle()
    expect(await alertsOf(renter.id)).toHaveLength(2)
    expect(await passFloor(renter.id)).toMatchObject({ sent: false })
    expect(mailsTo(renter.email)).toHaveLength(1)
  })

  it('refuses a forged or altered unsubscribe link and changes nothing', async () => {
    const renter = await factory.renter()
    await saveSearch(renter.id, 'Kept', 'q=Wilmington')
    const forged = 'c2VhcmNoZXM6MQp1c2VyLTE.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
    for (const token of [forged, 'nonsense']) {
      const posted = await t.app.request(`${TEST_ORIGIN}/alerts/unsubscribe/${token}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(posted.status).toBe(400)
      expect(await posted.text()).toMatch(/not valid.*Nothing was changed/)
      const page = (await unsubscribeLoader({
        request: new Request(`${TEST_ORIGIN}/alerts/unsubscribe/${token}`),
        params: { token },
        context: t.context(),
      } as never)) as unknown as { init: { status: number }; data: { reading: { status: string } } }
      expect(page.init.status).toBe(400)
      expect(page.data.reading.status).toBe('invalid')
    }
    expect((await db().select().from(savedSearch).where(eq(savedSearch.userId, renter.id)))[0]!.frequency).toBe('instant')
  })

  it('announces a home once per saved search: withdrawn and published again, it is not new again', async () => {
    const renter = await factory.renter()
    await saveSearch(renter.id, 'Lofts', 'q=Wilmington&beds=2')
    const home = await factory.create({ ownerId: landlord.id, title: 'Loft above the old mill' })
    await settle()
    await archiveListing(db(), { viewerId: landlord.id, listingId: home.id })
    await publishListing(db(), { viewerId: landlord.id, listingId: home.id })
    await settle()
    const told = (await alertsOf(renter.id)).filter((a) => a.listingId === home.id)
    expect(told.map((a) => a.kind)).toEqual(['new-match'])
    await passFloor(renter.id)
    expect(mailsTo(renter.email).filter((m) => m.subject.includes('Loft above the old mill'))).toHaveLength(1)
  })

  it('tells of a lower price to the searches that match and to those who saved the home, then of its lease; changes by SQL are queued by the floor', async () => {
    const saver = await factory.renter()
    const searcher = await factory.renter()
    await saveSearch(searcher.id, 'Under $2,000', 'q=Wilmington&maxPrice=2000')
    const home = await factory.create({ ownerId: landlord.id, title: 'Garden flat on Rodney Street' })
    const other = await factory.create({ ownerId: landlord.id, title: 'Attic room on Rodney Street' })
    await saveListing(db(), { user: saver, listingId: home.id })
    await saveListing(db(), { user: saver, listingId: other.id })
    const gone = await factory.create({ ownerId: landlord.id, title: 'Basement flat on Rodney Street' })
    await saveListing(db(), { user: saver, listingId: gone.id })
    await saveListing(db(), { user: landlord, listingId: home.id })
    await settle()
    const before = mailsTo(searcher.email).length
    // A search the home only enters at its lower price: to it, a new home.
    const bargainHunter = await factory.renter()
    await saveSearch(bargainHunter.id, 'Under $1,550', 'q=Wilmington&maxPrice=1550')

    // A bulk price change in SQL: nobody notes it, the floor queues it.
    await db().execute(sql`update listing set monthly_rent_cents = 150000, all_in_monthly_cents = 150000 where id = ${home.id}`)
    await runFloor()
    const [saverDrop] = await alertsOf(saver.id)
    expect(saverDrop).toMatchObject({ kind: 'saved-price-drop', listingId: home.id, savedSearchIds: [] })
    const searcherDrops = (await alertsOf(searcher.id)).filter((a) => a.kind === 'match-price-drop')
    expect(searcherDrops.map((a) => a.listingId)).toEqual([home.id])
    const savedMail = mailsTo(saver.email).at(-1)!
    expect(savedMail.subject).toBe('A home you saved costs less: Garden flat on Rodney Street, $1,500')
    expect(savedMail.text).toContain('Price lowered from $1,650 to $1,500')
    expect(savedMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mailsTo(searcher.email)).toHaveLength(before + 1)
    expect((await alertsOf(bargainHunter.id)).map((a) => [a.kind, a.listingId])).toEqual([['new-match', home.id]])
    expect(mailsTo(bargainHunter.email).map((m) => m.subject)).toEqual([
      'New home for "Under $1,550": Garden flat on Rodney Street, $1,500',
    ])
    expect(await alertsOf(landlord.id)).toHaveLength(0)

    await markLeased(db(), { viewerId: landlord.id, listingId: home.id })
    await archiveListing(db(), { viewerId: landlord.id, listingId: other.id })
    await deleteListing(db(), { viewerId: landlord.id, listingId: gone.id })
    await settle()
    // Each change is its own job: their order is not the test's.
    const kinds = (await alertsOf(saver.id))
      .map((a) => [a.kind, a.listingId] as const)
      .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1])
    expect(kinds).toEqual([
      ['saved-leased', home.id],
      ['saved-price-drop', home.id],
      ['saved-withdrawn', other.id],
      ['saved-withdrawn', gone.id],
    ])
    // Deleted: told by its title, with nothing left to link to.
    const goneMail = mailsTo(saver.email).find((m) => m.subject === 'A home you saved is off the market: Basement flat on Rodney Street')!
    expect(goneMail.text).not.toContain(`-${gone.id}`)
    expect(mailsTo(saver.email).map((m) => m.subject)).toContain('A home you saved was leased: Garden flat on Rodney Street')
    expect(mailsTo(searcher.email)).toHaveLength(before + 1)
  })

  it(`tells of each home by its own e-mail, past ${INSTANT_EMAILS_ONE_BY_ONE} an hour of the rest in one e-mail after a floor of minutes, and nothing of a search paused meanwhile`, async () => {
    const renter = await factory.renter()
    const porches = await saveSearch(renter.id, 'Porches', 'q=Wilmington&beds=3')
    // A bulk import of more homes than one person gets e-mails about, one by one, in an hour.
    const homes = []
    for (let i = 1; i <= INSTANT_EMAILS_ONE_BY_ONE + 2; i += 1) {
      homes.push(await factory.create({ ownerId: landlord.id, title: `Porch house number ${i}`, bedrooms: 3 }))
    }
    await settle()
    const singles = mailsTo(renter.email)
    expect(singles).toHaveLength(INSTANT_EMAILS_ONE_BY_ONE)
    for (const mail of singles) expect(mail.subject).toMatch(/^New home for "Porches": Porch house number \d+, \$1,650$/)
    expect(new Set(singles.map((m) => m.subject)).size).toBe(INSTANT_EMAILS_ONE_BY_ONE)
    expect(singles[0]!.headers['list-unsubscribe']).toBe(`<${linkIn(singles[0]!, `${TEST_ORIGIN}/alerts/unsubscribe/`)}>`)
    const held = (await alertsOf(renter.id)).filter((a) => a.emailedAt === null)
    expect(held).toHaveLength(2)

    // The floor passed: the rest in one e-mail.
    expect(await passFloor(renter.id)).toMatchObject({ sent: true, alerts: 2 })
    const rest = mailsTo(renter.email).at(-1)!
    expect(rest.subject).toBe('2 new homes for your saved searches')
    for (const alert of held) expect(rest.text).toContain(`-${alert.listingId}`)
    expect(rest.text).toContain('For your saved search "Porches"')
    expect(rest.text).toContain(`${TEST_ORIGIN}/searches/${porches}`)
    expect((await alertsOf(renter.id)).every((a) => a.emailedAt !== null)).toBe(true)

    // Another home within the floor: it waits; the search paused meanwhile, none goes; the home is still told on the site.
    await factory.create({ ownerId: landlord.id, title: 'Porch house on Polk Street', bedrooms: 3 })
    await settle()
    expect(mailsTo(renter.email)).toHaveLength(INSTANT_EMAILS_ONE_BY_ONE + 1)
    await pauseSavedSearch(db(), { userId: renter.id, id: porches, isPaused: true })
    expect(await passFloor(renter.id)).toMatchObject({ sent: false })
    expect(mailsTo(renter.email)).toHaveLength(INSTANT_EMAILS_ONE_BY_ONE + 1)
    const alerts = await alertsOf(renter.id)
    expect(alerts).toHaveLength(homes.length + 1)
    expect(alerts.at(-1)!.emailedAt).toBeNull()
  })

  it('sends a daily digest at the renter’s hour in their time zone, grouping searches, 20 homes at most, and nothing when nothing is new', async () => {
    const renter = await factory.renter()
    await db().insert(alertPreference).values({ userId: renter.id, timeZone: 'America/Los_Angeles', digestHour: 8 })
    const dear = await saveSearch(renter.id, 'Roomy and dear', 'q=Wilmington&beds=4&minPrice=3000', 'daily')
    const roomy = await saveSearch(renter.id, 'Roomy', 'q=Wilmington&beds=4', 'daily')
    await factory.create({ ownerId: landlord.id, title: 'Grand four-bedroom on Bancroft Parkway', bedrooms: 4, lease: lease(310_000) })
    for (let i = 1; i <= 21; i += 1) {
      await factory.create({ ownerId: landlord.id, title: `Four-bedroom house number ${i}`, bedrooms: 4, lease: lease(200_000 + i * 100) })
    }
    await settle()
    expect(await alertsOf(renter.id)).toHaveLength(22)
    expect(mailsTo(renter.email)).toHaveLength(0)

    const context = { db: db(), mailer: t.services.mailer, publicUrl: TEST_ORIGIN, logger: t.services.logger }
    // 7:00 in Los Angeles (15:00 UTC): not yet.
    await sendDigests(context, { now: new Date('2026-12-01T15:00:00Z') })
    expect(mailsTo(renter.email)).toHaveLength(0)
    // 8:00 in Los Angeles.
    await sendDigests(context, { now: new Date('2026-12-01T16:00:00Z') })
    await t.mail.waitFor(renter.email)
    const [digest, ...more] = mailsTo(renter.email)
    expect(more).toHaveLength(0)
    expect(digest!.subject).toBe('Your daily alerts: 22 homes')
    const text = digest!.text
    expect(text.indexOf('Your search "Roomy and dear"')).toBeLessThan(text.indexOf('Your search "Roomy"\n'))
    expect(text).toContain('Grand four-bedroom on Bancroft Parkway')
    expect(text.match(/\/properties\//g)).toHaveLength(20)
    expect(text).toContain(`And 2 more: ${TEST_ORIGIN}/notifications`)
    const unsubscribeUrl = linkIn(digest!, `${TEST_ORIGIN}/alerts/unsubscribe/`)
    expect(digest!.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`)
    const undigested = await db()
      .select()
      .from(savedSearchHit)
      .where(and(sql`${savedSearchHit.savedSearchId} in (${dear}, ${roomy})`, sql`${savedSearchHit.digestedAt} is null`))
    expect(undigested).toHaveLength(0)

    // The same hour again, and the next day with nothing new: nothing.
    await sendDigests(context, { now: new Date('2026-12-01T17:00:00Z') })
    await sendDigests(context, { now: new Date('2026-12-02T16:00:00Z') })
    expect(mailsTo(renter.email)).toHaveLength(1)

    // The digest's link stops every daily search.
    const page = (await unsubscribeLoader({
      request: new Request(unsubscribeUrl),
      params: { token: unsubscribeUrl.split('/').pop()! },
      context: t.context(),
    } as never)) as unknown as { data: { reading: { stops: string } } }
    expect(page.data.reading.stops).toBe('your daily digest of saved searches')
    const posted = await t.app.request(unsubscribeUrl, {
      method: 'POST',
      body: 'confirm=yes',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toMatch(/\?done=1$/)
    const frequencies = await db().select({ frequency: savedSearch.frequency }).from(savedSearch).where(eq(savedSearch.userId, renter.id))
    expect(frequencies.map((s) => s.frequency)).toEqual(['never', 'never'])
  })

  it('carries the news of saved homes in the weekly digest, on the renter’s Monday, when that is their pace', async () => {
    const renter = await factory.renter()
    await db().insert(alertPreference).values({ userId: renter.id, timeZone: 'Asia/Tokyo', savedHomesFrequency: 'weekly' })
    const home = await factory.create({ ownerId: landlord.id, title: 'Townhouse on Delaware Avenue', bedrooms: 3 })
    await saveListing(db(), { user: renter, listingId: home.id })
    await markLeased(db(), { viewerId: landlord.id, listingId: home.id })
    await settle()
    expect((await alertsOf(renter.id)).map((a) => a.kind)).toEqual(['saved-leased'])
    expect(mailsTo(renter.email)).toHaveLength(0)

    const context = { db: db(), mailer: t.services.mailer, publicUrl: TEST_ORIGIN, logger: t.services.logger }
    // Tuesday 8:00 in Tokyo: not their Monday.
    await sendDigests(context, { now: new Date('2026-11-30T23:00:00Z') })
    expect(mailsTo(renter.email)).toHaveLength(0)
    // Monday 8:00 in Tokyo is Sunday 23:00 UTC.
    await sendDigests(context, { now: new Date('2026-12-06T23:00:00Z') })
    const digest = await t.mail.waitFor(renter.email)
    expect(digest.subject).toBe('Your weekly alerts: 1 home')
    expect(digest.text).toContain('Homes you saved')
    expect(digest.text).toContain('Townhouse on Delaware Avenue')
    expect(digest.text).toContain('Leased: no longer available')
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  })

  it('works digests in batches: paused searches and news past the horizon stay out, a failed send releases only its renter, a refusal pauses the address, two instances send each once', async () => {
    const [first, second, unlucky, refusing] = await Promise.all([factory.renter(), factory.renter(), factory.renter(), factory.renter()])
    const renters = [first, second, unlucky, refusing] as Person[]
    // 9:00 in Paris on Wednesday 2 December is 8:00 UTC: nobody else's hour.
    await db()
      .insert(alertPreference)
      .values(renters.map((r) => ({ userId: r.id, timeZone: 'Europe/Paris', digestHour: 9 })))
    for (const renter of renters) await saveSearch(renter.id, 'Five bedrooms', 'q=Wilmington&beds=5&maxPrice=3400', 'daily')
    const paused = await saveSearch(first!.id, 'Dearer five bedrooms', 'q=Wilmington&beds=5&minPrice=3500', 'daily')
    const old = await factory.create({
      ownerId: landlord.id,
      title: 'Five-bedroom farmhouse of last month',
      bedrooms: 5,
      lease: lease(320_000),
    })
    await settle()
    // News from before the horizon (eight days) is not carried.
    await db().execute(sql`update saved_search_hit set created_at = '2026-11-20T00:00:00Z' where listing_id = ${old.id}`)
    await db().execute(sql`update alert set created_at = '2026-11-20T00:00:00Z' where listing_id = ${old.id}`)
    await factory.create({ ownerId: landlord.id, title: 'Five-bedroom house on Shipley Road', bedrooms: 5, lease: lease(330_000) })
    await factory.create({ ownerId: landlord.id, title: 'Five-bedroom manor on Kentmere Parkway', bedrooms: 5, lease: lease(360_000) })
    await settle()
    // Paused after its news came: the news stays on the site, out of the digest.
    await db().update(savedSearch).set({ isPaused: true }).where(eq(savedSearch.id, paused))
    t.mail.refuse(refusing!.email)

    // The mail server loses the connection for one renter of the batch.
    const mailer = {
      async send(mail: Parameters<typeof t.services.mailer.send>[0]) {
        if (mail.to === unlucky!.email) throw new Error('Connection lost')
        await t.services.mailer.send(mail)
      },
    }
    const context = { db: db(), mailer, publicUrl: TEST_ORIGIN, logger: t.services.logger }
    const now = new Date('2026-12-02T08:00:00Z')
    // Two instances at the same hour, in batches of three, so the four renters cross a batch.
    const sent = await Promise.all([sendDigests(context, { now, batchSize: 3 }), sendDigests(context, { now, batchSize: 3 })])
    expect(sent[0] + sent[1]).toBe(2)
    for (const renter of [first!, second!]) {
      const digest = await t.mail.waitFor(renter.email)
      expect(digest.subject).toBe('Your daily alerts: 1 home')
      expect(digest.text).toContain('Five-bedroom house on Shipley Road')
      expect(digest.text).not.toContain('farmhouse of last month')
      expect(digest.text).not.toContain('Kentmere Parkway')
    }
    const preferences = async () =>
      new Map(
        (
          await db()
            .select()
            .from(alertPreference)
            .where(sql`${alertPreference.userId} in ${renters.map((r) => r.id)}`)
        ).map((p) => [p.userId, p]),
      )
    const afterFirst = await preferences()
    expect(afterFirst.get(first!.id)!.lastDailyDigestAt).toEqual(now)
    expect(afterFirst.get(unlucky!.id)!.lastDailyDigestAt).toBeNull()
    expect(afterFirst.get(refusing!.id)!.bouncedAt).not.toBeNull()
    expect(afterFirst.get(refusing!.id)!.lastDailyDigestAt).toBeNull()
    const emailed = async (renter: Person) => (await alertsOf(renter.id)).filter((a) => a.emailedAt !== null).length
    expect(await emailed(first!)).toBe(1)
    expect(await emailed(unlucky!)).toBe(0)

    // The next hour the mail server is back: the renter whose send failed gets theirs, nobody gets two.
    await sendDigests({ ...context, mailer: t.services.mailer }, { now: new Date('2026-12-02T09:00:00Z'), batchSize: 3 })
    const late = await t.mail.waitFor(unlucky!.email)
    expect(late.subject).toBe('Your daily alerts: 1 home')
    expect(await emailed(unlucky!)).toBe(1)
    expect(renters.map((r) => mailsTo(r.email).length)).toEqual([1, 1, 1, 0])
  })

  it('pauses alert e-mails to an address the mail server refuses, and to those a bounce webhook reports; alerts on the site go on', async () => {
    const renter = await factory.renter()
    await saveSearch(renter.id, 'Anything in Wilmington', 'q=Wilmington&beds=1')
    t.mail.refuse(renter.email)
    await factory.create({ ownerId: landlord.id, title: 'Bright studio on Market Street', bedrooms: 1 })
    await settle()
    const [preference] = await db().select().from(alertPreference).where(eq(alertPreference.userId, renter.id))
    expect(preference!.bouncedAt).not.toBeNull()
    const [told] = await alertsOf(renter.id)
    expect(told!.emailedAt).toBeNull()

    // The webhook: its secret, a clear 400 for a bad body, 404 when no secret is configured.
    const other = await factory.renter()
    const post = (body: string, secret = BOUNCE_SECRET, app: { request: Hono['request'] } = t.app) =>
      app.request(`${TEST_ORIGIN}/api/mail/bounces`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
      })
    expect((await post(JSON.stringify({ email: other.email }), 'wrong-secret-wrong-secret-wrong')).status).toBe(401)
    const bad = await post(JSON.stringify({ email: 'not an address' }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).detail).toMatch(/valid e-mail address|Send/)
    expect((await post('{')).status).toBe(400)
    const reported = await post(JSON.stringify([other.email.toUpperCase(), { email: 'nobody@example.com' }]))
    expect(reported.status).toBe(200)
    expect(await reported.json()).toEqual({ reported: 2, paused: 1 })
    const [paused] = await db().select().from(alertPreference).where(eq(alertPreference.userId, other.id))
    expect(paused!.bouncedAt).not.toBeNull()
    const withoutSecret = new Hono().route(
      '/api',
      mailBounceRoutes({ ...t.services, config: { ...t.services.config, MAIL_BOUNCE_SECRET: undefined } }),
    )
    expect((await post(JSON.stringify({ email: other.email }), BOUNCE_SECRET, withoutSecret)).status).toBe(404)

    await saveSearch(other.id, 'Studios', 'q=Wilmington&beds=1')
    await factory.create({ ownerId: landlord.id, title: 'Second studio on Market Street', bedrooms: 1 })
    await settle()
    expect((await alertsOf(other.id)).map((a) => a.emailedAt)).toEqual([null])
    expect(mailsTo(other.email)).toHaveLength(0)
    expect(await markBounced(db(), [])).toBe(0)
  })
})

function lease(monthlyRentCents: number) {
  return { monthlyRentCents, minTermMonths: 12, depositCents: monthlyRentCents }
}
