// What the site's rendered content may contain, checked the way a browser reads HTML: the elements
// and attributes of the Markdown renderer's allow-list, and links that lead to web or mail addresses
// or stay on the site. Used by the renderer's own tests and by every test that renders stored text.
import { Parser } from 'htmlparser2'

// The page an article is shown on: relative links resolve against it, as in a reader's browser.
const PAGE = new URL('https://homes.cooper.example/knowledge/security-deposits')

// What rendered content may contain: these elements, each with at most these attributes.
const ALLOWED: Record<string, readonly string[]> = {
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  strong: [],
  em: [],
  s: [],
  code: [],
  pre: [],
  a: ['href', 'title', 'rel'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
}

type Element = { name: string; attribs: Record<string, string> }

/** The elements of an HTML fragment as a browser's parser reads them (entities decoded), and any comment or CDATA. */
function parse(html: string): { elements: Element[]; others: string[] } {
  const elements: Element[] = []
  const others: string[] = []
  const parser = new Parser({
    onopentag: (name, attribs) => elements.push({ name, attribs }),
    oncomment: (data) => others.push(`comment ${data}`),
    oncdatastart: () => others.push('cdata'),
    onprocessinginstruction: (name) => others.push(`instruction ${name}`),
  })
  parser.write(html)
  parser.end()
  return { elements, others }
}

/** Where a link takes a reader: a web address, a mail address, or a place on this site. */
function isSafeHref(href: string): boolean {
  // Browsers drop tabs and newlines inside a URL and spaces and controls around it; none is left to drop.
  if (/[\u0000-\u0020\u007f]/.test(href)) return false
  const url = new URL(href, PAGE)
  if (/^mailto:/i.test(href)) return url.protocol === 'mailto:'
  if (/^https?:\/\//i.test(href)) return url.protocol === 'http:' || url.protocol === 'https:'
  // Anything else is relative (a path, a query or a #fragment) and must stay on this site.
  return url.origin === PAGE.origin
}

const isExternal = (href: string) => /^https?:/i.test(href)

/** Every rule rendered content keeps, whatever its source; the failures, described. */
export function problemsIn(html: string): string[] {
  const problems: string[] = []
  const { elements, others } = parse(html)
  problems.push(...others)
  for (const { name, attribs } of elements) {
    const allowed = ALLOWED[name]
    if (!allowed) {
      problems.push(`element <${name}>`)
      continue
    }
    for (const [attribute, value] of Object.entries(attribs)) {
      if (!allowed.includes(attribute)) problems.push(`attribute ${attribute}="${value}" on <${name}>`)
    }
    if (name === 'a') {
      const href = attribs.href
      if (href === undefined) problems.push('a link without an address')
      else if (!isSafeHref(href)) problems.push(`href="${href}"`)
      else if (isExternal(href) && attribs.rel !== 'noopener noreferrer') problems.push(`external link without rel: ${href}`)
      else if (!isExternal(href) && attribs.rel !== undefined) problems.push(`internal link with rel: ${href}`)
    }
    if ('id' in attribs && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(attribs.id ?? '')) problems.push(`id="${attribs.id}"`)
  }
  return problems
}
