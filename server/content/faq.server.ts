// The FAQ as visitors see it: the published entries whose publication time has come, in the order
// of the topics (FAQ_TOPICS) and, within one, of their positions, each answer rendered from Markdown.
import { and, asc, eq, lte } from 'drizzle-orm'
import { FAQ_TOPICS, type FaqTopic } from '#common/content/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { faqEntry } from '#server/db/schema.ts'
import { renderMarkdown } from './markdown.server.ts'

export type FaqAnswer = {
  slug: string
  question: string
  /** Safe HTML. */
  answerHtml: string
  /** The answer's words without markup, for the filter and the FAQPage JSON-LD. */
  answerText: string
}

export type FaqGroup = { topic: FaqTopic; label: string; entries: FaqAnswer[] }

/** The published FAQ grouped by topic; topics without a published entry are left out. */
export async function findPublishedFaq(db: Db, now = new Date()): Promise<FaqGroup[]> {
  const rows = await db
    .select({ slug: faqEntry.slug, topic: faqEntry.topic, question: faqEntry.question, answer: faqEntry.answer })
    .from(faqEntry)
    .where(and(eq(faqEntry.status, 'published'), lte(faqEntry.publishedAt, now)))
    .orderBy(asc(faqEntry.position), asc(faqEntry.id))
  return FAQ_TOPICS.map(({ slug, label }) => ({
    topic: slug,
    label,
    entries: rows
      .filter((row) => row.topic === slug)
      .map((row) => {
        const { html, text } = renderMarkdown(row.answer)
        return { slug: row.slug, question: row.question, answerHtml: html, answerText: text }
      }),
  })).filter((group) => group.entries.length > 0)
}
