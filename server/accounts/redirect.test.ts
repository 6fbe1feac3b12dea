import { describe, expect, it } from 'vitest'
import { safeRedirectTo } from './redirect.ts'

// What a browser does with a Location header: resolve it against the page it came from.
const resolve = (location: string) => new URL(location, 'https://homes.cooper.example/listing/1')

// A value a header may carry (RFC 9110 field-value: visible ASCII, space, tab, obs-text up to U+00FF),
// minus the tab and the control characters no redirect of ours ever needs.
const isHeaderSafe = (value: string) => /^[\x20-\x7e]*$/.test(value)

describe('safeRedirectTo', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    for (const path of ['/', '/userprofile', '/properties?city=Wilmington&beds=2', '/userprofile#my-listings', '/a/b/c?x=1#top']) {
      expect(safeRedirectTo(path)).toBe(path)
    }
  })

  it('keeps an encoded slash, which stays part of the path', () => {
    expect(safeRedirectTo('/%2F/evil.example')).toBe('/%2F/evil.example')
    expect(resolve(safeRedirectTo('/%2F/evil.example')).host).toBe('homes.cooper.example')
  })

  it('re-serialises what it keeps, so no character that cannot be in a header reaches Location', () => {
    expect(safeRedirectTo('/café?q=naïve#ünï')).toBe('/caf%C3%A9?q=na%C3%AFve#%C3%BCn%C3%AF')
    expect(safeRedirectTo('/\u0100\u4e2d')).toBe('/%C4%80%E4%B8%AD')
    expect(safeRedirectTo('/a b')).toBe('/a%20b')
    expect(safeRedirectTo('/a/./b/../c')).toBe('/a/c')
  })

  const hostile = [
    // Other sites, however they are spelled.
    'https://evil.example/',
    'http://evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    // Browsers drop tabs and newlines anywhere in a URL, and read a backslash as a slash.
    '/\t/evil.example',
    '/\t\\evil.example',
    '/\t\\\\evil',
    '\t//evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\r/evil.example',
    '/\\\tevil.example',
    // Dot segments that collapse into a network path.
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    // Other schemes.
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@evil.example',
    // Not a path at all.
    '',
    'userprofile',
    '?redirect=1',
    '#top',
    // Characters that could split the header or end it.
    '/a\r\nSet-Cookie: x=1',
    '/a\u0000b',
    '/a\u007fb',
    '/\u0000/evil.example',
  ]

  it.each(hostile.map((value) => [JSON.stringify(value), value]))('sends %s to the fallback', (_, value) => {
    expect(safeRedirectTo(value, '/fallback')).toBe('/fallback')
  })

  it('never answers something a browser would take off this site or that cannot be a header', () => {
    const pieces = ['/', '\\', '\t', '\n', '\r', '.', '..', '%2F', '%5C', 'evil.example', ':', '@', '?', '#', ' ', '\u0000', '\u0100']
    // Every sequence of up to four pieces: 17^4 ≈ 83,000 candidates.
    const unsafe: string[] = []
    const check = (value: string) => {
      const answer = safeRedirectTo(value, '/fallback')
      const isSafe =
        answer.startsWith('/') &&
        !answer.startsWith('//') &&
        isHeaderSafe(answer) &&
        resolve(answer).origin === 'https://homes.cooper.example'
      if (!isSafe) unsafe.push(`${JSON.stringify(value)} -> ${JSON.stringify(answer)}`)
    }
    const grow = (prefix: string, depth: number) => {
      check(prefix)
      if (depth === 0) return
      for (const piece of pieces) grow(prefix + piece, depth - 1)
    }
    grow('', 4)
    expect(unsafe.slice(0, 20)).toEqual([])
  }, 60_000)

  it('falls back for anything that is not a string', () => {
    expect(safeRedirectTo(null)).toBe('/')
    expect(safeRedirectTo(undefined)).toBe('/')
    expect(safeRedirectTo(new File(['/userprofile'], 'x.txt'))).toBe('/')
  })
})
