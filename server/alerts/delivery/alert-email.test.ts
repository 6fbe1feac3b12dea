import { describe, expect, it } from 'vitest'
import { belowIndexSentence, instantAlertEmail, instantNewsEmail, type AlertNews } from './alert-email.ts'

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

  it('tells several homes in one e-mail: the first twenty, each with its searches, and a link to the rest', () => {
    const home = (i: number): AlertNews => ({
      kind: 'new-match',
      home: {
        listingId: i,
        title: `House ${i}`,
        details: { priceCents: 150_000, bedrooms: 2, bathroomHalves: 2, city: 'Dover', state: 'DE' },
      },
      fromCents: null,
      toCents: 150_000,
      belowIndex: null,
    })
    const items = Array.from({ length: 23 }, (_, k) => ({ news: home(k + 1), searchNames: k === 0 ? ['Dover', 'Cheap'] : ['Dover'] }))
    const links = { unsubscribeUrl: 'https://cooper.example/alerts/unsubscribe/t', frequencyUrl: 'https://cooper.example/searches' }
    const mail = instantNewsEmail({ publicUrl: 'https://cooper.example', items, links })
    expect(mail.subject).toBe('23 new homes for your saved searches')
    expect(mail.text).toContain('- House 1\n')
    expect(mail.text).toContain('For your saved searches "Dover", "Cheap"')
    expect(mail.text).toContain('https://cooper.example/properties/house-20-20')
    expect(mail.text).not.toContain('House 21')
    expect(mail.text).toContain('And 3 more: https://cooper.example/notifications')
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    const saved = { ...home(1), kind: 'saved-leased' as const }
    const mixed = instantNewsEmail({ publicUrl: 'https://cooper.example', items: [{ news: saved, searchNames: [] }, items[1]!], links })
    expect(mixed.subject).toBe('News of 2 homes you follow')
    expect(mixed.text).toContain('A home you saved')
    expect(instantNewsEmail({ publicUrl: 'https://cooper.example', items: [items[1]!], links }).subject).toBe(
      'New home for "Dover": House 2, $1,500',
    )
  })
})
