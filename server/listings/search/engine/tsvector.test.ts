import { describe, expect, it } from 'vitest'
import { isFacetTerm, readTsVector } from './tsvector.ts'

function read(text: string): [string, number[]][] {
  const words: [string, number[]][] = []
  readTsVector(text, (lexeme, positions) => words.push([lexeme, positions]))
  return words
}

describe('reading a listing search vector', () => {
  it('reads each word with its positions, weights or none', () => {
    expect(read("'apart':4A,9C 'bedroom':3 'one-bedroom':1A")).toEqual([
      ['apart', [4, 9]],
      ['bedroom', [3]],
      ['one-bedroom', [1]],
    ])
  })

  it('reads quotes, backslashes and colons inside a word', () => {
    expect(read("'o''neil':2 'a\\\\b':3 'example.com:8080':5")).toEqual([
      ["o'neil", [2]],
      ['a\\b', [3]],
      ['example.com:8080', [5]],
    ])
  })

  it('leaves out the filter and place terms', () => {
    expect(read("'amenity:pool' 'beds>=2' 'city:new york' 'hood:park slope' 'loft':1 'zip:11215'")).toEqual([['loft', [1]]])
    expect(isFacetTerm('state:tx')).toBe(true)
    expect(isFacetTerm('example.com:8080')).toBe(false)
  })

  it('reads an empty vector as no words, and refuses text that is not one', () => {
    expect(read('')).toEqual([])
    expect(() => read('apart:4')).toThrow()
    expect(() => read("'apart")).toThrow()
  })
})
