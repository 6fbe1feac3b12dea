// A real SMTP server in the test process: the app sends mail to it over SMTP and tests read the
// parsed messages. With `httpPort`, it also lists them over HTTP for other processes (Playwright).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export type CaughtMail = {
  to: string[]
  from: string
  subject: string
  text: string
  /** The text/calendar part (an invitation), if the message carries one. */
  calendar?: string
  /** The header fields, by lower-case name (the last one of a repeated name). */
  headers: Record<string, string>
  receivedAt: number
}

export type MailCatcher = {
  url: string
  messages: CaughtMail[]
  /** Waits for the newest message to `to` (matching `subject` when given) received after `since`. */
  waitFor(to: string, options?: { subject?: RegExp; since?: number; timeoutMs?: number }): Promise<CaughtMail>
  httpUrl?: string
  /** Refuses mail to this address from now on, as a server that knows no such mailbox does (SMTP 550). */
  refuse(address: string): void
  close(): Promise<void>
}

export async function startMailCatcher(options: { port?: number; httpPort?: number } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = []
  const refused = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback()
      callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }))
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push({
              to: (email.to ?? []).map((a) => (a.address ?? '').toLowerCase()),
              from: email.from?.address ?? '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              calendar: calendarOf(email.attachments),
              headers: Object.fromEntries(email.headers.map((h) => [h.key.toLowerCase(), h.value])),
              receivedAt: Date.now(),
            })
            callback()
          })
          .catch(callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const smtpPort = (server.server.address() as AddressInfo).port

  let httpServer: http.Server | undefined
  let httpUrl: string | undefined
  if (options.httpPort !== undefined) {
    httpServer = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(messages))
    })
    await new Promise<void>((resolve) => httpServer!.listen(options.httpPort, '127.0.0.1', resolve))
    httpUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
  }

  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl,
    messages,
    refuse(address) {
      refused.add(address.toLowerCase())
    },
    async waitFor(to, { subject, since = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs
      const address = to.toLowerCase()
      for (;;) {
        const found = messages
          .filter((m) => m.receivedAt >= since && m.to.includes(address) && (!subject || subject.test(m.subject)))
          .at(-1)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (httpServer) await new Promise<void>((resolve) => httpServer!.close(() => resolve()))
    },
  }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
  if (!match) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`)
  return match
}

function calendarOf(attachments: { mimeType: string; content: ArrayBuffer | Uint8Array | string }[]): string | undefined {
  const part = attachments.find((a) => a.mimeType === 'text/calendar')
  if (!part) return undefined
  return typeof part.content === 'string' ? part.content : new TextDecoder().decode(part.content)
}
