// What readers said about an article ("Was this helpful?"), for administrators: the count of each
// answer and the comments left, newest first.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { ArticleFeedback } from '#common/content/admin-types.ts'
import type { Db } from '#server/db/client.server.ts'
import { articleVote } from '#server/db/schema.ts'
import { requireContentAdministrator } from './admin-access.server.ts'

const COMMENTS_SHOWN = 50

export async function findArticleFeedback(
  db: Db,
  { viewerId, articleId }: { viewerId: string; articleId: number },
): Promise<ArticleFeedback> {
  await requireContentAdministrator(db, viewerId)
  const [[counts], comments] = await Promise.all([
    db
      .select({
        helpful: sql<number>`count(*) filter (where ${articleVote.helpful})`.mapWith(Number),
        notHelpful: sql<number>`count(*) filter (where not ${articleVote.helpful})`.mapWith(Number),
      })
      .from(articleVote)
      .where(eq(articleVote.articleId, articleId)),
    db
      .select({ helpful: articleVote.helpful, comment: articleVote.comment, at: articleVote.updatedAt })
      .from(articleVote)
      .where(and(eq(articleVote.articleId, articleId), ne(articleVote.comment, '')))
      .orderBy(desc(articleVote.updatedAt))
      .limit(COMMENTS_SHOWN),
  ])
  return {
    helpful: counts?.helpful ?? 0,
    notHelpful: counts?.notHelpful ?? 0,
    comments: comments.map((row) => ({ helpful: row.helpful, comment: row.comment, at: row.at.toISOString() })),
  }
}
