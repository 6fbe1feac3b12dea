// The shapes of the content the demo seed publishes: the knowledge base's articles, the FAQ and the
// Terms of Use. The texts themselves live beside this file.
import type { ArticleCategory, FaqTopic } from '#common/content/vocabulary.ts'

export type SeedArticle = {
  slug: string
  title: string
  /** One or two sentences, shown in lists and as the page's description. */
  summary: string
  category: ArticleCategory
  tags: readonly string[]
  /** ISO date of first publication, e.g. 2026-03-02. */
  publishedOn: string
  /** Markdown: ## and ### headings (they make the table of contents), lists, links. */
  body: string
}

export type SeedFaqEntry = {
  /** The answer's anchor: /faq#slug. */
  slug: string
  topic: FaqTopic
  question: string
  /** Markdown, usually one or two short paragraphs. */
  answer: string
}

export type SeedTermsVersion = {
  /** When it takes effect: a fixed ISO date, or a number of days after the seed runs (a scheduled version). */
  effective: { on: string } | { daysAfterSeeding: number }
  /** What changed from the version before; for the first version, what the terms cover. */
  summary: string
  /** Markdown with ## headings (the table of contents). */
  body: string
}
