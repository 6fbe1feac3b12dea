// Every kind of background job Cooper Home runs, with what each needs from the services.
import { isLinkOrigin, withLinkOrigin } from '#server/link-origin.server.ts'
import { sql } from 'drizzle-orm'
import type { Auth } from '#server/accounts/index.server.ts'
import {
  APPLICATION_EXPIRY_CRON,
  APPLICATION_EXPIRY_JOB,
  APPLICATION_HOME_TAKEN_JOB,
  APPLICATION_INVITE_JOB,
  APPLICATION_NOTICE_JOB,
  deleteRetainedDocuments,
  DOCUMENT_RETENTION_CRON,
  DOCUMENT_RETENTION_JOB,
  expireApplications,
  sendApplicationNotice,
  sendHomeTakenNotice,
  sendInviteMail,
} from '#server/applications/index.server.ts'
import {
  PASSWORD_RESET_JOB,
  mailPasswordResetLink,
  PRUNE_RATE_LIMITS_CRON,
  PRUNE_RATE_LIMITS_JOB,
  pruneRateLimits,
  SIGN_IN_FAILURES_NOTICE_JOB,
  sendSignInFailuresNotice,
  FACTOR_CHANGE_NOTICE_JOB,
  sendFactorChangeNotice,
} from '#server/accounts/index.server.ts'
import { deleteDocuments } from '#server/documents/index.server.ts'
import { EXPIRED_BANS_CRON, EXPIRED_BANS_JOB, liftExpiredBans } from '#server/console/index.server.ts'
import { expireLeases, LEASE_EXPIRY_CRON, LEASE_EXPIRY_JOB, LEASE_NOTICE_JOB, sendLeaseNotice } from '#server/leases/index.server.ts'
import type { Config } from '#server/config.server.ts'
import {
  COOPER_INDEX_RECOMPUTE_CRON,
  COOPER_INDEX_RECOMPUTE_JOB,
  CooperIndexRunInProgressError,
  recomputeCooperIndex,
} from '#server/cooper-index/index.server.ts'
import type { Database } from '#server/db/client.server.ts'
import {
  LISTING_NOTICE_JOB,
  LISTING_NOTICE_KINDS,
  sendListingNotice,
  STALE_NOTICES_CRON,
  STALE_NOTICES_JOB,
  sendStaleNotices,
} from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { MailSweep, MailSweepContext } from '#server/mail/mail-sweep.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import {
  PROCESS_PHOTO_JOB,
  SWEEP_PHOTOS_CRON,
  SWEEP_PHOTOS_JOB,
  processListingPhoto,
  sweepPendingPhotos,
} from '#server/media/index.server.ts'
import { UNREAD_NOTICES_CRON, UNREAD_NOTICES_JOB, sendUnreadNotices } from '#server/messages/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { calendarJobs, type CalendarFetchPolicy } from '#server/stays/ical.server.ts'
import {
  expireTours,
  sendTourNotice,
  sendTourReminder,
  TOUR_EXPIRY_CRON,
  TOUR_EXPIRY_JOB,
  TOUR_NOTICE_JOB,
  TOUR_REMINDER_JOB,
} from '#server/tours/index.server.ts'
import { alertsJobs } from './alerts-jobs.server.ts'
import type { JobDefinition } from './queue.server.ts'
import { staysJobs } from './stays-jobs.server.ts'
import { tenancyJobs } from './tenancy-jobs.server.ts'

export function jobDefinitions({
  config,
  database,
  mailer,
  logger,
  auth,
  publish,
  calendarPolicy,
}: {
  config: Config
  database: Database
  mailer: Mailer
  logger: Logger
  auth: Auth
  /** Tells the live sockets (the realtime bus, once it has started). */
  publish: (news: PublicNews) => Promise<void>
  /** What imported calendars may be fetched from. */
  calendarPolicy: CalendarFetchPolicy
}): JobDefinition[] {
  const { db } = database
  const sweepContext: MailSweepContext = { db, mailer, publicUrl: config.publicUrl, logger }
  /** A sweep on its schedule, not retried (the next run picks up what this one missed); logs what it sent. */
  const mailSweepJob = (name: string, cron: string, sweep: MailSweep, sentMessage: string): JobDefinition => ({
    name,
    cron,
    retryLimit: 0,
    handler: async () => {
      const sent = await sweep(sweepContext)
      if (sent > 0) logger.info({ sent }, sentMessage)
    },
  })
  return [
    ...(database.kind === 'pglite' ? [embeddedMaintenance(database, logger)] : []),
    {
      name: PROCESS_PHOTO_JOB,
      handler: (data) => processListingPhoto({ db, dataDir: config.DATA_DIR, logger }, Number(data.photoId)),
    },
    {
      // Photos whose processing job was lost (a crash between the upload's commit and the queueing).
      name: SWEEP_PHOTOS_JOB,
      cron: SWEEP_PHOTOS_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const swept = await sweepPendingPhotos(
          { db, dataDir: config.DATA_DIR },
          { queue: (photoId) => jobs.send(PROCESS_PHOTO_JOB, { photoId }) },
        )
        if (swept.requeued + swept.failed > 0) logger.warn(swept, 'listing photos left pending were swept')
      },
    },
    {
      // A reset link asked for at /forgot-password or /api/auth/request-password-reset: made and mailed
      // here, so the request does the same work for every address (server/accounts/auth-hooks.server.ts).
      name: PASSWORD_RESET_JOB,
      // The link opens on the origin the request came to, if that is one of this site's (link-origin.server.ts).
      handler: (data) =>
        withLinkOrigin(isLinkOrigin(config, data.origin) ? data.origin : config.publicUrl, () => mailPasswordResetLink(auth, data)),
    },
    {
      // The owner of an account that many failed sign-ins aimed at (at most one mail an hour).
      name: SIGN_IN_FAILURES_NOTICE_JOB,
      handler: async (data) => {
        await sendSignInFailuresNotice({ db, mailer, publicUrl: config.publicUrl }, String(data.email))
      },
    },
    {
      // The owner of an account whose second factor was turned on or off, or whose backup codes were remade.
      name: FACTOR_CHANGE_NOTICE_JOB,
      handler: async (data) => {
        await sendFactorChangeNotice({ db, mailer, publicUrl: config.publicUrl }, data)
      },
    },
    {
      // Bans whose end has passed: their listings go back in search (sign-in already ignores them).
      name: EXPIRED_BANS_JOB,
      cron: EXPIRED_BANS_CRON,
      retryLimit: 0,
      handler: async () => {
        const lifted = await liftExpiredBans(db)
        if (lifted > 0) logger.info({ lifted }, 'expired bans lifted')
      },
    },
    {
      // Rate-limit counts whose window ended long ago (one row per client and action otherwise stays).
      name: PRUNE_RATE_LIMITS_JOB,
      cron: PRUNE_RATE_LIMITS_CRON,
      retryLimit: 0,
      handler: async () => {
        const pruned = await pruneRateLimits(db)
        if (pruned > 0) logger.debug({ pruned }, 'old rate-limit counts deleted')
      },
    },
    {
      // The Cooper Index, nightly and when an administrator asks; a failed run keeps the previous results
      // current and is not retried within the night (the next night's run starts afresh). Runs never overlap.
      name: COOPER_INDEX_RECOMPUTE_JOB,
      cron: COOPER_INDEX_RECOMPUTE_CRON,
      retryLimit: 0,
      handler: async () => {
        try {
          const summary = await recomputeCooperIndex({ db, logger })
          logger.info(summary, 'the Cooper Index was recomputed')
        } catch (error) {
          // Another run is computing (the nightly one and an administrator's, or another instance's): this one
          // is not needed, and not a failure.
          if (!(error instanceof CooperIndexRunInProgressError)) throw error
          logger.info(
            { runningRunId: error.runId, startedAt: error.startedAt },
            'the Cooper Index recompute was skipped: a run is in progress',
          )
        }
      },
    },
    {
      // A listing's owner told of its hold, or of an administrator's unpublishing or removal (server/listings/moderation-notices.server.ts).
      name: LISTING_NOTICE_JOB,
      handler: async (data) => {
        const kind = LISTING_NOTICE_KINDS.find((k) => k === data.kind)
        if (!kind) return
        await sendListingNotice(
          { db, mailer, publicUrl: config.publicUrl },
          { listingId: Number(data.listingId), kind, reason: String(data.reason ?? '') },
        )
      },
    },
    {
      // Both parties of a tour told of a change, with the calendar invitation (server/tours/notices.server.ts).
      name: TOUR_NOTICE_JOB,
      handler: async (data) => {
        await sendTourNotice({ db, mailer, publicUrl: config.publicUrl }, { tourId: Number(data.tourId), action: data.action as never })
      },
    },
    {
      // Queued for its hour when a tour is booked or moved; a tour no longer confirmed at that time is not reminded of.
      name: TOUR_REMINDER_JOB,
      handler: async (data) => {
        const args = { tourId: Number(data.tourId), startsAt: String(data.startsAt), hours: Number(data.hours) }
        await sendTourReminder({ db, mailer, publicUrl: config.publicUrl }, args)
      },
    },
    {
      // Tour requests not answered within 24 hours, or by their start, expire and free their place.
      name: TOUR_EXPIRY_JOB,
      cron: TOUR_EXPIRY_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const expired = await expireTours({ database, jobs, realtime: { publish }, logger })
        if (expired > 0) logger.info({ expired }, 'unanswered tour requests expired')
      },
    },
    {
      // The other party of an application told of a change; a decline or conditional approval is the
      // applicant's written notice (server/applications/notices.server.ts).
      name: APPLICATION_NOTICE_JOB,
      handler: async (data) => {
        const args = { applicationId: Number(data.applicationId), action: data.action as never }
        await sendApplicationNotice({ db, mailer, publicUrl: config.publicUrl }, args)
      },
    },
    {
      // An applicant whose application was declined because the home was let: told once, however often this runs.
      name: APPLICATION_HOME_TAKEN_JOB,
      handler: async (data) => {
        await sendHomeTakenNotice({ db, mailer, publicUrl: config.publicUrl }, { applicationId: Number(data.applicationId) })
      },
    },
    {
      // An adult invited to join an application: the link opens on the origin the renter invited from,
      // if that is one of this site's (link-origin.server.ts).
      name: APPLICATION_INVITE_JOB,
      handler: async (data) => {
        const origin = isLinkOrigin(config, data.origin) ? data.origin : config.publicUrl
        await sendInviteMail(
          { db, mailer, publicUrl: config.publicUrl },
          { inviteId: Number(data.inviteId), expiresAt: Number(data.expiresAt), origin },
        )
      },
    },
    {
      // Applications no landlord decided on within 30 days expire, and both parties are told.
      name: APPLICATION_EXPIRY_JOB,
      cron: APPLICATION_EXPIRY_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const expired = await expireApplications({ database, jobs, realtime: { publish }, logger })
        if (expired > 0) logger.info({ expired }, 'undecided applications expired')
      },
    },
    {
      // Documents of applications that ended without a lease 90 days ago: the rows marked deleted, then
      // their files removed by the documents area.
      name: DOCUMENT_RETENTION_JOB,
      cron: DOCUMENT_RETENTION_CRON,
      retryLimit: 0,
      handler: async () => {
        const deleted = await deleteRetainedDocuments(
          { database },
          { removeFiles: (ids) => deleteDocuments({ database, config }, { ids }) },
        )
        if (deleted.applications > 0) logger.info(deleted, 'application documents past their retention deleted')
      },
    },
    {
      // The parties of a lease told of a step (server/leases/notices.server.ts).
      name: LEASE_NOTICE_JOB,
      handler: async (data) => {
        await sendLeaseNotice({ db, mailer, publicUrl: config.publicUrl }, { leaseId: Number(data.leaseId), action: data.action as never })
      },
    },
    {
      // Leases not signed by everyone within 14 days of being sent expire, and the parties are told.
      name: LEASE_EXPIRY_JOB,
      cron: LEASE_EXPIRY_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const expired = await expireLeases({ database, jobs, realtime: { publish }, logger })
        if (expired > 0) logger.info({ expired }, 'unsigned leases expired')
      },
    },
    ...tenancyJobs({ database, mailer, logger, publicUrl: config.publicUrl, publish }),
    // Imported calendars of short-term listings, fetched every 15 minutes (server/stays/ical-jobs.server.ts).
    ...calendarJobs({ database, mailer, logger, publicUrl: config.publicUrl, publish, policy: calendarPolicy }),
    ...staysJobs({ database, mailer, logger, publicUrl: config.publicUrl, publish }),
    // Saved searches' alerts (server/jobs/alerts-jobs.server.ts).
    ...alertsJobs({ database, mailer, logger, publicUrl: config.publicUrl, publish }),
    mailSweepJob(STALE_NOTICES_JOB, STALE_NOTICES_CRON, sendStaleNotices, 'stale listing notices sent'),
    mailSweepJob(UNREAD_NOTICES_JOB, UNREAD_NOTICES_CRON, sendUnreadNotices, 'unread message e-mails sent'),
  ]
}

export const MAINTENANCE_JOB = 'database-maintenance'
/** Every 15 minutes. */
export const MAINTENANCE_CRON = '*/15 * * * *'

/**
 * PostgreSQL's autovacuum keeps tables lean and their statistics current; embedded PGlite has no
 * autovacuum, so this does its work for the tables that change: VACUUM ANALYZE reclaims dead rows,
 * marks unchanged pages all-visible (an index-only scan, such as a listing page's similar homes by
 * price, then reads no row) and refreshes the planner's estimates. On a table that changed little it
 * costs a few milliseconds of the one connection.
 */
function embeddedMaintenance(database: Database, logger: Logger): JobDefinition {
  return {
    name: MAINTENANCE_JOB,
    cron: MAINTENANCE_CRON,
    retryLimit: 0,
    handler: async () => {
      const started = performance.now()
      for (const table of [
        'listing',
        'listing_change',
        'listing_change_pending',
        'listing_change_head',
        'listing_photo',
        'message',
        'room_message',
        'conversation',
        'room',
        'session',
        'rate_limit',
      ]) {
        await database.db.execute(sql.raw(`vacuum analyze ${table}`))
      }
      logger.debug({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed')
    },
  }
}
