import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { printableText } from '#common/leases/document.ts'
import { sampleLease, sampleSigningRecord } from '#tests/support/leases.ts'
import { pdfPageTexts } from '#tests/support/pdf-text.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { certificateTime, sealLeasePdf } from './certificate.server.ts'
import { renderLeasePdf, sha256Hex } from './pdf.server.ts'

async function signedLease(seed: number, signers: number) {
  const random = seededRandom(seed)
  const pdf = await renderLeasePdf(sampleLease(random, 8), { renderedAt: new Date('2027-02-10T15:00:00Z') })
  return { pdf, record: sampleSigningRecord(random, sha256Hex(pdf), signers) }
}

describe('sealLeasePdf', () => {
  it('keeps the signed PDF byte for byte at the start of the sealed file, and gives the sealed file’s hash', async () => {
    const { pdf, record } = await signedLease(1, 2)
    const sealed = await sealLeasePdf(pdf, record)
    expect(Buffer.compare(sealed.bytes.subarray(0, pdf.length), pdf)).toBe(0)
    expect(sealed.documentLength).toBe(pdf.length)
    expect(sealed.documentSha256).toBe(sha256Hex(pdf))
    expect(sealed.sha256).toBe(sha256Hex(sealed.bytes))
    expect(sealed.sha256).not.toBe(sealed.documentSha256)

    const before = await PDFDocument.load(pdf)
    const after = await PDFDocument.load(sealed.bytes, { updateMetadata: false })
    expect(after.getPageCount()).toBeGreaterThan(before.getPageCount())
    // PDF dates keep whole seconds.
    expect(after.getModificationDate()?.getTime()).toBe(Math.floor(record.sealedAt.getTime() / 1000) * 1000)
    expect(after.getTitle()).toBe(before.getTitle())
    // The lease's pages read as before the seal.
    const [lease, sealedPages] = [await pdfPageTexts(pdf), await pdfPageTexts(sealed.bytes)]
    expect(sealedPages.slice(0, lease.length)).toEqual(lease)
  })

  it('lists every signer and every event on the certificate pages', async () => {
    const { pdf, record } = await signedLease(2, 5)
    const sealed = await sealLeasePdf(pdf, record)
    const pages = await pdfPageTexts(sealed.bytes)
    const leasePages = (await PDFDocument.load(pdf)).getPageCount()
    const certificate = pages.slice(leasePages)
    expect(certificate[0]).toContain('Certificate of completion')
    certificate.forEach((lines, i) => expect(lines.at(-1)).toBe(`Certificate page ${i + 1} of ${certificate.length}`))
    const text = certificate.flat().join('\n')
    expect(text).toContain(`Signers (${record.signers.length})`)
    expect(text).toContain(`Events (${record.events.length})`)
    // Long values (hashes, browsers) wrap: compare without the line breaks.
    const joined = certificate.flat().join('')
    expect(joined).toContain(sealed.documentSha256)
    for (const signer of record.signers) {
      for (const value of [
        signer.email,
        signer.signInMethod,
        signer.ip,
        certificateTime(signer.consentedAt),
        certificateTime(signer.signedAt),
      ]) {
        expect(text).toContain(value)
      }
      expect(joined.replace(/\s/g, '')).toContain(signer.userAgent.replace(/\s/g, ''))
    }
    for (const event of record.events) {
      expect(text).toContain(certificateTime(event.at))
      expect(certificate.flat().join(' ')).toContain(printableText(`${event.actor}: ${event.action}`))
    }
    expect(text).toContain('Wei Chen ??') // a name the standard fonts cannot print in full
  })

  it('says when a signer signed another document than the one sealed', async () => {
    const { pdf, record } = await signedLease(3, 2)
    record.signers[1]!.documentSha256 = '0'.repeat(64)
    const text = (await pdfPageTexts((await sealLeasePdf(pdf, record)).bytes)).flat()
    expect(text.filter((line) => line === 'Yes')).toHaveLength(1)
    expect(text).toContain('No: this signer saw another document')
  })

  it('seals the same record the same way, and a changed record otherwise', async () => {
    const { pdf, record } = await signedLease(4, 3)
    const first = await sealLeasePdf(pdf, record)
    expect((await sealLeasePdf(pdf, structuredClone(record))).sha256).toBe(first.sha256)
    const changed = structuredClone(record)
    changed.events[0]!.ip = '198.51.100.7'
    expect((await sealLeasePdf(pdf, changed)).sha256).not.toBe(first.sha256)
  })

  it('seals a PDF whose objects are in object streams, without reusing its cross-reference stream’s number', async () => {
    const { pdf, record } = await signedLease(5, 2)
    const compact = await (await PDFDocument.load(pdf, { updateMetadata: false })).save({ useObjectStreams: true })
    const sealed = await sealLeasePdf(compact, {
      ...record,
      signers: record.signers.map((s) => ({ ...s, documentSha256: sha256Hex(compact) })),
    })
    expect(Buffer.compare(sealed.bytes.subarray(0, compact.length), compact)).toBe(0)
    const text = (await pdfPageTexts(sealed.bytes)).flat()
    expect(text).toContain('Certificate of completion')
    expect(text.filter((line) => line === 'Yes')).toHaveLength(2)

    const loaded = new Set((await PDFDocument.load(compact)).context.enumerateIndirectObjects().map(([ref]) => ref.objectNumber))
    const size = Math.max(
      ...[
        ...Buffer.from(compact)
          .toString('latin1')
          .matchAll(/\/Size (\d+)/g),
      ].map(([, n]) => Number(n)),
    )
    const appended = [
      ...Buffer.from(sealed.bytes.subarray(compact.length))
        .toString('latin1')
        .matchAll(/(\d+) 0 obj/g),
    ].map(([, n]) => Number(n))
    expect(appended.length).toBeGreaterThan(2)
    for (const n of appended) expect(loaded.has(n) || n >= size).toBe(true)
    expect(Buffer.from(sealed.bytes.subarray(compact.length)).toString('latin1')).toContain('/Type /XRef')
  })

  it('seals a sealed file again, keeping it whole at the start', async () => {
    const { pdf, record } = await signedLease(6, 2)
    const once = await sealLeasePdf(pdf, record)
    const twice = await sealLeasePdf(once.bytes, record)
    expect(Buffer.compare(twice.bytes.subarray(0, once.bytes.length), once.bytes)).toBe(0)
    const pages = await pdfPageTexts(twice.bytes)
    expect(pages.filter((lines) => lines.includes('Certificate of completion'))).toHaveLength(2)
  })
})
