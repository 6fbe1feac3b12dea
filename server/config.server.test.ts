import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.server.ts'

describe('parseConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      publicUrl: 'http://localhost:3000',
      oidc: undefined,
      SEED_DEMO_DATA: true,
      RATE_LIMIT: true,
    })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('derives the public URL from PORT and trims a trailing slash from PUBLIC_URL', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(parseConfig({ PUBLIC_URL: 'https://cooperhome.example/' }).publicUrl).toBe('https://cooperhome.example')
  })

  it('has a map tile server by default and refuses a tile URL without its placeholders', () => {
    expect(parseConfig({})).toMatchObject({
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
    })
    expect(parseConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.webp' }).MAP_TILE_URL).toBe(
      'https://tiles.example/{z}/{x}/{y}.webp',
    )
    expect(() => parseConfig({ MAP_TILE_URL: 'https://tiles.example/map.png' })).toThrow(/MAP_TILE_URL: must be an http\(s\) URL/)
    expect(() => parseConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/)
  })

  it('stops with a message naming the bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres:\/\//)
    expect(() => parseConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/)
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })

  it('needs the three OIDC variables together', () => {
    expect(() => parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/)
    const config = parseConfig({
      OIDC_ISSUER: 'http://127.0.0.1:9000/',
      OIDC_CLIENT_ID: 'cooper',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Acme ID',
    })
    expect(config.oidc).toEqual({ issuer: 'http://127.0.0.1:9000', clientId: 'cooper', clientSecret: 'secret', name: 'Acme ID' })
  })

  it('runs one process unless told otherwise, and several only on PostgreSQL', () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(1)
    expect(parseConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://127.0.0.1/cooper' }).WEB_CONCURRENCY).toBe(2)
    expect(() => parseConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: more than one process needs DATABASE_URL/)
    expect(() => parseConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://127.0.0.1/cooper' })).toThrow(/WEB_CONCURRENCY/)
  })

  it('reads switches written as true/false or 1/0', () => {
    expect(parseConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false)
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true)
    expect(parseConfig({ RATE_LIMIT: '0' }).RATE_LIMIT).toBe(false)
  })
})
