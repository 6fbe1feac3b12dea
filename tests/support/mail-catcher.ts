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
  receivedAt: number
}

export type MailCatcher = {
  url: string
  messages: CaughtMail[]
  /** Waits for the newest message to `to` (matching `subject` when given) received after `since`. */
  waitFor(to: string, options?: { subject?: RegExp; since?: number; timeoutMs?: number }): Promise<CaughtMail>
  httpUrl?: string
  close(): Promise<void>
}

export async function startMailCatcher(options: { port?: number; httpPort?: number } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
