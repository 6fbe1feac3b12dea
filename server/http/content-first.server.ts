// Pages paint before their scripts load. React Router announces every module a page runs with a
// <link rel="modulepreload"> in the head; on a slow phone connection those 140 KB of JavaScript then
// share the line with the stylesheet and the page's first image, and the first paint waited for them
// (Lighthouse, mobile: a listing's largest paint at 2.7 s with the links, 1.3 s without). Without them
// the browser asks for the modules when the page's closing script imports them, once the HTML has
// been read: the page shows first and comes alive a moment later, and works meanwhile as it does
// without JavaScript (plain links and forms).
import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g

/** The head without its module preload links. */
export function withoutModulePreloads(head: string): string {
  return head.replace(MODULE_PRELOAD, '')
}

/** A stream that passes a page through, its head (up to `</head>`) without module preload links. */
export function contentFirst(): Transform {
  const decoder = new StringDecoder('utf8')
  let head: string | null = ''
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (head === null) return callback(null, chunk)
      head += typeof chunk === 'string' ? chunk : decoder.write(chunk)
      const end = head.indexOf('</head>')
      if (end < 0) return callback()
      const page = withoutModulePreloads(head.slice(0, end)) + head.slice(end)
      head = null
      callback(null, page)
    },
    flush(callback) {
      callback(null, head === null ? undefined : head + decoder.end())
    },
  })
}
