// The forms of /userprofile: one zod schema each, used by the page (limits, hints) and by its action.
// Safe for the browser: no server modules here.
import { z } from 'zod'
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  displayNameSchema,
  newPasswordSchema,
} from '#common/accounts/auth-schemas.ts'
import { ROLES } from '#common/accounts/roles.ts'
import type { FormAnswer } from '#common/forms.ts'
import { isPlainText } from '#common/plain-text.ts'

export const DISPLAY_NAME_MAX = NAME_MAX_LENGTH
export const BIO_MAX = 500
export const PHONE_MAX = 30
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH
export const DELETE_CONFIRMATION_WORD = 'DELETE'

export const INTENTS = {
  profile: 'save-profile',
  avatar: 'upload-photo',
  removeAvatar: 'remove-photo',
  password: 'change-password',
  revokeOthers: 'sign-out-others',
  revokeSession: 'sign-out-session',
  deleteAccount: 'delete-account',
  letHomes: 'let-homes',
  twoFactorStart: 'two-factor-start',
  twoFactorConfirm: 'two-factor-confirm',
  twoFactorCancel: 'two-factor-cancel',
  backupCodes: 'two-factor-backup-codes',
  twoFactorOff: 'two-factor-off',
  passkeyRename: 'passkey-rename',
  passkeyRemove: 'passkey-remove',
} as const
export type Intent = (typeof INTENTS)[keyof typeof INTENTS]

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/** Browsers send textarea line breaks as CRLF; counted as one character, as the text box counts them. */
const multiline = z.string().transform((text) => text.replace(/\r\n?/g, '\n').trim())

export const profileSchema = z.object({
  name: displayNameSchema,
  // A profile has no role until the user chooses one, so a name can be saved first.
  role: z.enum(['', ...ROLES], { error: 'Choose Renter, Landlord or Both.' }),
  bio: multiline.pipe(
    z.string().max(BIO_MAX, `Bio must be ${BIO_MAX} characters or fewer.`).refine(isPlainText, 'Bio cannot contain the NUL character.'),
  ),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX, `Phone must be ${PHONE_MAX} characters or fewer.`)
    .refine(
      (phone) => phone === '' || (PHONE_CHARACTERS.test(phone) && countDigits(phone) >= 5),
      'Enter a valid phone number, such as +1 (302) 555-0142.',
    ),
})

export const passwordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX, 'The current password is not right.'),
  // The same rule as signing up and resetting (the server adds the common-password check).
  newPassword: newPasswordSchema,
})

export const revokeSessionSchema = z.object({
  sessionId: z.string().min(1, 'Choose a session to sign out.').max(200),
})

const understood = z.literal('on', { error: 'Tick the box to confirm that you understand.' })

/** Accounts with a password confirm with it; others (single sign-on) type the word DELETE. */
export function deleteAccountSchema(hasPassword: boolean) {
  return hasPassword
    ? z.object({
        password: z.string().min(1, 'Enter your password to confirm.').max(PASSWORD_MAX, 'The password is not right.'),
        understood,
      })
    : z.object({
        confirmation: z
          .string()
          .trim()
          .refine((word) => word === DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} in capital letters to confirm.`),
        understood,
      })
}

function countDigits(text: string) {
  return text.replace(/\D/g, '').length
}

/** What the action answers when a form is refused: the FormAnswer, which form it was and the values to show again. */
export type ProfileFormFailure = FormAnswer & {
  intent: Intent
  values?: Record<string, string>
}

/** Text fields of a submitted form (never files), for parsing and for showing again. */
export function textFields(formData: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names) {
    const value = formData.get(name)
    values[name] = typeof value === 'string' ? value : ''
  }
  return values
}
