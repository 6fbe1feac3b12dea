import { describe, expect, test } from 'vitest'
import { asksForRiskyPayment, findPaymentWords } from './payment-words.ts'

describe('payment words', () => {
  test.each([
    ['Deposit by wire transfer only, before the viewing.', ['wire transfer']],
    ['Please wire the deposit and I will mail you the keys', ['wire transfer']],
    ['Send the first month through Western Union.', ['Western Union']],
    ['Payment by MoneyGram.', ['MoneyGram']],
    ['Pay the holding fee with Apple gift cards', ['gift cards']],
    ['We accept rent in Bitcoin or USDT.', ['cryptocurrency']],
    ['Send $500 in Steam cards to hold the home', ['gift cards']],
    ['No credit check, pay by wire transfer.', ['wire transfer']],
  ])('%s is a request', (text, expected) => {
    expect(findPaymentWords(text)).toEqual(expected)
  })

  test.each([
    'Sunny two-bedroom on Western Avenue, near the park.',
    'Bitcoin ATM nearby, and a grocery store on the corner.',
    'We never ask for wire transfers or gift cards: pay rent through the lease page.',
    'Do not send gift cards to anyone.',
    'Rewired in 2020: new electrical panel and outlets.',
    'A move-in gift card for the hardware store down the street.',
    'Close to the Ethereum meetup space and the Western Union office building.',
    'Wireless internet included; hardwired ethernet in the office.',
  ])('%s is not', (text) => {
    expect(findPaymentWords(text)).toEqual([])
  })

  test('title and description are read together, as separate sentences', () => {
    expect(asksForRiskyPayment({ title: 'Bitcoin', description: 'Quiet flat with a view.' })).toBe(false)
    expect(asksForRiskyPayment({ title: 'Quiet flat', description: 'Deposit in bitcoin to reserve.' })).toBe(true)
  })
})
