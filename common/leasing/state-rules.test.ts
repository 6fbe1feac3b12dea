import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { formatStateRulesDoc, STATE_RULES_DOC } from '../../scripts/write-state-rules-doc.ts'
import {
  checkDeposit,
  depositLimitCents,
  isStateCode,
  NOT_LEGAL_ADVICE,
  STATE_CODES,
  STATE_RULES,
  STATE_RULES_REVIEWED,
  type StateCode,
} from './state-rules.ts'

const FIFTY_STATES_AND_DC = Object.keys(US_STATE_NAMES).filter((code) => !['AS', 'GU', 'MP', 'PR', 'VI'].includes(code))

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
}

describe('the table of state rules', () => {
  it('holds the 50 states and DC, each exactly once and under its own code', () => {
    expect(FIFTY_STATES_AND_DC).toHaveLength(51)
    expect(new Set(STATE_CODES).size).toBe(STATE_CODES.length)
    expect([...STATE_CODES].sort()).toEqual([...FIFTY_STATES_AND_DC].sort())
    expect(Object.keys(STATE_RULES).sort()).toEqual([...FIFTY_STATES_AND_DC].sort())
    for (const code of STATE_CODES) expect(STATE_RULES[code].state).toBe(code)
  })

  it('cites a statute for every cap, and for every variant', () => {
    for (const rule of Object.values(STATE_RULES)) {
      if (rule.deposit.kind === 'months') expect(rule.citation, rule.state).toMatch(/\S/)
      for (const variant of rule.variants) expect(variant.citation, rule.state).toMatch(/\S/)
    }
  })

  it('has months that are positive, and says a state is not in the table yet where it does not know', () => {
    for (const rule of Object.values(STATE_RULES)) {
      for (const limit of [rule.deposit, ...rule.variants.map((variant) => variant.limit)]) {
        if (limit.kind === 'months') expect(limit.months, rule.state).toBeGreaterThan(0)
      }
      if (rule.deposit.kind === 'unknown') expect(rule.note, rule.state).toBe("Not in our table yet: check your state's law")
    }
  })

  it('dates every rule it dates with a real ISO date, and the review too', () => {
    expect(isIsoDate(STATE_RULES_REVIEWED)).toBe(true)
    for (const rule of Object.values(STATE_RULES)) {
      if (rule.effective !== null) expect(isIsoDate(rule.effective), `${rule.state}: ${rule.effective}`).toBe(true)
    }
    expect(isIsoDate('2024-02-30')).toBe(false)
    expect(STATE_RULES.CA.effective).toBe('2024-07-01')
    expect(STATE_RULES.NY.effective).toBe('2019-06-14')
  })

  it('gives every deadline to return a deposit a positive number of days and a citation', () => {
    for (const rule of Object.values(STATE_RULES)) {
      if (!rule.depositReturn) continue
      expect(Number.isInteger(rule.depositReturn.days) && rule.depositReturn.days > 0, rule.state).toBe(true)
      expect(rule.depositReturn.citation, rule.state).toMatch(/\S/)
    }
    expect(STATE_RULES.CA.depositReturn?.days).toBe(21)
    expect(STATE_RULES.NY.depositReturn?.days).toBe(14)
  })

  it('knows its codes', () => {
    expect(isStateCode('DC')).toBe(true)
    expect(isStateCode('PR')).toBe(false)
    expect(isStateCode('ca')).toBe(false)
  })
})

describe('depositLimitCents', () => {
  const rent = 240_000

  it('holds most California landlords to one month since AB 12, and small landlords to two', () => {
    const general = depositLimitCents({ state: 'CA', monthlyRentCents: rent, smallLandlord: false })
    expect(general.limitCents).toBe(240_000)
    expect(general.applied.citation).toBe('Cal. Civ. Code § 1950.5(c)')
    expect(depositLimitCents({ state: 'CA', monthlyRentCents: rent, smallLandlord: true }).limitCents).toBe(480_000)
    expect(depositLimitCents({ state: 'CA', monthlyRentCents: rent, furnished: true }).limitCents).toBe(240_000)
  })

  it('applies the stricter figure when a fact the limit depends on is unknown', () => {
    expect(depositLimitCents({ state: 'CA', monthlyRentCents: rent }).limitCents).toBe(240_000)
    expect(depositLimitCents({ state: 'CT', monthlyRentCents: rent }).limitCents).toBe(240_000)
    expect(depositLimitCents({ state: 'CT', monthlyRentCents: rent, tenantAged62OrOlder: false }).limitCents).toBe(480_000)
    expect(depositLimitCents({ state: 'KS', monthlyRentCents: rent }).limitCents).toBe(240_000)
    expect(depositLimitCents({ state: 'KS', monthlyRentCents: rent, furnished: true }).limitCents).toBe(360_000)
  })

  it('computes New York, New Jersey and Nevada from their statutes', () => {
    const newYork = depositLimitCents({ state: 'NY', monthlyRentCents: rent })
    expect(newYork.limitCents).toBe(240_000)
    expect(newYork.rule.citation).toBe('N.Y. Gen. Oblig. Law § 7-108(1-a)(a)')
    expect(depositLimitCents({ state: 'NJ', monthlyRentCents: rent }).limitCents).toBe(360_000)
    expect(depositLimitCents({ state: 'NV', monthlyRentCents: rent }).limitCents).toBe(720_000)
    expect(depositLimitCents({ state: 'MA', monthlyRentCents: rent }).limitCents).toBe(240_000)
  })

  it('rounds half months down to the cent', () => {
    expect(depositLimitCents({ state: 'NJ', monthlyRentCents: 100_001 }).limitCents).toBe(150_001)
  })

  it('has no limit where the statute sets no cap or we do not know it', () => {
    const texas = depositLimitCents({ state: 'TX', monthlyRentCents: rent })
    expect(texas.limitCents).toBeNull()
    expect(texas.applied.limit).toEqual({ kind: 'none' })
    const unknown = STATE_CODES.find((code) => STATE_RULES[code].deposit.kind === 'unknown') as StateCode
    expect(depositLimitCents({ state: unknown, monthlyRentCents: rent }).limitCents).toBeNull()
  })

  it('lifts the Alaska cap above $2,000 a month of rent', () => {
    expect(depositLimitCents({ state: 'AK', monthlyRentCents: 200_000 }).limitCents).toBe(400_000)
    expect(depositLimitCents({ state: 'AK', monthlyRentCents: 200_001 }).limitCents).toBeNull()
  })

  it('refuses a state it does not have and a rent that is not whole cents', () => {
    expect(() => depositLimitCents({ state: 'PR' as StateCode, monthlyRentCents: rent })).toThrow(RangeError)
    expect(() => depositLimitCents({ state: 'NY', monthlyRentCents: 1.5 })).toThrow(RangeError)
    expect(() => depositLimitCents({ state: 'NY', monthlyRentCents: -1 })).toThrow(RangeError)
  })
})

describe('checkDeposit', () => {
  it('accepts a deposit at the cap and refuses one a cent over, naming the limit in dollars and its citation', () => {
    expect(checkDeposit({ state: 'CA', monthlyRentCents: 240_000, depositCents: 240_000 })).toEqual({ ok: true })
    expect(checkDeposit({ state: 'CA', monthlyRentCents: 240_000, depositCents: 240_001 })).toEqual({
      ok: false,
      message: "A deposit in California may be at most one month's rent ($2,400): Cal. Civ. Code § 1950.5(c). This is not legal advice.",
    })
  })

  it('words half months and cents', () => {
    const check = checkDeposit({ state: 'NJ', monthlyRentCents: 180_050, depositCents: 300_000 })
    expect(check).toEqual({
      ok: false,
      message:
        "A deposit in New Jersey may be at most one and a half months' rent ($2,700.75): N.J. Stat. § 46:8-21.2. This is not legal advice.",
    })
  })

  it('refuses over New York’s and Nevada’s caps with their citations', () => {
    const newYork = checkDeposit({ state: 'NY', monthlyRentCents: 300_000, depositCents: 600_000 })
    expect(newYork.ok ? null : newYork.message).toBe(
      "A deposit in New York may be at most one month's rent ($3,000): N.Y. Gen. Oblig. Law § 7-108(1-a)(a). This is not legal advice.",
    )
    const nevada = checkDeposit({ state: 'NV', monthlyRentCents: 100_000, depositCents: 400_000 })
    expect(nevada.ok ? null : nevada.message).toBe(
      "A deposit in Nevada may be at most three months' rent ($3,000): Nev. Rev. Stat. § 118A.242. This is not legal advice.",
    )
  })

  it('lets a small California landlord take two months', () => {
    expect(checkDeposit({ state: 'CA', monthlyRentCents: 240_000, depositCents: 480_000, smallLandlord: true })).toEqual({ ok: true })
  })

  it('accepts any deposit where the statute sets no cap', () => {
    expect(checkDeposit({ state: 'TX', monthlyRentCents: 150_000, depositCents: 900_000 })).toEqual({ ok: true })
  })

  it('warns instead of refusing where the state is not in the table yet', () => {
    const unknown = STATE_CODES.find((code) => STATE_RULES[code].deposit.kind === 'unknown') as StateCode
    const check = checkDeposit({ state: unknown, monthlyRentCents: 150_000, depositCents: 900_000 })
    expect(check.ok).toBe(true)
    expect(check.ok && check.warning).toContain("check your state's law")
    expect(check.ok && check.warning).toContain(NOT_LEGAL_ADVICE)
  })

  it('refuses a deposit that is not whole cents', () => {
    expect(() => checkDeposit({ state: 'NY', monthlyRentCents: 100_000, depositCents: -5 })).toThrow(RangeError)
  })
})

describe('docs/state-rules.md', () => {
  const doc = fs.readFileSync(STATE_RULES_DOC, 'utf8')

  it('lists every state of the table with its citation, says it is not legal advice and when it was reviewed', () => {
    for (const code of STATE_CODES) {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${US_STATE_NAMES[code]} (${code})`))
      expect(row, code).toBeDefined()
      const citation = STATE_RULES[code].citation
      if (citation) expect(row, code).toContain(citation)
    }
    expect(doc).toContain(NOT_LEGAL_ADVICE)
    expect(doc).toContain(`Last reviewed ${STATE_RULES_REVIEWED}`)
  })

  it('is what the table makes (node scripts/write-state-rules-doc.ts)', async () => {
    expect(doc).toBe(await formatStateRulesDoc())
  })
})
