import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { siteConfig } from '#common/site-config.ts'
import { messages } from '#common/accounts/auth-schemas.ts'
import { COMMON_PASSWORD_MESSAGE } from '#server/accounts/password-policy.server.ts'
import { parseForm as parseFormFully } from '#common/forms.ts'
import { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema } from '#server/accounts/schemas.server.ts'

const valid = {
  name: 'Ada Renter',
  email: 'Ada.Renter@Example.com',
  password: 'a quiet harbour at noon',
  termsVersion: siteConfig.termsVersion,
}

/** A parse as the account pages show it: each field's first message. */
function parseForm<Schema extends z.ZodType>(schema: Schema, input: FormData) {
  const parsed = parseFormFully(schema, input)
  if (parsed.ok) return parsed
  const fieldErrors = Object.fromEntries(Object.entries(parsed.fieldErrors).map(([field, list]) => [field, list[0]]))
  return { ok: false as const, fieldErrors }
}

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('registerSchema', () => {
  it('accepts a complete sign-up and lower-cases the e-mail', () => {
    const parsed = parseForm(registerSchema, form({ ...valid, email: '  Ada.Renter@Example.com ' }))
    expect(parsed).toEqual({ ok: true, data: { ...valid, name: 'Ada Renter', email: 'ada.renter@example.com' } })
  })

  it('names every missing field with its own message', () => {
    const parsed = parseForm(registerSchema, form({}))
    expect(parsed).toEqual({
      ok: false,
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
      ok: false,
      fieldErrors: { password: messages.passwordNotText },
    })
    expect(parseForm(resetPasswordSchema, form({ token: 'abc', newPassword: 'a quiet\u0000harbour at noon' }))).toMatchObject({
      ok: false,
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
      expect(parseForm(registerSchema, form({ ...valid, password })).ok).toBe(true)
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
    expect(parsed.ok && parsed.data.password).toBe('  spaced out words  ')
  })

  it('needs the Terms of Use accepted (which version is in force, the sign-up itself checks)', () => {
    expect(parseForm(registerSchema, form({ ...valid, termsVersion: ' ' }))).toMatchObject({
      fieldErrors: { termsVersion: messages.termsNotAccepted },
    })
  })
})

describe('loginSchema', () => {
  it('accepts any non-empty password, so old passwords still log in', () => {
    expect(parseForm(loginSchema, form({ email: 'ADA@example.com', password: 'short' }))).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: 'short' },
    })
  })

  it('asks for both fields', () => {
    expect(parseForm(loginSchema, form({ email: '', password: '' }))).toEqual({
      ok: false,
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
