// Lays a lease's blocks out on US Letter pages: wrapped lines, page breaks that keep a heading with
// what follows and a row of terms together, and a footer on every page. Pure arithmetic on the fonts'
// widths, so the same blocks always give the same pages.
import { type PDFDocument, type PDFFont, rgb } from 'pdf-lib'
import { type LeaseBlock, printableText } from '#common/leases/document.ts'

export const PAGE = { width: 612, height: 792, margin: 72 } as const
const TOP = PAGE.height - PAGE.margin
const BOTTOM = PAGE.margin
const WIDTH = PAGE.width - 2 * PAGE.margin

export interface Fonts {
  regular: PDFFont
  bold: PDFFont
}
type Style = 'regular' | 'bold'
type Op =
  | { kind: 'text'; x: number; y: number; text: string; style: Style; size: number; isMuted?: boolean }
  | { kind: 'rule'; x: number; y: number; width: number }

const BODY = { size: 10.5, leading: 14.5 }
const TERMS = { size: 10, leading: 13.5, padding: 5, labelShare: 0.34 }
const HEADINGS = { 1: { size: 14, leading: 18, before: 12, after: 4 }, 2: { size: 11.5, leading: 15, before: 8, after: 2 } }
const INDENT = 18
/** Where text sits in a line box whose bottom is at `bottom`: room beneath it for descenders. */
const baseline = (bottom: number, leading: number) => bottom + leading * 0.28

/**
 * Each character's advance at size 1, per font object (so per document: nothing outlives a render).
 * Text is drawn without kerning, so a line is as wide as the sum of its characters' advances.
 */
const advances = new WeakMap<PDFFont, Map<string, number>>()

export function textWidth(text: string, font: PDFFont, size: number): number {
  let table = advances.get(font)
  if (!table) advances.set(font, (table = new Map()))
  let width = 0
  for (const c of text) {
    let advance = table.get(c)
    if (advance === undefined) table.set(c, (advance = font.widthOfTextAtSize(c, 1000) / 1000))
    width += advance
  }
  return width * size
}

/** Splits text into lines no wider than `width`: at spaces, at the text's own line breaks, and inside a word too long for a line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  const measure = (s: string) => textWidth(s, font, size)
  const space = measure(' ')
  for (const paragraph of text.split('\n')) {
    let line = ''
    let lineWidth = 0
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const wordWidth = measure(word)
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`
        lineWidth += space + wordWidth
        continue
      }
      if (line) lines.push(line)
      line = word
      lineWidth = wordWidth
      while (lineWidth > width) {
        let cut = line.length - 1
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut -= 1
        lines.push(line.slice(0, cut))
        line = line.slice(cut)
        lineWidth = measure(line)
      }
    }
    lines.push(line)
  }
  return lines
}

/** The pages' contents, filled top to bottom; a new page starts when a piece does not fit. */
class Flow {
  readonly pages: Op[][] = [[]]
  y = TOP

  readonly fonts: Fonts

  constructor(fonts: Fonts) {
    this.fonts = fonts
  }

  get page() {
    return this.pages[this.pages.length - 1]!
  }
  /** Moves to a new page unless `height` more fits on this one; space at a page's top is dropped. */
  need(height: number) {
    if (this.y - height < BOTTOM && this.page.length > 0) {
      this.pages.push([])
      this.y = TOP
    }
  }
  space(height: number) {
    if (this.y < TOP) this.y -= height
  }
  lines(lines: string[], x: number, style: Style, size: number, leading: number) {
    for (const text of lines) {
      this.need(leading)
      this.y -= leading
      this.page.push({ kind: 'text', x, y: baseline(this.y, leading), text, style, size })
    }
  }
  wrap(text: string, style: Style, size: number, width: number) {
    return wrapText(printableText(text), this.fonts[style], size, width)
  }
}

function layOutBlock(flow: Flow, block: LeaseBlock, next: LeaseBlock | undefined) {
  switch (block.kind) {
    case 'heading': {
      const look = HEADINGS[block.level ?? 1]
      const lines = flow.wrap(block.text, 'bold', look.size, WIDTH)
      flow.space(look.before)
      // A heading never ends a page: it goes over with room for two lines of what follows, or with all
      // of a short table of terms (a signer's rows on the certificate).
      flow.need(lines.length * look.leading + look.after + (next ? keptWithHeading(flow, next) : 0))
      flow.lines(lines, PAGE.margin, 'bold', look.size, look.leading)
      flow.space(look.after)
      return
    }
    case 'paragraph':
      flow.lines(flow.wrap(block.text, 'regular', BODY.size, WIDTH), PAGE.margin, 'regular', BODY.size, BODY.leading)
      flow.space(8)
      return
    case 'list':
      block.items.forEach((item, i) => {
        const lines = flow.wrap(item, 'regular', BODY.size, WIDTH - INDENT)
        flow.need(BODY.leading)
        const marker = block.isOrdered ? `${i + 1}.` : '•'
        flow.page.push({
          kind: 'text',
          x: PAGE.margin + 4,
          y: baseline(flow.y - BODY.leading, BODY.leading),
          text: marker,
          style: 'regular',
          size: BODY.size,
        })
        flow.lines(lines, PAGE.margin + INDENT, 'regular', BODY.size, BODY.leading)
        flow.space(3)
      })
      flow.space(5)
      return
    case 'terms':
      layOutTerms(flow, block.rows)
      flow.space(10)
  }
}

function termsHeight(flow: Flow, rows: { label: string; value: string }[]) {
  const { labelWidth, valueWidth } = termsColumns()
  return rows.reduce((height, row) => {
    const count = Math.max(
      flow.wrap(row.label, 'bold', TERMS.size, labelWidth).length,
      flow.wrap(row.value, 'regular', TERMS.size, valueWidth).length,
    )
    return height + count * TERMS.leading + 2 * TERMS.padding
  }, 0)
}

function keptWithHeading(flow: Flow, next: LeaseBlock) {
  if (next.kind === 'terms' && next.rows.length <= 12) {
    const height = termsHeight(flow, next.rows)
    if (height <= (TOP - BOTTOM) / 2) return height
  }
  return 2 * BODY.leading
}

function termsColumns() {
  const labelWidth = WIDTH * TERMS.labelShare
  return { labelWidth, valueX: PAGE.margin + labelWidth + 8, valueWidth: WIDTH - labelWidth - 8 }
}

function layOutTerms(flow: Flow, rows: { label: string; value: string }[]) {
  const { labelWidth, valueX, valueWidth } = termsColumns()
  for (const row of rows) {
    const label = flow.wrap(row.label, 'bold', TERMS.size, labelWidth)
    const value = flow.wrap(row.value, 'regular', TERMS.size, valueWidth)
    const count = Math.max(label.length, value.length)
    // A row stays on one page when it fits on one.
    flow.need(Math.min(count * TERMS.leading + 2 * TERMS.padding, TOP - BOTTOM))
    flow.page.push({ kind: 'rule', x: PAGE.margin, y: flow.y, width: WIDTH })
    flow.y -= TERMS.padding
    for (let i = 0; i < count; i += 1) {
      flow.need(TERMS.leading)
      flow.y -= TERMS.leading
      const y = baseline(flow.y, TERMS.leading)
      const [labelLine, valueLine] = [label[i], value[i]]
      if (labelLine) flow.page.push({ kind: 'text', x: PAGE.margin, y, text: labelLine, style: 'bold', size: TERMS.size })
      if (valueLine) flow.page.push({ kind: 'text', x: valueX, y, text: valueLine, style: 'regular', size: TERMS.size })
    }
    flow.y -= TERMS.padding
  }
  if (rows.length > 0) flow.page.push({ kind: 'rule', x: PAGE.margin, y: flow.y, width: WIDTH })
}

/** The blocks laid out on pages, under a title and a muted line beneath it on the first page. */
export function layOutPages(fonts: Fonts, heading: { title: string; subtitle: string }, blocks: LeaseBlock[]): Op[][] {
  const flow = new Flow(fonts)
  flow.lines(flow.wrap(heading.title, 'bold', 18, WIDTH), PAGE.margin, 'bold', 18, 23)
  flow.y -= 4
  for (const text of flow.wrap(heading.subtitle, 'regular', 9.5, WIDTH)) {
    flow.y -= 13
    flow.page.push({ kind: 'text', x: PAGE.margin, y: flow.y, text, style: 'regular', size: 9.5, isMuted: true })
  }
  flow.y -= 10
  flow.page.push({ kind: 'rule', x: PAGE.margin, y: flow.y, width: WIDTH })
  flow.y -= 6
  blocks.forEach((block, i) => layOutBlock(flow, block, blocks[i + 1]))
  return flow.pages
}

const INK = rgb(0.1, 0.1, 0.12)
const MUTED = rgb(0.38, 0.38, 0.42)
const RULE = rgb(0.78, 0.78, 0.8)

/** Draws laid-out pages at the end of the document, each with `footer(n)` on its left and right. */
export function drawPages(doc: PDFDocument, fonts: Fonts, pages: Op[][], footer: (n: number) => { left: string; right: string }) {
  pages.forEach((ops, i) => {
    const page = doc.addPage([PAGE.width, PAGE.height])
    const line = (x: number, y: number, width: number) =>
      page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.5, color: RULE })
    for (const op of ops) if (op.kind === 'rule') line(op.x, op.y, op.width)
    line(PAGE.margin, 52, WIDTH)
    // Text is drawn one font at a time: pdf-lib adds a font resource to the page at every change of font.
    page.setFont(fonts.bold)
    for (const op of ops)
      if (op.kind === 'text' && op.style === 'bold') page.drawText(op.text, { x: op.x, y: op.y, size: op.size, color: INK })
    page.setFont(fonts.regular)
    for (const op of ops) {
      if (op.kind === 'text' && op.style === 'regular')
        page.drawText(op.text, { x: op.x, y: op.y, size: op.size, color: op.isMuted ? MUTED : INK })
    }
    const { left, right } = footer(i + 1)
    const size = 8.5
    const rightWidth = textWidth(right, fonts.regular, size)
    const leftLines = wrapText(printableText(left), fonts.regular, size, WIDTH - rightWidth - 32)
    const leftText = leftLines.length > 1 ? `${leftLines[0]!.replace(/[ ,.:;]+$/, '')}…` : (leftLines[0] ?? '')
    page.drawText(leftText, { x: PAGE.margin, y: 38, size, color: MUTED })
    page.drawText(right, { x: PAGE.width - PAGE.margin - rightWidth, y: 38, size, color: MUTED })
  })
}
