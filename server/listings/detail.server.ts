// What a listing page needs beyond the listing itself: similar homes, the landlord's public card,
// view counting, the map's tile source, and the published listings a sitemap lists.
import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm'
import type { Config } from '#server/config.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { MAX_INT32 } from '#common/limits.ts'
import { listing, profile, user } from '#server/db/schema.ts'
import type { LandlordCard, ListingDetail, ListingSummary } from '#common/listings/types.ts'
import { summaryColumns } from './mapping.server.ts'
import { summariesWithPhotos } from './read.server.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import type { MapTiles } from '#common/map-tiles.ts'

const isPublishedAndFresh = () =>
  and(eq(listing.status, 'published'), sql`${listing.lastConfirmedAt} > now() - make_interval(days => ${CONFIRMATION_DAYS})`)

/** How far "nearby" reaches when the city differs: about 25 km of latitude. */
const NEARBY_DEGREES = 0.25

/**
 * Up to `limit` published, recently confirmed homes like this one: in the same city or nearby, with
 * an all-in cost within 30% and a bedroom count within one, closest in price first.
 */
export async function findSimilarListings(
  db: Db,
  {
    listing: home,
    limit = 4,
  }: {
    listing: Pick<ListingDetail, 'id' | 'city' | 'state' | 'latitude' | 'longitude' | 'allInMonthlyCents' | 'bedrooms'>
    limit?: number
  },
): Promise<ListingSummary[]> {
  const low = Math.floor(home.allInMonthlyCents * 0.7)
  // Compared with an integer column, so the bound must be an integer too: 1.3 × a large cost is not.
  const high = Math.min(Math.ceil(home.allInMonthlyCents * 1.3), MAX_INT32)
  const rows = await db
    .select(summaryColumns)
    .from(listing)
    .where(
      and(
        isPublishedAndFresh(),
        ne(listing.id, home.id),
        sql`${listing.allInMonthlyCents} between ${low} and ${high}`,
        sql`${listing.bedrooms} between ${home.bedrooms - 1} and ${home.bedrooms + 1}`,
        sql`((${listing.city} = ${home.city} and ${listing.state} = ${home.state}) or (${listing.latitude} between ${home.latitude - NEARBY_DEGREES} and ${home.latitude + NEARBY_DEGREES} and ${listing.longitude} between ${home.longitude - NEARBY_DEGREES} and ${home.longitude + NEARBY_DEGREES}))`,
      ),
    )
    .orderBy(sql`abs(${listing.allInMonthlyCents} - ${home.allInMonthlyCents})`, asc(listing.id))
    .limit(limit)
  return summariesWithPhotos(db, rows)
}

/** What renters see of a landlord: name, picture, how long they have been here and how many homes they list. Never the e-mail. */
export async function findLandlordCard(db: Db, { ownerId }: { ownerId: string }): Promise<LandlordCard | null> {
  const [[owner], [listed]] = await Promise.all([
    db
      .select({ name: user.name, image: user.image, createdAt: user.createdAt, photoURL: profile.photoURL, img: profile.img })
      .from(user)
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(eq(user.id, ownerId)),
    db
      .select({ n: count() })
      .from(listing)
      .where(and(eq(listing.ownerId, ownerId), eq(listing.status, 'published'))),
  ])
  if (!owner) return null
  return {
    name: owner.name.trim() || 'Cooper Home landlord',
    avatar: owner.photoURL || owner.img || owner.image || '',
    memberSince: owner.createdAt.toISOString(),
    publishedListings: listed?.n ?? 0,
  }
}

/** One more view of a published listing, unless the viewer is its owner: a single indexed update. */
export async function countListingView(db: Db, { listingId, viewerId }: { listingId: number; viewerId: string | null }) {
  const conditions = [eq(listing.id, listingId), eq(listing.status, 'published')]
  if (viewerId) conditions.push(ne(listing.ownerId, viewerId))
  await db
    .update(listing)
    .set({ viewCount: sql`${listing.viewCount} + 1` })
    .where(and(...conditions))
}

/** The map's tile source from the configuration. */
export function mapTiles(config: Config): MapTiles {
  return { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION }
}

/**
 * The listings of one sitemap part: a part is built and kept in memory whole (app/routes/sitemap.ts),
 * so it stays well under the protocol's 50,000 URLs (about 1.3 MB each).
 */
export const SITEMAP_PAGE_SIZE = 10_000

export type SitemapEntry = { id: number; title: string; updatedAt: Date }

/** The sitemap lists every published listing, confirmed lately or not: its page is public either way. */
const isInSitemap = () => eq(listing.status, 'published')

/** How many listings the sitemap lists. */
export async function countSitemapListings(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listing).where(isInSitemap())
  return row?.n ?? 0
}

/**
 * The listings of one sitemap part (1-based), in id order, read in batches so a whole part is never
 * one query's answer. The first batch finds the part's start; the rest follow by id.
 */
export async function* sitemapListings(
  db: Db,
  { page, pageSize = SITEMAP_PAGE_SIZE, batchSize = 2_000 }: { page: number; pageSize?: number; batchSize?: number },
): AsyncGenerator<SitemapEntry> {
  const columns = { id: listing.id, title: listing.title, updatedAt: listing.updatedAt }
  let remaining = pageSize
  let afterId: number | null = null
  while (remaining > 0) {
    const limit = Math.min(batchSize, remaining)
    const query = db
      .select(columns)
      .from(listing)
      .where(afterId === null ? isInSitemap() : and(isInSitemap(), gt(listing.id, afterId)))
      .orderBy(asc(listing.id))
      .limit(limit)
    const rows: SitemapEntry[] = await (afterId === null ? query.offset((page - 1) * pageSize) : query)
    for (const row of rows) yield row
    if (rows.length < limit) return
    remaining -= rows.length
    afterId = rows.at(-1)!.id
  }
}

const firstSeenOrigins = new WeakMap<Config, string>()

/**
 * The site's absolute origin for what is cached or indexed (the Atom feed, canonical links, og:url,
 * JSON-LD, the sitemap): PUBLIC_URL when configured, else the origin of the first request that asked
 * for one, kept for the life of the process. Never a later request's Host: another Host would
 * otherwise be written into answers that caches and search engines keep (set PUBLIC_URL in production).
 */
export function publicOrigin(config: Config, request: Request): string {
  if (config.PUBLIC_URL) return config.publicUrl
  let origin = firstSeenOrigins.get(config)
  if (!origin) {
    origin = new URL(request.url).origin
    firstSeenOrigins.set(config, origin)
  }
  return origin
}
