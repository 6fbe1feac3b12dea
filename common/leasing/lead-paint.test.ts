import { describe, expect, it } from 'vitest'
import { LEAD_PAINT_NOTE, needsLeadPaintDisclosure } from './lead-paint.ts'
import { NOT_LEGAL_ADVICE } from './state-rules.ts'

describe('the lead-based paint disclosure', () => {
  it('applies to homes built before 1978, not to later ones or those whose year is unknown', () => {
    expect(needsLeadPaintDisclosure(1962)).toBe(true)
    expect(needsLeadPaintDisclosure(1977)).toBe(true)
    expect(needsLeadPaintDisclosure(1978)).toBe(false)
    expect(needsLeadPaintDisclosure(2004)).toBe(false)
    expect(needsLeadPaintDisclosure(null)).toBe(false)
  })

  it('cites the statute and says it is not legal advice', () => {
    expect(LEAD_PAINT_NOTE).toContain('42 U.S.C. § 4852d')
    expect(LEAD_PAINT_NOTE).toContain('built before 1978')
    expect(LEAD_PAINT_NOTE).toContain(NOT_LEGAL_ADVICE)
  })
})
