// The year built as the listing schema and the landlord's form take it: optional, 1700 to next year.
import { describe, expect, it } from 'vitest'
import { newListingValues, validateListingForm } from './listing-form.ts'
import { latestYearBuilt, listingFieldsSchema } from './schemas.ts'

const yearBuilt = listingFieldsSchema.shape.yearBuilt
const nextYear = new Date().getUTCFullYear() + 1
const message = `Year built is a year like 1962, no later than ${nextYear}.`

describe('year built', () => {
  it('takes a year from 1700 to next year, or nothing', () => {
    for (const year of [1700, 1962, 1977, 1978, nextYear]) expect(yearBuilt.parse(year), String(year)).toBe(year)
    expect(yearBuilt.parse(null)).toBeNull()
    expect(yearBuilt.parse(undefined)).toBeNull()
  })

  it('refuses what is not a year, with one message that says what it takes', () => {
    for (const bad of [1699, 0, -1962, nextYear + 1, 9999, 1962.5, Number.NaN, Number.POSITIVE_INFINITY, '1962', true, [1962], {}]) {
      const result = yearBuilt.safeParse(bad)
      expect(result.success, String(bad)).toBe(false)
      expect(
        result.error?.issues.map((issue) => issue.message),
        String(bad),
      ).toEqual([message])
    }
  })

  it('reads next year when it checks, not when the module loaded', () => {
    expect(latestYearBuilt(new Date('2030-12-31T23:59:59Z'))).toBe(2031)
    expect(latestYearBuilt()).toBe(nextYear)
  })

  it('is optional on the form, and a bad entry there gets the same message', () => {
    const values = { ...newListingValues('2026-05-01'), title: 'Brick rowhouse by the green' }
    const errorsOf = (entry: string) => validateListingForm({ ...values, yearBuilt: entry }).fieldErrors.yearBuilt
    expect(validateListingForm({ ...values, yearBuilt: '  ' }).input.yearBuilt).toBeNull()
    expect(validateListingForm({ ...values, yearBuilt: ' 1962 ' }).input.yearBuilt).toBe(1962)
    expect(errorsOf('1962')).toBeUndefined()
    for (const entry of ['old', '19-62', '1,962', '1962.5', '1066', String(nextYear + 1)]) expect(errorsOf(entry), entry).toEqual([message])
  })
})
