// Short-lived links to a private file: an applicant's document or a tenancy's photo. The link is the
// grant: whoever decides who may read a file (the applications area, the inspections and maintenance
// areas) mints one for that reader, and it opens only in their session. The token carries the file
// and the expiry; the reader is part of the MAC but not of the token, so a link says nothing about
// who it is for and works for nobody else. Each kind of file has a key of its own, so a document's
// link never opens the photo with the same number.
import crypto from 'node:crypto'
import { DOCUMENT_LINK_SECONDS } from '#common/applications/vocabulary.ts'

export type PrivateFileKind = 'document' | 'photo'

const KEY_LABELS: Record<PrivateFileKind, string> = {
  document: 'cooper-private-document-link',
  photo: 'cooper-private-photo-link',
}
const PATHS: Record<PrivateFileKind, string> = { document: '/documents/', photo: '/photos/' }

const keysFrom = (derive: (label: string) => Buffer) =>
  Object.fromEntries(Object.entries(KEY_LABELS).map(([kind, label]) => [kind, derive(label)])) as Record<PrivateFileKind, Buffer>

// Until the services configure them, keys of this process's own: links then last until a restart.
let linkKeys = keysFrom(() => crypto.randomBytes(32))

/** Keys the links with keys derived from the auth secret (every instance shares them; they are not the secret itself). Called once at start. */
export function configureDocumentLinks({ authSecret }: { authSecret: string }): void {
  linkKeys = keysFrom((label) => crypto.createHmac('sha256', authSecret).update(label).digest())
}

function macOf(kind: PrivateFileKind, fileId: number, readerId: string, expiresAt: number): Buffer {
  // The reader's id comes last, so no id can make two different triples read the same.
  return crypto.createHmac('sha256', linkKeys[kind]).update(`${fileId}\n${expiresAt}\n${readerId}`).digest()
}

function linkTo(kind: PrivateFileKind, fileId: number, readerId: string, now: Date): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_SECONDS
  const claims = Buffer.from(`${fileId}.${expiresAt}`).toString('base64url')
  return `${PATHS[kind]}${claims}.${macOf(kind, fileId, readerId, expiresAt).toString('base64url')}`
}

/** The path of a link that lets `readerId` download the document for DOCUMENT_LINK_SECONDS from `now`. */
export function documentLink({ documentId, readerId, now = new Date() }: { documentId: number; readerId: string; now?: Date }): string {
  return linkTo('document', documentId, readerId, now)
}

/** The path of a link that lets `readerId` see the tenancy photo for DOCUMENT_LINK_SECONDS from `now`. */
export function photoLink({ photoId, readerId, now = new Date() }: { photoId: number; readerId: string; now?: Date }): string {
  return linkTo('photo', photoId, readerId, now)
}

export type LinkReading = { status: 'valid'; fileId: number } | { status: 'expired' } | { status: 'invalid' }

const TOKEN = /^([A-Za-z0-9_-]{4,40})\.([A-Za-z0-9_-]{43})$/
const CLAIMS = /^(\d{1,15})\.(\d{1,12})$/

/**
 * What a token for a file of `kind` is worth to `readerId` at `now`: 'invalid' for anything not
 * minted for this reader (malformed, altered, another reader's, another kind's), 'expired' only for
 * this reader's own link once its time is up.
 */
export function readLink(kind: PrivateFileKind, token: string, readerId: string, now = new Date()): LinkReading {
  const parts = TOKEN.exec(token)
  if (!parts) return { status: 'invalid' }
  const claimBytes = Buffer.from(parts[1]!, 'base64url')
  const given = Buffer.from(parts[2]!, 'base64url')
  // One spelling per token: base64url's spare bits could otherwise give a link several addresses.
  if (claimBytes.toString('base64url') !== parts[1] || given.toString('base64url') !== parts[2]) return { status: 'invalid' }
  const claims = CLAIMS.exec(claimBytes.toString('latin1'))
  if (!claims) return { status: 'invalid' }
  const fileId = Number(claims[1])
  const expiresAt = Number(claims[2])
  const expected = macOf(kind, fileId, readerId, expiresAt)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { status: 'invalid' }
  if (Math.floor(now.getTime() / 1000) >= expiresAt) return { status: 'expired' }
  return { status: 'valid', fileId }
}
