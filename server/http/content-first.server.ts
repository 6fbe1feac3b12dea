// Pages paint before their scripts load. React Router announces every module a page runs with a
// <link rel="modulepreload"> in the head; on a slow phone connection those 140 KB of JavaScript then
// share the line with the stylesheet and the page's first image, and the first paint waited for them
// (Lighthouse, mobile: a listing's largest paint at 2.7 s with the links, 1.3 s without). Without them
// the browser asks for the modules when the page's closing script imports them, once the HTML has
// been read: the page shows first and comes alive a moment later, and works meanwhile as it does
// without JavaScript (plain links and forms).
import { Transform } from 'node:stream'

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g
const HEAD_END = Buffer.from('</head>')

/** The head without its module preload links. */
export function withoutModulePreloads(head: string): string {
  return head.replace(MODULE_PRELOAD, '')
}

/** A page's stream: what React writes between two of its flushes goes out as one chunk. */
export type PageStream = Transform & {
  /** Sends on what was written since the last flush; React calls it when it has written what it has (a shell, a boundary). */
  flush(): void
}

/**
 * A stream that passes a page through, its head (up to `</head>`) without module preload links.
 * React writes a page in pieces of 4 KB or less and says when it has written what it has by calling
 * the destination's `flush()`; each piece passed on alone costs a write through every stream to the
 * socket, so the pieces wait for the flush (or the end) and go on as one.
 */
export function contentFirst(): PageStream {
  // The head so far, until its end has passed; only the head is read as text.
  let head: Buffer | null = Buffer.alloc(0)
  let pieces: Buffer[] = []
  const send = () => {
    if (pieces.length === 0) return
    const chunk = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)
    pieces = []
    if (head === null) {
      stream.push(chunk)
      return
    }
    head = head.length === 0 ? chunk : Buffer.concat([head, chunk])
    const end = head.indexOf(HEAD_END)
    if (end < 0) return
    stream.push(withoutModulePreloads(head.toString('utf8', 0, end)))
    stream.push(head.subarray(end))
    head = null
  }
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pieces.push(chunk)
      callback()
    },
    flush(callback) {
      send()
      callback(null, head?.length ? head : undefined)
    },
  })
  return Object.assign(stream, { flush: send })
}
