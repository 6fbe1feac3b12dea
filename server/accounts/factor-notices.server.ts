// Every change of how an account signs in (the second factor turned on or off, new backup codes, a passkey
// added or removed) is
// mailed to the account through a job, so that an intruder who changes them cannot do it unseen.
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { user } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import type { QueueJob } from './auth-hooks.server.ts'
import { BACKUP_CODE_COUNT, type FactorChange, isFactorChange } from './two-factor-rules.server.ts'

export const FACTOR_CHANGE_NOTICE_JOB = 'account-factor-changed'

/** Queues the mail; a lost one is only logged, the change itself stands. */
export async function queueFactorChangeNotice(queueJob: QueueJob, logger: Logger, input: { userId: string; change: FactorChange }) {
  await queueJob(FACTOR_CHANGE_NOTICE_JOB, { userId: input.userId, change: input.change, at: new Date().toISOString() }).catch(
    (error: unknown) => logger.error({ err: error, change: input.change }, 'the sign-in change notice could not be queued'),
  )
}

const SUBJECTS: Record<FactorChange, string> = {
  'two-factor-on': 'Two-factor sign-in is on for your Cooper Home account',
  'two-factor-off': 'Two-factor sign-in is off for your Cooper Home account',
  'backup-codes-regenerated': 'New backup codes for your Cooper Home account',
  'passkey-added': 'A passkey was added to your Cooper Home account',
  'passkey-removed': 'A passkey was removed from your Cooper Home account',
}

const WHAT_HAPPENED: Record<FactorChange, string> = {
  'two-factor-on':
    'two-factor sign-in was turned on for your account. From now on, logging in asks for a code from your ' +
    `authenticator app (or one of your ${BACKUP_CODE_COUNT} backup codes) after your password.`,
  'two-factor-off':
    'two-factor sign-in was turned off for your account. Logging in now asks for your password only, and every ' +
    'device that was signed in has been signed out.',
  'backup-codes-regenerated': `new backup codes were made for your account. The ${BACKUP_CODE_COUNT} codes you had before no longer work.`,
  'passkey-added': 'a passkey was added to your account. The device that keeps it can now sign in to your account without a password.',
  'passkey-removed': 'a passkey was removed from your account. The device that kept it can no longer sign in with it.',
}

/** Where on the profile the change can be seen. */
const PROFILE_SECTION: Record<FactorChange, string> = {
  'two-factor-on': 'two-factor',
  'two-factor-off': 'two-factor',
  'backup-codes-regenerated': 'two-factor',
  'passkey-added': 'passkeys',
  'passkey-removed': 'passkeys',
}

const atFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** Mails the account about one change; false when the account no longer exists. */
export async function sendFactorChangeNotice(
  { db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string },
  data: { userId?: unknown; change?: unknown; at?: unknown },
): Promise<boolean> {
  if (typeof data.userId !== 'string' || !isFactorChange(data.change)) return false
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, data.userId))
  if (!owner) return false
  const at = typeof data.at === 'string' && !Number.isNaN(Date.parse(data.at)) ? new Date(data.at) : new Date()
  await mailer.send({
    to: owner.email,
    subject: SUBJECTS[data.change],
    text:
      `Hello ${owner.name || owner.email},\n\n` +
      `On ${atFormat.format(at)} UTC, ${WHAT_HAPPENED[data.change]}\n\n` +
      `You can see how your account signs in, and the devices signed in to it, on your profile:\n\n` +
      `${publicUrl}/userprofile#${PROFILE_SECTION[data.change]}\n\n` +
      `If it was not you, someone else may know your password. Choose a new one at once (this signs out every ` +
      `device):\n\n${publicUrl}/forgot-password\n`,
  })
  return true
}
