// Background jobs on pg-boss, kept in the same database as everything else: over the one PGlite
// connection when embedded, over a small pool of its own on PostgreSQL. Workers run in this process
// unless JOBS_WORKERS=false, so instances can be split into web and worker roles.
import { PgBoss, fromPglite, type JobResult } from 'pg-boss'
import type { Database } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'

/** What a running job may do with the queue itself: queue follow-up jobs. */
export type JobContext = { send: Jobs['send']; sendMany: Jobs['sendMany'] }

export type JobHandler = (data: Record<string, unknown>, context: JobContext) => Promise<void>

export type JobDefinition = {
  name: string
  handler: JobHandler
  /** A cron expression (UTC) on which one job of this kind is queued by pg-boss's scheduler. */
  cron?: string
  /** How often a failed job is tried again before it is left failed. */
  retryLimit?: number
  /**
   * 'stately': at most one job per singletonKey waiting and one running (a person's pending e-mail);
   * a job queued while one with its key waits is dropped. Set when the queue is made: a queue's
   * policy cannot change, so a new policy needs a new queue name.
   */
  policy?: 'standard' | 'stately'
}

/** `startAfter`: not before then (a reminder); `singletonKey`: one queued job per key at a time. */
export type SendOptions = { startAfter?: Date; singletonKey?: string }

export type Jobs = {
  /** Queues a job; it runs on a worker of any instance, soon after the surrounding write commits. */
  send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void>
  /**
   * Queues one job of a kind per item, in one statement (a bulk import's thousand alert jobs);
   * `optionsOf` gives an item's options (its singletonKey on a 'stately' queue).
   */
  sendMany(name: string, items: Record<string, unknown>[], optionsOf?: (item: Record<string, unknown>) => SendOptions): Promise<void>
  /** Runs queued jobs in this process until none is left (tests, and scripts that must finish work). */
  runUntilIdle(): Promise<number>
  stop(): Promise<void>
}

const POLLING_SECONDS = 2
const BATCH_SIZE = 10

export async function startJobs({
  database,
  logger,
  definitions,
  isWorking,
  pollingSeconds = POLLING_SECONDS,
}: {
  database: Database
  logger: Logger
  definitions: JobDefinition[]
  isWorking: boolean
  /** How often a worker looks for jobs it was not told of. */
  pollingSeconds?: number
}): Promise<Jobs> {
  const { connection } = database
  // A worker hears of a new job the moment it is queued (LISTEN/NOTIFY, on every instance that works
  // jobs) rather than at its next poll: a confirmation or reset link is mailed at once, not up to a
  // poll later. Polling stays as the floor should the listening connection drop.
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(connection.client), backend: 'pglite', schedule: isWorking, useListenNotify: isWorking })
      : new PgBoss({ connectionString: connection.url, max: 3, schedule: isWorking, useListenNotify: isWorking })
  boss.on('error', (error) => logger.error({ err: error }, 'background job queue error'))
  await boss.start()

  const byName = new Map(definitions.map((d) => [d.name, d]))
  for (const definition of definitions) {
    const queue = { retryLimit: definition.retryLimit ?? 2, retryDelay: 30, notify: true }
    await boss.createQueue(definition.name, { ...queue, policy: definition.policy ?? 'standard' })
    // A queue made by an earlier version keeps its old settings unless told.
    await boss.updateQueue(definition.name, queue)
    if (definition.cron) await boss.schedule(definition.name, definition.cron)
  }

  const send: Jobs['send'] = async (name, data = {}, options = {}) => {
    if (!byName.has(name)) throw new Error(`No job called ${name}`)
    await boss.send(name, data, options)
  }

  const sendMany: Jobs['sendMany'] = async (name, items, optionsOf) => {
    if (!byName.has(name)) throw new Error(`No job called ${name}`)
    if (items.length > 0)
      await boss.insert(
        name,
        items.map((data) => ({ data, ...optionsOf?.(data) })),
      )
  }

  const run = async (name: string, data: unknown) => {
    const definition = byName.get(name)
    if (!definition) throw new Error(`No job called ${name}`)
    await definition.handler((data ?? {}) as Record<string, unknown>, { send, sendMany })
  }

  if (isWorking) {
    for (const definition of definitions) {
      // Up to BATCH_SIZE jobs a fetch, fetching again at once while batches come back full: a burst
      // (a landlord's photos, many people asking for reset links) is worked through without waiting
      // a poll per job. Each job settles on its own, so one failure retries only itself.
      const options = {
        pollingIntervalSeconds: pollingSeconds,
        notifyPollingIntervalSeconds: pollingSeconds,
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        perJobResults: true,
      } as const
      await boss.work(definition.name, options, async (batch) => {
        const results: JobResult[] = []
        for (const job of batch) {
          try {
            await run(job.name, job.data)
            results.push({ id: job.id, status: 'completed' })
          } catch (error) {
            logger.warn({ err: error, job: job.name, id: job.id }, 'background job failed')
            results.push({ id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } })
          }
        }
        return results
      })
    }
  }

  let isStopped = false
  return {
    send,
    sendMany,
    async runUntilIdle() {
      let done = 0
      for (;;) {
        let found = 0
        for (const name of byName.keys()) {
          const batch = await boss.fetch<Record<string, unknown>>(name, { batchSize: 10 })
          for (const job of batch) {
            found += 1
            try {
              await run(name, job.data)
              await boss.complete(name, job.id)
            } catch (error) {
              logger.warn({ err: error, job: name, id: job.id }, 'background job failed')
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
            }
          }
        }
        if (found === 0) return done
        done += found
      }
    },
    async stop() {
      if (isStopped) return
      isStopped = true
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}
