// Publishes the knowledge base's first articles (server/content/seed/articles.ts). They are written
// only into an empty article table, so articles edited or removed by an administrator are never
// brought back.
import { count, eq } from 'drizzle-orm'
import { seedArticles as articleTexts } from '#server/content/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { article, user } from '#server/db/schema.ts'

/** The demo administrator (server/seed/demo.server.ts) signs the articles when the account exists. */
const DEMO_AUTHOR_ID = 'demo-admin'

/** Inserts the seed articles when the article table is empty; returns how many were added. */
export async function seedArticles(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(article)
  if ((row?.n ?? 0) > 0) return 0
  const [author] = await db.select({ id: user.id }).from(user).where(eq(user.id, DEMO_AUTHOR_ID))
  // Two instances starting at once may both see an empty table; the unique slug keeps one copy.
  const inserted = await db
    .insert(article)
    .values(
      articleTexts.map((a) => {
        // Public from the start (UTC) of its day of publication.
        const publishedAt = new Date(`${a.publishedOn}T00:00:00Z`)
        return {
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          body: a.body,
          category: a.category,
          tags: [...a.tags],
          authorId: author?.id ?? null,
          status: 'published',
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        }
      }),
    )
    .onConflictDoNothing({ target: article.slug })
    .returning({ id: article.id })
  return inserted.length
}
