import { describe, expect, it } from 'vitest'
import { staleNoticeEmail } from './stale-notice-email.ts'

describe('staleNoticeEmail', () => {
  it('names the hidden listing, links to it and to the profile where it is confirmed', () => {
    const mail = staleNoticeEmail({ publicUrl: 'https://cooper.example', listings: [{ id: 42, title: 'Bright studio near the river' }] })
    expect(mail.subject).toBe('Your listing is hidden from search: Bright studio near the river')
    expect(mail.text).toContain('https://cooper.example/properties/bright-studio-near-the-river-42')
    expect(mail.text).toContain('https://cooper.example/userprofile')
    expect(mail.text).toContain('not been confirmed available for 30 days')
  })

  it('gathers several listings in one message', () => {
    const mail = staleNoticeEmail({
      publicUrl: 'https://cooper.example',
      listings: [
        { id: 1, title: 'One' },
        { id: 2, title: 'Two' },
      ],
    })
    expect(mail.subject).toBe('2 of your listings are hidden from search')
    expect(mail.text).toContain('These listings have')
    expect(mail.text).toContain('/properties/two-2')
  })

  it('names at most twenty listings and counts the rest', () => {
    const listings = Array.from({ length: 1234 }, (_, i) => ({ id: i + 1, title: `Home ${i + 1}` }))
    const mail = staleNoticeEmail({ publicUrl: 'https://cooper.example', listings })
    expect(mail.subject).toBe('1,234 of your listings are hidden from search')
    expect(mail.text).toContain('/properties/home-20-20')
    expect(mail.text).not.toContain('/properties/home-21-21')
    expect(mail.text).toContain('- and 1,214 more, listed under "My listings"')
  })
})
