import { describe, expect, it } from 'vitest'
import { type LeaseDocument, printableText } from '#common/leases/document.ts'
import { sampleLease } from '#tests/support/leases.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { renderLeaseHtml } from './html.ts'

describe('renderLeaseHtml', () => {
  it('escapes markup in every piece of the lease', () => {
    const attack = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    const lease: LeaseDocument = {
      title: attack,
      version: 1,
      blocks: [
        { kind: 'heading', text: attack },
        { kind: 'paragraph', text: `Rent & fees ${attack}` },
        { kind: 'list', items: [attack] },
        { kind: 'terms', rows: [{ label: attack, value: `'${attack}'` }] },
      ],
    }
    const html = renderLeaseHtml(lease)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('Rent &amp; fees')
    expect(html).toContain('&#39;&lt;script&gt;')
  })

  it('gives each kind of block its element, and line breaks as <br>', () => {
    const html = renderLeaseHtml({
      title: 'Lease',
      version: 2,
      blocks: [
        { kind: 'heading', text: 'Terms' },
        { kind: 'heading', level: 2, text: 'Rent' },
        { kind: 'paragraph', text: 'Line one\nLine two' },
        { kind: 'list', items: ['a', 'b'], isOrdered: true },
        { kind: 'list', items: ['c'] },
        { kind: 'terms', rows: [{ label: 'Deposit', value: '$900' }] },
      ],
    })
    expect(html).toBe(
      [
        '<article class="lease">',
        '<h1>Lease</h1>',
        '<p class="lease-version">Version 2</p>',
        '<h2>Terms</h2>',
        '<h3>Rent</h3>',
        '<p>Line one<br>Line two</p>',
        '<ol><li>a</li><li>b</li></ol>',
        '<ul><li>c</li></ul>',
        '<table class="lease-terms"><tbody><tr><th scope="row">Deposit</th><td>$900</td></tr></tbody></table>',
        '</article>',
      ].join('\n'),
    )
  })

  it('shows the characters the PDF prints', () => {
    const html = renderLeaseHtml({ title: 'Lease', version: 1, blocks: [{ kind: 'paragraph', text: 'Guests ≤ 2 😀 “ok”' }] })
    expect(printableText('Guests ≤ 2 😀 “ok”')).toBe('Guests <= 2 ? “ok”')
    expect(html).toContain('<p>Guests &lt;= 2 ? “ok”</p>')
  })

  it('holds every word of a long lease', () => {
    const lease = sampleLease(seededRandom(4), 10)
    const html = renderLeaseHtml(lease)
    for (const block of lease.blocks) if (block.kind === 'paragraph') expect(html).toContain(block.text)
  })
})
