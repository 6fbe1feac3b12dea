// The production server as an operator runs it: `node server/main.ts` on the built app.
// Needs `react-router build` first (npm test builds before this layer).
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'

const root = path.resolve(import.meta.dirname, '../..')
const PORT = 3390

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

const running: Server[] = []

function startServer(env: Record<string, string>): Server {
  let output = ''
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const server = { child, output: () => output, exited }
  running.push(server)
  return server
}

async function waitUntilReady(server: Server, port: number) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server not ready:\n${server.output()}`)
}

async function waitForLog(server: Server, text: string) {
  const deadline = Date.now() + 15_000
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in the log:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A GET whose body is left as it came over the wire (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

describe('the server process', () => {
  let dataDir: string
  beforeAll(() => {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
      throw new Error('No build: run `npx react-router build` before the process tests (npm test does).')
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-process-'))
  })
  afterEach(async () => {
    for (const server of running.splice(0)) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL')
        await server.exited
      }
    }
  })
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses to start with a bad variable and names it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('PORT')
    expect(server.output()).not.toMatch(/\n\s+at /)
  })

  it('keeps data across restarts, refuses a second process on the same data folder and shuts down cleanly on SIGTERM', async () => {
    const env = { PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${PORT}` }
    const first = startServer(env)
    await waitUntilReady(first, PORT)

    const email = `process-${Date.now()}@example.com`
    const signUp = await fetch(`http://127.0.0.1:${PORT}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${PORT}` },
      body: JSON.stringify({ name: 'Pat', email, password: 'a sturdy passphrase', termsVersion: siteConfig.termsVersion }),
    })
    expect(signUp.status, first.output()).toBe(200)

    const second = startServer({ ...env, PORT: String(PORT + 1) })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('in use by another Cooper Home process')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('shut down cleanly')

    const again = startServer(env)
    await waitUntilReady(again, PORT)
    // The account survived the restart: signing in finds it (and asks for the e-mail check first),
    // where an unknown address gets 401.
    const signIn = await fetch(`http://127.0.0.1:${PORT}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${PORT}` },
      body: JSON.stringify({ email, password: 'a sturdy passphrase' }),
    })
    expect(signIn.status).toBe(403)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  })

  it('serves the built assets and root files with their cache lifetimes, and pages for everything else', async () => {
    const port = PORT + 3
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitUntilReady(server, port)
    const origin = `http://127.0.0.1:${port}`
    const asset = fs.readdirSync(path.join(root, 'build/client/assets')).find((name) => name.endsWith('.js'))!
    const script = await fetch(`${origin}/assets/${asset}`)
    expect(script.status).toBe(200)
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const icon = await fetch(`${origin}/favicon.svg`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await fetch(`${origin}/site.webmanifest`)).status).toBe(200)
    const securityTxt = await fetch(`${origin}/.well-known/security.txt`)
    expect(securityTxt.status).toBe(200)
    expect(securityTxt.headers.get('content-type')).toContain('text/plain')
    expect(await securityTxt.text()).toMatch(/^Contact: mailto:security@cooperhome\.example$/m)
    const page = await fetch(`${origin}/faq`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    // Content first: the head asks for the stylesheet but no module, and the page's closing script loads the app.
    const html = await page.text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(/<link[^>]* rel="stylesheet" href="\/assets\/root-[^"]+\.css"\/>/)
    expect(head).not.toContain('modulepreload')
    expect(html.slice(head.length)).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/)
    expect((await fetch(`${origin}/no-such-file.svg`)).status).toBe(404)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('answers compressed when asked: Brotli before gzip, pages on the fly, small answers as they are, assets from the build', async () => {
    const port = PORT + 4
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitUntilReady(server, port)
    const origin = `http://127.0.0.1:${port}`

    const brotli = await rawGet(`${origin}/`, 'gzip, deflate, br, zstd')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    const html = zlib.brotliDecompressSync(brotli.body).toString()
    expect(html).toMatch(/^<!DOCTYPE html>/i)
    expect(html).toContain('</html>')
    expect(brotli.body.length).toBeLessThan(html.length / 3)

    const gzip = await rawGet(`${origin}/`, 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toMatch(/^<!DOCTYPE html>/i)

    const plain = await rawGet(`${origin}/`, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toMatch(/^<!DOCTYPE html>/i)

    // An answer under 1 KB costs more to compress than it saves.
    const health = await rawGet(`${origin}/healthz`, 'br')
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' })

    // The largest script goes out as the build compressed it, with its length known in advance.
    const assets = path.join(root, 'build/client/assets')
    const largest = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0]!
    const script = await rawGet(`${origin}/assets/${largest}`, 'gzip, deflate, br')
    expect(script.headers['content-encoding']).toBe('br')
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(script.headers['content-length'])).toBe(script.body.length)
    expect(zlib.brotliDecompressSync(script.body).equals(fs.readFileSync(path.join(assets, largest)))).toBe(true)
    const gzipScript = await rawGet(`${origin}/assets/${largest}`, 'gzip')
    expect(gzipScript.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzipScript.body).equals(fs.readFileSync(path.join(assets, largest)))).toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('finishes a request that is in flight when SIGTERM arrives', async () => {
    const port = PORT + 2
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitUntilReady(server, port)
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' })
    // Send the headers and half the body, so the server is inside the request when the signal comes.
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    const response = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      request.on('error', reject)
    })
    const connected = new Promise((resolve) => request.on('socket', (socket) => socket.on('connect', resolve)))
    request.write(body.slice(0, 10))
    await connected
    // Loopback delivers the bytes at once; a short pause lets the server parse the headers.
    await new Promise((r) => setTimeout(r, 200))
    server.child.kill('SIGTERM')
    await waitForLog(server, 'finishing in-flight requests')
    request.end(body.slice(10))
    expect(await response).toBe(401)
    expect(await server.exited).toBe(0)
  })
})
