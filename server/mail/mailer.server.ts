// Sends e-mail through SMTP_URL; without one, writes each message to DATA_DIR/mail/*.eml and logs it,
// so development shows every mail the site would send.
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '#server/logger.server.ts'

export type Mail = {
  to: string
  subject: string
  text: string
  html?: string
  /** A calendar invitation (RFC 5546), sent as the text/calendar alternative calendars act on. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
  /** Files sent with the mail (a rent receipt's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[]
  /** Extra header fields (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>
}

export type Mailer = {
  send(mail: Mail): Promise<void>
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { logger } = options
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, ...mail })
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent')
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const folder = path.join(options.dataDir, 'mail')
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail })
      await fs.mkdir(folder, { recursive: true })
      const file = path.join(folder, `${Date.now()}-${crypto.randomUUID()}.eml`)
      await fs.writeFile(file, info.message as Buffer)
      logger.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written')
    },
  }
}

/**
 * Whether sending failed because the receiving server refused the recipient for good (an SMTP 5xx
 * to RCPT TO, which nodemailer reports as EENVELOPE with the response code and the refused
 * addresses): the address bounces, trying again will not help. A lost connection or a 4xx is not.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
}
