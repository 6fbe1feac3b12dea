import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MessageText, linkParts } from './message-text.tsx'

const render = (body: string) => renderToStaticMarkup(<MessageText body={body} />)

describe('message text', () => {
  it('makes http and https addresses links that open safely in a new tab', () => {
    const html = render('See https://example.com/homes?id=4 and http://a.example.org')
    expect(html).toContain(
      '<a href="https://example.com/homes?id=4" target="_blank" rel="noopener noreferrer nofollow ugc" class="font-medium underline underline-offset-2">https://example.com/homes?id=4</a>',
    )
    expect(html).toContain('href="http://a.example.org/"')
  })

  it('leaves sentence punctuation after an address outside the link', () => {
    expect(linkParts('Look at https://example.com/a, then https://example.com/b.')).toEqual([
      { kind: 'text', text: 'Look at ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'https://example.com/b', href: 'https://example.com/b' },
      { kind: 'text', text: '.' },
    ])
  })

  it('never links javascript:, data: or other schemes', () => {
    const html = render('javascript:alert(1) data:text/html,<b>x</b> ftp://example.com mailto:a@b.c')
    expect(html).not.toContain('<a')
    expect(html).toContain('javascript:alert(1)')
  })

  it('shows markup as the text it is', () => {
    const html = render('<script>alert("x")</script><img src=x onerror=alert(1)> https://example.com/"onmouseover="x')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('href="https://example.com/"')
  })

  it('keeps line breaks and plain text as they were written', () => {
    expect(linkParts('one\ntwo')).toEqual([{ kind: 'text', text: 'one\ntwo' }])
    expect(render('one\ntwo')).toContain('whitespace-pre-wrap')
  })
})
