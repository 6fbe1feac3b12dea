// The administrators' Cooper Index page against a real database (PGlite and PostgreSQL): who may open it and
// post to it, the runs it lists, and "Recompute now" queuing one recompute job, never a second one while a
// run is running or a job is already waiting.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminAudit, cooperIndexRun } from '#server/db/schema.ts'
import { readToast } from '#server/http/flash.server.ts'
import { FIRST_MONTH, insertListingsWithHistory } from '#tests/support/cooper-history.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { settle } from '#tests/support/route-answers.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'
import type { AdminCooperData } from './admin-cooper.server.ts'
import { action, loader } from './admin-cooper.tsx'

let t: TestServices
let admin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestServices()
  admin = await establishedUser(t, { name: 'Dana Admin', isAdministrator: true })
  member = await establishedUser(t, { name: 'Morgan Member' })
  // One Dover home let twice a year apart: a run has something to read.
  await insertListingsWithHistory(t.services.database.db, admin.id, [
    {
      home: { street: '5 Loockerman Street', city: 'Dover', state: 'DE', zip: '19901' },
      prices: [
        [FIRST_MONTH, 140_000],
        [FIRST_MONTH + 12, 145_000],
      ],
    },
  ])
})

afterAll(async () => {
  await t?.close()
})

const PATH = '/admin/cooper'

function load(cookie?: string) {
  const request = new Request(`${TEST_ORIGIN}${PATH}`, { headers: cookie ? { Cookie: cookie } : {} })
  return settle(() => loader({ request, params: {}, context: t.context(), unstable_pattern: PATH } as never))
}

function post(fields: Record<string, string>, cookie?: string) {
  const request = formRequest(PATH, fields, { headers: cookie ? { Cookie: cookie } : {} })
  return settle(() => action({ request, params: {}, context: t.context(), unstable_pattern: PATH } as never))
}

async function pageData(): Promise<AdminCooperData> {
  const { status, body } = await load(admin.cookie)
  expect(status).toBe(200)
  return body as AdminCooperData
}

/** The toast a redirect carries to the next page. */
async function toastOf(response: Response | undefined) {
  const cookie = response?.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return (await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast
}

describe('who may use the Cooper Index page', () => {
  it('answers a visitor and a member 404, page and post, without queuing anything', async () => {
    expect((await load()).status).toBe(404)
    expect((await load(member.cookie)).status).toBe(404)
    expect((await post({ intent: 'recompute' })).status).toBe(404)
    expect((await post({ intent: 'recompute' }, member.cookie)).status).toBe(404)
    expect(await t.services.jobs.runUntilIdle()).toBe(0)
    expect(await t.services.database.db.select().from(cooperIndexRun)).toEqual([])
  })
})

describe('an administrator recomputing the index', () => {
  it('shows no run before the first, queues one recompute, and lists the run it made as current', async () => {
    expect(await pageData()).toEqual({ runs: [], pending: null })

    const asked = await post({ intent: 'recompute' }, admin.cookie)
    expect(asked.status).toBe(302)
    expect(asked.response?.headers.get('Location')).toBe(PATH)
    expect(await toastOf(asked.response)).toEqual({ type: 'success', message: expect.stringMatching(/^A recompute is queued/) })
    expect((await pageData()).pending).toEqual({ isQueued: true })

    // Asked again before it ran: said so, and not queued twice.
    const again = await post({ intent: 'recompute' }, admin.cookie)
    expect(again.status).toBe(302)
    expect(await toastOf(again.response)).toEqual({ type: 'info', message: 'A recompute is already queued, so no other was queued.' })
    // The recompute asked for is in the administrators' audit log, once (the second asked for nothing).
    const audit = await t.services.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'cooper-recompute'))
    expect(audit.map((row) => [row.adminId, row.targetKind])).toEqual([[admin.id, 'cooper-index']])

    expect(await t.services.jobs.runUntilIdle()).toBe(1)
    const { runs, pending } = await pageData()
    expect(pending).toBeNull()
    expect(runs).toEqual([
      {
        id: expect.any(Number),
        startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        status: 'done',
        error: null,
        observations: 2,
        pairs: 1,
        markets: 3,
        isCurrent: true,
      },
    ])
  })

  it('does not queue another while a run is running, and shows a failed run with its error', async () => {
    const { db } = t.services.database
    const [running] = await db.insert(cooperIndexRun).values({ startedAt: new Date() }).returning({ id: cooperIndexRun.id })
    try {
      expect((await pageData()).pending).toEqual({ runningSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
      const asked = await post({ intent: 'recompute' }, admin.cookie)
      expect(asked.status).toBe(302)
      expect(await toastOf(asked.response)).toEqual({
        type: 'info',
        message: expect.stringMatching(
          /^A recompute is already running \(started \d{4}-\d\d-\d\d \d\d:\d\d UTC\), so no other was queued\.$/,
        ),
      })
      expect(await t.services.jobs.runUntilIdle()).toBe(0)
    } finally {
      await db
        .update(cooperIndexRun)
        .set({ status: 'failed', error: 'interrupted', finishedAt: new Date() })
        .where(eq(cooperIndexRun.id, running!.id))
    }
    const { runs, pending } = await pageData()
    expect(pending).toBeNull()
    expect(runs[0]).toMatchObject({ id: running!.id, status: 'failed', error: 'interrupted', isCurrent: false })
    expect(runs[1]).toMatchObject({ status: 'done', isCurrent: true })
  })

  it('answers a form it does not know with 400 and queues nothing', async () => {
    const answer = await post({ intent: 'delete-everything' }, admin.cookie)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ ok: false, fieldErrors: {}, formError: 'This form is not one we know. Reload the page and try again.' })
    expect(await t.services.jobs.runUntilIdle()).toBe(0)
  })
})
