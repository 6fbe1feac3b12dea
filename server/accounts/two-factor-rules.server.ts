// The rules of two-factor sign-in (better-auth's two-factor plugin): how long a device is trusted, how
// the backup codes are kept, how many wrong codes an account takes, and which user changes are a
// change of the account's factors (each one mails the account).
import type { TwoFactorOptions } from 'better-auth/plugins'
import { siteConfig } from '#common/site-config.ts'
import type { SessionEndpoint } from './sign-in-method.server.ts'

/** "Trust this device": the second step is skipped on it for this long (renewed by each sign-in there). */
export const TRUST_DEVICE_DAYS = 30
/** Backup codes made at a time; each works once. */
export const BACKUP_CODE_COUNT = 10
/** How long the second step of a sign-in stays open after the right password. */
export const SECOND_STEP_MINUTES = 10

export const TWO_FACTOR_OPTIONS = {
  issuer: siteConfig.name,
  trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
  twoFactorCookieMaxAge: SECOND_STEP_MINUTES * 60,
  // Kept encrypted with the site's secret: the codes must be shown once more right after they are made
  // (the next page), which a hash could not do; a copy of the database alone does not give them away.
  backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10, storeBackupCodes: 'encrypted' },
  // Ten wrong codes in a row, across sign-ins and factors, lock the second step for 15 minutes
  // (besides the five a single sign-in attempt allows and the per-address budgets of rate-limit.server.ts).
  accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
} satisfies TwoFactorOptions

/** A change of how the account signs in that the owner is told of by e-mail. */
export const FACTOR_CHANGES = ['two-factor-on', 'two-factor-off', 'backup-codes-regenerated', 'passkey-added', 'passkey-removed'] as const
export type FactorChange = (typeof FACTOR_CHANGES)[number]

export function isFactorChange(value: unknown): value is FactorChange {
  return typeof value === 'string' && (FACTOR_CHANGES as readonly string[]).includes(value)
}

/**
 * The factor change a user update made, from the endpoint that made it: the plugin sets
 * twoFactorEnabled only when the first code is confirmed (verify-totp) or when it is turned off.
 */
export function factorChangeOfUserUpdate(changed: { twoFactorEnabled?: boolean | null }, endpoint: SessionEndpoint): FactorChange | null {
  const path = endpoint?.path
  if (path === '/two-factor/verify-totp' && changed.twoFactorEnabled === true) return 'two-factor-on'
  if (path === '/two-factor/disable' && changed.twoFactorEnabled === false) return 'two-factor-off'
  return null
}
