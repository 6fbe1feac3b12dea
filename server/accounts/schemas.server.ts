// The account forms' schemas as the server applies them: the shared rules of
// common/accounts/auth-schemas.ts plus the refusal of common passwords.
import {
  newPasswordSchema,
  registerSchema as registerFormSchema,
  resetPasswordSchema as resetPasswordFormSchema,
} from '#common/accounts/auth-schemas.ts'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '#server/accounts/password-policy.server.ts'

export { emailOnlySchema, loginSchema } from '#common/accounts/auth-schemas.ts'

const uncommonPasswordSchema = newPasswordSchema.refine((password) => !isCommonPassword(password), {
  message: COMMON_PASSWORD_MESSAGE,
})

export const registerSchema = registerFormSchema.extend({ password: uncommonPasswordSchema })

export const resetPasswordSchema = resetPasswordFormSchema.extend({ newPassword: uncommonPasswordSchema })
