import { describe, expect, it } from 'vitest'
import { isPlainText, isSingleLine, plainText } from '#common/plain-text.ts'

describe('plain text', () => {
  it('refuses the NUL character, which PostgreSQL cannot store, naming the field', () => {
    const title = plainText('Title').trim().max(10)
    expect(title.parse('  Loft  ')).toBe('Loft')
    expect(title.safeParse('Lo\u0000ft').error?.issues.map((issue) => issue.message)).toEqual(['Title cannot contain the NUL character.'])
    expect(title.safeParse(42).error?.issues.map((issue) => issue.message)).toEqual(['Title must be text.'])
    expect(isPlainText('Line one\nline two\ttabbed')).toBe(true)
    expect(isPlainText('\u0000')).toBe(false)
  })

  it('tells one line from text with control characters', () => {
    expect(isSingleLine('Maria Delgado')).toBe(true)
    expect(isSingleLine('Maria\nDelgado')).toBe(false)
    expect(isSingleLine('Maria\u007f')).toBe(false)
  })
})
