import { describe, expect, it } from 'vitest'
import { leaseCaption, printableText } from './document.ts'

describe('printableText', () => {
  it('keeps ASCII, Latin-1 and the WinAnsi punctuation as they are', () => {
    const text = 'Rent is $1,200 — “due” on the 1st… café, Zoë, €50, 5 ½ • ™'
    expect(printableText(text)).toBe(text)
  })

  it('writes look-alikes with what the standard fonts have, and drops accents a letter lacks', () => {
    expect(printableText('a ≤ b ≥ c → d − e ‐ f')).toBe('a <= b >= c -> d - e - f')
    expect(printableText('Łódź Ő ﬁne ＡＢＣ')).toBe('Lódz O fine ABC')
  })

  it('gives one ? for each character a reader sees that cannot be printed (emoji, CJK)', () => {
    expect(printableText('日本語')).toBe('???')
    expect(printableText('ok 😀 👍🏽 👨‍👩‍👧 🇺🇸')).toBe('ok ? ? ? ?')
  })

  it('keeps line breaks, makes tabs spaces and drops control and invisible format characters', () => {
    expect(printableText('a\r\nb\tc\u0000d\u200be\u202ef')).toBe('a\nb cdef')
  })
})

describe('leaseCaption', () => {
  it('names the lease by its printable title and version', () => {
    expect(leaseCaption({ title: 'Lease 🏠 of Elm St', version: 3 })).toBe('Lease ? of Elm St (version 3)')
  })
})
