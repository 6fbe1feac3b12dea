// Two-factor sign-in on the pages: turning it on from the profile (password, then the QR code, then a
// first code), the backup codes shown once, new codes, turning it off, and the second step of a
// sign-in at /login/two-factor. better-auth's two-factor plugin does the work and keeps the data; each
// function calls it in-process with the request's headers and hands its cookies back for the page to
// pass on, or throws its refusal as an AppError on the field it belongs to.
import crypto from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import { symmetricDecrypt } from 'better-auth/crypto'
import { renderSVG } from 'uqr'
import { errorFor } from '#common/forms.ts'
import { twoFactor, user, verification } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { authErrorCode, authErrorOf, cookieHeaders } from './auth-results.server.ts'
import type { Actor } from './profile.server.ts'
import { TWO_FACTOR_OPTIONS } from './two-factor-rules.server.ts'

export const WRONG_CODE_MESSAGE = 'That code is not right. Check the time on your phone and enter the newest code.'
export const WRONG_BACKUP_CODE_MESSAGE = 'That backup code is not right, or it was used already.'
export const WRONG_PASSWORD_MESSAGE = 'The password is not right.'
export const SECOND_STEP_EXPIRED_MESSAGE = 'Your sign-in took too long or was already used. Log in again with your password.'
export const SECOND_STEP_LOCKED_MESSAGE = 'Too many wrong codes. Wait 15 minutes, then log in again.'

/** How long the backup codes may still be shown after they are made: the very next page view shows them. */
const SHOW_CODES_MINUTES = 10

/** What the profile shows of the account's second factor. */
export type TwoFactorState = {
  enabled: boolean
  /** Turned on but not confirmed yet: what the authenticator app needs to be set up. */
  setup: { secret: string; uri: string; qrCode: string } | null
  backupCodesLeft: number
  /** The codes just made, shown on this one page view and never again. */
  freshBackupCodes: string[] | null
}

/** better-auth's key for what the plugin encrypts (the site's secret, or its versions). */
async function encryptionKey(services: Services) {
  return (await services.auth.$context).secretConfig
}

/** RFC 4648 base32 without padding: the form authenticator apps take a secret in. */
export function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31]
  return out
}

/** The otpauth URI the plugin makes for a secret (its text is used as bytes), and the secret in base32. */
export function totpUriOf(rawSecret: string, account: string) {
  const secret = base32(new TextEncoder().encode(rawSecret))
  const issuer = TWO_FACTOR_OPTIONS.issuer
  const params = new URLSearchParams({ secret, issuer, digits: '6', period: '30' })
  return { secret, uri: `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params}` }
}

/** The QR code of a URI as an SVG data URL (an <img> with a text alternative shows it). */
export function qrCodeOf(uri: string): string {
  const svg = renderSVG(uri, { ecc: 'M', pixelSize: 6, border: 2 })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

const showCodesIdentifier = (userId: string) => `show-backup-codes|${userId}`

/** Lets the next page view show the backup codes once. */
async function allowCodesShownOnce(services: Services, userId: string) {
  const { db } = services.database
  const identifier = showCodesIdentifier(userId)
  await db.delete(verification).where(eq(verification.identifier, identifier))
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier,
    value: userId,
    expiresAt: new Date(Date.now() + SHOW_CODES_MINUTES * 60_000),
  })
}

/** Whether the codes may be shown now; true once only. */
async function takeCodesShownOnce(services: Services, userId: string): Promise<boolean> {
  const taken = await services.database.db
    .delete(verification)
    .where(and(eq(verification.identifier, showCodesIdentifier(userId)), gt(verification.expiresAt, new Date())))
    .returning({ id: verification.id })
  return taken.length > 0
}

export async function loadTwoFactorState(services: Services, userId: string): Promise<TwoFactorState> {
  const { db } = services.database
  const [row] = await db
    .select({
      secret: twoFactor.secret,
      backupCodes: twoFactor.backupCodes,
      verified: twoFactor.verified,
      email: user.email,
      enabled: user.twoFactorEnabled,
    })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId))
  if (!row) return { enabled: false, setup: null, backupCodesLeft: 0, freshBackupCodes: null }
  const key = await encryptionKey(services)
  const codes = async () => {
    if (!row.backupCodes) return []
    const parsed: unknown = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes }))
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : []
  }
  if (row.enabled && row.secret && row.verified) {
    const left = await codes()
    return {
      enabled: true,
      setup: null,
      backupCodesLeft: left.length,
      freshBackupCodes: (await takeCodesShownOnce(services, userId)) ? left : null,
    }
  }
  if (row.secret && row.verified === false) {
    const { secret, uri } = totpUriOf(await symmetricDecrypt({ key, data: row.secret }), row.email)
    return { enabled: false, setup: { secret, uri, qrCode: qrCodeOf(uri) }, backupCodesLeft: 0, freshBackupCodes: null }
  }
  return { enabled: false, setup: null, backupCodesLeft: 0, freshBackupCodes: null }
}

/** A refusal of what was entered in one field. */
function fieldRefusal(field: string, message: string) {
  return new AppError('invalid', message, errorFor(field, message))
}

/** better-auth's refusals of the profile's two-factor forms, in the page's words. */
function refusalOf(error: unknown, field: 'password' | 'code'): AppError {
  switch (authErrorCode(error)) {
    case 'INVALID_PASSWORD':
      return fieldRefusal('password', WRONG_PASSWORD_MESSAGE)
    case 'INVALID_CODE':
      return fieldRefusal(field, WRONG_CODE_MESSAGE)
    case 'TOTP_ALREADY_ENABLED':
      return new AppError('conflict', 'Two-factor sign-in is already on.')
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'TOTP_NOT_ENABLED':
      return new AppError('conflict', 'Two-factor sign-in is not on.')
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return new AppError('invalid', 'Your account signs in through single sign-on: its second factor is set there.')
    case 'SESSION_EXPIRED':
      return new AppError('forbidden', 'For your safety, log out and log in again, then turn it off within a day of logging in.')
  }
  return authErrorOf(error)
}

/** Step 1 of turning it on: the password checked, a new secret made (not in force until a code confirms it). */
export async function startTwoFactorSetup(services: Services, actor: Actor, input: { password: string }): Promise<void> {
  try {
    await services.auth.api.enableTwoFactor({ headers: actor.headers, body: { password: input.password } })
  } catch (error) {
    throw refusalOf(error, 'password')
  }
}

/** Drops a setup that was started and not confirmed (nothing was in force). */
export async function cancelTwoFactorSetup(services: Services, actor: Actor): Promise<void> {
  await services.database.db.delete(twoFactor).where(and(eq(twoFactor.userId, actor.userId), eq(twoFactor.verified, false)))
}

/**
 * Step 2: the first code from the app turns it on. better-auth replaces the session (the headers carry
 * its new cookie); the next page shows the backup codes, once.
 */
export async function confirmTwoFactorSetup(services: Services, actor: Actor, input: { code: string }): Promise<{ headers: Headers }> {
  try {
    const { headers } = await services.auth.api.verifyTOTP({ headers: actor.headers, body: { code: input.code }, returnHeaders: true })
    await allowCodesShownOnce(services, actor.userId)
    return { headers: cookieHeaders(headers) }
  } catch (error) {
    throw refusalOf(error, 'code')
  }
}

/** Ten new backup codes (the old ones stop working), shown once on the next page. */
export async function regenerateBackupCodes(services: Services, actor: Actor, input: { password: string }): Promise<void> {
  try {
    await services.auth.api.generateBackupCodes({ headers: actor.headers, body: { password: input.password } })
  } catch (error) {
    throw refusalOf(error, 'password')
  }
  await allowCodesShownOnce(services, actor.userId)
}

/** Turns it off; every session of the account ends (auth-hooks.server.ts), so the headers clear this one's cookie. */
export async function turnOffTwoFactor(services: Services, actor: Actor, input: { password: string }): Promise<{ headers: Headers }> {
  try {
    const { headers } = await services.auth.api.disableTwoFactor({
      headers: actor.headers,
      body: { password: input.password },
      returnHeaders: true,
    })
    return { headers: cookieHeaders(headers) }
  } catch (error) {
    throw refusalOf(error, 'password')
  }
}

// --- The second step of a sign-in (/login/two-factor) ---

/** Whether the browser holds a second step that the right password opened (better-auth's signed cookie). */
export function hasSecondStep(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?cooper\.two_factor=/.test(request.headers.get('cookie') ?? '')
}

export type SecondStepInput = { method: 'totp' | 'backup-code'; code: string; trustDevice: boolean }

/** Checks the code of the second step; the session's cookies (and the trusted device's) on success. */
export async function verifySecondStep(
  services: Services,
  request: Request,
  input: SecondStepInput,
): Promise<{ headers: Headers; user: { name: string; email: string } }> {
  const body = { code: input.code, trustDevice: input.trustDevice }
  try {
    const { headers, response } =
      input.method === 'totp'
        ? await services.auth.api.verifyTOTP({ headers: request.headers, body, returnHeaders: true })
        : await services.auth.api.verifyBackupCode({ headers: request.headers, body, returnHeaders: true })
    return { headers: cookieHeaders(headers), user: { name: response.user.name, email: response.user.email } }
  } catch (error) {
    const code = authErrorCode(error)
    // A wrong code leaves the step open; these end it (its cookie expired in the answer's headers).
    const ended = new AppError('unauthenticated', SECOND_STEP_EXPIRED_MESSAGE)
    switch (code) {
      case 'INVALID_CODE':
        throw fieldRefusal('code', WRONG_CODE_MESSAGE)
      case 'INVALID_BACKUP_CODE':
        throw fieldRefusal('code', WRONG_BACKUP_CODE_MESSAGE)
      case 'INVALID_TWO_FACTOR_COOKIE':
        throw ended
      case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      case 'ACCOUNT_TEMPORARILY_LOCKED':
        throw new AppError('rate-limited', SECOND_STEP_LOCKED_MESSAGE)
    }
    throw authErrorOf(error)
  }
}

/** Whether the user signs in with a second factor (the request to landlords stops once they do). */
export async function hasSecondFactor(services: Services, userId: string): Promise<boolean> {
  const [row] = await services.database.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId))
  return row?.enabled ?? false
}
