// "Was this helpful?": one vote per visitor per article. A visitor is a signed-in user's id or a random
// visitor cookie (the voter key); voting again changes the earlier vote, and a short comment can follow.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { article, articleVote } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { isPublic } from './articles.server.ts'

type ArticleVote = { helpful: boolean; comment: string }

async function requirePublicArticle(db: Db, articleId: number) {
  const [found] = await db
    .select({ id: article.id })
    .from(article)
    .where(and(eq(article.id, articleId), isPublic()))
  if (!found) throw new AppError('not-found', 'This article does not exist.')
}

export async function findArticleVote(
  db: Db,
  { articleId, voterKey }: { articleId: number; voterKey: string },
): Promise<ArticleVote | null> {
  const [row] = await db
    .select({ helpful: articleVote.helpful, comment: articleVote.comment })
    .from(articleVote)
    .where(and(eq(articleVote.articleId, articleId), eq(articleVote.voterKey, voterKey)))
  return row ?? null
}

/**
 * Votes one client address (an IPv6 /64) may cast across all articles: a visitor without the cookie
 * is a new voter each time, so without this one client could stuff an article's count.
 */
export const VOTES_PER_ADDRESS = { windowSeconds: 60 * 60, max: 30 }

export const TOO_MANY_VOTES_MESSAGE = 'Many answers came from your network in the last hour. Try again later.'

/**
 * Records the visitor's answer; a second answer replaces the first (its comment stays). With a
 * `budget` (the client's VOTES_PER_ADDRESS, counted by the caller), an answer past it is refused.
 */
export async function voteOnArticle(
  db: Db,
  {
    articleId,
    voterKey,
    helpful,
    budget,
  }: { articleId: number; voterKey: string; helpful: boolean; budget?: (rule: typeof VOTES_PER_ADDRESS) => Promise<boolean> },
) {
  await requirePublicArticle(db, articleId)
  if (budget && !(await budget(VOTES_PER_ADDRESS))) throw new AppError('rate-limited', TOO_MANY_VOTES_MESSAGE)
  await db
    .insert(articleVote)
    .values({ articleId, voterKey, helpful })
    .onConflictDoUpdate({ target: [articleVote.articleId, articleVote.voterKey], set: { helpful, updatedAt: sql`now()` } })
}

/** Adds (or replaces) the comment of the visitor's vote; there must be a vote first. */
export async function commentOnArticleVote(
  db: Db,
  { articleId, voterKey, comment }: { articleId: number; voterKey: string; comment: string },
) {
  const updated = await db
    .update(articleVote)
    .set({ comment })
    .where(and(eq(articleVote.articleId, articleId), eq(articleVote.voterKey, voterKey)))
    .returning({ articleId: articleVote.articleId })
  if (updated.length === 0) throw new AppError('invalid', 'Answer Yes or No first; then you can add a comment.')
}

/** The votes an article has had (for administrators, and for tests). */
export async function countArticleVotes(db: Db, articleId: number): Promise<{ helpful: number; notHelpful: number }> {
  const [row] = await db
    .select({
      helpful: sql<number>`count(*) filter (where ${articleVote.helpful})::int`,
      notHelpful: sql<number>`count(*) filter (where not ${articleVote.helpful})::int`,
    })
    .from(articleVote)
    .where(eq(articleVote.articleId, articleId))
  return row ?? { helpful: 0, notHelpful: 0 }
}
