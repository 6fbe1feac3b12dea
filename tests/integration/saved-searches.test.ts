// Saved searches and notifications, for the renter: what a save refuses and why, the limit of 50,
// someone else's saved search "not found" on every read and write, what each finds now and how many
// homes are new since last seen, pausing, the Cooper Index condition's coverage, and the notifications
// list, its pages, marking read and the unread count (with its news to the renter's open pages).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  changeSavedSearch,
  countUnreadAlerts,
  createSavedSearch,
  deleteSavedSearch,
  findAlertSettings,
  findIndexCoverage,
  findNotifications,
  findSavedSearch,
  findSavedSearches,
  markAlertsRead,
  markSavedSearchSeen,
  pauseSavedSearch,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
} from '#server/alerts/index.server.ts'
import { alert, alertPreference, listingAlertChange, savedSearch, savedSearchHit } from '#server/db/schema.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { saveSearchSchema, savedSearchSettingsSchema } from '#common/alerts/schemas.ts'
import { parseForm } from '#common/forms.ts'
import { MAX_SAVED_SEARCHES } from '#common/alerts/vocabulary.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

const params = (query: string) => new URLSearchParams(query)
/** The page's text as read: React's markers between adjacent texts dropped. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '')
const save = { name: '', frequency: 'daily' as const, belowIndexPercent: null, timeZone: undefined }

describe('saved searches', () => {
  let t: TestServices
  let pages: PageApp
  let renter: TestUser
  let stranger: TestUser
  let landlord: Person
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    renter = await signUpVerifiedUser(t, { name: 'Sam Searcher' })
    stranger = await signUpVerifiedUser(t, { name: 'Nosy Neighbour' })
    const listings = listingFactory(db())
    landlord = await listings.landlord()
    for (const [title, bedrooms, rent] of [
      ['Saved-search loft by the river', 2, 150_000],
      ['Saved-search cottage with a garden', 3, 210_000],
      ['Saved-search studio over the bakery', 0, 95_000],
    ] as const) {
      await listings.create({
        ownerId: landlord.id,
        title,
        bedrooms,
        lease: { monthlyRentCents: rent, minTermMonths: 12, depositCents: rent },
      })
    }
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  it('refuses a bad form with messages that say what is wrong', () => {
    const tooLong = parseForm(saveSearchSchema, { name: 'x'.repeat(81), frequency: 'hourly', belowIndexPercent: '60' })
    expect(tooLong).toEqual({
      ok: false,
      fieldErrors: {
        name: ['The name can have at most 80 characters.'],
        frequency: ['Choose how often to hear of new homes.'],
        belowIndexPercent: ['The percentage below the Cooper Index must be a whole number from 1 to 50.'],
      },
    })
    expect(parseForm(savedSearchSettingsSchema, { name: '  ', frequency: 'weekly', belowIndexPercent: '' })).toMatchObject({
      fieldErrors: { name: ['Give the search a name.'] },
    })
    expect(parseForm(saveSearchSchema, { frequency: 'instant', belowIndexPercent: '12', timeZone: 'Mars/Olympus' })).toEqual({
      ok: true,
      data: { name: '', frequency: 'instant', belowIndexPercent: 12, timeZone: undefined },
    })
  })

  it('names an unnamed search after it, and refuses a search that does not read with its own words', async () => {
    const saved = await createSavedSearch(db(), {
      userId: renter.id,
      params: params('q=wilmington&beds=2&maxPrice=2000&view=map&cursor=abc'),
      input: { ...save, timeZone: 'America/Chicago' },
    })
    expect(saved.name).toBe('2+ bedrooms in Wilmington, DE under $2,000')
    const [row] = await db().select().from(savedSearch).where(eq(savedSearch.id, saved.id))
    expect(row!.query).toBe('q=wilmington&maxPrice=2000&beds=2')

    await expect(
      createSavedSearch(db(), { userId: renter.id, params: params('minPrice=3000&maxPrice=1000'), input: save }),
    ).rejects.toMatchObject({ code: 'invalid', message: 'This search cannot be saved: Maximum price must be at least the minimum price.' })
    await deleteSavedSearch(db(), { userId: renter.id, id: saved.id })
  })

  it('saves from /properties without JavaScript, and updates the saved search the page was opened from', async () => {
    const post = (path: string, fields: Record<string, string>, cookie?: string) =>
      pages.app.request(formRequest(path, fields, cookie ? { headers: { Cookie: cookie } } : {}))
    const signedOut = await post('/properties?beds=2', { intent: 'save-search', frequency: 'daily' })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/login?redirectTo=%2Fproperties%3Fbeds%3D2')

    const saved = await post(
      '/properties?beds=2&view=list',
      { intent: 'save-search', name: 'Two bedrooms', frequency: 'weekly', timeZone: 'America/Denver' },
      renter.cookie,
    )
    expect(saved.status).toBe(302)
    const opened = saved.headers.get('Location')!
    const id = Number(new URL(opened, 'http://localhost').searchParams.get('saved'))
    expect(opened).toBe(`/properties?beds=2&view=list&saved=${id}`)
    const form = textOf((await pages.get(opened, renter.cookie)).html)
    expect(form).toContain('Update “Two bedrooms” with this search')
    // The form says what "Instantly" means before anyone chooses it: ten homes an hour one by one, then gathered.
    expect(form).toContain('up to 10 an hour; past that, the rest come together, at most one e-mail every 5 minutes')

    const updated = await post(
      `/properties?beds=3&q=saved-search&saved=${id}`,
      { intent: 'update-search', savedSearchId: String(id) },
      renter.cookie,
    )
    expect(updated.status).toBe(302)
    expect(await findSavedSearch(db(), { userId: renter.id, id })).toMatchObject({
      name: 'Two bedrooms',
      query: 'q=saved-search&beds=3',
      frequency: 'weekly',
    })
    // Someone else cannot update it, nor learn it exists.
    const theirs = await post(`/properties?beds=1&saved=${id}`, { intent: 'update-search', savedSearchId: String(id) }, stranger.cookie)
    expect(theirs.status).toBe(404)
    expect((await findSavedSearch(db(), { userId: renter.id, id })).query).toBe('q=saved-search&beds=3')
    await deleteSavedSearch(db(), { userId: renter.id, id })
  })

  it(`keeps at most ${MAX_SAVED_SEARCHES} saved searches per renter`, async () => {
    const { id: userId } = await listingFactory(db()).renter()
    await db()
      .insert(savedSearch)
      .values(
        Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => ({
          userId,
          name: `Search ${i}`,
          query: `minPrice=${i + 1}`,
          frequency: 'never',
        })),
      )
    await expect(createSavedSearch(db(), { userId, params: params('beds=1'), input: save })).rejects.toMatchObject({
      code: 'conflict',
      message: TOO_MANY_SAVED_SEARCHES,
    })
    expect(await findSavedSearches(db(), { userId })).toHaveLength(MAX_SAVED_SEARCHES)
  })

  it("answers someone else's saved search as not found, on every read and write", async () => {
    const { id } = await createSavedSearch(db(), { userId: renter.id, params: params('beds=3'), input: { ...save, name: 'Mine only' } })
    const theirs = { userId: stranger.id, id }
    const notFound = { code: 'not-found', message: SAVED_SEARCH_NOT_FOUND }
    await expect(findSavedSearch(db(), theirs)).rejects.toMatchObject(notFound)
    await expect(
      changeSavedSearch(db(), { ...theirs, settings: { name: 'Stolen', frequency: 'instant', belowIndexPercent: null } }),
    ).rejects.toMatchObject(notFound)
    await expect(pauseSavedSearch(db(), { ...theirs, isPaused: true })).rejects.toMatchObject(notFound)
    await expect(deleteSavedSearch(db(), theirs)).rejects.toMatchObject(notFound)

    expect((await pages.get(`/searches/${id}`, stranger.cookie)).status).toBe(404)
    expect((await pages.get('/searches/not-a-number', renter.cookie)).status).toBe(404)
    const deleted = await pages.app.request(
      formRequest('/searches', { intent: 'delete', id: String(id) }, { headers: { Cookie: stranger.cookie } }),
    )
    expect(deleted.status).toBe(404)
    expect((await findSavedSearch(db(), { userId: renter.id, id })).name).toBe('Mine only')
    expect((await pages.get('/searches', stranger.cookie)).html).not.toContain('Mine only')
    const signedOut = await pages.app.request(`http://localhost:3000/searches/${id}`)
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe(`/login?redirectTo=%2Fsearches%2F${id}`)
    await deleteSavedSearch(db(), { userId: renter.id, id })
  })

  it('counts what each search finds now and the homes announced since it was last opened', async () => {
    const { id } = await createSavedSearch(db(), {
      userId: renter.id,
      params: params('q=saved-search'),
      input: { ...save, name: 'Counted' },
    })
    const other = await createSavedSearch(db(), { userId: renter.id, params: params('beds=3&q=saved-search'), input: save })
    const counted = () => findSavedSearches(db(), { userId: renter.id }).then((all) => all.find((search) => search.id === id)!)
    expect(await counted()).toMatchObject({ homesNow: { total: 3, isTotalCapped: false }, newSinceSeen: 0, isPaused: false })

    // Two homes announced to this search (the delivery writes these; here they are written directly).
    const changes = await db().select().from(listingAlertChange).where(eq(listingAlertChange.ownerId, landlord.id))
    for (const change of changes.slice(0, 2)) {
      const [told] = await db()
        .insert(alert)
        .values({ userId: renter.id, changeId: change.id, listingId: change.listingId, kind: 'new-match', savedSearchIds: [id] })
        .returning({ id: alert.id })
      await db().insert(savedSearchHit).values({ savedSearchId: id, listingId: change.listingId, alertId: told!.id, kind: 'new-match' })
    }
    expect((await counted()).newSinceSeen).toBe(2)
    expect((await findSavedSearches(db(), { userId: renter.id })).find((search) => search.id === other.id)).toMatchObject({
      homesNow: { total: 1 },
      newSinceSeen: 0,
    })
    const listed = textOf((await pages.get('/searches', renter.cookie)).html)
    expect(listed).toContain('2 new since you last looked')
    expect(listed).toContain('3 homes now')

    // Opening it (through the page's Open) takes it to /properties with its query; nothing is new any more.
    const opened = await pages.app.request(
      formRequest('/searches', { intent: 'open', id: String(id) }, { headers: { Cookie: renter.cookie } }),
    )
    expect(opened.status).toBe(302)
    expect(opened.headers.get('Location')).toBe(`/properties?q=saved-search&saved=${id}`)
    expect((await counted()).newSinceSeen).toBe(0)
    await markSavedSearchSeen(db(), { userId: renter.id, id })

    // Paused, it says so and keeps its counts.
    await pauseSavedSearch(db(), { userId: renter.id, id, isPaused: true })
    expect(await counted()).toMatchObject({ isPaused: true, homesNow: { total: 3 } })
    expect((await pages.get('/searches', renter.cookie)).html).toContain('Paused: announces nothing')
    await db().delete(alert).where(eq(alert.userId, renter.id))
    await deleteSavedSearch(db(), { userId: renter.id, id })
    await deleteSavedSearch(db(), { userId: renter.id, id: other.id })
  })

  it('shows a search whose dates have passed with the reason, and finds nothing with it', async () => {
    const [row] = await db()
      .insert(savedSearch)
      .values({ userId: renter.id, name: 'Last summer', query: 'checkIn=2020-07-01&checkOut=2020-07-05', frequency: 'never' })
      .returning({ id: savedSearch.id })
    const search = await findSavedSearch(db(), { userId: renter.id, id: row!.id })
    expect(search.homesNow).toBeNull()
    expect(search.problems.length).toBeGreaterThan(0)
    const page = await pages.get(`/searches/${row!.id}`, renter.cookie)
    expect(page.status).toBe(200)
    expect(page.html).toContain('This search no longer reads')
    await deleteSavedSearch(db(), { userId: renter.id, id: row!.id })
  })

  it('says what the Cooper Index condition compares with, and when the index has too little data', async () => {
    expect(await findIndexCoverage(db(), { query: 'beds=2' })).toEqual({ kind: 'any-city' })
    expect(await findIndexCoverage(db(), { query: 'q=wilmington%2C+de&beds=2' })).toEqual({
      kind: 'city',
      place: 'Wilmington, DE',
      groups: [{ bedrooms: '2-bedroom', typical: null }],
    })
    const { id } = await createSavedSearch(db(), {
      userId: renter.id,
      params: params('q=Wilmington, DE&beds=3'),
      input: { ...save, name: 'Bargains', belowIndexPercent: 10 },
    })
    const page = await pages.get(`/searches/${id}`, renter.cookie)
    expect(page.html).toContain(
      'The Cooper Index has too little data for 3-bedroom and larger homes in Wilmington, DE yet: this condition matches none there until it has.',
    )
    expect(page.html).toContain('not advice')
    await deleteSavedSearch(db(), { userId: renter.id, id })
  })

  it('shows each notification on its page, marked new until that page was opened', async () => {
    const [change] = await db().select().from(listingAlertChange).where(eq(listingAlertChange.ownerId, landlord.id)).limit(1)
    const { id } = await createSavedSearch(db(), {
      userId: renter.id,
      params: params('q=saved-search'),
      input: { ...save, name: 'Riverside' },
    })
    const belowIndex = {
      percentBelow: 12.4,
      levelCents: 210_000,
      rentCents: 184_000,
      bandHalfWidth: 0.04,
      pairs: 312,
      marketName: 'Wilmington',
      month: '2026-10-01',
    }
    await db()
      .insert(alert)
      .values({
        userId: renter.id,
        changeId: change!.id,
        listingId: change!.listingId,
        kind: 'new-match',
        savedSearchIds: [id],
        belowIndex,
      })
    expect((await pages.get('/', renter.cookie)).html).toContain('aria-label="Notifications, 1 unread"')

    const first = textOf((await pages.get('/notifications', renter.cookie)).html)
    expect(first).toContain('New home for “Riverside”')
    expect(first).toMatch(/>New<\/span>/)
    expect(first).toContain('12 % below the typical $2,100 for 2-bedroom homes in Wilmington (90 % band ±4 %, 312 repeat rents)')
    expect(await countUnreadAlerts(db(), renter.id)).toBe(0)
    const again = textOf((await pages.get('/notifications', renter.cookie)).html)
    expect(again).toContain('New home for “Riverside”')
    expect(again).not.toMatch(/>New<\/span>/)
    expect((await pages.get('/', renter.cookie)).html).toContain('aria-label="Notifications"')
    await db().delete(alert).where(eq(alert.userId, renter.id))
    await deleteSavedSearch(db(), { userId: renter.id, id })
  })

  it('says when e-mail alerts are paused because the address bounced, and resumes them', async () => {
    await db()
      .insert(alertPreference)
      .values({ userId: renter.id, bouncedAt: new Date() })
      .onConflictDoUpdate({ target: alertPreference.userId, set: { bouncedAt: new Date() } })
    expect((await pages.get('/searches', renter.cookie)).html).toContain('Your address bounced; e-mail alerts are paused.')
    const resumed = await pages.app.request(formRequest('/searches', { intent: 'resume-emails' }, { headers: { Cookie: renter.cookie } }))
    expect(resumed.status).toBe(302)
    expect((await findAlertSettings(db(), renter.id)).bouncedAt).toBeNull()
    expect((await pages.get('/searches', renter.cookie)).html).not.toContain('Your address bounced')
  })

  it('refuses a bad edit on the page with 400 and changes nothing', async () => {
    const { id } = await createSavedSearch(db(), { userId: renter.id, params: params('beds=1'), input: { ...save, name: 'Kept' } })
    const refused = await pages.app.request(
      formRequest(
        `/searches/${id}`,
        { intent: 'settings', name: '', frequency: 'daily', belowIndexPercent: '99' },
        { headers: { Cookie: renter.cookie } },
      ),
    )
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Give the search a name.')
    expect(html).toContain('The percentage below the Cooper Index must be a whole number from 1 to 50.')
    expect((await findSavedSearch(db(), { userId: renter.id, id })).name).toBe('Kept')
    await deleteSavedSearch(db(), { userId: renter.id, id })
  })
})

describe('notifications', () => {
  let t: TestServices
  let renter: Person
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(db())
    renter = await listings.renter()
    const owner = await listings.landlord()
    // Five homes published, each a change the renter is told of, oldest first.
    for (let n = 1; n <= 5; n += 1) await listings.create({ ownerId: owner.id, title: `Notified home ${n}` })
    const changes = await db()
      .select()
      .from(listingAlertChange)
      .where(eq(listingAlertChange.ownerId, owner.id))
      .orderBy(listingAlertChange.id)
    for (const change of changes) {
      await db().insert(alert).values({ userId: renter.id, changeId: change.id, listingId: change.listingId, kind: 'new-match' })
    }
  }, 120_000)

  afterAll(async () => {
    await t?.close()
  })

  it('lists them newest first a page at a time, marks the ones shown read, and tells the renter’s pages the count', async () => {
    const news: PublicNews[] = []
    const unsubscribe = t.services.realtime.subscribe((one) => news.push(one))
    expect(await countUnreadAlerts(db(), renter.id)).toBe(5)

    const first = await findNotifications(db(), { userId: renter.id, limit: 3 })
    expect(first.items.map((item) => item.listing.title)).toEqual(['Notified home 5', 'Notified home 4', 'Notified home 3'])
    expect(first.items.every((item) => !item.isRead)).toBe(true)
    expect(first.items[0]!.listing.path).toMatch(/^\/properties\/notified-home-5-\d+$/)
    const second = await findNotifications(db(), { userId: renter.id, limit: 3, before: first.nextBefore! })
    expect(second.items.map((item) => item.listing.title)).toEqual(['Notified home 2', 'Notified home 1'])
    expect(second.nextBefore).toBeNull()

    expect(await markAlertsRead(t.services, { userId: renter.id, ids: first.items.map((item) => item.id) })).toBe(2)
    await vi.waitFor(() => expect(news).toContainEqual({ kind: 'alerts', counts: [{ userId: renter.id, unread: 2 }] }))
    // Someone else's alerts are not theirs to mark.
    const stranger = await listingFactory(db()).renter()
    expect(await markAlertsRead(t.services, { userId: stranger.id, ids: second.items.map((item) => item.id) })).toBe(0)
    expect(await countUnreadAlerts(db(), renter.id)).toBe(2)

    expect(await markAlertsRead(t.services, { userId: renter.id, ids: 'all' })).toBe(0)
    await vi.waitFor(() => expect(news).toContainEqual({ kind: 'alerts', counts: [{ userId: renter.id, unread: 0 }] }))
    expect((await findNotifications(db(), { userId: renter.id })).items.every((item) => item.isRead)).toBe(true)
    unsubscribe()
  })
})
