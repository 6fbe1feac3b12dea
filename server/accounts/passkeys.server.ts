// Passkeys on the profile: the list, a new name, removal. better-auth's passkey plugin keeps them and
// checks that each one is the signed-in person's; adding one and signing in with one are ceremonies
// the browser runs against /api/auth (app/components/profile/passkeys-section.tsx, the login page).
import { errorFor } from '#common/forms.ts'
import { passkey } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { eq } from 'drizzle-orm'
import { isAPIError } from 'better-auth/api'
import { authErrorOf } from './auth-results.server.ts'
import type { Actor } from './profile.server.ts'

export const NOT_YOUR_PASSKEY_MESSAGE = 'That passkey is not one of yours, or it was already removed. Nothing was changed.'

/** What the profile shows of a passkey. */
export type PasskeyView = {
  id: string
  name: string
  createdAt: Date | null
  /** Synced between the person's devices (a password manager, a phone's account), or kept on one device. */
  synced: boolean
  backedUp: boolean
}

export async function listOwnPasskeys(services: Services, actor: Actor): Promise<PasskeyView[]> {
  const passkeys = await services.auth.api.listPasskeys({ headers: actor.headers })
  return passkeys
    .map((passkey) => ({
      id: passkey.id,
      name: passkey.name?.trim() || 'Unnamed passkey',
      createdAt: passkey.createdAt ? new Date(passkey.createdAt) : null,
      synced: passkey.deviceType === 'multiDevice',
      backedUp: Boolean(passkey.backedUp),
    }))
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))
}

/** The plugin's refusal of another person's (or an unknown) passkey, in the profile's words. */
function refusalOf(error: unknown, field?: string): AppError {
  // Someone else's passkey answers 401, an unknown one 404 (PASSKEY_NOT_FOUND): the same to the person.
  if (isAPIError(error) && [401, 403, 404].includes(error.statusCode)) return new AppError('invalid', NOT_YOUR_PASSKEY_MESSAGE)
  const refusal = authErrorOf(error)
  return field ? new AppError(refusal.code, refusal.message, errorFor(field, refusal.message)) : refusal
}

export async function renamePasskey(services: Services, actor: Actor, input: { passkeyId: string; name: string }): Promise<void> {
  try {
    await services.auth.api.updatePasskey({ headers: actor.headers, body: { id: input.passkeyId, name: input.name } })
  } catch (error) {
    throw refusalOf(error, 'name')
  }
}

/** Removes one of the person's passkeys; the account is mailed (auth-hooks.server.ts). */
export async function removePasskey(services: Services, actor: Actor, input: { passkeyId: string }): Promise<void> {
  try {
    await services.auth.api.deletePasskey({ headers: actor.headers, body: { id: input.passkeyId } })
  } catch (error) {
    throw refusalOf(error)
  }
}

/** Whether the account has a passkey (a way in that a stolen password alone does not open). */
export async function hasPasskey(services: Services, userId: string): Promise<boolean> {
  const [row] = await services.database.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1)
  return Boolean(row)
}
