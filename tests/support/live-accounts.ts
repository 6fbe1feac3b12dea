// Accounts on a running server process, made as a person makes them: sign up over HTTP, then follow
// the confirmation link from the mail the server wrote to DATA_DIR/mail (no SMTP_URL set). Used by
// the process tests and bench/realtime.ts.
import fs from 'node:fs'
import path from 'node:path'
import { siteConfig } from '#common/site-config.ts'

export type LiveAccount = { id: string; email: string; cookie: string }

/** Reads confirmation links from the server's mail folder, each file once. */
export function mailFolderReader(dataDir: string) {
  const folder = path.join(dataDir, 'mail')
  const seen = new Set<string>()
  const links = new Map<string, string>()
  return {
    async linkFor(email: string, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const found = links.get(email)
        if (found) return found
        const files = fs.existsSync(folder) ? fs.readdirSync(folder) : []
        for (const file of files) {
          if (seen.has(file)) continue
          // Quoted-printable: join soft line breaks and decode '='.
          const text = fs
            .readFileSync(path.join(folder, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=')
          const to = /^To: (.+)$/m.exec(text)?.[1]?.trim()
          const link = /(https?:\/\/\S+\/api\/auth\/verify-email\S+)/.exec(text)?.[1]
          // A file still being written is read again on the next look.
          if (!to || !link) continue
          seen.add(file)
          links.set(to.toLowerCase(), link)
        }
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`No confirmation mail for ${email}`)
    },
  }
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')

/** Signs up and confirms a new account on the server at baseUrl; returns its session cookie. */
export async function createLiveAccount(
  baseUrl: string,
  mail: ReturnType<typeof mailFolderReader>,
  { email, name }: { email: string; name: string },
): Promise<LiveAccount> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password: 'a sturdy bench passphrase', termsVersion: siteConfig.termsVersion }),
  })
  if (signUp.status !== 200) throw new Error(`Sign-up failed (${signUp.status}): ${await signUp.text()}`)
  const { user } = (await signUp.json()) as { user: { id: string } }
  const link = new URL(await mail.linkFor(email.toLowerCase()))
  // The link names the public URL; follow it on the server we talk to.
  const verified = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' })
  const cookie = cookieOf(verified)
  if (!cookie.includes('session_token=')) throw new Error(`Confirming ${email} opened no session (${verified.status})`)
  return { id: user.id, email, cookie }
}
