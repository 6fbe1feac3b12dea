// Who may edit content: administrators only, checked against the profile in the same query or
// transaction as the read or write, so a demoted administrator is refused at once.
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { profile } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'

export type Reader = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

const ONLY_ADMINISTRATORS = 'Only administrators can edit the site’s content.'

export async function requireContentAdministrator(db: Reader, userId: string) {
  const [row] = await db.select({ isAdministrator: profile.isAdministrator }).from(profile).where(eq(profile.userId, userId))
  if (!row?.isAdministrator) throw new AppError('forbidden', ONLY_ADMINISTRATORS)
}
