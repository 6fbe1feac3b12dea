// The production server behind a TLS-terminating reverse proxy, as operators run it: the browser
// speaks HTTPS to the proxy, the proxy speaks plain HTTP to the site and says so in X-Forwarded-*
// headers. And connections that send their request too slowly are closed.
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { CONNECTION_LIMITS } from '#server/http/connection-limits.ts'
import { linkIn, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process.ts'
import { cookieHeader } from '../support/users.ts'

const root = path.resolve(import.meta.dirname, '../..')
const PUBLIC_URL = 'https://homes.cooper.example'
const APP_PORT = 3450
const PROXY_PORT = 3451

/**
 * A reverse proxy in a few lines, configured like a usual nginx one: it forwards every request to
 * the site over plain HTTP, saying which scheme and host the browser used and appending the client's
 * address to X-Forwarded-For.
 */
function startProxy(port: number, upstreamPort: number): Promise<http.Server> {
  const proxy = http.createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ')
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          host: `127.0.0.1:${upstreamPort}`,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': new URL(PUBLIC_URL).host,
          'x-forwarded-for': forwardedFor,
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)))
}

describe('behind a TLS-terminating reverse proxy', () => {
  let mail: MailCatcher
  let dataDir: string
  let proxy: http.Server
  let server: ServerProcess | undefined
  const viaProxy = (pathname: string) => `http://127.0.0.1:${PROXY_PORT}${pathname}`

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
      throw new Error('No build: run `npx react-router build` before the process tests (npm test does).')
    }
    mail = await startMailCatcher()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-proxy-'))
    proxy = await startProxy(PROXY_PORT, APP_PORT)
  })
  afterEach(async () => {
    await server?.stop()
    server = undefined
  })
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve))
    await mail.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  async function start(trustProxy: boolean) {
    server = startServerProcess(APP_PORT, {
      DATA_DIR: dataDir,
      PUBLIC_URL,
      TRUST_PROXY: String(trustProxy),
      SMTP_URL: mail.url,
      HOST: '127.0.0.1',
    })
    await waitUntilReady(server)
  }

  /** A form posted from one of the site's pages, as the browser sends it to the proxy. */
  function postForm(pathname: string, fields: Record<string, string>, cookie = '') {
    return fetch(viaProxy(pathname), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Origin: PUBLIC_URL,
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    })
  }

  it('with TRUST_PROXY=true, signs up, confirms the address and logs in through the HTML forms', async () => {
    await start(true)
    const email = `proxy-${Date.now()}@example.com`
    const password = 'a lamp above the harbour'
    const since = Date.now()
    const signUp = await postForm('/register', { name: 'Pat Proxy', email, password, termsVersion: siteConfig.termsVersion })
    expect(signUp.status, server!.output()).toBe(200)
    expect(await signUp.text()).toContain('Check your e-mail')

    // The mailed link names the public address; the browser opens it through the proxy.
    const link = linkIn(await mail.waitFor(email, { subject: /Confirm/, since }), `${PUBLIC_URL}/api/auth/verify-email`)
    const confirmed = await fetch(viaProxy(link.slice(PUBLIC_URL.length)), { redirect: 'manual' })
    expect(confirmed.status).toBe(302)
    // Cookies for an HTTPS site: __Secure- and Secure, though the site itself is reached over HTTP.
    expect(confirmed.headers.getSetCookie().find((c) => c.startsWith('__Secure-cooper.session_token='))).toMatch(/;\s*Secure/i)

    const signedOut = await postForm('/logout', {}, cookieHeader(confirmed))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toBe('/')

    const loggedIn = await postForm('/login', { email, password, redirectTo: '/userprofile' })
    expect(loggedIn.status).toBe(302)
    expect(loggedIn.headers.get('location')).toBe('/userprofile')
    const profile = await fetch(viaProxy('/userprofile'), { headers: { Cookie: cookieHeader(loggedIn) } })
    expect(profile.status).toBe(200)
    expect(profile.headers.get('cache-control')).toBe('private, no-store')
    expect(profile.headers.get('strict-transport-security')).toContain('max-age=')
    expect(await profile.text()).toContain('Pat Proxy')
  })

  it('without TRUST_PROXY, ignores the forwarded headers, so a form post through the proxy does not match its origin', async () => {
    await start(false)
    const email = `unproxied-${Date.now()}@example.com`
    const res = await postForm('/register', {
      name: 'Pat',
      email,
      password: 'a lamp above the harbour',
      termsVersion: siteConfig.termsVersion,
    })
    expect(res.status).toBe(400)
    // The log line may reach the output a moment after the answer.
    await expect.poll(() => server!.output(), { timeout: 5_000 }).toContain('does not match `origin` header')
  })
})

describe('slow connections', () => {
  let dataDir: string
  let server: ServerProcess
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-slow-'))
    server = startServerProcess(APP_PORT + 2, { DATA_DIR: dataDir, HOST: '127.0.0.1' })
    await waitUntilReady(server)
  })
  afterAll(async () => {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** Opens a connection, sends `text` and waits for the server to end it; resolves with what it said and when. */
  function holdConnection(text: string): Promise<{ answer: string; heldMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now()
      let answer = ''
      const socket = net.connect(APP_PORT + 2, '127.0.0.1', () => socket.write(text))
      socket.setEncoding('latin1')
      socket.on('data', (chunk: string) => (answer += chunk))
      socket.on('close', () => resolve({ answer, heldMs: Date.now() - started }))
      socket.on('error', reject)
    })
  }

  it(
    `closes a connection whose headers have not arrived within ${CONNECTION_LIMITS.headersTimeoutMs / 1000} s`,
    async () => {
      const { answer, heldMs } = await holdConnection('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(heldMs).toBeGreaterThanOrEqual(CONNECTION_LIMITS.headersTimeoutMs - 500)
    },
    CONNECTION_LIMITS.headersTimeoutMs + 20_000,
  )
})
