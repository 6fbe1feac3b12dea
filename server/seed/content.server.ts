// The FAQ and the Terms of Use of a fresh site: written only into empty tables, so entries and
// versions edited or removed by an administrator are never brought back. The first terms version
// takes effect on its date; a later one is scheduled that many days after the seed runs, and is
// named (labelled) by the date it takes effect.
import { count } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { faqEntry, termsVersion } from '#server/db/schema.ts'
import { seedFaq, seedTerms, type SeedTermsVersion } from '#server/content/index.server.ts'

const DAY_MS = 86_400_000

/** When a seed version takes effect: midnight UTC of its date. */
function effectiveAtOf(effective: SeedTermsVersion['effective'], seededAt: Date): Date {
  if ('on' in effective) return new Date(`${effective.on}T00:00:00Z`)
  const day = new Date(seededAt.getTime() + effective.daysAfterSeeding * DAY_MS)
  return new Date(`${day.toISOString().slice(0, 10)}T00:00:00Z`)
}

/** Publishes the seed FAQ and Terms of Use into empty tables; returns how many rows each got. */
export async function seedContent(db: Db, now = new Date()): Promise<{ faq: number; terms: number }> {
  const [faqRows, termsRows] = await Promise.all([db.select({ n: count() }).from(faqEntry), db.select({ n: count() }).from(termsVersion)])
  let faq = 0
  let terms = 0
  if ((faqRows[0]?.n ?? 0) === 0 && seedFaq.length > 0) {
    // Two instances starting at once may both see an empty table; the unique slug keeps one copy.
    const inserted = await db
      .insert(faqEntry)
      .values(
        seedFaq.map((entry, position) => ({
          slug: entry.slug,
          topic: entry.topic,
          question: entry.question,
          answer: entry.answer,
          position,
          status: 'published',
          publishedAt: now,
        })),
      )
      .onConflictDoNothing({ target: faqEntry.slug })
      .returning({ id: faqEntry.id })
    faq = inserted.length
  }
  if ((termsRows[0]?.n ?? 0) === 0 && seedTerms.length > 0) {
    const inserted = await db
      .insert(termsVersion)
      .values(
        seedTerms.map((version) => {
          const effectiveAt = effectiveAtOf(version.effective, now)
          return {
            label: effectiveAt.toISOString().slice(0, 10),
            body: version.body,
            summary: version.summary,
            effectiveAt,
            status: 'published',
          }
        }),
      )
      .onConflictDoNothing({ target: termsVersion.label })
      .returning({ id: termsVersion.id })
    terms = inserted.length
  }
  return { faq, terms }
}
