// Every mail the server wrote to DATA_DIR/mail (it has no SMTP_URL here), newest last, with the site
// links in it: one address may get several mails (a confirmation, then a new one, a reset).
import fs from 'node:fs'
import path from 'node:path'

export type Mail = { file: string; to: string; text: string; links: string[] }

export function mailFolder(dataDir: string) {
  const folder = path.join(dataDir, 'mail')
  const seen = new Set<string>()
  const byAddress = new Map<string, Mail[]>()

  /**
   * Each address's mails, newest last. A file is read once; a look sorts only the mails of the
   * addresses that got a new one, not the whole folder (a run writes a thousand and more, and
   * several tests look every 25 ms).
   */
  function mailsTo(email: string): Mail[] {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : []
    for (const file of files) {
      if (!file.endsWith('.eml') || seen.has(file)) continue
      // Quoted-printable: join soft line breaks and decode '='.
      const text = fs
        .readFileSync(path.join(folder, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
      const to = /^To: (.+)$/m.exec(text)?.[1]?.trim().toLowerCase()
      const links = text.match(/https?:\/\/[^\s<>"]+/g) ?? []
      // A file still being written is read again on the next look.
      if (!to || links.length === 0) continue
      seen.add(file)
      const mails = byAddress.get(to) ?? []
      mails.push({ file, to, text, links })
      // Files are named by the time they were written.
      mails.sort((a, b) => a.file.localeCompare(b.file, 'en', { numeric: true }))
      byAddress.set(to, mails)
    }
    return byAddress.get(email.toLowerCase()) ?? []
  }

  return {
    /** Waits for the `count`-th mail to an address and returns it. */
    async nth(email: string, count: number, timeoutMs = 15_000): Promise<Mail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mails = mailsTo(email)
        if (mails.length >= count) return mails[count - 1]!
        if (Date.now() > deadline) throw new Error(`No mail number ${count} to ${email} (found ${mails.length})`)
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    /** How many mails the server has written, to anyone. */
    total(): number {
      return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.eml')).length : 0
    },
    count(email: string): number {
      return mailsTo(email).length
    },
  }
}

/** The first link of a mail whose path starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): URL {
  const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname.startsWith(prefix))
  if (!link) throw new Error(`No ${prefix} link in the mail to ${mail.to}:\n${mail.text}`)
  return link
}
