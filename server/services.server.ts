// The one set of services (config, logger, database, mailer, auth) shared by the HTTP server and
// the React Router app. It lives on globalThis so the dev server's module reloads reuse it.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createAuth, type Auth } from '#server/accounts/index.server.ts'
import { alertQueueing, configureUnsubscribeTokens } from '#server/alerts/index.server.ts'
import { configureInviteTokens } from '#server/applications/index.server.ts'
import { parseConfig, type Config } from '#server/config.server.ts'
import { openDatabase, type Database } from '#server/db/client.server.ts'
import { configureDocumentLinks } from '#server/documents/index.server.ts'
import { setting } from '#server/db/schema.ts'
import { configureFlash } from '#server/http/flash.server.ts'
import { jobDefinitions } from '#server/jobs/definitions.server.ts'
import { startJobs, type Jobs } from '#server/jobs/queue.server.ts'
import { findListings, onListingChange, searchIndexOf } from '#server/listings/index.server.ts'
import { createLogger, type Logger } from '#server/logger.server.ts'
import type { ListingSearchInput } from '#common/listings/schemas.ts'
import type { ListingPage } from '#common/listings/types.ts'
import { createMailer, type Mailer } from '#server/mail/mailer.server.ts'
import { startRealtimeBus, type RealtimeBus } from '#server/realtime/bus.server.ts'
import { seedDemoData } from '#server/seed/demo.server.ts'
import { seedDemoPhotos } from '#server/seed/listing-photos.server.ts'
import { seedDemoTenancy } from '#server/seed/tenancy.server.ts'
import { calendarPolicyOf, type CalendarFetchPolicy } from '#server/stays/ical.server.ts'

export type Services = {
  config: Config
  logger: Logger
  database: Database
  mailer: Mailer
  auth: Auth
  /** Listing search, as of every change committed before it began (server/listings/search/find-listings.server.ts). */
  searchListings(input: ListingSearchInput | Record<string, unknown>): Promise<ListingPage>
  jobs: Jobs
  /** News between app instances for the live socket (server/realtime/*). */
  realtime: RealtimeBus
  /** What imported calendars may be fetched from (server/stays/ical-policy.server.ts). */
  calendarPolicy: CalendarFetchPolicy
  /** The listing changes noted here, claimed and queued as alert jobs (server/alerts/delivery/changes-queue.server.ts). */
  alertQueue: { settled(): Promise<void> }
  close(): Promise<void>
}

const key = Symbol.for('cooper-home.services')
type Holder = { [key]?: Promise<Services> }

/** The process's services, created on first use. */
export function getServices(): Promise<Services> {
  const holder = globalThis as Holder
  holder[key] ??= createServices(parseConfig()).catch((error: unknown) => {
    delete holder[key]
    throw error
  })
  return holder[key]
}

/**
 * Creates the services; tests pass a database of their own, and a calendar policy that also reaches
 * their local feed server (never set from the environment).
 */
export async function createServices(
  config: Config,
  options: { database?: Database; calendarPolicy?: CalendarFetchPolicy } = {},
): Promise<Services> {
  const calendarPolicy = options.calendarPolicy ?? calendarPolicyOf(config)
  const logger = createLogger(config.LOG_LEVEL)
  const database =
    options.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
    ))
  try {
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      logger,
    })
    const secret = config.AUTH_SECRET ?? (await loadGeneratedSecret(database))
    // Auth queues jobs (reset links, sign-in warnings) and those jobs call auth, so the queue starts
    // after auth and auth reaches it through this reference.
    const started: { queue?: Jobs; realtime?: RealtimeBus } = {}
    const queueJob = async (name: string, data: Record<string, unknown>) => {
      if (!started.queue) throw new Error(`The job queue has not started yet (job ${name})`)
      await started.queue.send(name, data)
    }
    const auth = createAuth({ config: { ...config, secret }, database, mailer, logger, queueJob })
    configureFlash({ authSecret: secret, publicUrl: config.publicUrl })
    configureDocumentLinks({ authSecret: secret })
    configureInviteTokens({ authSecret: secret })
    configureUnsubscribeTokens({ authSecret: secret })
    if (config.SEED_DEMO_DATA) {
      await seedDemoData({ database, auth, logger })
      await seedDemoPhotos({ db: database.db, dataDir: config.DATA_DIR, logger })
      await seedDemoTenancy({ database, config, logger })
    }
    const jobs = await startJobs({
      database,
      logger,
      // Jobs that announce live (a tour's expiry) reach the bus, started just after, through this reference.
      definitions: jobDefinitions({
        config,
        database,
        mailer,
        logger,
        auth,
        publish: async (news) => started.realtime?.publish(news),
        calendarPolicy,
      }),
      isWorking: config.JOBS_WORKERS,
    })
    started.queue = jobs
    const realtime = await startRealtimeBus({ database, logger })
    started.realtime = realtime
    // The search index loads in the background: PostgreSQL answers searches meanwhile, and /readyz
    // says "loading". Then it follows the change log in the background: at once on news of a listing
    // change (this instance's or another's), and on a slow poll for changes nobody announces (SQL, scripts).
    const searchIndex = searchIndexOf(database.db)
    searchIndex
      .load()
      .then(() => logger.info(searchIndex.stats(), 'search index loaded'))
      .catch((error: unknown) => logger.error({ err: error }, 'the search index could not be loaded'))
    const onFollowError = (error: unknown) => logger.warn({ err: error }, 'the search index could not catch up; it tries again')
    const stopFollowing = searchIndex.follow({ onError: onFollowError })
    const stopTelling = onListingChange(() => void realtime.publish({ kind: 'listings-changed', instanceId: realtime.instanceId }))
    // Every listing change committed here: its alert news (written by the listing's trigger) claimed and
    // queued at once, so an instant alert goes out within seconds; the floor job catches the rest.
    const alertQueue = alertQueueing(database.db, jobs.sendMany, (error) =>
      logger.warn({ err: error }, 'listing alerts could not be queued'),
    )
    const stopAlerting = onListingChange(() => alertQueue.note())
    realtime.subscribe((news) => {
      if (news.kind === 'listings-changed') searchIndex.refresh().catch(onFollowError)
    })
    return {
      config,
      logger,
      database,
      mailer,
      auth,
      searchListings: (input) => findListings(database.db, { search: input }),
      jobs,
      realtime,
      calendarPolicy,
      alertQueue,
      async close() {
        stopFollowing()
        stopTelling()
        stopAlerting()
        await alertQueue.settled()
        await realtime.close()
        await jobs.stop()
        await database.close()
      },
    }
  } catch (error) {
    await database.close()
    throw error
  }
}

/**
 * Without AUTH_SECRET, one secret is generated and kept in the database, so sessions survive a
 * restart and every instance on one PostgreSQL signs with the same key.
 */
async function loadGeneratedSecret({ db }: Database): Promise<string> {
  await db
    .insert(setting)
    .values({ key: 'auth_secret', value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(setting).where(eq(setting.key, 'auth_secret'))
  if (!row) throw new Error('The generated auth secret could not be stored')
  return row.value
}
