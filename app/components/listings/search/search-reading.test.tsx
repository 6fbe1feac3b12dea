import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { SearchReading } from '#common/listings/types.ts'
import { readingText, SearchReadingNote } from './search-reading.tsx'

const reading = (rest: Partial<SearchReading>): SearchReading => ({
  place: null,
  correctedFrom: null,
  beds: null,
  baths: null,
  tooCommon: null,
  ...rest,
})

describe('what the search read, in a sentence', () => {
  it.each([
    [{ beds: 2 }, 'Showing homes with at least 2 bedrooms.'],
    [{ place: 'Texas', beds: 1, baths: 1.5 }, 'Showing homes in Texas with at least 1 bedroom and at least 1.5 bathrooms.'],
    [{ place: 'Brooklyn, NY', correctedFrom: 'Brookyln' }, 'No homes match “Brookyln”. Showing homes in Brooklyn, NY.'],
    [
      { tooCommon: 'the the' },
      '“the the” has only words too common to search for, like “the” or “and”. Try a place, a ZIP code or a word that describes the home.',
    ],
  ])('%o reads "%s"', (rest, text) => {
    expect(readingText(reading(rest))).toBe(text)
    expect(renderToStaticMarkup(<SearchReadingNote reading={reading(rest)} />)).toContain(text)
  })

  it('says nothing when nothing was read, nor a place read as typed (the title and its chip say it)', () => {
    expect(renderToStaticMarkup(<SearchReadingNote reading={null} />)).toBe('')
    expect(readingText(reading({}))).toBeNull()
    expect(readingText(reading({ place: 'Austin, TX' }))).toBeNull()
  })
})
