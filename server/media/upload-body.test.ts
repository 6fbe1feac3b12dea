import { describe, expect, it } from 'vitest'
import { readFormDataWithLimit } from './upload-body.server.ts'

async function multipart(size: number, init: { chunked?: boolean } = {}) {
  const form = new FormData()
  form.set('intent', 'avatar')
  form.set('photo', new File([new Uint8Array(size)], 'big.jpg', { type: 'image/jpeg' }))
  const encoded = new Request('http://localhost/', { method: 'POST', body: form })
  if (!init.chunked) return encoded
  // The same body as a stream of 16 KB chunks, so no Content-Length is known in advance.
  const headers = new Headers({ 'content-type': encoded.headers.get('content-type')! })
  const encodedBytes = new Uint8Array(await encoded.arrayBuffer())
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= encodedBytes.byteLength) return controller.close()
      controller.enqueue(encodedBytes.slice(offset, offset + 16_384))
      offset += 16_384
    },
  })
  return new Request('http://localhost/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

describe('readFormDataWithLimit', () => {
  it('reads a form within the limit', async () => {
    const form = await readFormDataWithLimit(await multipart(1000), 10_000)
    expect(form.get('intent')).toBe('avatar')
    expect((form.get('photo') as File).size).toBe(1000)
  })

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const request = new Request('http://localhost/', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': String(7 * 1024 * 1024), 'content-type': 'text/plain' },
    })
    await expect(readFormDataWithLimit(request, 6 * 1024 * 1024, { message: 'Too big.' })).rejects.toMatchObject({
      name: 'AppError',
      code: 'too-large',
      status: 413,
      message: 'Too big.',
    })
    expect(request.bodyUsed).toBe(false)
  })

  it('cuts off a streamed body without a length once it passes the limit', async () => {
    const request = await multipart(200_000, { chunked: true })
    expect(request.headers.get('content-length')).toBeNull()
    await expect(readFormDataWithLimit(request, 50_000)).rejects.toMatchObject({ code: 'too-large', status: 413 })
    const fits = await readFormDataWithLimit(await multipart(1000, { chunked: true }), 50_000)
    expect((fits.get('photo') as File).size).toBe(1000)
  })
})
