// Matching saved searches, by property: random listings (cities with near-miss names, a city whose
// first home comes late, neighborhoods, ZIPs, prices, rooms, types, pets, furnished, amenities, short
// stays with taken nights) are published one at a time in random order, some with their price lowered
// after, some withdrawn and some of those published again (a word or a place losing its last home or
// gaining its first changes what a text means), while random saved searches drawn over everything a search can ask (places, words, misspelt
// places, ZIP prefixes, negations, either-or, phrases, "2 bedroom", "in" and a state, every filter,
// map areas, dates) wait. After each, `matchListing` (the saved-search index, then the engine's test of
// one listing) must equal running every saved search through the search itself, all its pages. Then
// the rules by example: the owner's own, paused, lapsed dates, and saved searches written by SQL.
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savedSearch } from '#server/db/schema.ts'
import { findRentComparison } from '#server/cooper-index/index.server.ts'
import { matchListing } from '#server/alerts/index.server.ts'
import { belowIndexOf, searchFinds } from '#server/alerts/matching/match.server.ts'
import { publishListing, searchIndexOf, updateListing } from '#server/listings/index.server.ts'
import { readSavedQuery, searchInputOf } from '#common/alerts/saved-query.ts'
import type { ListingMatch } from '#common/alerts/types.ts'
import { ALERT_FREQUENCIES } from '#common/alerts/vocabulary.ts'
import { AMENITY_VALUES, LISTING_SORTS, LISTING_TYPES, type Amenity, type ListingType } from '#common/listings/vocabulary.ts'
import { addReadyPhoto, createPerson, listingFactory, type Person } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

type Random = () => number

const isPglite = testDatabaseKind() === 'pglite'
const isPostgres = testDatabaseKind() === 'postgres'
const LISTINGS = isPglite ? 50 : 100
const SAVED_SEARCHES = isPglite ? 200 : 300

const WORDS = ['sunny', 'garden', 'quiet', 'brick', 'river', 'kitchen', 'cozy', 'two-bedroom', 'porch', 'view']
// Newark and New Castle start alike; Milford has no home until late in the run (its first home
// changes what "Milford" and "Milfrod" mean).
const PLACES = [
  { city: 'Wilmington', state: 'DE', zips: ['19801', '19806'], neighborhoods: ['Trolley Square', 'Forty Acres'], lat: 39.75, lon: -75.55 },
  { city: 'Newark', state: 'DE', zips: ['19711', '19713'], neighborhoods: ['Old Newark', 'Fairfield'], lat: 39.68, lon: -75.75 },
  { city: 'New Castle', state: 'DE', zips: ['19720'], neighborhoods: ['Battery Park'], lat: 39.66, lon: -75.57 },
  { city: 'Dover', state: 'DE', zips: ['19901'], neighborhoods: ['Downtown'], lat: 39.16, lon: -75.52 },
  { city: 'Milford', state: 'DE', zips: ['19963'], neighborhoods: ['Riverwalk'], lat: 38.91, lon: -75.43 },
]
const LATE_CITY = 'Milford'
// A word one home carries, spelt near Dover: "Dovr" is that word while the home is published and
// Dover misspelt while it is not (the home is withdrawn halfway and published again later).
const RARE_WORD = 'dovr'

const pickOf =
  (random: Random) =>
  <T>(items: readonly T[]): T =>
    items[Math.floor(random() * items.length)]!
const chance = (random: Random, p: number) => random() < p
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

function randomListing(random: Random, n: number, place: (typeof PLACES)[number], rare = '') {
  const pick = pickOf(random)
  const type = pick(LISTING_TYPES) as ListingType
  const rent = 50_000 + Math.floor(random() * 30) * 10_000
  const isShort = chance(random, 0.3)
  return {
    title: `${pick(WORDS)} ${pick(WORDS)} ${type} ${n} ${rare}`.trim(),
    description: `${pick(WORDS)} and ${pick(WORDS)}.`,
    type,
    lease: isShort && chance(random, 0.5) ? null : { monthlyRentCents: rent, minTermMonths: 12, depositCents: rent },
    shortTerm: isShort ? { nightlyCents: 5_000 + Math.floor(random() * 20) * 1_000, minNights: 2 } : null,
    city: place.city,
    state: place.state,
    zip: pick(place.zips),
    neighborhood: pick(place.neighborhoods),
    latitude: place.lat + (random() - 0.5) * 0.1,
    longitude: place.lon + (random() - 0.5) * 0.1,
    bedrooms: type === 'studio' ? 0 : type === 'room' ? 1 : 1 + Math.floor(random() * 4),
    bathrooms: 1 + Math.floor(random() * 4) / 2,
    amenities: AMENITY_VALUES.filter(() => chance(random, 0.3)) as Amenity[],
    allowsCats: chance(random, 0.5),
    allowsDogs: chance(random, 0.4),
    isFurnished: chance(random, 0.3),
    availableFrom: dayFromToday(Math.floor(random() * 90) - 30),
    status: 'draft' as const,
  }
}

/** Two neighbouring letters swapped ("Milfrod"). */
const misspelt = (random: Random, name: string) => {
  const at = 1 + Math.floor(random() * (name.length - 3))
  return `${name.slice(0, at)}${name[at + 1]}${name[at]}${name.slice(at + 2)}`
}

function randomText(random: Random): string {
  const pick = pickOf(random)
  const place = pick(PLACES)
  const word = () => pick([...WORDS, 'zzyzx'])
  return pick<() => string>([
    () => place.city,
    () => place.city.toLowerCase().slice(0, 3),
    () => `${place.city}, ${place.state}`,
    () => `${place.city.toLowerCase()} de`,
    () => misspelt(random, place.city),
    () => misspelt(random, pick(place.neighborhoods)),
    () => pick(place.neighborhoods),
    () => pick(place.zips),
    () => pick(place.zips).slice(0, 2 + Math.floor(random() * 3)),
    () => word(),
    () => `${word()} ${word()}`,
    () => `${word()} -${word()}`,
    () => `-${word()}`,
    () => `${word()} or ${word()}`,
    () => `"${word()} ${word()}"`,
    () => `${word()} in ${place.city}`,
    () => `${1 + Math.floor(random() * 3)} bedroom ${chance(random, 0.5) ? place.city : ''}`.trim(),
    () => pick(['Delaware', 'DE']),
    () => (chance(random, 0.5) ? 'Dovr' : `${RARE_WORD} ${word()}`),
  ])()
}

/** A saved search's query string drawn over every parameter a search takes. */
function randomQuery(random: Random): string {
  const pick = pickOf(random)
  const params = new URLSearchParams()
  if (chance(random, 0.7)) params.set('q', randomText(random))
  if (chance(random, 0.25)) params.set('minPrice', String((5 + Math.floor(random() * 20)) * 100))
  if (chance(random, 0.25)) params.set('maxPrice', String((25 + Math.floor(random() * 35)) * 100))
  if (chance(random, 0.2)) params.set('beds', String(Math.floor(random() * 4)))
  if (chance(random, 0.1)) params.set('baths', pick(['1', '1.5', '2']))
  if (chance(random, 0.15)) params.set('type', pick(LISTING_TYPES))
  if (chance(random, 0.1)) params.set('offer', pick(['lease', 'short-term']))
  if (chance(random, 0.1)) params.set('pets', pick(['cats', 'dogs', 'cats,dogs']))
  if (chance(random, 0.08)) params.set('furnished', pick(['true', 'false']))
  if (chance(random, 0.1)) params.set('amenities', pick(AMENITY_VALUES))
  if (chance(random, 0.08)) params.set('availableBy', dayFromToday(Math.floor(random() * 60)))
  if (chance(random, 0.12)) {
    const from = 1 + Math.floor(random() * 20)
    params.set('checkIn', dayFromToday(from))
    params.set('checkOut', dayFromToday(from + 1 + Math.floor(random() * 5)))
    if (chance(random, 0.5)) params.set('guests', String(1 + Math.floor(random() * 4)))
  }
  if (chance(random, 0.2)) {
    const place = pick(PLACES)
    const half = pick([0.01, 0.05, 0.3, 3])
    params.set('south', (place.lat - half).toFixed(4))
    params.set('north', (place.lat + half).toFixed(4))
    params.set('west', (place.lon - half).toFixed(4))
    params.set('east', (place.lon + half).toFixed(4))
  }
  if (chance(random, 0.5)) params.set('sort', pick(LISTING_SORTS))
  return params.toString()
}

describe(`matching saved searches on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db
  const random = seededRandom(37)
  let landlords: Person[] = []
  let renters: Person[] = []

  /** The oracle: every active, readable saved search of someone else run through the search, all its pages. */
  async function byEverySearch(listingId: number, ownerId: string): Promise<ListingMatch[]> {
    const rows = await db().select().from(savedSearch).orderBy(savedSearch.id)
    const matches: ListingMatch[] = []
    for (const row of rows) {
      if (row.isPaused || row.userId === ownerId || !readSavedQuery(row.query).ok) continue
      if (!(await searchFinds(db(), searchInputOf(row.query), listingId))) continue
      let belowIndex = null
      if (row.belowIndexPercent !== null) {
        const [home] = await db()
          .execute<{ city: string; state: string; bedrooms: number; rent: number | null }>(
            sql`select city, state, bedrooms, monthly_rent_cents as rent from listing where id = ${listingId}`,
          )
          .then((result) => result.rows)
        const comparison = await findRentComparison(db(), {
          ...home!,
          lease: home!.rent === null ? null : { monthlyRentCents: Number(home!.rent) },
        })
        belowIndex = belowIndexOf(comparison, row.belowIndexPercent)
        if (!belowIndex) continue
      }
      matches.push({ savedSearchId: row.id, userId: row.userId, frequency: row.frequency as ListingMatch['frequency'], belowIndex })
    }
    return matches
  }

  beforeAll(async () => {
    t = await createTestServices()
    landlords = [await createPerson(db(), { role: 'landlord' }), await createPerson(db(), { role: 'landlord' })]
    renters = await Promise.all([0, 1, 2, 3].map(() => createPerson(db())))
    await searchIndexOf(db()).load()
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('finds exactly the saved searches that running each through the search finds, listing after listing', async () => {
    const pick = pickOf(random)
    const people = [...landlords, ...renters]
    await db()
      .insert(savedSearch)
      .values(
        Array.from({ length: SAVED_SEARCHES }, (_, n) => ({
          userId: pick(people).id,
          name: `Search ${n}`,
          query: randomQuery(random),
          frequency: pick(ALERT_FREQUENCIES),
          belowIndexPercent: chance(random, 0.05) ? 10 : null,
          isPaused: chance(random, 0.08),
        })),
      )
    // Drafts first; then published one at a time in random order, the late city's last, the rare
    // word's home first. Some published homes are withdrawn along the way (a word or a place may lose
    // its last home), half of them published again later (and gain it back).
    const factory = listingFactory(db())
    const drafts: { id: number; ownerId: string; city: string }[] = []
    for (let n = 0; n < LISTINGS; n += 1) {
      const place = n >= LISTINGS - 3 ? PLACES.find((p) => p.city === LATE_CITY)! : pick(PLACES.filter((p) => p.city !== LATE_CITY))
      const ownerId = pick(landlords).id
      const created = await factory.create({ ...randomListing(random, n, place, n === 0 ? RARE_WORD : ''), ownerId })
      drafts.push({ id: created.id, ownerId, city: place.city })
    }
    const [rare, ...rest] = drafts
    const early = rest.filter((d) => d.city !== LATE_CITY).sort(() => random() - 0.5)
    const order = [rare!, ...early, ...drafts.filter((d) => d.city === LATE_CITY)]
    const published = new Set<(typeof drafts)[number]>()
    const withdraw = async (home: (typeof drafts)[number], at: number) => {
      await db().execute(sql`update listing set status = 'draft' where id = ${home.id}`)
      published.delete(home)
      if (chance(random, 0.5) || home === rare) order.splice(Math.max(at + 1, Math.floor(order.length * 0.75)), 0, home)
    }
    const photographed = new Set<number>()
    let compared = 0
    let matched = 0
    for (let at = 0; at < order.length; at += 1) {
      const home = order[at]!
      if (at === Math.floor(LISTINGS / 2) && published.has(rare!)) await withdraw(rare!, at)
      else if (published.size > 2 && chance(random, 0.1)) await withdraw(pick([...published]), at)
      if (!photographed.has(home.id)) await addReadyPhoto(db(), home.id)
      photographed.add(home.id)
      await publishListing(db(), { viewerId: home.ownerId, listingId: home.id })
      published.add(home)
      const expected = await byEverySearch(home.id, home.ownerId)
      expect(await matchListing(db(), { listingId: home.id }), `listing ${home.id} published`).toEqual(expected)
      compared += SAVED_SEARCHES
      matched += expected.length
      // Some prices drop: matched again at the lower price.
      if (chance(random, 0.2)) {
        const [row] = (
          await db().execute<{ rent: number | null }>(sql`select monthly_rent_cents as rent from listing where id = ${home.id}`)
        ).rows
        if (row?.rent) {
          const rent = Math.round(Number(row.rent) * 0.8)
          await updateListing(db(), {
            viewerId: home.ownerId,
            listingId: home.id,
            changes: { lease: { monthlyRentCents: rent, minTermMonths: 12, depositCents: rent } },
          })
          const lowered = await byEverySearch(home.id, home.ownerId)
          expect(await matchListing(db(), { listingId: home.id }), `listing ${home.id} cheaper`).toEqual(lowered)
          compared += SAVED_SEARCHES
          matched += lowered.length
        }
      }
    }
    console.log(`alerts matching on ${testDatabaseKind()}: ${compared} listing × saved search pairs compared, ${matched} matches found`)
    expect(matched).toBeGreaterThan(LISTINGS)
  }, 300_000)

  it("never matches the owner's own, paused or lapsed saved searches; sees saved searches written by SQL at once", async () => {
    const [landlord] = landlords
    const renter = renters[0]!
    const factory = listingFactory(db())
    const home = await factory.create({ ...randomListing(random, 999, PLACES[0]!), status: 'published', ownerId: landlord!.id })
    const query = 'q=Wilmington'
    const [own, paused, active, dated] = await db()
      .insert(savedSearch)
      .values([
        { userId: landlord!.id, name: 'Own', query, frequency: 'instant' },
        { userId: renter.id, name: 'Paused', query, frequency: 'instant', isPaused: true },
        { userId: renter.id, name: 'Active', query, frequency: 'daily' },
        { userId: renter.id, name: 'Dated', query: `${query}&checkIn=${dayFromToday(2)}&checkOut=${dayFromToday(4)}`, frequency: 'daily' },
      ])
      .returning({ id: savedSearch.id })
    const ids = async () => (await matchListing(db(), { listingId: home.id })).map((m) => m.savedSearchId)
    const found = await ids()
    expect(found).toContain(active!.id)
    expect(found).not.toContain(own!.id)
    expect(found).not.toContain(paused!.id)
    // Its dates pass (written back as if the days had gone by): no longer read, no longer matched.
    await db()
      .update(savedSearch)
      .set({ query: `${query}&checkIn=${dayFromToday(-4)}&checkOut=${dayFromToday(-2)}` })
      .where(eq(savedSearch.id, dated!.id))
    expect(await ids()).not.toContain(dated!.id)
    // Written and deleted by plain SQL, seen by the next match.
    const [written] = (
      await db().execute<{ id: number }>(
        sql`insert into saved_search (user_id, name, query, frequency) values (${renter.id}, 'By SQL', 'q=wilmington', 'weekly') returning id`,
      )
    ).rows
    expect(await ids()).toContain(Number(written!.id))
    await db().execute(sql`delete from saved_search where id = ${written!.id}`)
    await db().execute(sql`update saved_search set is_paused = true where id = ${active!.id}`)
    const after = await ids()
    expect(after).not.toContain(Number(written!.id))
    expect(after).not.toContain(active!.id)
  }, 120_000)

  if (isPostgres)
    it('misses no saved search whose transaction began first and committed last, while the matcher read the log between', async () => {
      const home = await listingFactory(db()).create({
        ...randomListing(random, 998, PLACES[0]!),
        status: 'published',
        ownerId: landlords[0]!.id,
      })
      const url = (t.services.database.connection as { url: string }).url
      const [first, second] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })]
      await Promise.all([first.connect(), second.connect()])
      const insert = (client: pg.Client, name: string) =>
        client.query<{ id: string }>(
          `insert into saved_search (user_id, name, query, frequency) values ($1, $2, 'q=Wilmington', 'daily') returning id`,
          [renters[1]!.id, name],
        )
      const ids = async () => (await matchListing(db(), { listingId: home.id })).map((m) => m.savedSearchId)
      try {
        await first.query('begin')
        const early = Number((await insert(first, 'Began first')).rows[0]!.id)
        // Another renter's save, committed while the first transaction is still open (or, numbered in
        // commit order, waiting for it); the matcher reads the log meanwhile.
        const late = insert(second, 'Committed first').then((result) => Number(result.rows[0]!.id))
        await Promise.race([late, new Promise((resolve) => setTimeout(resolve, 500))])
        await ids()
        await first.query('commit')
        const lateId = await late
        const found = await ids()
        expect(found).toContain(early)
        expect(found).toContain(lateId)
      } finally {
        await Promise.all([first.end(), second.end()])
      }
    }, 60_000)
})
