// An incremental update of a PDF: the objects pdf-lib added or changed are written after the original
// bytes with a cross-reference section of their own, so the original file stays, byte for byte, the
// first part of the new one, and its SHA-256 can still be checked from the new file.
import { PDFCrossRefStream, type PDFDocument, PDFName, type PDFObject, PDFRef } from 'pdf-lib'

const ascii = (text: string) => new TextEncoder().encode(text)

function serialize(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes())
  object.copyBytesInto(bytes, 0)
  return bytes
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(a, b) === 0

/**
 * Readies `doc`, just loaded from `original`, for an incremental update: new objects are numbered
 * after every number the original's sections declare (pdf-lib does not count its cross-reference
 * streams, and reusing one's number breaks readers), and every object is kept as pdf-lib writes it,
 * to tell later which ones changed.
 */
export function startIncrement(original: Uint8Array, doc: PDFDocument): Map<string, Uint8Array> {
  const sizes = [
    ...Buffer.from(original)
      .toString('latin1')
      .matchAll(/\/Size\s+(\d+)/g),
  ].map(([, size]) => Number(size))
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, ...sizes.map((size) => size - 1))
  return new Map(doc.context.enumerateIndirectObjects().map(([ref, object]) => [ref.tag, serialize(object)]))
}

/** Where the original's last cross-reference section starts, from its `startxref`. */
function lastCrossReference(original: Uint8Array): number {
  const tail = Buffer.from(original.subarray(Math.max(0, original.length - 1024))).toString('latin1')
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)
  if (!match) throw new Error('The PDF does not end with startxref and %%EOF.')
  return Number(match[1])
}

/**
 * The original bytes followed by the objects of `doc` (loaded from them) that are new or differ from
 * `before`, a cross-reference section for those objects and a trailer pointing back to the original's.
 */
export async function saveIncrement(original: Uint8Array, doc: PDFDocument, before: Map<string, Uint8Array>): Promise<Uint8Array> {
  await doc.flush()
  const previous = lastCrossReference(original)
  const chunks: Uint8Array[] = [original, ascii('\n')]
  let offset = original.length + 1
  const entries: { number: number; generation: number; offset: number }[] = []
  const objects = doc.context.enumerateIndirectObjects().sort(([a], [b]) => a.objectNumber - b.objectNumber)
  for (const [ref, object] of objects) {
    const bytes = serialize(object)
    if (sameBytes(before.get(ref.tag), bytes)) continue
    entries.push({ number: ref.objectNumber, generation: ref.generationNumber, offset })
    for (const chunk of [ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`), bytes, ascii('\nendobj\n\n')]) {
      chunks.push(chunk)
      offset += chunk.length
    }
  }
  const { Root, Info, ID } = doc.context.trailerInfo
  if (!Root) throw new Error('The PDF has no catalog.')
  // The new section is of the kind the original's last one is: some readers follow /Prev only to its own kind.
  const isTable = Buffer.from(original.subarray(previous, previous + 4)).toString('latin1') === 'xref'
  if (isTable) {
    const trailer = [
      'trailer',
      '<<',
      `/Size ${doc.context.largestObjectNumber + 1}`,
      `/Root ${Root.toString()}`,
      ...(Info ? [`/Info ${Info.toString()}`] : []),
      ...(ID ? [`/ID ${ID.toString()}`] : []),
      `/Prev ${previous}`,
      '>>',
    ]
    chunks.push(ascii([...crossReferenceTable(entries), ...trailer, 'startxref', String(offset), '%%EOF', ''].join('\n')))
  } else {
    const ref = doc.context.nextRef()
    const dict = doc.context.obj({ Size: ref.objectNumber + 1, Root, Prev: previous })
    if (Info) dict.set(PDFName.of('Info'), Info)
    if (ID) dict.set(PDFName.of('ID'), ID)
    const stream = PDFCrossRefStream.create(dict)
    for (const entry of entries) stream.addUncompressedEntry(PDFRef.of(entry.number, entry.generation), entry.offset)
    stream.addUncompressedEntry(ref, offset)
    const footer = `\nendobj\n\nstartxref\n${offset}\n%%EOF\n`
    chunks.push(ascii(`${ref.objectNumber} 0 obj\n`), serialize(stream), ascii(footer))
  }
  return Buffer.concat(chunks)
}

/** A classic cross-reference section: a subsection for each run of consecutive object numbers. */
function crossReferenceTable(entries: { number: number; generation: number; offset: number }[]): string[] {
  const xref = ['xref']
  for (let i = 0; i < entries.length;) {
    let j = i + 1
    while (j < entries.length && entries[j]!.number === entries[j - 1]!.number + 1) j += 1
    xref.push(`${entries[i]!.number} ${j - i}`)
    for (const entry of entries.slice(i, j)) {
      xref.push(`${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n `)
    }
    i = j
  }
  return xref
}
