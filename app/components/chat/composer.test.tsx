import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Composer, type Audience } from './composer.tsx'

const render = (audience: Audience) =>
  renderToStaticMarkup(<Composer audience={audience} maxLength={2000} clientTxnId="t-1" onSend={() => {}} onTyping={() => {}} />)

describe('composer', () => {
  it('names the one person who reads a private message', () => {
    const html = render({ kind: 'direct', name: 'Maria Delgado' })
    expect(html).toContain('placeholder="Message Maria Delgado (private)"')
    expect(html).toContain('Private: only you and Maria Delgado can read this.')
    expect(html).toContain('aria-describedby="composer-audience composer-hint"')
    expect(html).toContain('data-audience="direct"')
  })

  it('sets the room’s box apart and says everyone reads it', () => {
    const html = render({ kind: 'room' })
    expect(html).toContain('placeholder="Message everyone in the Community room (public)"')
    expect(html).toContain('Public: everyone can read this, including visitors who are not signed in.')
    expect(html).toMatch(/<form[^>]*data-audience="room"[^>]*class="[^"]*bg-sun-100/)
  })
})
