// A mail sweep: a scheduled job that finds who is due an e-mail, sends one to each and answers how
// many went out. Each sweep claims its rows before sending, so two instances never mail twice.
import type { Db } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from './mailer.server.ts'

/** What a sweep needs: the database, the mailer, the site's public address for links, and a logger. */
export type MailSweepContext = { db: Db; mailer: Mailer; publicUrl: string; logger: Logger }

/** Sends the e-mails that are due; resolves to how many were sent. */
export type MailSweep = (context: MailSweepContext) => Promise<number>
