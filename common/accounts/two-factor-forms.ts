// The two-factor forms (the profile's and the second step of a sign-in at /login/two-factor): one zod
// schema each, used by the page and by its action. Safe for the browser.
import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from './auth-schemas.ts'

export const SECOND_STEP_METHODS = ['totp', 'backup-code'] as const
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number]

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.'
export const BACKUP_CODE_MESSAGE = 'Enter one of your backup codes, like abcde-12345.'

/** Six digits; spaces (as apps show them: "123 456") are left out. */
export const totpCodeSchema = z
  .string({ error: TOTP_CODE_MESSAGE })
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE))

/** Ten letters and digits, with or without the dash in the middle, as they were shown. */
export const backupCodeSchema = z
  .string({ error: BACKUP_CODE_MESSAGE })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, BACKUP_CODE_MESSAGE))
  .transform((code) => (code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`))

/** A ticked checkbox sends "on"; an unticked one sends nothing. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === 'on')

export const secondStepSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema, trustDevice: ticked }),
  z.object({ method: z.literal('backup-code'), code: backupCodeSchema, trustDevice: ticked }),
])

/** Turning it on, new backup codes and turning it off each ask for the password. */
export const twoFactorPasswordSchema = z.object({
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH, 'The password is not right.'),
})

export const twoFactorConfirmSchema = z.object({ code: totpCodeSchema })
