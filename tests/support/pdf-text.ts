// The text of each page of a PDF drawn with pdf-lib's standard fonts, for tests: the strings of the
// page's text operators, one line per operator, decoded from WinAnsi.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib'

const winAnsi = new TextDecoder('windows-1252')

function streamText(stream: PDFRawStream): string[] {
  const operators = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode())
  return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) => winAnsi.decode(Buffer.from(hex!, 'hex')))
}

/** Each page's lines of text, in the order they were drawn. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const items = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    return items.flatMap((item) => {
      const stream = doc.context.lookup(item)
      return stream instanceof PDFRawStream ? streamText(stream) : []
    })
  })
}
