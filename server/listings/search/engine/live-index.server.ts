// The search index of one database, kept current: loaded from the published listings when first
// asked for (the services start it at once), then brought up to date from the change log the listing
// triggers write (migration 0019): in the background, when another instance's news says a listing
// changed and on a slow poll, and before every search, which reads the log's head (one small query)
// and, when changes were committed since the index last looked, waits for those rows and the changed
// listings to be applied. So a search sees every change committed before it began, made by this
// process, another instance or a script; between instances only the head's read is shared. While the
// index cannot say that (it is loading, or reloading because log rows it had not read were pruned),
// `isAnswering` is false and searches are answered by PostgreSQL (database-search.server.ts).

import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { runPrepared } from '#server/db/prepared.server.ts'
import { listingChange } from '#server/db/schema.ts'
import type { ListingType } from '#common/listings/vocabulary.ts'
import { ListingIndex, type IndexedListing } from './listing-index.ts'

/** Listings read per query when loading or catching up. */
const BATCH = 10_000

/** Change-log rows are pruned this long after they were written (an instance further behind reloads). */
const CHANGE_LOG_KEEP = "interval '1 hour'"

/** How often (ms) an instance prunes the change log. */
const PRUNE_EVERY_MS = 10 * 60_000

/**
 * How often (ms) an index that hears no news reads the head and applies what it missed in the
 * background: a change made by SQL or a script tells no one, and an index that read nothing for an
 * hour would find its rows pruned and have to reload.
 */
export const FOLLOW_EVERY_MS = 30_000

export type LiveIndexOptions = {
  /**
   * A catch-up of more changed listings than this rebuilds the words' main segment at once (default: a
   * tenth of the listings, at least 5,000); fewer go to the delta one by one.
   */
  bulkChanges?: number
  /**
   * A changed listing leaves its old slot behind; past this many such slots (default: half the
   * listings, at least 50,000) a fresh index is built in the background and takes over.
   */
  rebuildAfterStale?: number
}

type ListingRow = {
  id: number
  created: number
  confirmed: number
  price: number
  sqft: number
  bedrooms: number
  bathroom_halves: number
  type: ListingType
  lease: boolean
  short_term: boolean
  allows_cats: boolean
  allows_dogs: boolean
  is_furnished: boolean
  amenity_bits: number
  available: number
  latitude: number
  longitude: number
  city: string
  city_name: string
  neighbourhood: string
  state: string
  zip: string
  words: string
  title: string
  neighbourhood_name: string
  monthly_rent_cents: number | null
  min_term_months: number | null
  deposit_cents: number | null
  nightly_cents: number | null
  min_nights: number | null
  amenity_list: string
  created_at: Date
  last_confirmed_at: Date
  photo_id: number | null
  photo_alt: string | null
  photo_key: string | null
  photo_width: number | null
  photo_height: number | null
  photo_placeholder: string | null
  photo_widths: number[] | null
}

// Times as seconds since 1970 in double precision (exact to the microsecond at today's dates, read
// back with rounding), and the search vector's words alone (its filter terms have no weight) without
// weights: PostgreSQL writes a tsvector with weights an order of magnitude slower. Then what a result
// card shows: the times again as the driver reads them (to the millisecond, as every page gives
// them), and the amenities as one string (no amenity has a comma), quicker to read than an array.
const COLUMNS = sql.raw(`id::float8 as id,
  date_part('epoch', created_at) as created, date_part('epoch', last_confirmed_at) as confirmed,
  all_in_monthly_cents as price, interior_sqft as sqft, bedrooms, bathroom_halves, type,
  monthly_rent_cents is not null as lease, nightly_cents is not null as short_term,
  allows_cats, allows_dogs, is_furnished, amenity_bits, (available_from - date '1970-01-01') as available,
  latitude, longitude, lower(city) as city, city as city_name, lower(neighbourhood) as neighbourhood, lower(state) as state, zip,
  setweight(ts_filter(search_vector, '{a,b,c}'), 'D')::text as words,
  title, neighbourhood as neighbourhood_name, monthly_rent_cents, min_term_months, deposit_cents, nightly_cents, min_nights,
  array_to_string(amenities, ',') as amenity_list, created_at, last_confirmed_at,
  photo_id, photo_alt, photo_key, photo_width, photo_height, photo_placeholder, photo_widths`)

/** Published listings with their first ready photo (a result card's cover), as COLUMNS reads them. */
const LISTINGS = sql.raw(`listing left join lateral (
    select ph.id::float8 as photo_id, ph.alt_text as photo_alt, ph.storage_key as photo_key, ph.width as photo_width,
      ph.height as photo_height, ph.placeholder as photo_placeholder, ph.variant_widths as photo_widths
    from listing_photo ph where ph.listing_id = listing.id and ph.status = 'ready' order by ph.position, ph.id limit 1
  ) as cover on true`)

function indexedOf(row: ListingRow): IndexedListing {
  return {
    id: Number(row.id),
    createdMicros: Math.round(Number(row.created) * 1_000_000),
    confirmedMicros: Math.round(Number(row.confirmed) * 1_000_000),
    allInMonthlyCents: row.price,
    interiorSqft: row.sqft,
    bedrooms: row.bedrooms,
    bathroomHalves: row.bathroom_halves,
    type: row.type,
    hasLease: row.lease,
    hasShortTerm: row.short_term,
    allowsCats: row.allows_cats,
    allowsDogs: row.allows_dogs,
    isFurnished: row.is_furnished,
    amenityBits: row.amenity_bits,
    availableDay: row.available,
    latitude: row.latitude,
    longitude: row.longitude,
    city: row.city,
    neighbourhood: row.neighbourhood,
    state: row.state,
    zip: row.zip,
    searchVector: row.words,
    card: {
      title: row.title,
      cityName: row.city_name,
      neighbourhoodName: row.neighbourhood_name,
      monthlyRentCents: row.monthly_rent_cents,
      minTermMonths: row.min_term_months,
      depositCents: row.deposit_cents,
      nightlyCents: row.nightly_cents,
      minNights: row.min_nights,
      amenities: row.amenity_list === '' ? [] : row.amenity_list.split(','),
      createdMs: new Date(row.created_at).getTime(),
      confirmedMs: new Date(row.last_confirmed_at).getTime(),
      photo:
        row.photo_id === null
          ? null
          : {
              id: Number(row.photo_id),
              altText: row.photo_alt ?? '',
              storageKey: row.photo_key ?? '',
              width: row.photo_width,
              height: row.photo_height,
              placeholder: row.photo_placeholder,
              variantWidths: row.photo_widths ?? [],
            },
    },
  }
}

/** The change log's head, as a prepared statement: every search reads it. */
const HEAD = { name: 'search-head', text: 'select n::float8 as head from listing_change_head' }

/** The last change-log row committed (what an index must have applied to see every change). */
export async function readHead(db: Db): Promise<number> {
  const [row] = await runPrepared<{ head: number }>(db, HEAD, [])
  return Number(row?.head ?? 0)
}

export type SearchIndexStats = {
  /** Listings indexed. */
  listings: number
  /** How long the last full load took, in ms, and when it finished. */
  loadMs: number
  /** Bytes the index holds, roughly. */
  bytes: number
  /** The last change-log row applied. */
  change: number
  /** Slots left behind by changed or removed listings, and how many fresh indexes have taken over. */
  staleSlots: number
  rebuilds: number
  /** Fresh indexes loaded because log rows this one had not read were pruned, and whether one is loading now. */
  reloads: number
  isReloading: boolean
}

export class LiveSearchIndex {
  private readonly db: Db
  private readonly options: LiveIndexOptions
  private index: ListingIndex | null = null
  private appliedChange = 0
  private loading: Promise<void> | null = null
  private rebuilding: Promise<void> | null = null
  /** A fresh index loading beside this one because log rows it had not read were pruned. */
  private reloading: Promise<void> | null = null
  /** The catch-up in progress: every search waits for the one that covers its head. */
  private queue: Promise<void> = Promise.resolve()
  private refreshing: Promise<void> | null = null
  private loadMs = 0
  private rebuilds = 0
  private reloads = 0
  private prunedAt = Date.now()

  constructor(db: Db, options: LiveIndexOptions = {}) {
    this.db = db
    this.options = options
  }

  /** Starts loading (if not started) and resolves when the index is loaded. */
  load(): Promise<void> {
    this.loading ??= this.build()
      .then(({ index, head }) => {
        this.index = index
        this.appliedChange = head
      })
      .catch((error: unknown) => {
        this.loading = null
        throw error
      })
    return this.loading
  }

  /**
   * Whether the index can be brought up to any head: loaded, and not reloading. While it is not, a
   * search cannot be answered here with every change committed before it began, and goes to PostgreSQL.
   */
  get isAnswering(): boolean {
    return this.index !== null && this.reloading === null
  }

  /** Reads every published listing into a new index, with the change-log head read before it began. */
  private async build(): Promise<{ index: ListingIndex; head: number }> {
    const started = performance.now()
    const head = await readHead(this.db)
    const index = new ListingIndex()
    index.beginBulk()
    for (let last = 0; ;) {
      // Ordered by the column, not the output (the id as float8): that would sort the whole table.
      const batch = await this.db.execute<ListingRow>(
        sql`select ${COLUMNS} from ${LISTINGS} where status = 'published' and listing.id > ${sql.raw(String(last))} order by listing.id limit ${sql.raw(String(BATCH))}`,
      )
      for (const row of batch.rows) index.add(indexedOf(row))
      if (batch.rows.length < BATCH) break
      last = Number(batch.rows.at(-1)!.id)
    }
    index.endBulk()
    index.settle()
    this.loadMs = performance.now() - started
    return { index, head }
  }

  /**
   * The index with every change committed before this call, ready to read (synchronously, before any
   * await). While a fresh index reloads, this waits for it.
   */
  async current(): Promise<ListingIndex> {
    await this.load()
    for (;;) {
      await this.reloading
      if (await this.catchUpTo(await readHead(this.db))) return this.index!
    }
  }

  /**
   * The index as it stands (loaded, and with the catch-up in progress done), without asking the
   * database for changes: the caller reads the head itself, with the query it runs anyway, and
   * compares it with `applied` as the index was when it searched it (`catchUpTo` and again if behind).
   */
  async loaded(): Promise<ListingIndex> {
    await this.load()
    await this.queue
    return this.index!
  }

  /** The last change-log row the index has applied. */
  get applied(): number {
    return this.appliedChange
  }

  /**
   * Applies the change log up to `head` (when the index is behind it). Resolves whether the index has
   * then applied it: false while a fresh index reloads (the rows this one needs were pruned).
   */
  async catchUpTo(head: number): Promise<boolean> {
    if (head > this.appliedChange && this.isAnswering) {
      const run = this.queue.then(() => this.catchUp(head))
      // A failed catch-up fails its callers, not the ones after it: they try again.
      this.queue = run.catch(() => {})
      await run
    }
    return head <= this.appliedChange
  }

  /** Applies the change-log rows up to `head` (or starts a reload when some were pruned before this instance read them). */
  private async catchUp(head: number): Promise<void> {
    while (this.appliedChange < head && !this.reloading) {
      const { rows } = await this.db.execute<{ n: number; ids: number[] }>(
        sql`select ${listingChange.n}::float8 as n, ${listingChange.ids}::float8[] as ids from ${listingChange}
            where ${listingChange.n} > ${this.appliedChange} order by ${listingChange.n} limit 1000`,
      )
      if (rows.length === 0 || Number(rows[0]!.n) !== this.appliedChange + 1) {
        this.reload()
        return
      }
      const ids = [...new Set(rows.flatMap((row) => row.ids.map(Number)))]
      await this.apply(ids)
      this.appliedChange = Number(rows.at(-1)!.n)
    }
    await this.pruneNowAndThen()
  }

  /**
   * Loads a fresh index beside this one, which can no longer learn what changed, and swaps it in when
   * loaded; meanwhile `isAnswering` is false, so searches are answered by PostgreSQL (the old index
   * cannot tell which of its listings changed, so answering from it would miss changes committed
   * before a search began). The fresh one then catches up from the head it read before loading.
   */
  private reload(): void {
    this.reloading ??= this.build()
      .then(async ({ index, head }) => {
        const swap = this.queue.then(() => {
          this.index = index
          this.appliedChange = head
          this.reloads += 1
        })
        this.queue = swap
        await swap
      })
      .catch(() => {
        // The next catch-up finds the rows still missing and tries again; PostgreSQL answers meanwhile.
      })
      .finally(() => {
        this.reloading = null
      })
  }

  /** Resolves when a reload in progress has taken over (for tests and benchmarks). */
  async reloaded(): Promise<void> {
    await this.reloading
    await this.queue
  }

  /**
   * Reads the head and applies what is new, in the background (one at a time): on news that a
   * listing changed, and every FOLLOW_EVERY_MS. Nothing happens before the first load.
   */
  refresh(): Promise<void> {
    if (!this.index) return Promise.resolve()
    this.refreshing ??= readHead(this.db)
      .then(async (head) => {
        await this.catchUpTo(head)
      })
      .finally(() => {
        this.refreshing = null
      })
    return this.refreshing
  }

  /** Refreshes every `everyMs` until the returned function is called; errors go to `onError` and the next round tries again. */
  follow({ everyMs = FOLLOW_EVERY_MS, onError }: { everyMs?: number; onError: (error: unknown) => void }): () => void {
    const timer = setInterval(() => this.refresh().catch(onError), everyMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  /** Reads the listings of `ids` as they are now and puts them in the index (or takes them out). */
  private async apply(ids: number[]): Promise<void> {
    const index = this.index!
    const found: ListingRow[] = []
    for (let at = 0; at < ids.length; at += BATCH) {
      const chunk = ids.slice(at, at + BATCH)
      const { rows } = await this.db.execute<ListingRow>(
        sql`select ${COLUMNS} from ${LISTINGS} where status = 'published' and listing.id = any(${`{${chunk.join(',')}}`}::bigint[])`,
      )
      found.push(...rows)
    }
    // Nothing above awaits once this starts: a search never sees the index half changed.
    for (const id of ids) index.remove(id)
    found.sort((a, b) => Number(a.id) - Number(b.id))
    const bulk = this.options.bulkChanges ?? Math.max(5_000, index.indexed / 10)
    if (found.length > bulk) index.beginBulk()
    for (const row of found) index.add(indexedOf(row))
    index.endBulk()
    this.rebuildWhenStale()
  }

  /**
   * Starts building a fresh index when too many slots hold listings no longer indexed: searches go on
   * with this one meanwhile, and the fresh one takes over in the catch-up queue, then catches up on
   * the changes made while it was built.
   */
  private rebuildWhenStale(): void {
    const index = this.index!
    const most = this.options.rebuildAfterStale ?? Math.max(50_000, index.indexed / 2)
    if (this.rebuilding || index.staleSlots <= most) return
    this.rebuilding = this.build()
      .then(({ index: fresh, head }) => {
        this.queue = this.queue.then(() => {
          this.index = fresh
          this.appliedChange = head
          this.rebuilds += 1
        })
      })
      .catch(() => {
        // The next change tries again; this index stays right meanwhile.
      })
      .finally(() => {
        this.rebuilding = null
      })
  }

  /** Resolves when a rebuild in progress has taken over (for tests). */
  async rebuilt(): Promise<void> {
    await this.rebuilding
    await this.queue
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return
    this.prunedAt = Date.now()
    await this.db.execute(
      sql`delete from ${listingChange} where ${listingChange.n} < ${this.appliedChange} and ${listingChange.changedAt} < now() - ${sql.raw(CHANGE_LOG_KEEP)}`,
    )
  }

  stats(): SearchIndexStats | null {
    const index = this.index
    if (!index) return null
    return {
      listings: index.indexed,
      loadMs: Math.round(this.loadMs),
      bytes: index.bytes(),
      change: this.appliedChange,
      staleSlots: index.staleSlots,
      rebuilds: this.rebuilds,
      reloads: this.reloads,
      isReloading: this.reloading !== null,
    }
  }
}

const indexes = new WeakMap<Db, LiveSearchIndex>()

/** The search index of the database `db` opens (one per database, shared by every caller in the process). */
export function searchIndexOf(db: Db): LiveSearchIndex {
  let live = indexes.get(db)
  if (!live) {
    live = new LiveSearchIndex(db)
    indexes.set(db, live)
  }
  return live
}
