// Who is an administrator, said once for every area: the SQL condition a query filters by, and the
// domain guard that refuses anyone else. Both read the profile in the caller's query or transaction,
// so an administrator who was demoted a moment ago is refused at once.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { profile } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'

/** Reads inside or outside a transaction. */
type Reader = Pick<Db, 'select'>

/** The profile row of the user, if they are an administrator. */
const administratorRow = (userId: string) => and(eq(profile.userId, userId), eq(profile.isAdministrator, true))

/** The SQL condition, for any query: the user is an administrator. */
export function isAdministratorSql(userId: string): SQL {
  return sql`exists (select 1 from ${profile} where ${administratorRow(userId)})`
}

/** Whether the user is an administrator. */
export async function isAdministrator(db: Reader, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(profile)
    .where(administratorRow(userId))
  return row !== undefined
}

/** Refuses anyone but an administrator with a 'forbidden' AppError, in the words given. */
export async function requireAdministrator(db: Reader, userId: string, refusal: string): Promise<void> {
  if (!(await isAdministrator(db, userId))) throw new AppError('forbidden', refusal)
}
