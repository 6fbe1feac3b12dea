// The knowledge base as pages and forms see it: what a list of articles or a search result carries,
// the search box's and the "Was this helpful?" form's input, and the addresses of the pages.
import { z } from 'zod'
import { ARTICLE_CATEGORIES, type ArticleCategory } from './vocabulary.ts'

/** An article in a list: the newest, the most read, a category, related articles. */
export type ArticleCard = {
  slug: string
  title: string
  summary: string
  category: ArticleCategory
  publishedAt: Date
  updatedAt: Date
}

/** Text with the words a search matched marked: rendered as <mark>, never as HTML. */
export type HighlightedText = { text: string; isMatch: boolean }[]

export type ArticleSearchHit = ArticleCard & { highlightedTitle: HighlightedText; snippet: HighlightedText }

export type ArticleSearchResult = { total: number; hits: ArticleSearchHit[] }

export const MAX_SEARCH_LENGTH = 200
export const MAX_VOTE_COMMENT_LENGTH = 500

/** Characters no text here needs (tabs and line breaks aside), and the database cannot hold a NUL. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The search box: at most 200 characters of ordinary text; empty means no search. */
export const articleSearchSchema = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters: a few words work best.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Search for words, without control characters.')
    .transform((value) => value.replace(/\s+/g, ' ').trim()),
})

/** "Was this helpful?": a yes or no, then optionally a short comment. */
export const articleVoteSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('vote'), helpful: z.enum(['yes', 'no'], { error: 'Choose Yes or No.' }) }),
  z.object({
    intent: z.literal('comment'),
    comment: z
      .string()
      .trim()
      .min(1, 'Write a comment, or leave it: your vote is already counted.')
      .max(MAX_VOTE_COMMENT_LENGTH, `Keep the comment to ${MAX_VOTE_COMMENT_LENGTH} characters or fewer.`)
      .refine((value) => !CONTROL_CHARACTERS.test(value), 'Write the comment as plain text, without control characters.'),
  }),
])

export function categoryLabel(category: ArticleCategory): string {
  return ARTICLE_CATEGORIES.find((c) => c.slug === category)?.label ?? category
}

export function isArticleCategory(value: string): value is ArticleCategory {
  return ARTICLE_CATEGORIES.some((c) => c.slug === value)
}

export const articlePath = (slug: string) => `/knowledge/${encodeURIComponent(slug)}`
export const categoryPath = (category: ArticleCategory) => `/knowledge/category/${category}`
export const KNOWLEDGE_PATH = '/knowledge'
export const KNOWLEDGE_FEED_PATH = '/knowledge/feed.xml'
