// What a request may carry, checked in front of every route before anything reads it: a body no
// larger than the route needs (small for forms and JSON, large only where photos are uploaded), and
// text that is text (no NUL, nothing that is not UTF-8) in its address and body.
import { isUtf8 } from 'node:buffer'
import type { Context, MiddlewareHandler } from 'hono'
import { MAX_DOCUMENT_BYTES } from '#common/applications/vocabulary.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { UPLOAD_REQUEST_LIMITS, declaredLength, readBodyWithLimit } from '#server/media/index.server.ts'
import { problem, problemOf } from './problem.server.ts'

/** Every form and JSON body the site takes fits in this (a 10,000-character description, escaped, is ~120 KB). */
export const FORM_BODY_LIMIT_BYTES = 256 * 1024

type UploadRoute = { method: string; path: RegExp; limit: number; what: string }

/**
 * The routes that take uploads, as multipart forms (their other forms are ordinary ones). Each reads
 * its upload through its own cap after checking who is asking, so here only a declared length is
 * checked; React Router's data requests end in `.data`.
 */
const UPLOAD_ROUTES: UploadRoute[] = [
  { method: 'POST', path: /^\/userprofile(?:\.data)?$/, limit: UPLOAD_REQUEST_LIMITS.profilePhoto, what: 'a profile photo' },
  { method: 'POST', path: /^\/api\/properties\/[^/]+\/photos$/, limit: UPLOAD_REQUEST_LIMITS.listingPhotos, what: 'listing photos' },
  // An inspection item's photo, from the API or the inspection page's form.
  {
    method: 'POST',
    path: /^\/(?:api\/)?leases\/[^/]+\/inspections\/[^/]+(?:\/items\/[^/]+\/photos|\.data)?$/,
    limit: UPLOAD_REQUEST_LIMITS.inspectionPhoto,
    what: 'an inspection photo',
  },
  // A maintenance request's forms (filing, its page) and its photos API: up to four photos with the form around them.
  {
    method: 'POST',
    path: /^\/maintenance\/(?:new|\d+)(?:\.data)?$/,
    limit: UPLOAD_REQUEST_LIMITS.maintenancePhotos,
    what: 'maintenance photos',
  },
  { method: 'POST', path: /^\/api\/maintenance\/\d+\/photos$/, limit: UPLOAD_REQUEST_LIMITS.maintenancePhotos, what: 'maintenance photos' },
  // My application: one document of at most MAX_DOCUMENT_BYTES with its form around it.
  { method: 'POST', path: /^\/userprofile\/application(?:\.data)?$/, limit: MAX_DOCUMENT_BYTES + 256 * 1024, what: 'a document' },
]

export type BodyLimit = { bytes: number; upload: string | null }

/** The limit of a request's body: an upload route's for the multipart form it uploads with, else the forms' one. */
export function bodyLimitFor(method: string, path: string, contentType: string): BodyLimit {
  const isMultipart = contentType.trim().toLowerCase().startsWith('multipart/form-data')
  const route = isMultipart ? UPLOAD_ROUTES.find((r) => r.method === method && r.path.test(path)) : undefined
  return route ? { bytes: route.limit, upload: route.what } : { bytes: FORM_BODY_LIMIT_BYTES, upload: null }
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** What a body over its limit is told. */
export function tooLargeMessage(limit: BodyLimit): string {
  return limit.upload
    ? `This request is larger than the ${megabytes(limit.bytes)} allowed for ${limit.upload}. Send fewer or smaller files at a time.`
    : `This request is larger than the ${limit.bytes / 1024} KB this address accepts.`
}

function tooLarge(c: Context, limit: BodyLimit) {
  // Answered before the rest of the body is read. The HTTP server then discards what still arrives
  // for at most half a second (64 MB) and closes the connection: closing it at once would reset a
  // client still sending before it had read the answer.
  return problemOf(c, new AppError('too-large', tooLargeMessage(limit)))
}

const HEX = /^[0-9a-fA-F]{2}$/

/** The bytes a percent-encoded text stands for (`%41` → 0x41); other bytes stay as they are. */
function percentDecodedBytes(encoded: Uint8Array): Uint8Array {
  if (!encoded.includes(0x25)) return encoded
  const out = new Uint8Array(encoded.length)
  let length = 0
  for (let i = 0; i < encoded.length; i += 1) {
    const hex = encoded[i] === 0x25 ? String.fromCharCode(encoded[i + 1] ?? 0, encoded[i + 2] ?? 0) : ''
    if (HEX.test(hex)) {
      out[length++] = Number.parseInt(hex, 16)
      i += 2
    } else {
      out[length++] = encoded[i]!
    }
  }
  return out.subarray(0, length)
}

export type TextFault = 'nul' | 'not-utf8'

/** Why these bytes are not acceptable text, or null when they are. */
export function textFaultOf(bytes: Uint8Array, { allowNul = false } = {}): TextFault | null {
  if (!allowNul && bytes.includes(0)) return 'nul'
  return isUtf8(bytes) ? null : 'not-utf8'
}

/** The fault of a percent-encoded text (an address, a query, a form body), or null. */
export function encodedTextFaultOf(encoded: string | Uint8Array, options?: { allowNul?: boolean }): TextFault | null {
  const bytes = typeof encoded === 'string' ? Buffer.from(encoded, 'latin1') : encoded
  return textFaultOf(percentDecodedBytes(bytes), options)
}

const FAULT_WORDS: Record<TextFault, string> = {
  nul: 'contains a NUL character, which text cannot hold',
  'not-utf8': 'is not valid UTF-8 text',
}

/** The address's first faulty part: the path, or a query parameter by name. */
function addressFault(url: URL, options: { allowNul: boolean }): { where: string; fault: TextFault } | null {
  const pathFault = encodedTextFaultOf(url.pathname, options)
  if (pathFault) return { where: 'path', fault: pathFault }
  for (const pair of url.search.slice(1).split('&')) {
    const fault = encodedTextFaultOf(pair, options)
    if (!fault) continue
    const name = (pair.split('=')[0] ?? '').replaceAll('+', ' ')
    const where = encodedTextFaultOf(name)
      ? 'a query parameter'
      : Buffer.from(percentDecodedBytes(Buffer.from(name, 'latin1'))).toString('utf8')
    return { where, fault }
  }
  return null
}

/** How deep a JSON body to better-auth may nest; none of its endpoints takes more than a few levels. */
export const MOST_JSON_DEPTH = 32

const TOO_DEEP = Symbol('too deep')

/**
 * The dotted path of the first string (key or value) in a JSON value that holds a NUL, TOO_DEEP for
 * a value nested deeper than MOST_JSON_DEPTH, or null. Walked with a stack of its own, so no
 * nesting can overflow the call stack.
 */
function nulInJson(json: unknown): string | typeof TOO_DEEP | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: json, path: '', depth: 0 }]
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'body'
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (depth >= MOST_JSON_DEPTH) return TOO_DEEP
    const entries = Object.entries(value)
    // Pushed last to first, so the first key is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i]!
      const at = path ? `${path}.${key}` : key
      if (key.includes('\u0000')) return at
      stack.push({ value: item, path: at, depth: depth + 1 })
    }
  }
  return null
}

function bodyFault(contentType: string, body: Uint8Array, { isAuth }: { isAuth: boolean }): { where: string; detail: string } | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') {
    const fault = encodedTextFaultOf(body, { allowNul: !isAuth })
    return fault ? { where: 'body', detail: `The form ${FAULT_WORDS[fault]}.` } : null
  }
  if (type === 'application/json' || type.endsWith('+json') || type.startsWith('text/')) {
    const fault = textFaultOf(body, { allowNul: !isAuth })
    if (fault) return { where: 'body', detail: `The body ${FAULT_WORDS[fault]}.` }
    if (isAuth && type === 'application/json' && body.length > 0) {
      let json: unknown
      try {
        json = JSON.parse(Buffer.from(body).toString('utf8'))
      } catch {
        return { where: 'body', detail: 'The body is not valid JSON.' }
      }
      const at = nulInJson(json)
      if (at === TOO_DEEP)
        return { where: 'body', detail: `The body nests deeper than the ${MOST_JSON_DEPTH} levels this address accepts.` }
      if (at) return { where: at, detail: `${at} ${FAULT_WORDS.nul}.` }
    }
  }
  return null
}

/**
 * Refuses, before any route reads it: text in the address that is not UTF-8 (400), a body over the
 * route's limit (413, without reading it), and a form or JSON body that is not UTF-8 (400). A NUL is
 * valid text that the database cannot hold: the site's routes refuse it with the field's own message,
 * so it is refused here only on its way to better-auth, which takes its input as it comes. Bodies of
 * ordinary routes are read here, within their limit, and handed on; uploads go on unread to their route.
 */
export function limitRequests(): MiddlewareHandler {
  return async (c, next) => {
    const isAuth = c.req.path.startsWith('/api/auth/')
    const address = addressFault(new URL(c.req.url), { allowNul: !isAuth })
    if (address) {
      return problem(c, 400, `The address ${FAULT_WORDS[address.fault]}.`, { [address.where]: [`This ${FAULT_WORDS[address.fault]}.`] })
    }
    const request = c.req.raw
    if (!request.body || c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const contentType = c.req.header('content-type') ?? ''
    const limit = bodyLimitFor(c.req.method, c.req.path, contentType)
    const declared = declaredLength(request)
    if (declared !== null && declared > limit.bytes) return tooLarge(c, limit)
    if (limit.upload) return next()

    let body: Uint8Array<ArrayBuffer>
    try {
      body = await readBodyWithLimit(request, limit.bytes, { message: tooLargeMessage(limit) })
    } catch (error) {
      if (isAppError(error)) return problemOf(c, error)
      throw error
    }
    const fault = bodyFault(contentType, body, { isAuth })
    if (fault) return problem(c, 400, fault.detail, { [fault.where]: [fault.detail] })
    c.req.raw = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
    })
    return next()
  }
}
