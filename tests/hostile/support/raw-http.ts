// Requests fetch() cannot make: a body that declares 200 MB and sends only its start, a chunked body
// that keeps coming until the server answers, and paths with raw bytes that are not UTF-8.
import http from 'node:http'
import net from 'node:net'

export type RawAnswer = {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** Body bytes written before the answer came (or the server closed the connection). */
  bytesSent: number
}

type Options = {
  method: string
  path: string
  headers?: Record<string, string>
  /** How long to wait for an answer before giving up (the server did not answer without the body). */
  timeoutMs?: number
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61)

function request(
  origin: string,
  { method, path, headers = {}, timeoutMs = 10_000 }: Options,
  feed: (req: http.ClientRequest, sent: { bytes: number }, done: () => boolean) => void,
): Promise<RawAnswer> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const sent = { bytes: 0 }
    let answered = false
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers, agent: false })
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`${method} ${path}: no answer within ${timeoutMs} ms after ${sent.bytes} body bytes`))
    }, timeoutMs)
    req.on('response', (res) => {
      answered = true
      const bytesSent = sent.bytes
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      const finish = () => {
        clearTimeout(timer)
        req.destroy()
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytesSent })
      }
      res.on('end', finish)
      res.on('error', finish)
      res.on('close', finish)
    })
    req.on('error', (error) => {
      // The server may close the connection once it has answered, while the body is still going out.
      if (answered) return
      clearTimeout(timer)
      reject(error)
    })
    feed(req, sent, () => answered || req.destroyed)
  })
}

/**
 * Streams a chunked body of up to `totalBytes`, as fast as the server takes it, until it answers.
 * Over a plain socket that reads while it writes: a server that answers and closes mid-body makes
 * the writes fail, and the answer it sent must still be read.
 */
export function streamedBody(origin: string, options: Options & { totalBytes: number }): Promise<RawAnswer> {
  return overSocket(origin, { ...options, sendBytes: options.totalBytes })
}

/** Declares `declaredBytes` of body and sends `sendBytes` of it (as the server takes them), reading the answer as it comes. */
export function declaredBody(origin: string, options: Options & { declaredBytes: number; sendBytes?: number }): Promise<RawAnswer> {
  return overSocket(origin, { ...options, sendBytes: Math.min(options.sendBytes ?? 0, options.declaredBytes) })
}

function overSocket(origin: string, options: Options & { sendBytes: number; declaredBytes?: number }): Promise<RawAnswer> {
  const url = new URL(origin)
  const { method, path, headers = {}, timeoutMs = 10_000, declaredBytes } = options
  const isChunked = declaredBytes === undefined
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream'
  const head = [
    `${method} ${path} HTTP/1.1`,
    `host: ${url.host}`,
    isChunked ? 'transfer-encoding: chunked' : `content-length: ${declaredBytes}`,
    `content-type: ${contentType}`,
  ]
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'content-type') head.push(`${name}: ${value}`)
  const chunk = isChunked ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]) : CHUNK
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname)
    const received: Buffer[] = []
    let bytesSent = 0
    let answeredAt: number | null = null
    let settled = false
    const timer = setTimeout(
      () => settle(new Error(`${method} ${path}: no answer within ${timeoutMs} ms after ${bytesSent} body bytes`)),
      timeoutMs,
    )
    function settle(error?: Error) {
      if (settled) return
      // Latin-1 keeps one character per byte, so chunk sizes (in bytes) index the text.
      const text = Buffer.concat(received).toString('latin1')
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (!status && !error) error = new Error(`${method} ${path}: the connection closed after ${bytesSent} body bytes without an answer`)
      if (!status) {
        settled = true
        clearTimeout(timer)
        socket.destroy()
        return reject(error)
      }
      // Wait for the whole head and body of the answer (the server closes when it is done).
      const headEnd = text.indexOf('\r\n\r\n')
      const rawHead = headEnd < 0 ? text : text.slice(0, headEnd)
      const body = headEnd < 0 ? '' : text.slice(headEnd + 4)
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const parsed: http.IncomingHttpHeaders = {}
      for (const line of rawHead.split('\r\n').slice(1)) {
        const at = line.indexOf(':')
        if (at > 0) parsed[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
      }
      const decoded = Buffer.from(decodeBody(body, parsed), 'latin1').toString('utf8')
      resolve({ status: Number(status[1]), headers: parsed, body: decoded, bytesSent: answeredAt ?? bytesSent })
    }
    socket.on('data', (data) => {
      received.push(data)
      if (answeredAt === null) answeredAt = bytesSent
      if (isComplete(Buffer.concat(received).toString('latin1'))) settle()
    })
    socket.on('error', () => settle())
    socket.on('close', () => settle())
    socket.on('connect', () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`)
      const pump = () => {
        while (answeredAt === null && !socket.destroyed && bytesSent < options.sendBytes) {
          const piece = isChunked ? chunk : chunk.subarray(0, Math.min(CHUNK.length, options.sendBytes - bytesSent))
          bytesSent += isChunked ? CHUNK.length : piece.length
          if (!socket.write(piece)) return void socket.once('drain', pump)
        }
        if (isChunked && answeredAt === null && !socket.destroyed) socket.write('0\r\n\r\n')
      }
      pump()
    })
  })
}

/** Whether an HTTP/1.1 answer (as Latin-1 text) has arrived whole (by its Content-Length, or a chunked body's last chunk). */
function isComplete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return false
  const head = text.slice(0, end).toLowerCase()
  const body = text.slice(end + 4)
  const length = /content-length: *(\d+)/.exec(head)?.[1]
  if (length !== undefined) return body.length >= Number(length)
  if (/transfer-encoding: *chunked/.test(head)) return body.endsWith('0\r\n\r\n')
  return false
}

/** The body of a chunked answer without its framing (Latin-1 text in, Latin-1 text out). */
function decodeBody(body: string, headers: http.IncomingHttpHeaders): string {
  if (!/chunked/.test(String(headers['transfer-encoding'] ?? ''))) return body
  let out = ''
  let rest = body
  for (;;) {
    const line = rest.indexOf('\r\n')
    if (line < 0) return out
    const size = parseInt(rest.slice(0, line), 16)
    if (!size) return out
    out += rest.slice(line + 2, line + 2 + size)
    rest = rest.slice(line + 2 + size + 2)
  }
}

/** A request whose path (or body) carries raw bytes as they are, not percent-encoded. */
export function rawBytes(origin: string, options: Options & { pathBytes?: Buffer; body?: Buffer }): Promise<RawAnswer> {
  // Node writes the path as latin1: each character below 256 becomes the byte of that value.
  const path = options.pathBytes ? options.pathBytes.toString('latin1') : options.path
  const headers = { ...options.headers, ...(options.body ? { 'content-length': String(options.body.length) } : {}) }
  return request(origin, { ...options, path, headers }, (req) => {
    if (options.body) req.end(options.body)
    else req.end()
  })
}

/** The server process's resident memory, in bytes (VmRSS in /proc/<pid>/status). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  if (!kb) throw new Error(`No VmRSS for process ${pid}`)
  return Number(kb) * 1024
}
