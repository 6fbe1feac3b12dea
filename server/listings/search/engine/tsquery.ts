// PostgreSQL's text search queries, as `websearch_to_tsquery('english', …)::text` writes them
// ("'two-bedroom' <-> 'two' <-> 'bedroom' & 'apart' | !'garden'"), read back as a tree the search
// index evaluates against its postings exactly as PostgreSQL's `@@` would.

export type TsQuery =
  | { kind: 'term'; lexeme: string; prefix: boolean }
  | { kind: 'not'; arg: TsQuery }
  | { kind: 'and' | 'or'; left: TsQuery; right: TsQuery }
  /** `left <distance> right`: `right` exactly `distance` positions after `left` (`<->` is 1). */
  | { kind: 'phrase'; left: TsQuery; right: TsQuery; distance: number }

const TOKEN = /\s*(?:('(?:[^'\\]|''|\\.)*'(?::[*A-Da-d]+)?|<\d+>|<->|[!&|()])|$)/y

function tokenize(text: string): string[] {
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  for (;;) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(text)
    if (!match) throw new Error(`Unexpected text in tsquery "${text}" at ${at}`)
    if (match[1] === undefined) return tokens
    tokens.push(match[1])
  }
}

/** A quoted operand's lexeme, its quotes doubled and backslashes escaped as PostgreSQL writes them. */
function lexemeOf(token: string): { lexeme: string; prefix: boolean } {
  const end = token.lastIndexOf("'")
  const inner = token.slice(1, end)
  let lexeme = ''
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i]!
    if (char === '\\' || (char === "'" && inner[i + 1] === "'")) {
      lexeme += inner[i + 1] ?? ''
      i += 1
    } else lexeme += char
  }
  return { lexeme, prefix: token.slice(end).includes('*') }
}

/**
 * Reads a tsquery's text form. Precedence, tightest first: `!`, `<N>` (and `<->`), `&`, `|`, each
 * binary operator left-associative, as PostgreSQL's own parser reads it. The empty query (what
 * `websearch_to_tsquery` gives for stop words alone) is null: it matches nothing.
 */
export function parseTsQuery(text: string): TsQuery | null {
  const tokens = tokenize(text)
  if (tokens.length === 0) return null
  let at = 0
  const peek = () => tokens[at]
  const operand = (): TsQuery => {
    const token = tokens[at++]
    if (token === undefined) throw new Error(`Unexpected end of tsquery "${text}"`)
    if (token === '!') return { kind: 'not', arg: operand() }
    if (token === '(') {
      const inner = or()
      if (tokens[at++] !== ')') throw new Error(`Unbalanced parentheses in tsquery "${text}"`)
      return inner
    }
    if (!token.startsWith("'")) throw new Error(`Unexpected "${token}" in tsquery "${text}"`)
    return { kind: 'term', ...lexemeOf(token) }
  }
  const phrase = (): TsQuery => {
    let left = operand()
    for (let token = peek(); token !== undefined && token.startsWith('<'); token = peek()) {
      at += 1
      const distance = token === '<->' ? 1 : Number(token.slice(1, -1))
      left = { kind: 'phrase', left, right: operand(), distance }
    }
    return left
  }
  const and = (): TsQuery => {
    let left = phrase()
    while (peek() === '&') {
      at += 1
      left = { kind: 'and', left, right: phrase() }
    }
    return left
  }
  const or = (): TsQuery => {
    let left = and()
    while (peek() === '|') {
      at += 1
      left = { kind: 'or', left, right: and() }
    }
    return left
  }
  const tree = or()
  if (at !== tokens.length) throw new Error(`Unexpected "${tokens[at]}" in tsquery "${text}"`)
  return tree
}

/** Every lexeme the query asks for outside a negation (what a listing must carry some of to match). */
export function positiveLexemes(query: TsQuery | null): string[] {
  const found: string[] = []
  const visit = (node: TsQuery) => {
    if (node.kind === 'term') found.push(node.lexeme)
    else if (node.kind !== 'not') {
      visit(node.left)
      visit(node.right)
    }
  }
  if (query) visit(query)
  return found
}
