// The search index's words mean what PostgreSQL's `@@` means: for hundreds of web-search texts drawn
// at random (words, stop words, hyphenated words, exact phrases, "or", words left out, repeats) the
// listings the index finds are those `search_vector @@ websearch_to_tsquery('english', text)` finds.
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchIndexOf } from '#server/listings/search/engine/live-index.server.ts'
import { TextMatch } from '#server/listings/search/engine/text-match.ts'
import { parseTsQuery } from '#server/listings/search/engine/tsquery.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const VOCABULARY = [
  'sunny',
  'loft',
  'two-bedroom',
  'bedroom',
  'two',
  'the',
  'of',
  'garden',
  'view',
  'bay',
  'window',
  'walk-in',
  'closet',
  'cafés',
]
const LISTINGS = 40

describe(`the search index's words on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    const random = seededRandom(11)
    const words = (n: number) => Array.from({ length: n }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ')
    const listings = listingFactory(db())
    for (let i = 0; i < LISTINGS; i += 1) await listings.create({ title: `${words(3)} home`, description: `${words(8)}.` })
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('finds the listings PostgreSQL finds for any web-search text', async () => {
    const word = fc.constantFrom(...VOCABULARY, 'zzyzx')
    const text = fc.oneof(
      fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' ')),
      fc.array(word, { minLength: 2, maxLength: 3 }).map((parts) => `"${parts.join(' ')}"`),
      fc.tuple(word, word).map(([a, b]) => `${a} or ${b}`),
      fc.tuple(word, word).map(([a, b]) => `${a} -${b}`),
      fc.tuple(word, word, word).map(([a, b, c]) => `${a} -"${b} ${c}"`),
      word.map((a) => `-${a}`),
    )
    await fc.assert(
      fc.asyncProperty(text, async (q) => {
        const { rows } = await db().execute<{ id: number; query: string }>(sql`
          select l.id::float8 as id, websearch_to_tsquery('english', ${q})::text as query from listing l
          where l.status = 'published' and l.search_vector @@ websearch_to_tsquery('english', ${q}) order by l.id`)
        const { rows: read } = await db().execute<{ query: string }>(sql`select websearch_to_tsquery('english', ${q})::text as query`)
        const index = await searchIndexOf(db()).current()
        const found = new TextMatch(index, parseTsQuery(read[0]!.query), null)
        const ids: number[] = []
        for (let slot = 0; slot < index.size; slot += 1) if (index.isIndexed[slot] === 1 && found.test(slot)) ids.push(index.ids[slot]!)
        const matching = found.matching()
        if (matching) {
          expect(
            [...matching].filter((slot) => index.isIndexed[slot] === 1).map((slot) => index.ids[slot]!),
            `${q} (${read[0]!.query}), every match`,
          ).toEqual(ids)
        }
        expect(
          ids.sort((a, b) => a - b),
          `${q} (${read[0]!.query})`,
        ).toEqual(rows.map((row) => Number(row.id)))
      }),
      { numRuns: 200 },
    )
  })
})
