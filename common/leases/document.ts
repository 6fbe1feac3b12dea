// A lease's text as structured blocks: what the PDF and the HTML are both rendered from, so the page
// shows the very words whose PDF everyone signs. Safe for the browser.

/** One block of a lease's text, in reading order. Line breaks inside a paragraph are kept. */
export type LeaseBlock =
  | { kind: 'heading'; text: string; level?: 1 | 2 }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[]; isOrdered?: boolean }
  | { kind: 'terms'; rows: { label: string; value: string }[] }

export interface LeaseDocument {
  title: string
  /** The lease's version: a changed text is a new version, and each page names it. */
  version: number
  blocks: LeaseBlock[]
}

/** The line each page of a lease names it by. */
export function leaseCaption(lease: Pick<LeaseDocument, 'title' | 'version'>): string {
  return `${printableText(lease.title)} (version ${lease.version})`
}

// Windows-1252 (WinAnsi): what the PDF's standard fonts can print. Latin-1 plus these from 0x80–0x9f.
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ...[...WIN_ANSI_EXTRAS].map((c) => c.codePointAt(0)!),
])

/** Look-alikes outside WinAnsi, written with what it has. */
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-', // hyphens, figure dash, minus
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u3000': ' ',
  '\u2032': "'",
  '\u2033': '"',
  '\u201b': '‘',
  '\u201f': '“',
  '\u2039': '‹',
  '\u2027': '·',
  '\u2219': '·',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u2713': 'x',
  '\u2714': 'x',
  '\u25cf': '•',
  '\u25e6': '•',
  '\u2043': '-',
  '\u2116': 'No.',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ŀ: 'l',
  Ŀ: 'L',
  '\u2153': '1/3',
  '\u2154': '2/3',
  '\u215b': '1/8',
}
const ONLY_WIN_ANSI = /^[\x20-\x7e\n]*$/

/**
 * The text as the PDF's standard fonts can print it, used by the PDF and the HTML alike so both show
 * the same characters: look-alikes replaced (≤ → <=), accents dropped where the letter is missing
 * (ő → o), invisible format characters dropped, tabs as spaces, and anything else (emoji, CJK) one `?`
 * per character as a reader sees it. Line breaks are kept; other control characters are dropped.
 */
export function printableText(text: string): string {
  if (ONLY_WIN_ANSI.test(text)) return text
  let out = ''
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' '))) {
    out += printableGrapheme(segment)
  }
  return out
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
const isPrintable = (s: string) => [...s].every((c) => WIN_ANSI.has(c.codePointAt(0)!))

function printableGrapheme(segment: string): string {
  if (segment === '\n' || isPrintable(segment)) return segment
  if (/^[\p{Cc}\p{Cf}]+$/u.test(segment)) return '' // controls, zero-width joiners and spaces, marks of direction
  const substitute = SUBSTITUTES[segment]
  if (substitute !== undefined) return substitute
  // Compatibility forms (ﬁ, full-width letters) and letters without their accents.
  const plain = segment
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .normalize('NFC')
  if (plain && isPrintable(plain)) return plain
  return '?'
}
