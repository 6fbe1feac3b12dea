import { describe, expect, it } from 'vitest'
import { configureFlash, readToast, toastHeaders } from './flash.server.ts'

const SECRET = 'a'.repeat(40)
const requestWith = (cookie: string) => new Request('https://cooper.example/', { headers: { Cookie: cookie } })
const cookieOf = (headers: Headers) => headers.get('Set-Cookie')!.split(';')[0]!

describe('the flash cookie', () => {
  it('is signed and shows only toasts the site made', async () => {
    configureFlash({ authSecret: SECRET, publicUrl: 'http://localhost:3000' })
    const made = cookieOf(await toastHeaders({ type: 'success', message: 'Saved.' }))
    expect((await readToast(requestWith(made))).toast).toEqual({ type: 'success', message: 'Saved.' })

    // The same value without the site's signature, as anyone could write it.
    const forged = `cooper_flash=${encodeURIComponent(btoa(JSON.stringify({ type: 'error', message: 'Call +1 555 0100' })))}`
    const read = await readToast(requestWith(forged))
    expect(read.toast).toBeNull()
    expect(read.headers.get('Set-Cookie')).toMatch(/^cooper_flash=;.*Max-Age=0/)

    // Signed with another secret: refused too.
    configureFlash({ authSecret: 'b'.repeat(40), publicUrl: 'http://localhost:3000' })
    expect((await readToast(requestWith(made))).toast).toBeNull()
  })

  it('is Secure when the site is served over HTTPS, and not over plain HTTP', async () => {
    configureFlash({ authSecret: SECRET, publicUrl: 'https://cooper.example' })
    expect((await toastHeaders({ type: 'info', message: 'Hi.' })).get('Set-Cookie')).toMatch(/; Secure/)
    configureFlash({ authSecret: SECRET, publicUrl: 'http://localhost:3000' })
    expect((await toastHeaders({ type: 'info', message: 'Hi.' })).get('Set-Cookie')).not.toMatch(/; Secure/)
  })
})
