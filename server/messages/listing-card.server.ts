// The listing a conversation is about, as the conversation's page shows it: a link while it is
// published and visible to the user, else only that it is gone.
import { eq } from 'drizzle-orm'
import { listingPath } from '#common/listings/listing-url.ts'
import type { ListingCard } from '#common/messages/types.ts'
import type { Db } from '#server/db/client.server.ts'
import { conversation } from '#server/db/schema.ts'
import { findListingById } from '#server/listings/index.server.ts'

/** Null when the conversation is about no listing. */
export async function findListingCard(
  db: Db,
  { userId, conversationId }: { userId: string; conversationId: number },
): Promise<ListingCard | null> {
  const [row] = await db.select({ listingId: conversation.listingId }).from(conversation).where(eq(conversation.id, conversationId))
  if (!row?.listingId) return null
  const found = await findListingById(db, { viewerId: userId, listingId: row.listingId })
  if (!found || found.status !== 'published') return { available: false } as const
  return {
    available: true,
    id: found.id,
    title: found.title,
    path: listingPath(found),
    allInMonthlyCents: found.allInMonthlyCents,
  } as const
}
