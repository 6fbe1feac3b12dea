import { describe, expect, it } from 'vitest'
import { signInMethodLabel, signInMethodOf } from './sign-in-method.server.ts'

describe('how a session was signed in', () => {
  it('is read from the endpoint that made the session', () => {
    expect(signInMethodOf({ path: '/sign-in/email' })).toBe('password')
    expect(signInMethodOf({ path: '/sign-up/email' })).toBe('password')
    expect(signInMethodOf({ path: '/change-password' })).toBe('password')
    expect(signInMethodOf({ path: '/verify-email' })).toBe('email-verification')
    expect(signInMethodOf({ path: '/two-factor/verify-totp' })).toBe('password+totp')
    expect(signInMethodOf({ path: '/two-factor/verify-backup-code' })).toBe('password+backup-code')
    expect(signInMethodOf({ path: '/passkey/verify-authentication' })).toBe('passkey')
    // Adding a passkey makes no session of its own.
    expect(signInMethodOf({ path: '/passkey/verify-registration' })).toBeNull()
    expect(signInMethodOf({ path: '/callback/oidc', params: { id: 'oidc' } })).toBe('oidc')
    expect(signInMethodOf({ path: '/callback/oidc' })).toBe('oidc')
    expect(signInMethodOf({ path: '/oauth2/callback/corp', params: { providerId: 'corp' } })).toBe('corp')
    // Outside a sign-in (a session made directly), nothing is claimed.
    expect(signInMethodOf({ path: '/update-user' })).toBeNull()
    expect(signInMethodOf(null)).toBeNull()
  })

  it('reads in words, naming the single sign-on provider where its name is known', () => {
    expect(signInMethodLabel('password')).toBe('password')
    expect(signInMethodLabel('email-verification')).toBe('e-mail verification link')
    expect(signInMethodLabel('password+totp')).toBe('password and authenticator app code')
    expect(signInMethodLabel('password+backup-code')).toBe('password and backup code')
    expect(signInMethodLabel('password+trusted-device')).toBe('password on a device trusted after a second factor')
    expect(signInMethodLabel('passkey')).toBe('passkey')
    expect(signInMethodLabel('oidc', { oidc: 'Cooper ID' })).toBe('single sign-on (Cooper ID)')
    expect(signInMethodLabel('corp')).toBe('single sign-on (corp)')
    expect(signInMethodLabel(null)).toBe('unknown')
    expect(signInMethodLabel(undefined)).toBe('unknown')
  })
})
