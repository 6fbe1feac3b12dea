// An authenticator app in a few lines (RFC 6238 over RFC 4226: HMAC-SHA-1, 30-second steps, 6 digits),
// for tests and the sign-in benchmark that turn on two-factor sign-in from the secret a page shows.
import crypto from 'node:crypto'

/** RFC 4648 base32 (spaces and padding ignored, any letter case) to bytes. */
export function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new Error(`Not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** The code an authenticator app shows for a base32 secret at a time (ms). */
export function totpCode(base32Secret: string, at = Date.now(), { step = 30, digits = 6 } = {}): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / step)))
  const mac = crypto.createHmac('sha1', fromBase32(base32Secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return String(number).padStart(digits, '0')
}

/** A code that is certainly wrong now (not the code of this, the last or the next step). */
export function wrongTotpCode(base32Secret: string, at = Date.now()): string {
  const near = new Set([-30_000, 0, 30_000].map((shift) => totpCode(base32Secret, at + shift)))
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0')
    if (!near.has(candidate)) return candidate
  }
}
