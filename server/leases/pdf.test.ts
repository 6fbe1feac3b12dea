import fc from 'fast-check'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { type LeaseDocument, printableText } from '#common/leases/document.ts'
import { sampleLease } from '#tests/support/leases.ts'
import { pdfPageTexts } from '#tests/support/pdf-text.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { PAGE, textWidth, wrapText } from './layout.ts'
import { renderLeasePdf, sha256Hex } from './pdf.server.ts'

const renderedAt = new Date('2027-02-10T15:00:00Z')
const render = (lease: LeaseDocument, at = renderedAt) => renderLeasePdf(lease, { renderedAt: at })
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount()

describe('renderLeasePdf', () => {
  it('gives the same bytes for the same lease and time, and other bytes for one character changed', async () => {
    const lease = sampleLease(seededRandom(1), 6)
    const [first, second] = [await render(lease), await render(structuredClone(lease))]
    expect(sha256Hex(first)).toBe(sha256Hex(second))
    expect(Buffer.compare(first, second)).toBe(0)

    const changed = structuredClone(lease)
    const paragraph = changed.blocks.find((b) => b.kind === 'paragraph')!
    paragraph.text = paragraph.text.replace(/.$/, '!')
    expect(sha256Hex(await render(changed))).not.toBe(sha256Hex(first))
    expect(sha256Hex(await render(lease, new Date('2027-02-10T15:00:01Z')))).not.toBe(sha256Hex(first))
  })

  it('writes the title, subject, producer and the given time as creation and modification dates', async () => {
    const doc = await PDFDocument.load(await render({ title: 'Lease of 12 Elm St', version: 3, blocks: [] }), { updateMetadata: false })
    expect(doc.getTitle()).toBe('Lease of 12 Elm St')
    expect(doc.getSubject()).toBe('Lease, version 3')
    expect(doc.getProducer()).toBe('Cooper Home')
    expect(doc.getCreationDate()?.toISOString()).toBe(renderedAt.toISOString())
    expect(doc.getModificationDate()?.toISOString()).toBe(renderedAt.toISOString())
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
  })

  it('takes more pages for more text', async () => {
    const counts = []
    for (const sections of [1, 8, 30]) counts.push(await pageCount(await render(sampleLease(seededRandom(2), sections))))
    expect(counts[0]).toBe(1)
    expect(counts[1]).toBeGreaterThan(counts[0]!)
    expect(counts[2]).toBeGreaterThan(counts[1]!)
  })

  it('puts the title, the version and "Page n of N" at the foot of every page, and every word in the text', async () => {
    const lease = sampleLease(seededRandom(3), 20)
    const pages = await pdfPageTexts(await render(lease))
    expect(pages.length).toBeGreaterThan(2)
    pages.forEach((lines, i) => {
      expect(lines.at(-1)).toBe(`Page ${i + 1} of ${pages.length}`)
      expect(lines.at(-2)).toBe('Residential Lease Agreement: 1450 Cooper Avenue, Apartment 3B (version ' + lease.version + ')')
    })
    const words = (text: string) => text.split(/\s+/).filter(Boolean)
    const printed = pages.flatMap((lines) => lines.slice(0, -2)).join(' ')
    const written = lease.blocks.flatMap((b) =>
      b.kind === 'list' ? b.items : b.kind === 'terms' ? b.rows.flatMap((r) => [r.label, r.value]) : [b.text],
    )
    expect(words(printed)).toEqual(expect.arrayContaining(words(written.join(' '))))
    expect(words(printed).length).toBeGreaterThanOrEqual(words(written.join(' ')).length)
  })

  it('prints what the standard fonts cannot encode as ? instead of failing', async () => {
    const lease: LeaseDocument = {
      title: 'Lease 🏠 賃貸契約',
      version: 1,
      blocks: [
        { kind: 'heading', text: 'Parties 👨‍👩‍👧' },
        { kind: 'paragraph', text: 'Tenant: 王小明 😀, “quoted” — ≤ 5 guests\u0000' },
        { kind: 'terms', rows: [{ label: 'Rent ₹', value: '€1,200 ✓' }] },
      ],
    }
    const text = (await pdfPageTexts(await render(lease))).flat()
    expect(text).toContain('Lease ? ????')
    expect(text).toContain('Tenant: ??? ?, “quoted” — <= 5 guests')
    expect(text).toContain('€1,200 x')
  })

  it('prints any text at all without failing', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        font.encodeText(printableText(text).replace(/\n/g, ' '))
      }),
    )
    await render({ title: '\ud800 lone surrogate', version: 1, blocks: [{ kind: 'paragraph', text: '\udfff\u0007' }] })
    // A hundred strings through the font: seconds on a busy shared machine, not the default five.
  }, 30_000)
})

describe('wrapText', () => {
  it('keeps each line within the width, breaking a word longer than a line', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const width = PAGE.width - 2 * PAGE.margin
    const lines = wrapText(`Short words here. ${'x'.repeat(300)} and the rest\nA second line`, font, 10, width)
    for (const line of lines) expect(textWidth(line, font, 10)).toBeLessThanOrEqual(width)
    expect(lines.join('')).toContain('x'.repeat(300))
    expect(lines.at(-1)).toBe('A second line')
  })
})
