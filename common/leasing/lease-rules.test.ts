import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { STATE_RULES_DOC } from '../../scripts/write-state-rules-doc.ts'
import { disclosuresFor, LATE_FEE_RULES, LEAD_PAINT_DISCLOSURE } from './lease-rules.ts'
import { depositLimitCents, NOT_LEGAL_ADVICE, STATE_CODES, STATE_RULES, type StateCode } from './state-rules.ts'

const SITE_STATES: StateCode[] = ['DE', 'PA', 'MD', 'DC', 'NY', 'TX', 'IL']

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
}

describe('the table of late-fee rules and disclosures', () => {
  it('has an entry for every state and DC, under its own code', () => {
    expect(Object.keys(LATE_FEE_RULES).sort()).toEqual([...STATE_CODES].sort())
    for (const code of STATE_CODES) expect(LATE_FEE_RULES[code].state).toBe(code)
  })

  it('knows the late fees of every state the site has listings in, except Illinois', () => {
    for (const code of SITE_STATES) expect(LATE_FEE_RULES[code].cap.kind === 'unknown', code).toBe(code === 'IL')
  })

  it('cites every value it knows, and says the rest is not in the table yet', () => {
    for (const rule of Object.values(LATE_FEE_RULES)) {
      if (rule.cap.kind === 'unknown') {
        expect(rule.citation, rule.state).toBeNull()
        expect(rule.graceDays, rule.state).toBeNull()
        expect(rule.note, rule.state).toMatch(/^Not in our table yet/)
      } else {
        expect(rule.citation, rule.state).toMatch(/\S/)
      }
      for (const variant of rule.variants) expect(variant.citation, rule.state).toMatch(/\S/)
      if (rule.effective !== null) expect(isIsoDate(rule.effective), rule.state).toBe(true)
      if (rule.graceDays !== null) expect(Number.isInteger(rule.graceDays) && rule.graceDays > 0, rule.state).toBe(true)
    }
  })

  it('gives every disclosure an id, a title, what to disclose, a citation and a real date', () => {
    const all = STATE_CODES.flatMap((code) => disclosuresFor(code))
    for (const disclosure of all) {
      expect(disclosure.id).toMatch(/^[a-z0-9-]+$/)
      for (const field of [disclosure.title, disclosure.text, disclosure.citation]) expect(field, disclosure.id).toMatch(/\S/)
      if (disclosure.effective !== null) expect(isIsoDate(disclosure.effective), disclosure.id).toBe(true)
    }
    const distinct = [...new Set(all)]
    expect(new Set(distinct.map((disclosure) => disclosure.id)).size).toBe(distinct.length)
    expect(disclosuresFor('PA')).toEqual([LEAD_PAINT_DISCLOSURE])
    expect(disclosuresFor('NY').map((disclosure) => disclosure.citation)).toEqual([
      LEAD_PAINT_DISCLOSURE.citation,
      'N.Y. Real Prop. Law § 231-a',
      'N.Y. Real Prop. Law § 231-b',
    ])
  })

  it('cites the federal lead-paint rule and its pamphlet', () => {
    expect(LEAD_PAINT_DISCLOSURE.citation).toContain('42 U.S.C. § 4852d')
    expect(LEAD_PAINT_DISCLOSURE.citation).toContain('40 CFR part 745, subpart F')
    expect(LEAD_PAINT_DISCLOSURE.citation).toContain('24 CFR part 35, subpart A')
    expect(LEAD_PAINT_DISCLOSURE.text).toContain('Protect Your Family From Lead in Your Home')
  })

  it('holds Maryland deposits to one month since the Renters’ Rights and Stabilization Act', () => {
    expect(STATE_RULES.MD.effective).toBe('2024-10-01')
    expect(depositLimitCents({ state: 'MD', monthlyRentCents: 200_000 }).limitCents).toBe(200_000)
    expect(STATE_RULES.MD.depositReturn?.days).toBe(45)
  })
})

describe('docs/state-rules.md, late fees and disclosures', () => {
  const doc = fs.readFileSync(STATE_RULES_DOC, 'utf8')

  it('lists the late fees of every state with their citations, and every disclosure', () => {
    const lateFees = doc.slice(doc.indexOf('## Late fees'))
    for (const code of STATE_CODES) {
      const row = lateFees.split('\n').find((line) => line.includes(`(${code})`))
      expect(row, code).toBeDefined()
      const citation = LATE_FEE_RULES[code].citation
      if (citation) expect(row, code).toContain(citation)
    }
    for (const disclosure of STATE_CODES.flatMap((code) => disclosuresFor(code))) expect(doc).toContain(disclosure.citation)
    expect(doc).toContain(NOT_LEGAL_ADVICE)
  })
})
