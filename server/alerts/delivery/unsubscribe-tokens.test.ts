import { describe, expect, it } from 'vitest'
import { configureUnsubscribeTokens, readUnsubscribeToken, unsubscribeToken, type UnsubscribeGrant } from './unsubscribe-tokens.server.ts'

configureUnsubscribeTokens({ authSecret: 'unit-secret-unit-secret-unit-secret-0123' })

const grants: UnsubscribeGrant[] = [
  { userId: 'user-1', scope: { kind: 'searches', savedSearchIds: [8, 3] } },
  { userId: 'user-1', scope: { kind: 'frequency', frequency: 'daily' } },
  { userId: 'user-2', scope: { kind: 'saved-homes' } },
]

describe('the unsubscribe token', () => {
  it('reads back the renter and the scope it was made for', () => {
    expect(readUnsubscribeToken(unsubscribeToken(grants[0]!))).toEqual({
      userId: 'user-1',
      scope: { kind: 'searches', savedSearchIds: [3, 8] },
    })
    expect(readUnsubscribeToken(unsubscribeToken(grants[1]!))).toEqual(grants[1])
    expect(readUnsubscribeToken(unsubscribeToken(grants[2]!))).toEqual(grants[2])
  })

  it('refuses a token whose renter or scope was altered, or whose MAC was changed or cut', () => {
    const token = unsubscribeToken(grants[0]!)
    const [claims, mac] = token.split('.') as [string, string]
    const otherUser = Buffer.from('searches:3,8\nuser-9').toString('base64url')
    const otherScope = Buffer.from('frequency:weekly\nuser-1').toString('base64url')
    expect(readUnsubscribeToken(`${otherUser}.${mac}`)).toBeNull()
    expect(readUnsubscribeToken(`${otherScope}.${mac}`)).toBeNull()
    expect(readUnsubscribeToken(`${claims}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    expect(readUnsubscribeToken(`${claims}.${mac.slice(0, 20)}`)).toBeNull()
    expect(readUnsubscribeToken('not-a-token')).toBeNull()
    expect(readUnsubscribeToken('')).toBeNull()
  })

  it('refuses a token made with another key', () => {
    const token = unsubscribeToken(grants[2]!)
    configureUnsubscribeTokens({ authSecret: 'another-secret-another-secret-another-0' })
    expect(readUnsubscribeToken(token)).toBeNull()
    configureUnsubscribeTokens({ authSecret: 'unit-secret-unit-secret-unit-secret-0123' })
    expect(readUnsubscribeToken(token)).toEqual(grants[2])
  })
})
