// Password rule (NIST SP 800-63B style): 8–128 characters, no composition rules, and not one of the
// common passwords in zxcvbn-ts's dictionary. The dictionary stays on the server.
import { dictionary } from '@zxcvbn-ts/language-common'

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/accounts/auth-schemas.ts'

const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase())
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Choose a different one.'
