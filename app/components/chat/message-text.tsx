// A message body as text: http and https addresses become links that open in a new tab without
// passing on who sent the visitor; everything else, markup included, is shown as the words it is.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi
/** Punctuation that ends a sentence rather than the address ("see https://example.com."). */
const TRAILING = /[.,;:!?'")\]}]+$/

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export function linkParts(body: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of body.matchAll(URL_PATTERN)) {
    let text = match[0]
    const trailing = TRAILING.exec(text)
    // Keep a closing parenthesis that belongs to the address, as in Wikipedia links.
    if (trailing && !(trailing[0] === ')' && text.includes('('))) text = text.slice(0, -trailing[0].length)
    const href = safeHref(text)
    if (!href) continue
    const start = match.index
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) })
    parts.push({ kind: 'link', text, href })
    last = start + text.length
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) })
  return parts
}

export function MessageText({ body }: { body: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {linkParts(body).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  )
}
