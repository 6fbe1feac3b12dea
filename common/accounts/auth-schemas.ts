// The account forms' input rules (sign up, log in, password reset), one zod schema per form, shared
// by the pages and the actions. The common-password check needs a large dictionary and is added on
// the server (server/accounts/schemas.server.ts).
import { z } from 'zod'
import { normalizeEmail } from '#common/accounts/email.ts'
import { ROLES } from '#common/accounts/roles.ts'
import { isPlainText, isSingleLine } from '#common/plain-text.ts'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254
/** How long the link in a confirmation mail works. */
export const VERIFICATION_LINK_HOURS = 24

export const PASSWORD_HINT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A few unrelated words make a strong password; common passwords are refused.`

export const messages = {
  nameMissing: 'Enter your name.',
  nameTooLong: `Use at most ${NAME_MAX_LENGTH} characters for your name.`,
  emailMissing: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  emailTooLong: `Use at most ${EMAIL_MAX_LENGTH} characters for the e-mail address.`,
  passwordMissing: 'Enter a password.',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters for the password.`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters for the password.`,
  passwordNotText: 'The password cannot contain the NUL character.',
  currentPasswordMissing: 'Enter your password.',
  termsNotAccepted: 'Accept the Terms of Use to create an account.',
  tokenMissing: 'This link to reset the password is incomplete. Ask for a new one.',
} as const

const text = (missing: string) => z.string({ error: missing })

export const emailSchema = text(messages.emailMissing)
  .trim()
  .min(1, messages.emailMissing)
  .max(EMAIL_MAX_LENGTH, messages.emailTooLong)
  .pipe(z.email(messages.emailInvalid))
  .transform(normalizeEmail)

/** A password being chosen: length and text only (the server also refuses common ones). Never trimmed. */
export const newPasswordSchema = text(messages.passwordMissing)
  .min(1, { message: messages.passwordMissing, abort: true })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)
  .refine(isPlainText, messages.passwordNotText)

export const nameSchema = text(messages.nameMissing).trim().min(1, messages.nameMissing).max(NAME_MAX_LENGTH, messages.nameTooLong)

/**
 * The name others see, as the profile sets it. The one rule for it wherever it is set: the profile
 * form, and better-auth's update-user and sign-up (whose before hook applies it to every call).
 */
export const displayNameSchema = z
  .string({ error: 'Enter your display name.' })
  .trim()
  .min(1, 'Enter your display name.')
  .max(NAME_MAX_LENGTH, `Display name must be ${NAME_MAX_LENGTH} characters or fewer.`)
  .refine(isSingleLine, 'Display name cannot contain control characters.')

/** The label of the Terms of Use version the box accepts; the server checks it is the one in force. */
export const termsSchema = z.string({ error: messages.termsNotAccepted }).trim().min(1, messages.termsNotAccepted)

export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  termsVersion: termsSchema,
  // Asked on the form (Renter chosen at first); a post without it makes an account with no role yet,
  // as single sign-on does, to be chosen on the profile or when listing a home.
  role: z.enum(ROLES, { error: 'Choose Renter, Landlord or Both.' }).optional(),
})

export const loginSchema = z.object({
  email: emailSchema,
  password: text(messages.currentPasswordMissing).min(1, messages.currentPasswordMissing),
})

export const emailOnlySchema = z.object({ email: emailSchema })

export const resetPasswordSchema = z.object({
  token: text(messages.tokenMissing).trim().min(1, messages.tokenMissing),
  newPassword: newPasswordSchema,
})

/** A text field's submitted value to show again (never used for passwords). */
export function submittedText(formData: FormData, name: string): string {
  const value = formData.get(name)
  return typeof value === 'string' ? value.slice(0, 500) : ''
}
