import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { contentFirst } from './content-first.server.ts'

const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Maison à Montréal</title>' +
  '<link nonce="n1" rel="stylesheet" href="/assets/root-A.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root-C.js" nonce="n1"/></head>'
const body = '<body><p>Prix: 2 000 $ — <a href="/x">voir</a></p><link rel="modulepreload" href="/in-body.js"/></body></html>'

/** The page as the transform gives it when React writes it in the given pieces (as bytes, so a piece may split a character). */
function through(pieces: string[]) {
  const bytes = Buffer.from(pieces.join(''))
  const chunks: Buffer[] = []
  let at = 0
  for (const piece of pieces) {
    const length = Buffer.byteLength(piece)
    chunks.push(bytes.subarray(at, at + length))
    at += length
  }
  return text(Readable.from(chunks).pipe(contentFirst()))
}

describe('contentFirst', () => {
  const expected = head.replace(/<link rel="modulepreload"[^>]*\/>/g, '') + body

  it('takes the module preload links out of the head and leaves everything else as it was', async () => {
    expect(await through([head + body])).toBe(expected)
    expect(expected).toContain('<link nonce="n1" rel="stylesheet" href="/assets/root-A.css"/>')
    expect(expected).not.toContain('entry.client')
    expect(expected).toContain('/in-body.js')
  })

  it('gives the same page however the HTML is cut into pieces, through the middle of a character or a link', async () => {
    const page = head + body
    for (let cut = 1; cut < page.length; cut += 7) {
      const bytes = Buffer.from(page)
      const byteCut = Buffer.byteLength(page.slice(0, cut)) + (cut % 2) // sometimes inside a two-byte character
      const pieces = [bytes.subarray(0, byteCut), bytes.subarray(byteCut)]
      expect(await text(Readable.from(pieces).pipe(contentFirst()))).toBe(expected)
    }
    expect(await through(page.split(''))).toBe(expected)
  })

  it('passes a page without a head through unchanged', async () => {
    expect(await through(['<p>Not found</p>'])).toBe('<p>Not found</p>')
  })

  it('sends what was written between two flushes as one chunk', async () => {
    const page = contentFirst()
    const chunks: string[] = []
    page.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
    const ended = new Promise((resolve) => page.on('end', resolve))
    for (let at = 0; at < head.length; at += 10) page.write(head.slice(at, at + 10))
    page.write('<body>')
    page.flush()
    const afterHead = chunks.length
    page.write('<p>one</p>')
    page.write('<p>two</p>')
    page.flush()
    page.end('</body></html>')
    await ended
    // The head without its preloads, then what followed it in the same flush.
    expect(chunks.slice(0, afterHead)).toEqual([expected.slice(0, expected.indexOf('</head>')), '</head><body>'])
    expect(chunks.slice(afterHead)).toEqual(['<p>one</p><p>two</p>', '</body></html>'])
  })
})
