import { describe, expect, it } from 'vitest'
import { articleSearchSchema } from '#common/content/knowledge.ts'
import { splitHighlights } from './article-search.server.ts'

describe('search snippets', () => {
  it('split a headline at its markers into plain and matched parts', () => {
    expect(splitHighlights('Pay the \u27e6deposit\u27e7 by \u27e6check\u27e7.')).toEqual([
      { text: 'Pay the ', isMatch: false },
      { text: 'deposit', isMatch: true },
      { text: ' by ', isMatch: false },
      { text: 'check', isMatch: true },
      { text: '.', isMatch: false },
    ])
  })

  it('keep markup-like text as text', () => {
    expect(splitHighlights('<img src=x onerror=alert(1)> \u27e6rent\u27e7')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', isMatch: false },
      { text: 'rent', isMatch: true },
    ])
  })
})

describe('the search box input', () => {
  const parse = (q: string) => articleSearchSchema.safeParse({ q })

  it('tidies spaces and accepts up to 200 characters', () => {
    expect(parse('  pet   deposit ').data).toEqual({ q: 'pet deposit' })
    expect(parse('a'.repeat(200)).success).toBe(true)
    expect(parse('').data).toEqual({ q: '' })
  })

  it('refuses longer input and control characters with a message', () => {
    expect(parse('a'.repeat(201)).error?.issues[0]?.message).toMatch(/at most 200 characters/)
    expect(parse('pet\u0000deposit').error?.issues[0]?.message).toMatch(/control characters/)
  })
})
