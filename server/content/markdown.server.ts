// Markdown as the site shows it: rendered on the server with markdown-it (raw HTML in the source is
// escaped, not passed through) and then sanitised with sanitize-html against a short allow-list, so
// nothing an editor writes can run in a reader's browser: no scripts, no event handlers, no
// styles, no iframes, no javascript: or data: links. Headings get ids for the table of contents.
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

export type Heading = { id: string; text: string; level: 2 | 3 }

export type RenderedMarkdown = {
  /** Safe HTML. */
  html: string
  /** The second- and third-level headings in order, for a table of contents. */
  headings: Heading[]
  /** The words without markup, for reading time and search snippets. */
  text: string
  readingMinutes: number
}

const WORDS_PER_MINUTE = 220

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true })
// Plain web and mail addresses become links; ftp: and protocol-relative //host links are refused
// below anyway, so they stay text instead of turning into links that lose their href.
markdown.linkify.add('ftp:', null).add('//', null)
// Content has no images: an image is shown as its description.
markdown.renderer.rules.image = (tokens, index, options, env, renderer) =>
  markdown.utils.escapeHtml(renderer.renderInlineAsText(tokens[index]?.children ?? [], options, env))

/** Ids the page around an article already uses (site frame, `#top`): a heading never takes them. */
const RESERVED_IDS = ['main', 'mobile-menu', 'top']

/** A heading's anchor: lower case words joined by hyphens, made unique within the document. */
function slugOf(text: string, taken: Map<string, number>): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 60)
      .replace(/^-+|-+$/g, '') || 'section'
  let id = base
  // Counting on from the last number given to this base keeps many equal headings linear.
  let n = taken.get(base) ?? 1
  while (taken.has(id)) id = `${base}-${++n}`
  taken.set(base, n)
  taken.set(id, 1)
  return id
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'blockquote',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  // Relative links, the page's own anchors, and web and mail addresses; never javascript: or data:.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A first-level heading in an article would compete with the page's title; the two lowest
    // levels are shown as the lowest one kept.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // External links never learn where the reader came from nor get a handle on this page;
    // internal ones carry no rel and no target.
    a: (tagName, { href, title }) => {
      const attribs: sanitizeHtml.Attributes = {}
      if (href !== undefined) attribs.href = href
      if (title !== undefined) attribs.title = title
      if (href !== undefined && /^\s*https?:/i.test(href)) attribs.rel = 'noopener noreferrer'
      return { tagName, attribs }
    },
    // markdown-it aligns table columns with a style attribute; styles are not allowed, align is.
    th: alignFromStyle,
    td: alignFromStyle,
  },
  // A link whose address was refused keeps its text.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
}

function alignFromStyle(tagName: string, { style }: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const align = /^text-align:(left|right|center)$/.exec(style ?? '')?.[1]
  return { tagName, attribs: align ? { align } : {} }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

/** The text of escaped HTML: the few entities sanitize-html writes, back to characters. */
function decodeEntities(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!)
}

/**
 * HTML reduced to what content may contain. renderMarkdown escapes raw HTML before it gets here;
 * this holds on its own too, so the allow-list is the one line of defence that must never move.
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE)
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = markdown.parse(source, {})
  const taken = new Map(RESERVED_IDS.map((id) => [id, 1]))
  const headings: Heading[] = []
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return
    // A first-level heading is shown as a second-level one (see h1 below).
    const level = Math.max(2, Number(token.tag.slice(1)))
    const text = tokens[index + 1]?.children?.map((child) => child.content).join('') ?? ''
    const id = slugOf(text, taken)
    token.attrSet('id', id)
    if (level === 2 || level === 3) headings.push({ id, text, level })
  })
  const html = sanitizeContentHtml(markdown.renderer.render(tokens, markdown.options, {}))
  const text = decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim()
  const words = text ? text.split(' ').length : 0
  return { html, headings, text, readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)) }
}
