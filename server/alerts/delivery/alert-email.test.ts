import { describe, expect, it } from 'vitest'
import { belowIndexSentence, instantAlertEmail } from './alert-email.ts'

const belowIndex = {
  percentBelow: 12,
  levelCents: 210_000,
  rentCents: 184_800,
  bandHalfWidth: 0.04,
  pairs: 312,
  marketName: 'Austin, Texas',
  month: '2026-10-01',
}

describe('the alert e-mail', () => {
  it('says how far below the Cooper Index a home is, and with what certainty', () => {
    expect(belowIndexSentence(belowIndex, 2)).toBe(
      '12 % below the typical $2,100 for 2-bedroom homes in Austin, Texas (90 % band ±4 %, 312 repeat rents, October 2026); the Cooper Index is not advice',
    )
  })

  it('tells one home with the searches it matched, its index comparison and both links', () => {
    const mail = instantAlertEmail({
      publicUrl: 'https://cooper.example',
      news: {
        kind: 'new-match',
        home: {
          listingId: 7,
          title: 'Bungalow on East 6th',
          details: { priceCents: 184_800, bedrooms: 2, bathroomHalves: 3, city: 'Austin', state: 'TX' },
        },
        fromCents: null,
        toCents: 184_800,
        belowIndex,
      },
      searchNames: ['Austin bargains'],
      links: { unsubscribeUrl: 'https://cooper.example/alerts/unsubscribe/t', frequencyUrl: 'https://cooper.example/searches/3' },
    })
    expect(mail.subject).toBe('New home for "Austin bargains": Bungalow on East 6th, $1,848')
    expect(mail.text).toContain('$1,848/month all in · 2 bd · 1.5 ba · Austin, TX')
    expect(mail.text).toContain('https://cooper.example/properties/bungalow-on-east-6th-7')
    expect(mail.text).toContain('12 % below the typical $2,100')
    expect(mail.text).toContain('https://cooper.example/searches/3')
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://cooper.example/alerts/unsubscribe/t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })
})
