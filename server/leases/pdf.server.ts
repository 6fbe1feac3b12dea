// A lease rendered once to PDF. The same lease and time give the same bytes (fixed dates, no random
// ids, classic cross-reference table), so the SHA-256 everyone signs can be recomputed from the data.
import { createHash } from 'node:crypto'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { type LeaseDocument, leaseCaption, printableText } from '#common/leases/document.ts'
import { drawPages, type Fonts, layOutPages } from './layout.ts'

const PRODUCER = 'Cooper Home'

/** The SHA-256 of the bytes, as 64 lowercase hexadecimal digits. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)])
  return { regular, bold }
}

/**
 * The lease as a US Letter PDF: its title on the first page, its blocks after, and on every page a
 * footer with its title and version and "Page n of N". `renderedAt` is the creation and modification
 * date written in the file, so rendering again at the same time gives the same bytes.
 */
export async function renderLeasePdf(lease: LeaseDocument, { renderedAt }: { renderedAt: Date }): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const title = printableText(lease.title)
  doc.setTitle(title)
  doc.setSubject(`Lease, version ${lease.version}`)
  doc.setProducer(PRODUCER)
  doc.setCreator(PRODUCER)
  doc.setLanguage('en-US')
  doc.setCreationDate(renderedAt)
  doc.setModificationDate(renderedAt)
  const fonts = await embedFonts(doc)
  const pages = layOutPages(fonts, { title, subtitle: `Version ${lease.version}` }, lease.blocks)
  const caption = leaseCaption(lease)
  drawPages(doc, fonts, pages, (n) => ({ left: caption, right: `Page ${n} of ${pages.length}` }))
  // Without object streams the file ends in a classic cross-reference table, which the certificate
  // page is appended after as an incremental update.
  return doc.save({ useObjectStreams: false })
}
