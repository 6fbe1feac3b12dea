// The most listings a text search can match, from the exact count of listings carrying each of its
// terms: PostgreSQL's `querytree` of the search's tsquery (its indexable part, negations removed) read
// back as a tree, where "a & b" and the phrase "a <-> b" match at most the rarer term's listings and
// "a | b" at most both together.

/** A tsquery tree with negations removed: terms joined by and (phrases count as and) and or. */
type Tree = { term: string; prefix: boolean } | { op: 'and' | 'or'; left: Tree; right: Tree }

/** The result of `querytree` that means "cannot be looked up in an index" (only negations). */
const UNINDEXABLE = 'T'

/**
 * Reads the text form of a tsquery (as `querytree(...)::text` writes it, e.g.
 * `'two-bedroom' <-> 'two' <-> 'bedroom' | 'loft'`). Precedence, loosest first: `|`, `&`, `<->`.
 */
function parseTree(text: string): Tree {
  const tokens = text.match(/'(?:[^']|'')*'(?::[*A-D]+)?|<\d*->|[&|()]/g) ?? []
  let at = 0
  const binary = (op: 'and' | 'or', operators: string[], next: () => Tree) => (): Tree => {
    let left = next()
    while (
      at < tokens.length &&
      operators.some((operator) => tokens[at] === operator || (operator === '<->' && /^<\d*->$/.test(tokens[at]!)))
    ) {
      at += 1
      left = { op, left, right: next() }
    }
    return left
  }
  const operand = (): Tree => {
    const token = tokens[at++]
    if (token === '(') {
      const inner = or()
      at += 1 // ')'
      return inner
    }
    if (!token?.startsWith("'")) throw new Error(`Unexpected token in tsquery "${text}"`)
    const end = token.lastIndexOf("'")
    return { term: token.slice(1, end).replaceAll("''", "'"), prefix: token.slice(end).includes('*') }
  }
  const phrase = binary('and', ['<->'], operand)
  const and = binary('and', ['&'], phrase)
  const or = binary('or', ['|'], and)
  return or()
}

/**
 * The most listings the tsquery can match, given how many listings carry each term (`counts`; a term
 * absent from it is carried by none) and each prefix (`prefixCounts`: the sum over terms starting
 * with it). An empty query matches nothing; one that is only negations, anything (Infinity).
 */
export function matchBound(
  tsquery: string,
  counts: ReadonlyMap<string, number>,
  prefixCounts: ReadonlyMap<string, number> = new Map(),
): number {
  const text = tsquery.trim()
  if (text === '') return 0
  if (text === UNINDEXABLE) return Infinity
  const bound = (tree: Tree): number => {
    if ('term' in tree) return (tree.prefix ? prefixCounts : counts).get(tree.term) ?? 0
    return tree.op === 'and' ? Math.min(bound(tree.left), bound(tree.right)) : bound(tree.left) + bound(tree.right)
  }
  return bound(parseTree(text))
}

/**
 * How many of `published` listings the tsquery would match were its terms carried independently of
 * each other: "a & b" (and a phrase) their shares multiplied, "a | b" either's. An estimate, from the
 * same exact counts as `matchBound`, never above it nor `published`; an empty query gives 0,
 * one that is only negations Infinity.
 */
export function matchExpected(
  tsquery: string,
  counts: ReadonlyMap<string, number>,
  published: number,
  prefixCounts: ReadonlyMap<string, number> = new Map(),
): number {
  const text = tsquery.trim()
  if (text === '') return 0
  if (text === UNINDEXABLE) return Infinity
  const all = Math.max(1, published)
  const expected = (tree: Tree): number => {
    if ('term' in tree) return Math.min(all, (tree.prefix ? prefixCounts : counts).get(tree.term) ?? 0)
    const [left, right] = [expected(tree.left), expected(tree.right)]
    return tree.op === 'and' ? (left * right) / all : left + right - (left * right) / all
  }
  return Math.min(expected(parseTree(text)), matchBound(text, counts, prefixCounts))
}

/**
 * How many listings carry any term of the tsquery, added up (at least as many as match any of its
 * words): 0 means no listing has a single one of its words. An empty query gives 0; one that is only
 * negations, Infinity.
 */
export function termListings(tsquery: string, counts: ReadonlyMap<string, number>): number {
  const text = tsquery.trim()
  if (text === '') return 0
  if (text === UNINDEXABLE) return Infinity
  const sum = (tree: Tree): number => ('term' in tree ? (counts.get(tree.term) ?? 0) : sum(tree.left) + sum(tree.right))
  return sum(parseTree(text))
}

/**
 * What a listing must have for it to match a text search, as far as the signature of its words can
 * tell (migration 0017) or its city: a word's bits, all or any of several, a city starting with a
 * text; or nothing that can tell ('anything': a prefix, negations).
 */
export type WordSign = { word: string } | { cityStartsWith: string } | { all: WordSign[] } | { any: WordSign[] } | 'anything'

/**
 * The sign of the tsquery `querytree` wrote (its negations removed): its words joined as the query
 * joins them (a phrase needs all of its words).
 */
export function wordSign(tsquery: string): WordSign {
  const text = tsquery.trim()
  if (text === '' || text === UNINDEXABLE) return 'anything'
  const sign = (tree: Tree): WordSign => {
    if ('term' in tree) return tree.prefix ? 'anything' : { word: tree.term }
    const parts = [sign(tree.left), sign(tree.right)]
    if (tree.op === 'or') return parts.includes('anything') ? 'anything' : { any: parts }
    const known = parts.filter((part) => part !== 'anything')
    return known.length === 0 ? 'anything' : { all: known }
  }
  return sign(parseTree(text))
}
