// A receipt and a yearly statement as US Letter PDFs: plain lines of text drawn with pdf-lib's
// standard fonts, a new page when one is full, "Page n of N" on each. The same data and time give the
// same bytes (fixed dates, no random ids), so a receipt's SHA-256 can be checked against the record.
import { createHash } from 'node:crypto'
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib'
import { printableText } from '#common/leases/document.ts'

export type PdfLine = { text: string; bold?: boolean; size?: number; gapBefore?: number; right?: string }

const PAGE = { width: 612, height: 792, margin: 60 }

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = printableText(text)
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`.replace(/……$/, '…')
  return out
}

/** Renders the lines under a title; `footer` is written at the foot of each page beside the page number. */
export async function renderLinesPdf({ title, footer, lines, at }: { title: string; footer: string; lines: PdfLine[]; at: Date }): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(printableText(title))
  doc.setProducer('Cooper Home')
  doc.setCreator('Cooper Home')
  doc.setLanguage('en-US')
  doc.setCreationDate(at)
  doc.setModificationDate(at)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const width = PAGE.width - 2 * PAGE.margin
  const all: PdfLine[] = [{ text: title, bold: true, size: 16 }, ...lines]
  let page = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin
  for (const line of all) {
    const size = line.size ?? 10
    const leading = size * 1.45
    y -= (line.gapBefore ?? 0) + leading
    if (y < PAGE.margin + 20) {
      page = doc.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - PAGE.margin - leading
    }
    const font = line.bold ? bold : regular
    const rightWidth = line.right ? regular.widthOfTextAtSize(printableText(line.right), size) : 0
    page.drawText(fit(line.text, font, size, width - rightWidth - 12), { x: PAGE.margin, y, size, font })
    if (line.right) page.drawText(printableText(line.right), { x: PAGE.width - PAGE.margin - rightWidth, y, size, font: regular })
  }
  const pages = doc.getPages()
  pages.forEach((each, index) => {
    each.drawText(fit(footer, regular, 8, width - 80), { x: PAGE.margin, y: PAGE.margin - 24, size: 8, font: regular })
    const number = `Page ${index + 1} of ${pages.length}`
    each.drawText(number, { x: PAGE.width - PAGE.margin - regular.widthOfTextAtSize(number, 8), y: PAGE.margin - 24, size: 8, font: regular })
  })
  return doc.save({ useObjectStreams: false })
}
