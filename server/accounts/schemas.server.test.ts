import { describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { messages } from '#common/accounts/auth-schemas.ts'
import { COMMON_PASSWORD_MESSAGE } from '#server/accounts/password-policy.server.ts'
import { emailOnlySchema, loginSchema, parseForm, registerSchema, resetPasswordSchema } from '#server/accounts/schemas.server.ts'

const valid = {
  name: 'Ada Renter',
  email: 'Ada.Renter@Example.com',
  password: 'a quiet harbour at noon',
  termsVersion: siteConfig.termsVersion,
}

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('registerSchema', () => {
  it('accepts a complete sign-up and lower-cases the e-mail', () => {
    const parsed = parseForm(registerSchema, form({ ...valid, email: '  Ada.Renter@Example.com ' }))
    expect(parsed).toEqual({ success: true, data: { ...valid, name: 'Ada Renter', email: 'ada.renter@example.com' } })
  })

  it('names every missing field with its own message', () => {
    const parsed = parseForm(registerSchema, form({}))
    expect(parsed).toEqual({
      success: false,
      fieldErrors: {
        name: messages.nameMissing,
        email: messages.emailMissing,
        password: messages.passwordMissing,
        termsVersion: messages.termsNotAccepted,
      },
    })
  })

  it('refuses a password with a NUL character, as the API does', () => {
    expect(parseForm(registerSchema, form({ ...valid, password: 'a quiet\u0000harbour at noon' }))).toEqual({
      success: false,
      fieldErrors: { password: messages.passwordNotText },
    })
    expect(parseForm(resetPasswordSchema, form({ token: 'abc', newPassword: 'a quiet\u0000harbour at noon' }))).toMatchObject({
      success: false,
      fieldErrors: { newPassword: messages.passwordNotText },
    })
  })

  it('refuses a name of spaces only', () => {
    expect(parseForm(registerSchema, form({ ...valid, name: '   ' }))).toMatchObject({
      fieldErrors: { name: messages.nameMissing },
    })
  })

  it('refuses an address without a domain', () => {
    expect(parseForm(registerSchema, form({ ...valid, email: 'ada@' }))).toMatchObject({
      fieldErrors: { email: messages.emailInvalid },
    })
  })

  it('takes passwords of 8 to 128 characters, with no rules about their make-up', () => {
    for (const password of ['lowercase only here', 'r7#kq2mz', 'Q'.repeat(128)]) {
      expect(parseForm(registerSchema, form({ ...valid, password })).success).toBe(true)
    }
    expect(parseForm(registerSchema, form({ ...valid, password: 'seven77' }))).toMatchObject({
      fieldErrors: { password: messages.passwordTooShort },
    })
    expect(parseForm(registerSchema, form({ ...valid, password: 'Q'.repeat(129) }))).toMatchObject({
      fieldErrors: { password: messages.passwordTooLong },
    })
  })

  it('refuses common passwords in any letter case', () => {
    for (const password of ['password123', 'PASSWORD123', 'iloveyou']) {
      expect(parseForm(registerSchema, form({ ...valid, password }))).toMatchObject({
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      })
    }
  })

  it('keeps spaces in passwords: they are part of the password', () => {
    const parsed = parseForm(registerSchema, form({ ...valid, password: '  spaced out words  ' }))
    expect(parsed.success && parsed.data.password).toBe('  spaced out words  ')
  })

  it('needs the current version of the Terms of Use', () => {
    expect(parseForm(registerSchema, form({ ...valid, termsVersion: '2000-01-01' }))).toMatchObject({
      fieldErrors: { termsVersion: messages.termsNotAccepted },
    })
  })
})

describe('loginSchema', () => {
  it('accepts any non-empty password, so old passwords still log in', () => {
    expect(parseForm(loginSchema, form({ email: 'ADA@example.com', password: 'short' }))).toEqual({
      success: true,
      data: { email: 'ada@example.com', password: 'short' },
    })
  })

  it('asks for both fields', () => {
    expect(parseForm(loginSchema, form({ email: '', password: '' }))).toEqual({
      success: false,
      fieldErrors: { email: messages.emailMissing, password: messages.currentPasswordMissing },
    })
  })
})

describe('emailOnlySchema and resetPasswordSchema', () => {
  it('validate the forgot-password address', () => {
    expect(parseForm(emailOnlySchema, form({ email: 'not an address' }))).toMatchObject({
      fieldErrors: { email: messages.emailInvalid },
    })
  })

  it('apply the sign-up rules to the new password and need the token', () => {
    expect(parseForm(resetPasswordSchema, form({ token: 'abc', newPassword: 'password123' }))).toMatchObject({
      fieldErrors: { newPassword: COMMON_PASSWORD_MESSAGE },
    })
    expect(parseForm(resetPasswordSchema, form({ newPassword: 'a quiet harbour at noon' }))).toMatchObject({
      fieldErrors: { token: messages.tokenMissing },
    })
  })
})
