import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, isCrossSiteWrite, isOneClickUnsubscribe } from './security.server.ts'

const site = 'http://localhost:3000'
const post = (headers: Record<string, string>) => new Request(`${site}/login`, { method: 'POST', headers })

describe('isCrossSiteWrite', () => {
  it('lets reads through from anywhere', () => {
    expect(isCrossSiteWrite(new Request(`${site}/`, { headers: { origin: 'https://evil.example' } }), site)).toBe(false)
  })

  it('accepts writes from our own origin and from clients that are not browsers', () => {
    expect(isCrossSiteWrite(post({ origin: site }), site)).toBe(false)
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'same-origin' }), site)).toBe(false)
    expect(isCrossSiteWrite(post({}), site)).toBe(false)
  })

  it('refuses writes from another origin, an opaque origin or another site', () => {
    expect(isCrossSiteWrite(post({ origin: 'https://evil.example' }), site)).toBe(true)
    expect(isCrossSiteWrite(post({ origin: 'null' }), site)).toBe(true)
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'cross-site' }), site)).toBe(true)
  })
})

describe('isOneClickUnsubscribe', () => {
  it('exempts only a POST to an unsubscribe link itself', () => {
    expect(isOneClickUnsubscribe('POST', '/alerts/unsubscribe/c2NvcGU.AbC_-9')).toBe(true)
    expect(isOneClickUnsubscribe('GET', '/alerts/unsubscribe/c2NvcGU.AbC_-9')).toBe(false)
    expect(isOneClickUnsubscribe('POST', '/alerts/unsubscribe/a/b')).toBe(false)
    expect(isOneClickUnsubscribe('POST', '/alerts/unsubscribe/')).toBe(false)
    expect(isOneClickUnsubscribe('POST', '/userprofile')).toBe(false)
  })
})

describe('contentSecurityPolicy', () => {
  it('allows scripts only from our origin and with this response nonce', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc123' })
    expect(csp).toContain("script-src 'self' 'nonce-abc123'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self'")
  })

  it('lets forms continue to the OpenID Connect provider when one is configured', () => {
    expect(contentSecurityPolicy({ nonce: 'n', oidcIssuer: 'https://id.example/realms/x' })).toContain(
      "form-action 'self' https://id.example",
    )
  })

  it("names the hosts of images and connections: the site, the tile server and the page's own socket", () => {
    const csp = contentSecurityPolicy({
      nonce: 'n',
      tileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png',
      pageUrl: 'https://cooper.example/properties',
    })
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.example;")
    expect(csp).toContain("connect-src 'self' wss://cooper.example;")
    expect(contentSecurityPolicy({ nonce: 'n', pageUrl: 'http://localhost:3000/' })).toContain("connect-src 'self' ws://localhost:3000;")
  })
})
