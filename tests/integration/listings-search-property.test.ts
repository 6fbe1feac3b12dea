// Listing search, by property: 150 searches drawn at random over every parameter (the first 50 on PGlite), each
// answered by every plan of the search index (the one its exact sizes choose, the gather, the walk, a
// walk so short it gives way to the gather, and words looked up on each listing met), page after page
// through the cursors while other listings are added between pages, must equal what a plain,
// unoptimised query over the same table returns, and so must its count alone (countListings). The
// per-term counts that place suggestions and spelling read must equal a recount after all those writes.
import fc from 'fast-check'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countListings, findListings } from '#server/listings/search/find-listings.server.ts'
import { listingSearchSchema, type ListingInput } from '#common/listings/schemas.ts'
import { readSearchPhrase } from '#common/listings/search-phrase.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import {
  AMENITY_VALUES,
  CONFIRMATION_DAYS,
  LISTING_SORTS,
  LISTING_TYPES,
  type Amenity,
  type ListingType,
} from '#common/listings/vocabulary.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { SEARCH_PLANS } from '#tests/support/search-plans.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

type Search = ReturnType<typeof listingSearchSchema.parse>

const WORDS = ['sunny', 'loft', 'garden', 'quiet', 'brick', 'river', 'kitchen', 'cozy', 'two-bedroom', 'studio', 'porch', 'view']
const PLACES = [
  { city: 'Wilmington', zips: ['19801', '19806'], neighborhoods: ['Trolley Square', 'Forty Acres'], latitude: 39.75, longitude: -75.55 },
  { city: 'Newark', zips: ['19711', '19713'], neighborhoods: ['Old Newark', 'Fairfield'], latitude: 39.68, longitude: -75.75 },
  { city: 'Dover', zips: ['19901'], neighborhoods: ['Downtown'], latitude: 39.16, longitude: -75.52 },
  { city: 'New Castle', zips: ['19720'], neighborhoods: ['Battery Park'], latitude: 39.66, longitude: -75.57 },
]
const LISTINGS = 90

/** A listing with attributes drawn from `random`: the words, places and filters the searches ask about. */
function randomListing(random: () => number, n: number): Partial<ListingInput> & { createdAt: Date; lastConfirmedAt: Date } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const place = pick(PLACES)
  const type = pick(LISTING_TYPES) as ListingType
  const bedrooms = type === 'studio' ? 0 : type === 'room' ? 1 : 1 + Math.floor(random() * 4)
  const rent = 50_000 + Math.floor(random() * 30) * 10_000
  const isShort = random() < 0.25
  return {
    title: `${pick(WORDS)} ${pick(WORDS)} ${type} ${n}`,
    description: `${pick(WORDS)} and ${pick(WORDS)}; ${pick(WORDS)}.`,
    type,
    lease: isShort && random() < 0.5 ? null : { monthlyRentCents: rent, minTermMonths: 12, depositCents: rent },
    shortTerm: isShort ? { nightlyCents: 5_000 + Math.floor(random() * 20) * 1_000, minNights: 2 } : null,
    city: place.city,
    zip: pick(place.zips),
    neighborhood: pick(place.neighborhoods),
    latitude: place.latitude + (random() - 0.5) * 0.1,
    longitude: place.longitude + (random() - 0.5) * 0.1,
    bedrooms,
    bathrooms: 1 + Math.floor(random() * 4) / 2,
    // Sizes and prices repeat, so that ties are broken by the id.
    interiorSqft: 400 + Math.floor(random() * 8) * 100,
    amenities: AMENITY_VALUES.filter(() => random() < 0.3) as Amenity[],
    allowsCats: random() < 0.5,
    allowsDogs: random() < 0.4,
    isFurnished: random() < 0.3,
    availableFrom: `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-15`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 200) * 86_400_000),
    // A few are stale: not confirmed for more than CONFIRMATION_DAYS.
    lastConfirmedAt: new Date(Date.now() - (random() < 0.1 ? CONFIRMATION_DAYS + 5 : 1) * 86_400_000),
  }
}

const word = fc.constantFrom(...WORDS, 'zzyzx')
const text = fc.oneof(
  word,
  fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
  fc.tuple(word, word).map(([a, b]) => `${a} -${b}`),
  fc.tuple(word, word).map(([a, b]) => `${a} or ${b}`),
  fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
  fc.tuple(word, fc.constantFrom(...PLACES.map((p) => p.city))).map(([a, city]) => `${a} ${city}`),
  fc.constantFrom(
    ...PLACES.flatMap((p) => [p.city, p.city.toLowerCase().slice(0, 3), ...p.neighborhoods, ...p.zips, p.zips[0]!.slice(0, 3)]),
  ),
)
/** Present in one search in `1 + absent`: most searches have a few filters, as renters' do. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, absent = 5) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary, weight: 1 })
const searchInput = fc.record({
  q: sometimes(text, 1),
  minPrice: sometimes(fc.integer({ min: 5, max: 35 }).map((n) => n * 100)),
  maxPrice: sometimes(fc.integer({ min: 10, max: 60 }).map((n) => n * 100)),
  beds: sometimes(fc.integer({ min: 0, max: 4 })),
  baths: sometimes(fc.constantFrom(1, 1.5, 2)),
  type: sometimes(fc.subarray([...LISTING_TYPES], { minLength: 1, maxLength: 3 })),
  offer: sometimes(fc.constantFrom('lease', 'short-term')),
  pets: sometimes(fc.subarray(['cats', 'dogs'], { minLength: 1 })),
  furnished: sometimes(fc.boolean()),
  amenities: sometimes(fc.subarray([...AMENITY_VALUES], { minLength: 1, maxLength: 2 })),
  availableBy: sometimes(fc.constantFrom('2026-03-01', '2026-07-01', '2026-11-01')),
  stay: sometimes(fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 7 }), fc.option(fc.integer({ min: 1, max: 6 })))),
  box: sometimes(fc.tuple(fc.constantFrom(...PLACES), fc.constantFrom(0.01, 0.04, 0.2))),
  sort: sometimes(fc.constantFrom(...LISTING_SORTS), 1),
  limit: sometimes(fc.integer({ min: 1, max: 7 }), 1),
})

type Drawn = typeof searchInput extends fc.Arbitrary<infer T> ? T : never

/** The date `days` after today in UTC. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The search as GET parameters would give it: a price band low to high, the map box as its four edges. */
function toInput({ box, minPrice, maxPrice, stay, ...rest }: Drawn) {
  if (stay) {
    const [from, nights, guests] = stay
    Object.assign(rest, { checkIn: dayFromToday(from), checkOut: dayFromToday(from + nights), guests: guests ?? undefined })
  }
  const prices =
    minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice
      ? { minPrice: maxPrice, maxPrice: minPrice }
      : { minPrice, maxPrice }
  const input = Object.fromEntries(Object.entries({ ...rest, ...prices }).filter(([, value]) => value !== undefined))
  if (!box) return input
  const [place, half] = box
  return {
    ...input,
    south: place.latitude - half,
    north: place.latitude + half,
    west: place.longitude - half,
    east: place.longitude + half,
  }
}

/**
 * The plain query: every condition spelt out on the row, no search vector, no counts, no chosen plan.
 * The text's rooms ("two-bedroom") are minimums; the rest is a city, else a neighborhood, else words
 * or the start of a city's name. (Places with a state, "in" and misspelt places are not drawn here:
 * listings-search.test.ts checks them by example.)
 */
function referenceQuery(search: Search, after: { id: number } | null) {
  const conditions: SQL[] = [sql`status = 'published'`, sql`last_confirmed_at > now() - make_interval(days => ${CONFIRMATION_DAYS})`]
  const phrase = readSearchPhrase(search.q)
  const q = phrase.text
  const published = (where: SQL) => sql`exists (select 1 from listing c where c.status = 'published' and ${where})`
  if (q && /^\d+$/.test(q)) conditions.push(sql`starts_with(zip, ${q})`)
  else if (q) {
    conditions.push(sql`(case when ${published(sql`lower(c.city) = lower(${q})`)} then lower(city) = lower(${q})
      when ${published(sql`lower(c.neighborhood) = lower(${q})`)} then lower(neighborhood) = lower(${q})
      else to_tsvector('english', title || ' ' || city || ' ' || neighborhood || ' ' || zip || ' ' || description) @@ websearch_to_tsquery('english', ${q})
           or starts_with(lower(city), lower(${q})) end)`)
  }
  const beds = Math.max(search.beds ?? 0, phrase.beds ?? 0)
  const baths = Math.max(search.baths ?? 0, phrase.baths ?? 0)
  if (search.minPrice !== undefined) conditions.push(sql`all_in_monthly_cents >= ${search.minPrice * 100}`)
  if (search.maxPrice !== undefined) conditions.push(sql`all_in_monthly_cents <= ${search.maxPrice * 100}`)
  if (beds > 0) conditions.push(sql`bedrooms >= ${beds}`)
  if (baths > 0) conditions.push(sql`bathroom_halves >= ${baths * 2}`)
  if (search.type.length > 0) conditions.push(sql`type = any(${`{${search.type.join(',')}}`}::text[])`)
  if (search.offer === 'lease') conditions.push(sql`monthly_rent_cents is not null`)
  if (search.offer === 'short-term') conditions.push(sql`nightly_cents is not null`)
  if (search.pets.includes('cats')) conditions.push(sql`allows_cats`)
  if (search.pets.includes('dogs')) conditions.push(sql`allows_dogs`)
  if (search.furnished !== undefined) conditions.push(sql`is_furnished = ${search.furnished}`)
  if (search.amenities.length > 0) conditions.push(sql`amenities @> ${`{${search.amenities.join(',')}}`}::text[]`)
  if (search.availableBy) conditions.push(sql`available_from <= ${search.availableBy}`)
  if (search.checkIn && search.checkOut) {
    // Every night of the stay free of any hold, and the listing's rules (its own, else the defaults) allowing it.
    const nights = Math.round((Date.parse(search.checkOut) - Date.parse(search.checkIn)) / 86_400_000)
    const rules = sql`(select r from stay_rules r where r.listing_id = listing.id)`
    conditions.push(sql`nightly_cents is not null and min_nights <= ${nights}
      and coalesce((${rules}).max_nights, 30) >= ${nights} and coalesce((${rules}).max_guests, 4) >= ${search.guests ?? 1}
      and not exists (select 1 from stay_hold h, generate_series(${search.checkIn}::date, ${search.checkOut}::date - 1, interval '1 day') as night
                      where h.listing_id = listing.id and h.nights @> night::date)`)
  }
  if (search.south !== undefined) {
    conditions.push(sql`latitude between ${search.south} and ${search.north} and longitude between ${search.west} and ${search.east}`)
  }
  const key = {
    newest: sql`created_at`,
    'price-asc': sql`all_in_monthly_cents`,
    'price-desc': sql`all_in_monthly_cents`,
    largest: sql`interior_sqft`,
  }[search.sort]
  const descending = search.sort !== 'price-asc'
  // After the last listing shown, as it is keyed now.
  if (after) {
    conditions.push(
      descending
        ? sql`(${key}, id) < (select ${key}, id from listing where id = ${after.id})`
        : sql`(${key}, id) > (select ${key}, id from listing where id = ${after.id})`,
    )
  }
  const order = descending ? sql`${key} desc, id desc` : sql`${key}, id`
  return sql`select id from listing where ${sql.join(conditions, sql` and `)} order by ${order}`
}

// The plans are the same code on both databases and only the reads below them differ, so the embedded
// database runs the first 50 of PostgreSQL's 150 searches (the same seed draws the same ones first): a
// search the plans answer wrongly is found on PostgreSQL, and PGlite still answers a third of them.
const RUNS = testDatabaseKind() === 'postgres' ? 150 : 50

describe(`listing search by property on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db
  let added = 0
  const random = seededRandom(7)

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(db())
    for (let n = 0; n < LISTINGS; n += 1) await listings.create(randomListing(random, n))
    // Taken nights on the short-term listings over the next month (blocks of 1–4 nights, some side by
    // side), and rules of their own on some: the dated searches' answers.
    await db().execute(sql`
      insert into stay_hold (listing_id, nights, kind)
      select l.id, daterange(current_date + k * 5 + (l.id % 2)::int, current_date + k * 5 + (l.id % 2)::int + 1 + ((l.id + k) % 4)::int), 'host_block'
      from listing l cross join generate_series(0, 5) as k
      where l.nightly_cents is not null and (l.id + k) % 3 <> 0`)
    await db().execute(sql`
      insert into stay_rules (listing_id, instant_book, max_nights, max_guests, advance_notice_days, preparation_days,
        booking_window_days, check_in_time, check_out_time, cleaning_fee_cents, weekly_discount_percent, cancellation_policy)
      select id, false, 3 + (id % 5)::int, 1 + (id % 4)::int, 1, 0, 365, '15:00', '11:00', 0, 0, 'moderate'
      from listing where nightly_cents is not null and id % 2 = 0`)
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  // The plain query's answer, asked again only once a listing has been added since.
  const answers = new Map<string, number[]>()
  const referenceIds = async (search: Search, after: { id: number } | null) => {
    const key = JSON.stringify([search, after?.id, added])
    let ids = answers.get(key)
    if (!ids) {
      ids = (await db().execute<{ id: number | string }>(referenceQuery(search, after))).rows.map((row) => Number(row.id))
      answers.set(key, ids)
    }
    return ids
  }

  it('gives every page and count of any search as a plain query does, by every plan, while listings are added', async () => {
    const listings = listingFactory(db())
    let found = 0
    await fc.assert(
      fc.asyncProperty(searchInput, fc.boolean(), async (drawn, addsBetweenPages) => {
        const input = toInput(drawn)
        const search = listingSearchSchema.parse(input)
        if ((await referenceIds(search, null)).length > 0) found += 1
        // The plans page through the search side by side (the first page of each, then the second…) and
        // a landlord lists a home between one page and the next: every plan still reads its later pages
        // after a change, and a step makes one listing for all the plans, not one for each.
        const paging = Object.entries(SEARCH_PLANS).map(([name, options]) => ({
          name,
          options,
          cursor: undefined as string | undefined,
          last: null as { id: number } | null,
          isDone: false,
        }))
        for (let page = 0; page < 4; page += 1) {
          for (const plan of paging.filter((p) => !p.isDone)) {
            const { name, options, cursor, last } = plan
            const expected = await referenceIds(search, last)
            const found = await findListings(db(), { search: { ...input, cursor }, ...options })
            const label = `${name}, page ${page + 1}: ${JSON.stringify(input)}`
            expect(
              found.items.map((item) => item.id),
              label,
            ).toEqual(expected.slice(0, search.limit))
            expect(found.nextCursor !== null, label).toBe(expected.length > search.limit)
            if (page === 0) {
              expect(found.total, label).toBe(Math.min(expected.length, TOTAL_CAP))
              expect(found.isTotalCapped, label).toBe(expected.length > TOTAL_CAP)
            }
            // A later page asked for its total counts the whole search, not what follows the cursor.
            if (page === 1) {
              const all = (await referenceIds(search, null)).length
              const counted = await findListings(db(), { search: { ...input, cursor, total: true }, ...options })
              expect(counted.total, `${label}, with its total`).toBe(Math.min(all, TOTAL_CAP))
            }
            if (found.nextCursor) [plan.cursor, plan.last] = [found.nextCursor, { id: found.items.at(-1)!.id }]
            else plan.isDone = true
          }
          // Landlords keep listing while the renter reads.
          if (addsBetweenPages && page < 3 && paging.some((p) => !p.isDone)) {
            await listings.create(randomListing(random, LISTINGS + added++))
          }
        }
        // Counted without their pages, several at once (an empty search's ways out), as the totals say.
        const counts = await countListings(db(), [input, {}])
        const everyListing = (await referenceIds(listingSearchSchema.parse({}), null)).length
        expect(counts, JSON.stringify(input)).toEqual(
          [(await referenceIds(search, null)).length, everyListing].map((n) => ({
            total: Math.min(n, TOTAL_CAP),
            isTotalCapped: n > TOTAL_CAP,
          })),
        )
      }),
      { numRuns: RUNS, seed: 13 },
    )
    // Most of the searches find something: an empty answer would prove little.
    expect(found).toBeGreaterThan(RUNS / 2)
  }, 600_000)

  it('keeps the count of listings per search term exact through every write', async () => {
    const recount = await db().execute<{ term: string; listings: number }>(sql`
      select t.lexeme as term, count(*)::int as listings from listing l, unnest(l.search_vector) t
      where l.status = 'published' group by t.lexeme order by 1`)
    const kept = await db().execute<{ term: string; listings: number }>(sql`
      select term, listings from listing_search_term where listings <> 0 order by 1`)
    expect(kept.rows).toEqual(recount.rows)
    expect(kept.rows.length).toBeGreaterThan(50)
  })
})
