import { describe, expect, it } from 'vitest'
import { parseTsQuery, positiveLexemes } from './tsquery.ts'

const term = (lexeme: string) => ({ kind: 'term', lexeme, prefix: false })

describe('reading a tsquery as PostgreSQL writes it', () => {
  it('reads words, phrases, or, and and negations with their precedence', () => {
    expect(parseTsQuery("'two-bedroom' <-> 'two' <-> 'bedroom' & 'apart'")).toEqual({
      kind: 'and',
      left: {
        kind: 'phrase',
        left: { kind: 'phrase', left: term('two-bedroom'), right: term('two'), distance: 1 },
        right: term('bedroom'),
        distance: 1,
      },
      right: term('apart'),
    })
    expect(parseTsQuery("'bay' <-> 'window' | 'sunni' & !'garden'")).toEqual({
      kind: 'or',
      left: { kind: 'phrase', left: term('bay'), right: term('window'), distance: 1 },
      right: { kind: 'and', left: term('sunni'), right: { kind: 'not', arg: term('garden') } },
    })
    expect(parseTsQuery("'sunni' <2> 'loft'")).toEqual({ kind: 'phrase', left: term('sunni'), right: term('loft'), distance: 2 })
    expect(parseTsQuery("'b' & !( 'c' <-> 'd' )")).toEqual({
      kind: 'and',
      left: term('b'),
      right: { kind: 'not', arg: { kind: 'phrase', left: term('c'), right: term('d'), distance: 1 } },
    })
  })

  it('reads quotes and backslashes inside a word, and a prefix', () => {
    expect(parseTsQuery("'o''neil' & 'a\\\\b'")).toEqual({ kind: 'and', left: term("o'neil"), right: term('a\\b') })
    expect(parseTsQuery("'city:wil':*")).toEqual({ kind: 'term', lexeme: 'city:wil', prefix: true })
  })

  it('reads the empty query (stop words alone) as matching nothing', () => {
    expect(parseTsQuery('')).toBeNull()
    expect(parseTsQuery('   ')).toBeNull()
  })

  it('refuses text that is not a tsquery', () => {
    expect(() => parseTsQuery("'a' &")).toThrow()
    expect(() => parseTsQuery("('a'")).toThrow()
    expect(() => parseTsQuery('a & b')).toThrow()
  })

  it('lists the words asked for outside negations', () => {
    expect(positiveLexemes(parseTsQuery("'a' & !'b' | 'c' <-> 'd'"))).toEqual(['a', 'c', 'd'])
    expect(positiveLexemes(null)).toEqual([])
  })
})
