// What /admin/cooper loads and does: the Cooper Index's recent runs and whether a recompute is under way, for
// administrators only (to anyone else, a visitor included, the page and its post answer 404, like every console
// address), and "Recompute now", which queues one recompute unless one is running or queued.
import { AppError } from '#server/errors.server.ts'
import { clientAddress, requireConsoleAdmin } from '#server/accounts/index.server.ts'
import { recordAdminAction } from '#server/console/index.server.ts'
import { UNKNOWN_FORM, refusalOf } from '#server/http/route-errors.server.ts'
import { findPendingRecompute, findRecentRuns, requestRecomputeOnce } from '#server/cooper-index/index.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import type { Services } from '#server/services.server.ts'

export const ADMIN_COOPER_PATH = '/admin/cooper'

type RunSummary = Awaited<ReturnType<typeof findRecentRuns>>[number]

/** A run as the page shows it: the domain's summary, its times as ISO strings. */
export type AdminRun = Omit<RunSummary, 'startedAt' | 'finishedAt'> & { startedAt: string; finishedAt: string | null }

export type AdminCooperData = {
  runs: AdminRun[]
  /** A run in progress (since when), a recompute waiting in the queue, or nothing under way. */
  pending: { runningSince: string } | { isQueued: true } | null
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export async function loadAdminCooper(services: Services, request: Request): Promise<AdminCooperData> {
  await requireConsoleAdmin(services, request)
  const { db } = services.database
  const [runs, pending] = await Promise.all([findRecentRuns(db), findPendingRecompute(db)])
  return {
    runs: runs.map((run) => ({ ...run, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null })),
    pending: pending && 'runningSince' in pending ? { runningSince: pending.runningSince.toISOString() } : pending,
  }
}

export async function adminCooperAction(services: Services, request: Request) {
  const current = await requireConsoleAdmin(services, request)
  const formData = await request.formData()
  if (formData.get('intent') !== 'recompute') {
    return refusalOf(new AppError('invalid', UNKNOWN_FORM))
  }
  const outcome = await requestRecomputeOnce(services)
  if (outcome.status === 'queued') {
    await recordAdminAction(services.database.db, {
      adminId: current.userId,
      action: 'cooper-recompute',
      targetKind: 'cooper-index',
      targetId: 'recompute',
      targetLabel: 'Cooper Index',
      ip: clientAddress(request.headers),
    })
  }
  services.logger.info({ userId: current.userId, outcome: outcome.status }, 'Cooper Index recompute asked for')
  switch (outcome.status) {
    case 'queued':
      return redirectWithToast(ADMIN_COOPER_PATH, {
        type: 'success',
        message: 'A recompute is queued. It starts within seconds; reload this page to see it run.',
      })
    case 'running':
      return redirectWithToast(ADMIN_COOPER_PATH, {
        type: 'info',
        message: `A recompute is already running (started ${utc(outcome.since)}), so no other was queued.`,
      })
    case 'already-queued':
      return redirectWithToast(ADMIN_COOPER_PATH, {
        type: 'info',
        message: 'A recompute is already queued, so no other was queued.',
      })
  }
}
