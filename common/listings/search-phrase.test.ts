import { describe, expect, it } from 'vitest'
import { placeWithState, readSearchPhrase } from './search-phrase.ts'

describe('readSearchPhrase', () => {
  it.each([
    ['2 bedroom', 2],
    ['2br', 2],
    ['2 BR', 2],
    ['2-bed', 2],
    ['2 beds', 2],
    ['2bd', 2],
    ['two-bedroom', 2],
    ['two bedroom', 2],
    ['Two Bedrooms', 2],
    ['three-bedroom', 3],
    ['1 bdrm', 1],
    ['10 bedrooms', 10],
  ])('reads "%s" as at least %i bedrooms, leaving no words', (q, beds) => {
    expect(readSearchPhrase(q)).toEqual({ text: '', words: '', place: '', beds })
  })

  it.each([
    ['2 bath', 2],
    ['1.5 baths', 1.5],
    ['2ba', 2],
    ['one bathroom', 1],
  ])('reads "%s" as at least %d bathrooms', (q, baths) => {
    expect(readSearchPhrase(q)).toMatchObject({ text: '', baths })
  })

  it('reads rooms anywhere in the text and keeps the rest', () => {
    expect(readSearchPhrase('sunny 2br 1 bath loft')).toEqual({ text: 'sunny loft', words: '', place: 'sunny loft', beds: 2, baths: 1 })
    expect(readSearchPhrase('two-bedroom Philadelphia')).toMatchObject({ text: 'Philadelphia', place: 'Philadelphia', beds: 2 })
  })

  it('keeps the minus of a word left first once the rooms are read', () => {
    expect(readSearchPhrase('one-bedroom -two-bedroom apartment')).toMatchObject({ text: '-two-bedroom apartment', beds: 1 })
    expect(readSearchPhrase('2 bedroom -garden')).toMatchObject({ text: '-garden', beds: 2 })
    expect(readSearchPhrase('- 2br loft -')).toMatchObject({ text: 'loft', beds: 2 })
  })

  it('leaves counts that are not rooms as words', () => {
    expect(readSearchPhrase('2 parking spaces')).toEqual({ text: '2 parking spaces', words: '', place: '2 parking spaces' })
    expect(readSearchPhrase('2.5 bedroom')).not.toHaveProperty('beds')
    expect(readSearchPhrase('40 bedrooms')).not.toHaveProperty('beds')
    expect(readSearchPhrase('often bedroom')).not.toHaveProperty('beds')
    expect(readSearchPhrase('brb')).not.toHaveProperty('beds')
  })

  it.each([
    ['Austin, TX', 'Austin', 'TX', true],
    ['austin tx', 'austin', 'TX', false],
    ['Austin TX', 'Austin', 'TX', true],
    ['Austin Texas', 'Austin', 'TX', true],
    ['austin, texas', 'austin', 'TX', true],
    ['Philadelphia, PA', 'Philadelphia', 'PA', true],
    ['Brooklyn, NY', 'Brooklyn', 'NY', true],
    ['Wilmington DE', 'Wilmington', 'DE', true],
    ['wilmington, de', 'wilmington', 'DE', true],
    ['New York', '', 'NY', true],
    ['Texas', '', 'TX', true],
    ['TX', '', 'TX', true],
    ['Washington, D.C.', 'Washington', 'DC', true],
    ['Little Rock, Arkansas', 'Little Rock', 'AR', true],
    ['Charleston West Virginia', 'Charleston', 'WV', true],
  ])('reads "%s" as the place "%s" in %s', (q, place, state, isCertain) => {
    expect(readSearchPhrase(q)).toMatchObject({ place: q, withState: { place, state, isCertain } })
  })

  it('does not take a word for a state', () => {
    expect(placeWithState('Austin')).toBeUndefined()
    expect(placeWithState('Park Slope')).toBeUndefined()
    expect(placeWithState('Kansas City')).toBeUndefined()
    expect(placeWithState('homes xy')).toBeUndefined()
    // A lower-case code after a word may be a word ("in", "me"): the server trusts it only after a known place.
    expect(placeWithState('lofts in')).toEqual({ place: 'lofts', state: 'IN', isCertain: false })
  })

  it('splits what is sought from where with "in", "near" or "around"', () => {
    expect(readSearchPhrase('condo in Austin, TX')).toEqual({
      text: 'condo in Austin, TX',
      words: 'condo',
      place: 'Austin, TX',
      withState: { place: 'Austin', state: 'TX', isCertain: true },
    })
    expect(readSearchPhrase('2 bedroom in Brooklyn')).toEqual({ text: 'in Brooklyn', words: '', place: 'Brooklyn', beds: 2 })
    expect(readSearchPhrase('lofts near Fishtown')).toMatchObject({ words: 'lofts', place: 'Fishtown' })
  })

  it('reads nothing from nothing', () => {
    expect(readSearchPhrase(undefined)).toEqual({ text: '', words: '', place: '' })
    expect(readSearchPhrase('   ')).toEqual({ text: '', words: '', place: '' })
  })
})
