// Who may edit content: administrators only, checked against the profile in the same query or
// transaction as the read or write, so a demoted administrator is refused at once.
import { requireAdministrator } from '#server/accounts/administrators.server.ts'
import type { Db } from '#server/db/client.server.ts'

export type Reader = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

const ONLY_ADMINISTRATORS = 'Only administrators can edit the site’s content.'

export function requireContentAdministrator(db: Reader, userId: string) {
  return requireAdministrator(db, userId, ONLY_ADMINISTRATORS)
}
