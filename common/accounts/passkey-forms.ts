// The passkey forms of the profile (rename, remove) and the name given when one is added: the page, its
// action and the auth hooks check them with the same rules. Safe for the browser.
import { z } from 'zod'
import { isSingleLine } from '#common/plain-text.ts'

export const PASSKEY_NAME_MAX = 60

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name, such as “Work laptop”.')
  .max(PASSKEY_NAME_MAX, `A passkey's name must be ${PASSKEY_NAME_MAX} characters or fewer.`)
  .refine(isSingleLine, 'The name must be one line of text.')

const passkeyIdSchema = z.string().trim().min(1, 'Choose a passkey.').max(200, 'Choose a passkey.')

export const renamePasskeySchema = z.object({ passkeyId: passkeyIdSchema, name: passkeyNameSchema })
export const removePasskeySchema = z.object({ passkeyId: passkeyIdSchema })

/** Where the browser asks better-auth's passkey plugin for a ceremony, and answers it. */
export const PASSKEY_ENDPOINTS = {
  registerOptions: '/api/auth/passkey/generate-register-options',
  verifyRegistration: '/api/auth/passkey/verify-registration',
  authenticateOptions: '/api/auth/passkey/generate-authenticate-options',
  verifyAuthentication: '/api/auth/passkey/verify-authentication',
} as const
