// Short-lived links to a private document. The link is the grant: whoever decides who may read a
// document (the applications area) mints one for that reader, and it opens only in their session.
// The token carries the document and the expiry; the reader is part of the MAC but not of the token,
// so a link says nothing about who it is for and works for nobody else.
import crypto from 'node:crypto'
import { DOCUMENT_LINK_SECONDS } from '#common/applications/vocabulary.ts'

const KEY_LABEL = 'cooper-private-document-link'

// Until the services configure it, a key of this process's own: links then last until a restart.
let linkKey = crypto.randomBytes(32)

/** Keys the links with a key derived from the auth secret (every instance shares it; it is not the secret itself). Called once at start. */
export function configureDocumentLinks({ authSecret }: { authSecret: string }): void {
  linkKey = crypto.createHmac('sha256', authSecret).update(KEY_LABEL).digest()
}

function macOf(documentId: number, readerId: string, expiresAt: number): Buffer {
  // The reader's id comes last, so no id can make two different triples read the same.
  return crypto.createHmac('sha256', linkKey).update(`${documentId}\n${expiresAt}\n${readerId}`).digest()
}

/** The path of a link that lets `readerId` download the document for DOCUMENT_LINK_SECONDS from `now`. */
export function documentLink({ documentId, readerId, now = new Date() }: { documentId: number; readerId: string; now?: Date }): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_SECONDS
  const claims = Buffer.from(`${documentId}.${expiresAt}`).toString('base64url')
  return `/documents/${claims}.${macOf(documentId, readerId, expiresAt).toString('base64url')}`
}

export type LinkReading = { status: 'valid'; documentId: number } | { status: 'expired' } | { status: 'invalid' }

const TOKEN = /^([A-Za-z0-9_-]{4,40})\.([A-Za-z0-9_-]{43})$/
const CLAIMS = /^(\d{1,15})\.(\d{1,12})$/

/**
 * What a token is worth to `readerId` at `now`: 'invalid' for anything not minted for this reader
 * (malformed, altered, another reader's), 'expired' only for this reader's own link once its time is up.
 */
export function readDocumentLink(token: string, readerId: string, now = new Date()): LinkReading {
  const parts = TOKEN.exec(token)
  if (!parts) return { status: 'invalid' }
  const claimBytes = Buffer.from(parts[1]!, 'base64url')
  const given = Buffer.from(parts[2]!, 'base64url')
  // One spelling per token: base64url's spare bits could otherwise give a link several addresses.
  if (claimBytes.toString('base64url') !== parts[1] || given.toString('base64url') !== parts[2]) return { status: 'invalid' }
  const claims = CLAIMS.exec(claimBytes.toString('latin1'))
  if (!claims) return { status: 'invalid' }
  const documentId = Number(claims[1])
  const expiresAt = Number(claims[2])
  const expected = macOf(documentId, readerId, expiresAt)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { status: 'invalid' }
  if (Math.floor(now.getTime() / 1000) >= expiresAt) return { status: 'expired' }
  return { status: 'valid', documentId }
}
