// The signed lease (or a signed inspection of it) sealed: a certificate of every signer and every event
// appended to the PDF everyone signed, as an incremental update (the signed file's bytes are kept
// unchanged at the start of the sealed one), and the SHA-256 of the whole sealed file, which is what is
// kept with the lease or the inspection.
import { PDFDocument } from 'pdf-lib'
import { type LeaseBlock } from '#common/leases/document.ts'
import { saveIncrement, startIncrement } from './increment.ts'
import { drawPages, layOutPages } from './layout.ts'
import { embedFonts, sha256Hex } from './pdf.server.ts'

export interface LeaseSigner {
  name: string
  /** The signature the signer adopted: their typed name (a drawing, when made, is kept with the record). */
  typedName?: string
  /** Landlord, tenant or guarantor. */
  role?: string
  email: string
  /** How the signer had signed in to the site when signing (e.g. "password", "e-mail link"). */
  signInMethod: string
  /** What the consent to sign electronically was given for, when it says more than the time (e.g. "This inspection"). */
  consentGivenFor?: string
  consentedAt: Date
  signedAt: Date
  ip: string
  userAgent: string
  /** The SHA-256 of the document as shown to this signer when they signed. */
  documentSha256: string
}

export interface LeaseEvent {
  at: Date
  actor: string
  action: string
  ip: string | null
}

export interface SigningRecord {
  signers: LeaseSigner[]
  events: LeaseEvent[]
  /** When the lease was sealed: the sealed file's modification date and the certificate's date. */
  sealedAt: Date
  /** What the signed document is, as the certificate names it (by default the PDF's title and subject). */
  title?: string
  /** What the sealed file's SHA-256 is kept with by Cooper Home (by default "the lease"). */
  keptWith?: string
}

export interface SealedLease {
  bytes: Uint8Array
  /** The SHA-256 of the sealed file. */
  sha256: string
  /** The SHA-256 of the signed document, the first `documentLength` bytes of the sealed file. */
  documentSha256: string
  documentLength: number
}

/** An instant as the certificate writes it, in UTC to the second: 2026-11-29 20:30:31 UTC. */
export function certificateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

function certificateBlocks(record: SigningRecord, document: { title: string; pages: number; sha256: string; length: number }) {
  const blocks: LeaseBlock[] = [
    { kind: 'heading', text: 'The signed document' },
    {
      kind: 'terms',
      rows: [
        { label: 'Title', value: document.title },
        { label: 'Pages', value: String(document.pages) },
        { label: 'SHA-256', value: document.sha256 },
        { label: 'Size', value: `${document.length} bytes` },
        { label: 'Sealed at', value: certificateTime(record.sealedAt) },
      ],
    },
    {
      kind: 'paragraph',
      text:
        `This certificate is appended to the signed document without changing it: the first ${document.length} bytes ` +
        'of this file are the signed document, whose SHA-256 is given above. The SHA-256 of this whole file is kept ' +
        `with ${record.keptWith ?? 'the lease'} by Cooper Home.`,
    },
    { kind: 'heading', text: `Signers (${record.signers.length})` },
  ]
  record.signers.forEach((signer, i) => {
    const isSame = signer.documentSha256.toLowerCase() === document.sha256
    blocks.push(
      { kind: 'heading', level: 2, text: `${i + 1}. ${signer.name}${signer.role ? ` (${signer.role})` : ''}` },
      {
        kind: 'terms',
        rows: [
          ...(signer.typedName ? [{ label: 'Signature adopted', value: `/s/ ${signer.typedName}` }] : []),
          { label: 'E-mail', value: signer.email },
          { label: 'Signed in with', value: signer.signInMethod },
          ...(signer.consentGivenFor ? [{ label: 'Consent given for', value: signer.consentGivenFor }] : []),
          { label: 'Consented to sign electronically', value: certificateTime(signer.consentedAt) },
          { label: 'Signed at', value: certificateTime(signer.signedAt) },
          { label: 'IP address', value: signer.ip },
          { label: 'Browser', value: signer.userAgent },
          { label: 'Document SHA-256 signed', value: signer.documentSha256 },
          { label: 'Matches the document', value: isSame ? 'Yes' : 'No: this signer saw another document' },
        ],
      },
    )
  })
  blocks.push(
    { kind: 'heading', text: `Events (${record.events.length})` },
    {
      kind: 'terms',
      rows: record.events.map((event) => ({
        label: certificateTime(event.at),
        value: `${event.actor}: ${event.action}${event.ip ? ` (IP ${event.ip})` : ''}`,
      })),
    },
  )
  return blocks
}

/**
 * The signed PDF with its certificate page(s) after its pages, and the SHA-256 of the result. The
 * signed PDF's bytes are the sealed file's first bytes, unchanged: the certificate, the updated page
 * tree and document information follow them as an incremental update.
 */
export async function sealLeasePdf(signedPdf: Uint8Array, record: SigningRecord): Promise<SealedLease> {
  const documentSha256 = sha256Hex(signedPdf)
  const doc = await PDFDocument.load(signedPdf, { updateMetadata: false })
  const before = startIncrement(signedPdf, doc)
  const title = record.title ?? ([doc.getTitle(), doc.getSubject()].filter(Boolean).join(', ') || 'Lease')
  const document = { title, pages: doc.getPageCount(), sha256: documentSha256, length: signedPdf.length }
  const fonts = await embedFonts(doc)
  const heading = { title: 'Certificate of completion', subtitle: `${title}. Sealed ${certificateTime(record.sealedAt)}.` }
  const pages = layOutPages(fonts, heading, certificateBlocks(record, document))
  drawPages(doc, fonts, pages, (n) => ({ left: `Certificate of completion: ${title}`, right: `Certificate page ${n} of ${pages.length}` }))
  doc.setModificationDate(record.sealedAt)
  const bytes = await saveIncrement(signedPdf, doc, before)
  return { bytes, sha256: sha256Hex(bytes), documentSha256, documentLength: signedPdf.length }
}
