// A toast that survives a redirect, carried in a short-lived flash cookie. The cookie is signed
// (HMAC-SHA256 with a key derived from the auth secret), so nobody can make the site show a message
// of their choosing, and behind HTTPS it is Secure like the session cookie.
import crypto from 'node:crypto'
import { createCookie, redirect, type Cookie } from 'react-router'
import { z } from 'zod'

export const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']).default('info'),
  message: z.string().min(1).max(300),
})
export type Toast = z.infer<typeof toastSchema>

const makeCookie = (secret: string, secure: boolean) =>
  createCookie('cooper_flash', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 60,
    secrets: [secret],
  })

// Until the services configure it, a key of this process's own: a toast never goes unsigned.
let flashCookie: Cookie = makeCookie(crypto.randomBytes(32).toString('base64url'), false)

/**
 * Signs the flash cookie with a key derived from the auth secret (every instance shares it, and it
 * is not the auth secret itself), Secure when the site is served over HTTPS. Called once at start.
 */
export function configureFlash({ authSecret, publicUrl }: { authSecret: string; publicUrl: string }): void {
  const key = crypto.createHmac('sha256', authSecret).update('cooper-flash-cookie').digest('base64url')
  flashCookie = makeCookie(key, publicUrl.startsWith('https://'))
}

export async function toastHeaders(toast: Toast): Promise<Headers> {
  return new Headers({ 'Set-Cookie': await flashCookie.serialize(toast) })
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  for (const [name, value] of await toastHeaders(toast)) headers.append(name, value)
  return redirect(url, { ...init, headers })
}

/** The pending toast, and the header that clears it once shown. A cookie whose signature fails shows nothing. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookieHeader = request.headers.get('Cookie')
  const raw: unknown = await flashCookie.parse(cookieHeader)
  const headers = new Headers()
  const hasCookie = /(?:^|;\s*)cooper_flash=/.test(cookieHeader ?? '')
  if (hasCookie) headers.append('Set-Cookie', await flashCookie.serialize('', { maxAge: 0 }))
  if (raw === null || raw === undefined || raw === '') return { toast: null, headers }
  const parsed = toastSchema.safeParse(raw)
  return { toast: parsed.success ? parsed.data : null, headers }
}
