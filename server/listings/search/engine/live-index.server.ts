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
import { indexedOf, LISTINGS_READ, SELECTED_COLUMNS, type ListingRow } from './indexed-columns.ts'
import { ListingIndex } from './listing-index.ts'

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

/** What the index reads of each listing (indexed-columns.ts), and from where. */
const COLUMNS = sql.raw(SELECTED_COLUMNS)
const LISTINGS = sql.raw(LISTINGS_READ)

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
   * For reads that may lag a reload (the search map, nearby places): while a fresh index loads beside
   * this one, the old one as it stands, rather than a wait of as long as the load; else `current()`.
   * Searches never read this: PostgreSQL answers them during a reload.
   */
  async currentOrStanding(): Promise<ListingIndex> {
    await this.load()
    if (this.reloading) {
      await this.queue
      return this.index!
    }
    return this.current()
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

  /** The index's size as last counted, and the index and change it was counted at. */
  private counted: { index: ListingIndex; change: number; bytes: number } | null = null

  stats(): SearchIndexStats | null {
    const index = this.index
    if (!index) return null
    // Counting walks every title (some 20 ms for a million listings, the event loop held meanwhile):
    // once for each change applied, not on every readiness check.
    if (this.counted?.index !== index || this.counted.change !== this.appliedChange) {
      this.counted = { index, change: this.appliedChange, bytes: index.bytes() }
    }
    return {
      listings: index.indexed,
      loadMs: Math.round(this.loadMs),
      bytes: this.counted.bytes,
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
