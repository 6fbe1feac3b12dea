// request.formData() buffers the whole body, however large. Forms that accept uploads read it
// through this cap instead: a declared Content-Length over the cap is refused without reading, and a
// body without one (chunked) is cut off as soon as it passes the cap.

export class BodyTooLargeError extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes`)
    this.limit = limit
    this.name = 'BodyTooLargeError'
  }
}

export async function readFormDataWithLimit(request: Request, limit: number): Promise<FormData> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit)
  if (!request.body) return request.formData()

  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  const headers = new Headers()
  const contentType = request.headers.get('content-type')
  if (contentType) headers.set('content-type', contentType)
  return new Response(Buffer.concat(chunks), { headers }).formData()
}
