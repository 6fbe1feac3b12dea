// Every kind of background job Cooper Home runs, with what each needs from the services.
import type { Config } from '#server/config.server.ts'
import type { Database } from '#server/db/client.server.ts'
import { STALE_NOTICES_CRON, STALE_NOTICES_JOB, sendStaleNotices } from '#server/listings/stale-notices.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { PROCESS_PHOTO_JOB, processListingPhoto } from '#server/media/listing-photos.server.ts'
import { UNREAD_NOTICES_CRON, UNREAD_NOTICES_JOB, sendUnreadNotices } from '#server/messages/unread-notices.server.ts'
import type { JobDefinition } from './queue.server.ts'

export function jobDefinitions({
  config,
  database,
  mailer,
  logger,
}: {
  config: Config
  database: Database
  mailer: Mailer
  logger: Logger
}): JobDefinition[] {
  const { db } = database
  return [
    {
      name: PROCESS_PHOTO_JOB,
      handler: (data) => processListingPhoto({ db, dataDir: config.DATA_DIR, logger }, Number(data.photoId)),
    },
    {
      name: STALE_NOTICES_JOB,
      cron: STALE_NOTICES_CRON,
      retryLimit: 0,
      handler: async () => {
        const sent = await sendStaleNotices({ db, mailer, publicUrl: config.publicUrl, logger })
        if (sent > 0) logger.info({ sent }, 'stale listing notices sent')
      },
    },
    {
      name: UNREAD_NOTICES_JOB,
      cron: UNREAD_NOTICES_CRON,
      retryLimit: 0,
      handler: async () => {
        const sent = await sendUnreadNotices({ db, mailer, publicUrl: config.publicUrl, logger })
        if (sent > 0) logger.info({ sent }, 'unread message e-mails sent')
      },
    },
  ]
}
