// How a session was signed in: recorded on each new session (session.sign_in_method) from the auth endpoint
// that made it, and read back as the words a lease signature's certificate shows.

/** The auth endpoint a session is made in, as better-auth's database hooks see it (null outside one). */
export type SessionEndpoint = { path?: string; params?: Record<string, unknown> } | null | undefined

/** Stored for a session made by e-mail and password (signing in, signing up, or a change of password). */
export const PASSWORD_METHOD = 'password'
/** Stored for a session made by the password and then an authenticator app's code (two-factor sign-in). */
export const PASSWORD_AND_TOTP_METHOD = 'password+totp'
/** Stored for a session made by the password and then one of the account's one-time backup codes. */
export const PASSWORD_AND_BACKUP_CODE_METHOD = 'password+backup-code'
/** Stored for a session of an account with a second factor made by the password on a device it trusts. */
export const PASSWORD_ON_TRUSTED_DEVICE_METHOD = 'password+trusted-device'
/** Stored for a session made by a passkey (WebAuthn): the device and its unlock, two factors in one. */
export const PASSKEY_METHOD = 'passkey'
/** Stored for a session made by opening the link that confirms an e-mail address. */
export const EMAIL_VERIFICATION_METHOD = 'email-verification'

/**
 * What a new session records of how it was signed in: 'password', 'password+totp', 'password+backup-code',
 * 'email-verification', 'passkey', or the id of the
 * single sign-on provider whose callback made it (`oidc`); null when it was made outside a known sign-in.
 */
export function signInMethodOf(endpoint: SessionEndpoint): string | null {
  const path = endpoint?.path ?? ''
  if (path === '/sign-in/email' || path === '/sign-up/email' || path === '/change-password') return PASSWORD_METHOD
  if (path === '/verify-email') return EMAIL_VERIFICATION_METHOD
  if (path === '/passkey/verify-authentication') return PASSKEY_METHOD
  // The second step of a two-factor sign-in (the password was checked in the first).
  if (path === '/two-factor/verify-totp') return PASSWORD_AND_TOTP_METHOD
  if (path === '/two-factor/verify-backup-code') return PASSWORD_AND_BACKUP_CODE_METHOD
  // Social and generic OAuth providers come back through /callback/:id (better-auth 1.7); the id is the provider's.
  if (path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')) {
    const id = endpoint?.params?.['id'] ?? endpoint?.params?.['providerId'] ?? path.slice(path.lastIndexOf('/') + 1)
    return typeof id === 'string' && id !== '' ? id : null
  }
  return null
}

/**
 * The stored method as a reader reads it: 'password', 'e-mail verification link', 'single sign-on (<provider>)'
 * with the provider's name where it is known, or 'unknown' for a session made before methods were recorded.
 */
export function signInMethodLabel(method: string | null | undefined, providerNames: Readonly<Record<string, string>> = {}): string {
  if (method === PASSWORD_METHOD) return 'password'
  if (method === EMAIL_VERIFICATION_METHOD) return 'e-mail verification link'
  if (method === PASSWORD_AND_TOTP_METHOD) return 'password and authenticator app code'
  if (method === PASSWORD_AND_BACKUP_CODE_METHOD) return 'password and backup code'
  if (method === PASSWORD_ON_TRUSTED_DEVICE_METHOD) return 'password on a device trusted after a second factor'
  if (method === PASSKEY_METHOD) return 'passkey'
  if (!method) return 'unknown'
  // Any other method is the id of the single sign-on provider.
  return `single sign-on (${providerNames[method] ?? method})`
}
