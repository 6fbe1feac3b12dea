// A listing's stored search vector, as PostgreSQL writes a tsvector ("'apart':4A,9C 'city:austin'
// 'two-bedroom':1A"), read into the words the search index keeps with their positions. The filter
// and place terms the vector also carries ("type:house", "city:austin", "beds>=2"…, migration 0013)
// are left out: the index keeps those as columns.

/** The prefixes of the filter and place terms `listing_facet_terms` adds to a listing's search vector. */
const FACET_PREFIXES = ['type:', 'offer:', 'pets:', 'furnished:', 'amenity:', 'city:', 'zip:', 'state:', 'hood:', 'beds>=', 'baths>=']

export function isFacetTerm(lexeme: string): boolean {
  return FACET_PREFIXES.some((prefix) => lexeme.startsWith(prefix))
}

const QUOTE = 39 // '
const BACKSLASH = 92
const COLON = 58
const COMMA = 44
const SPACE = 32

/**
 * Calls `onWord` for every word of the vector's text form with its positions (ascending, as stored),
 * in the vector's order. A lexeme without positions gets none.
 */
export function readTsVector(text: string, onWord: (lexeme: string, positions: number[]) => void): void {
  let at = 0
  const length = text.length
  while (at < length) {
    while (at < length && text.charCodeAt(at) === SPACE) at += 1
    if (at >= length) return
    if (text.charCodeAt(at) !== QUOTE) throw new Error(`Unexpected text in tsvector at ${at}`)
    at += 1
    let lexeme = ''
    let start = at
    for (;;) {
      const code = text.charCodeAt(at)
      if (Number.isNaN(code)) throw new Error('Unterminated lexeme in tsvector')
      if (code === BACKSLASH) {
        lexeme += text.slice(start, at) + text[at + 1]
        at += 2
        start = at
      } else if (code === QUOTE) {
        if (text.charCodeAt(at + 1) === QUOTE) {
          lexeme += text.slice(start, at + 1)
          at += 2
          start = at
        } else {
          lexeme += text.slice(start, at)
          at += 1
          break
        }
      } else at += 1
    }
    const positions: number[] = []
    if (text.charCodeAt(at) === COLON) {
      at += 1
      for (;;) {
        let n = 0
        let code = text.charCodeAt(at)
        while (code >= 48 && code <= 57) {
          n = n * 10 + code - 48
          code = text.charCodeAt(++at)
        }
        positions.push(n)
        // A weight letter (A–D) may follow the number.
        if (code >= 65 && code <= 68) code = text.charCodeAt(++at)
        if (code !== COMMA) break
        at += 1
      }
    }
    if (!isFacetTerm(lexeme)) onWord(lexeme, positions)
  }
}
