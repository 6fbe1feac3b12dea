// A lease's text as HTML, the same characters as its PDF (both go through printableText), every piece
// of text escaped: the lease's words are the parties' input and never markup.
import { type LeaseBlock, type LeaseDocument, printableText } from '#common/leases/document.ts'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** The text escaped for HTML, as the PDF prints it; its line breaks become <br>. */
function escapeText(text: string): string {
  return printableText(text)
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
    .replace(/\n/g, '<br>')
}

function blockHtml(block: LeaseBlock): string {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? `<h3>${escapeText(block.text)}</h3>` : `<h2>${escapeText(block.text)}</h2>`
    case 'paragraph':
      return `<p>${escapeText(block.text)}</p>`
    case 'list': {
      const tag = block.isOrdered ? 'ol' : 'ul'
      return `<${tag}>${block.items.map((item) => `<li>${escapeText(item)}</li>`).join('')}</${tag}>`
    }
    case 'terms': {
      const rows = block.rows.map((row) => `<tr><th scope="row">${escapeText(row.label)}</th><td>${escapeText(row.value)}</td></tr>`)
      return `<table class="lease-terms"><tbody>${rows.join('')}</tbody></table>`
    }
  }
}

/**
 * The lease as an HTML fragment (an <article> with its title, version and blocks), for a page to show
 * beside the PDF; a page inserts it as it is, since nothing in it comes unescaped from the lease.
 */
export function renderLeaseHtml(lease: LeaseDocument): string {
  return [
    '<article class="lease">',
    `<h1>${escapeText(lease.title)}</h1>`,
    `<p class="lease-version">Version ${escapeText(String(lease.version))}</p>`,
    ...lease.blocks.map(blockHtml),
    '</article>',
  ].join('\n')
}
