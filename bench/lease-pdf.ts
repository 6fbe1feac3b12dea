// Lease document benchmark: a lease of --pages pages (12) rendered to PDF and sealed with its
// certificate pages, RUNS times, each time a new lease (clause texts drawn from --seed) and a new
// signing record (2 to 5 signers, their events and reminders). Each run starts from the data alone:
// fonts embedded anew, nothing kept from the run before. Prints one JSON line with the time of render
// and seal together (hashes included) and the slowest runs.
//   npx node bench/lease-pdf.ts [--runs 200] [--pages 12] [--seed 1]
import { parseArgs } from 'node:util'
import { PDFDocument } from 'pdf-lib'
import { type LeaseDocument } from '#common/leases/document.ts'
import { layOutPages } from '#server/leases/layout.ts'
import { embedFonts } from '#server/leases/pdf.server.ts'
import { renderLeasePdf, sealLeasePdf, sha256Hex } from '#server/leases/index.server.ts'
import { leaseSection, sampleLease, sampleSigningRecord } from '#tests/support/leases.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    pages: { type: 'string', default: '12' },
    seed: { type: 'string', default: '1' },
  },
})
function count(name: 'runs' | 'pages'): number {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`)
  return n
}
const [runs, pages] = [count('runs'), count('pages')]
const random = seededRandom(Number(values.seed))

// Leases are cut to the page count before the timing, by laying them out (not timed) with fonts of a
// scratch document.
const fonts = await embedFonts(await PDFDocument.create())
const pagesOf = (lease: LeaseDocument) => layOutPages(fonts, { title: lease.title, subtitle: 'Version' }, lease.blocks).length

function leaseOfPages(): LeaseDocument {
  const lease = sampleLease(random, 0)
  const sections: LeaseDocument['blocks'][] = []
  while (pagesOf(lease) <= pages) {
    sections.push(leaseSection(random, sections.length + 1))
    lease.blocks.push(...sections.at(-1)!)
  }
  // The last section went over (a section is shorter than a page): without it the lease has the pages asked for.
  lease.blocks.splice(lease.blocks.length - sections.at(-1)!.length)
  return lease
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const times: { ms: number; run: number; signers: number; events: number; sealedPages: number }[] = []
for (let run = 0; run < runs; run += 1) {
  const lease = leaseOfPages()
  const signers = 2 + Math.floor(random() * 4)
  const renderedAt = new Date(Date.UTC(2027, 1, 10, 15))
  // The record names the document's hash, which exists only after the render: it is made with a
  // placeholder and given the real hash inside the timing.
  const record = sampleSigningRecord(random, '', signers)
  const started = performance.now()
  const pdf = await renderLeasePdf(lease, { renderedAt })
  const documentSha256 = sha256Hex(pdf)
  for (const signer of record.signers) signer.documentSha256 = documentSha256
  const sealed = await sealLeasePdf(pdf, record)
  const ms = performance.now() - started
  const sealedPages = (await PDFDocument.load(sealed.bytes)).getPageCount()
  if (pagesOf(lease) !== pages) throw new Error(`run ${run}: the lease has ${pagesOf(lease)} pages, not ${pages}`)
  times.push({ ms, run, signers, events: record.events.length, sealedPages })
}

const sorted = times.map((t) => t.ms).sort((a, b) => a - b)
console.log(
  JSON.stringify({
    benchmark: 'lease pdf: render and seal',
    runs,
    pages,
    p50Ms: +quantile(sorted, 0.5).toFixed(2),
    p95Ms: +quantile(sorted, 0.95).toFixed(2),
    p99Ms: +quantile(sorted, 0.99).toFixed(2),
    slowest: times
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((t) => ({ ...t, ms: +t.ms.toFixed(2) })),
  }),
)
