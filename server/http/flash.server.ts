// A toast that survives a redirect, carried in a short-lived flash cookie.
import { createCookie, redirect } from 'react-router'
import { z } from 'zod'

export const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']).default('info'),
  message: z.string().min(1).max(300),
})
export type Toast = z.infer<typeof toastSchema>

const flashCookie = createCookie('cooper_flash', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  maxAge: 60,
})

export async function toastHeaders(toast: Toast): Promise<Headers> {
  return new Headers({ 'Set-Cookie': await flashCookie.serialize(toast) })
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  for (const [name, value] of await toastHeaders(toast)) headers.append(name, value)
  return redirect(url, { ...init, headers })
}

/** The pending toast, and the header that clears it once shown. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw: unknown = await flashCookie.parse(request.headers.get('Cookie'))
  const headers = new Headers()
  if (raw === null || raw === undefined) return { toast: null, headers }
  headers.append('Set-Cookie', await flashCookie.serialize('', { maxAge: 0 }))
  const parsed = toastSchema.safeParse(raw)
  return { toast: parsed.success ? parsed.data : null, headers }
}
