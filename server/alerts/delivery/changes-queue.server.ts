// Listing news to alert jobs: the listing's trigger (migration 0065) writes a listing_alert_change row
// in the write's own transaction, whatever made it; here each change is claimed by one instance and
// queued in a `listing-alert` job of up to CHANGES_PER_JOB changes. The services claim at once on every listing change noted in this
// process, so an instant alert goes out seconds after publication; a cron job every minute claims the
// same way as the floor, for changes written outside the app (SQL, scripts, a bulk import) and for a
// claim whose jobs were lost (an instance stopped between claiming and queueing).
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'

export const LISTING_ALERT_JOB = 'listing-alert'
export const ALERT_CHANGES_FLOOR_JOB = 'listing-alert-floor'
/** Every minute: a change nobody announced waits at most this long for its job. */
export const ALERT_CHANGES_FLOOR_CRON = '* * * * *'

/** Changes claimed per statement: a bulk import of many thousands is queued in a few rounds. */
const CLAIM_BATCH = 1000
/**
 * Changes worked by one `listing-alert` job: the unread counts, e-mail jobs and marks of a batch are a
 * few statements for all of its changes, and a bulk import's batches still spread over the workers.
 */
export const CHANGES_PER_JOB = 10
/** A change claimed this long ago and still not worked is claimed again (its job was lost). */
const LOST_CLAIM_MINUTES = 10

export type QueueJobs = (
  name: string,
  items: Record<string, unknown>[],
  optionsOf?: (item: Record<string, unknown>) => { singletonKey?: string; startAfter?: Date },
) => Promise<void>

/**
 * Claims the changes no instance has queued (and those whose queued job was lost) and queues the
 * changes that may concern someone, CHANGES_PER_JOB to a `listing-alert` job, in claim order. The claim is one UPDATE … RETURNING over
 * rows locked with SKIP LOCKED, so two instances claiming at once never queue one change twice. A
 * change nobody could hear of (no active saved search for a listing's arrival or lower price, nobody
 * who saved the home) is marked worked at once, without a job. Resolves to how many changes were queued.
 */
export async function queueListingAlerts(db: Db, queue: QueueJobs): Promise<number> {
  let queued = 0
  for (;;) {
    const claimed = await db.execute<{ id: string | number; concerns: boolean }>(sql`
      with claimed as (
        update listing_alert_change set queued_at = now()
        where id in (
          select id from listing_alert_change
          where queued_at is null
             or (processed_at is null and queued_at < now() - make_interval(mins => ${LOST_CLAIM_MINUTES}))
          order by id limit ${CLAIM_BATCH}
          for update skip locked
        )
        returning id, kind, listing_id, saver_emails
      )
      select id,
        (kind in ('published', 'price-drop') and exists (select 1 from saved_search where not is_paused))
          or exists (select 1 from saved_listing as s where s.listing_id = claimed.listing_id)
          or coalesce(cardinality(saver_emails), 0) > 0 as concerns
      from claimed`)
    const rows = claimed.rows.map((row) => ({ id: Number(row.id), concerns: row.concerns })).sort((a, b) => a.id - b.id)
    const unheard = rows.filter((row) => !row.concerns).map((row) => row.id)
    if (unheard.length > 0) {
      await db.execute(
        sql`update listing_alert_change set processed_at = now() where id in (${sql.join(
          unheard.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    }
    const concerning = rows.filter((row) => row.concerns).map((row) => row.id)
    const jobs = Array.from({ length: Math.ceil(concerning.length / CHANGES_PER_JOB) }, (_, k) => ({
      changeIds: concerning.slice(k * CHANGES_PER_JOB, (k + 1) * CHANGES_PER_JOB),
    }))
    await queue(LISTING_ALERT_JOB, jobs)
    queued += concerning.length
    if (rows.length < CLAIM_BATCH) return queued
  }
}

/** A `listing-alert` job's changes: its batch, or the one change of a job queued by an earlier version. */
export const changeIdsOf = (data: Record<string, unknown>): number[] =>
  Array.isArray(data.changeIds) ? data.changeIds.map(Number) : data.changeId === undefined ? [] : [Number(data.changeId)]

/**
 * One claim at a time in this process: notes arriving while a claim runs start one more claim after
 * it, not one each (a landlord's bulk edit notes many changes at once).
 */
export function alertQueueing(db: Db, queue: QueueJobs, onError: (error: unknown) => void) {
  let running: Promise<void> = Promise.resolve()
  let isPending = false
  return {
    /** Claims and queues the changes after the claim now running, if any. */
    note(): void {
      if (isPending) return
      isPending = true
      running = running.then(async () => {
        isPending = false
        await queueListingAlerts(db, queue).catch(onError)
      })
    },
    /** Resolves once every note heard so far has queued its changes (tests, scripts that must finish work). */
    settled: (): Promise<void> => running,
  }
}
