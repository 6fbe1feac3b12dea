// The background job queue on the real database: a queued job runs at once on a working instance,
// whichever instance queued it, rather than when the worker next looks (here a minute away).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJobs, type Jobs } from '#server/jobs/queue.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

const A_MINUTE = 60
/** Far less than a poll: a job that waited for one would not be seen within it. */
const AT_ONCE_MS = 15_000

let database: TestDatabase
let worker: Jobs
let sender: Jobs
const ran: { name: string; data: Record<string, unknown> }[] = []
const waiting = new Set<() => void>()

const definitions = ['welcome-mail', 'reset-mail'].map((name) => ({
  name,
  handler: async (data: Record<string, unknown>) => {
    ran.push({ name, data })
    for (const wake of waiting) wake()
  },
}))

function ranWithin(name: string, key: string, ms: number): Promise<boolean> {
  const seen = () => ran.some((job) => job.name === name && job.data.key === key)
  return new Promise((resolve) => {
    if (seen()) return resolve(true)
    const check = () => {
      if (!seen()) return
      clearTimeout(timer)
      waiting.delete(check)
      resolve(true)
    }
    const timer = setTimeout(() => {
      waiting.delete(check)
      resolve(false)
    }, ms)
    waiting.add(check)
  })
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = createLogger('silent')
  worker = await startJobs({ database, logger, definitions, isWorking: true, pollingSeconds: A_MINUTE })
  // Another instance that only queues (JOBS_WORKERS=false), on the same database.
  sender = await startJobs({ database, logger, definitions, isWorking: false, pollingSeconds: A_MINUTE })
  // The worker's first look for jobs happens as it starts; the jobs below come after it.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
})

afterAll(async () => {
  await sender?.stop()
  await worker?.stop()
  await database?.drop()
})

describe('the job queue', () => {
  it('runs a job queued on the working instance at once, not at its next poll', async () => {
    await worker.send('welcome-mail', { key: 'own' })
    expect(await ranWithin('welcome-mail', 'own', AT_ONCE_MS)).toBe(true)
  })

  it('runs a job queued on an instance that does not work jobs at once, on the one that does', async () => {
    await sender.send('reset-mail', { key: 'other' })
    expect(await ranWithin('reset-mail', 'other', AT_ONCE_MS)).toBe(true)
  })

  it('runs each queued job once', async () => {
    await Promise.all([1, 2, 3].map((n) => sender.send('welcome-mail', { key: `each-${n}` })))
    for (const n of [1, 2, 3]) expect(await ranWithin('welcome-mail', `each-${n}`, AT_ONCE_MS)).toBe(true)
    expect(ran.filter((job) => String(job.data.key).startsWith('each-'))).toHaveLength(3)
  })

  it('refuses a job nobody defined', async () => {
    await expect(sender.send('no-such-job', {})).rejects.toThrow(/No job called no-such-job/)
  })
})
