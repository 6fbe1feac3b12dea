import { describe, expect, it } from 'vitest'
import { checkLeaseTerms, lateFeeLimitCents, type LeaseTerms } from './lease-check.ts'
import { LATE_FEE_RULES, LEAD_PAINT_DISCLOSURE, lateFeeCapText } from './lease-rules.ts'
import { NOT_LEGAL_ADVICE, type StateCode } from './state-rules.ts'

const SITE_STATES: StateCode[] = ['DE', 'PA', 'MD', 'DC', 'NY', 'TX', 'IL']

/** Terms that break no rule anywhere in the table: one month's deposit, no late fee, a home built in 2000. */
function terms(overrides: Partial<LeaseTerms> = {}): LeaseTerms {
  return { monthlyRentCents: 200_000, depositCents: 200_000, lateFeeCents: 0, lateFeeGraceDays: 10, yearBuilt: 2000, ...overrides }
}

function levels(state: StateCode, overrides: Partial<LeaseTerms>) {
  return checkLeaseTerms(state, terms(overrides)).findings.map(({ rule, level }) => ({ rule, level }))
}

describe('lateFeeLimitCents', () => {
  it('takes the lesser of $50 and 5% in New York', () => {
    expect(lateFeeLimitCents('NY', { monthlyRentCents: 90_000 }).limitCents).toBe(4_500)
    expect(lateFeeLimitCents('NY', { monthlyRentCents: 100_000 }).limitCents).toBe(5_000)
    expect(lateFeeLimitCents('NY', { monthlyRentCents: 300_000 }).limitCents).toBe(5_000)
    expect(lateFeeCapText(LATE_FEE_RULES.NY.cap)).toBe('$50 or 5% of the monthly rent, whichever is less')
  })

  it('takes 5% of the rent in DC, Delaware and Maryland, rounded down to the cent', () => {
    expect(lateFeeLimitCents('DC', { monthlyRentCents: 240_000 }).limitCents).toBe(12_000)
    expect(lateFeeLimitCents('DE', { monthlyRentCents: 150_000 }).limitCents).toBe(7_500)
    expect(lateFeeLimitCents('MD', { monthlyRentCents: 123_456 }).limitCents).toBe(6_172)
  })

  it('presumes 12% reasonable in Texas, 10% above four units, and the stricter figure when the size is unknown', () => {
    expect(lateFeeLimitCents('TX', { monthlyRentCents: 150_000, unitsInBuilding: 4 })).toMatchObject({
      limitCents: 18_000,
      isUncertain: false,
    })
    expect(lateFeeLimitCents('TX', { monthlyRentCents: 150_000, unitsInBuilding: 5 })).toMatchObject({
      limitCents: 15_000,
      citation: 'Tex. Prop. Code § 92.019(a-1)(1)(B)',
    })
    expect(lateFeeLimitCents('TX', { monthlyRentCents: 150_000 })).toMatchObject({ limitCents: 15_000, isUncertain: true })
  })

  it('has no limit in Pennsylvania, where no statute sets one, nor where the table does not know', () => {
    expect(lateFeeLimitCents('PA', { monthlyRentCents: 150_000 }).limitCents).toBeNull()
    expect(lateFeeLimitCents('IL', { monthlyRentCents: 150_000 }).limitCents).toBeNull()
  })
})

describe('checkLeaseTerms', () => {
  it('finds nothing wrong with terms within every rule', () => {
    for (const code of SITE_STATES) expect(checkLeaseTerms(code, terms()).findings, code).toEqual([])
  })

  it('refuses a late fee over New York’s cap, naming the limit and its citation', () => {
    expect(checkLeaseTerms('NY', terms({ lateFeeCents: 5_000 })).findings).toEqual([])
    expect(checkLeaseTerms('NY', terms({ lateFeeCents: 5_001 })).findings).toEqual([
      {
        rule: 'late-fee',
        level: 'refuse',
        message:
          'A late fee in New York may be at most $50 or 5% of the monthly rent, whichever is less ($50): N.Y. Real Prop. Law § 238-a(2). This is not legal advice.',
        citation: 'N.Y. Real Prop. Law § 238-a(2)',
      },
    ])
  })

  it('refuses over the 5% caps of DC, Delaware and Maryland', () => {
    for (const code of ['DC', 'DE', 'MD'] as const) {
      expect(levels(code, { lateFeeCents: 10_000, hasLocalPaymentOffice: true }), code).toEqual([])
      expect(levels(code, { lateFeeCents: 10_001, hasLocalPaymentOffice: true }), code).toEqual([{ rule: 'late-fee', level: 'refuse' }])
    }
  })

  it('refuses a grace period shorter than the statute’s', () => {
    expect(levels('NY', { lateFeeCents: 2_000, lateFeeGraceDays: 4 })).toEqual([{ rule: 'late-fee-grace', level: 'refuse' }])
    expect(levels('NY', { lateFeeCents: 2_000, lateFeeGraceDays: 5 })).toEqual([])
    expect(levels('DC', { lateFeeCents: 2_000, lateFeeGraceDays: 3 })).toEqual([{ rule: 'late-fee-grace', level: 'refuse' }])
    expect(levels('TX', { lateFeeCents: 2_000, lateFeeGraceDays: 1 })).toEqual([{ rule: 'late-fee-grace', level: 'refuse' }])
    expect(levels('TX', { lateFeeCents: 2_000, lateFeeGraceDays: 2 })).toEqual([])
    const message = checkLeaseTerms('DC', terms({ lateFeeCents: 2_000, lateFeeGraceDays: 0 })).findings[0]?.message
    expect(message).toBe(
      'In District of Columbia a late fee may not be charged until the rent is more than 5 days late: D.C. Code § 42-3505.31. This is not legal advice.',
    )
  })

  it('asks no grace period where the statute sets none, and none when the lease charges no late fee', () => {
    expect(levels('MD', { lateFeeCents: 2_000, lateFeeGraceDays: 0 })).toEqual([])
    expect(levels('PA', { lateFeeCents: 50_000, lateFeeGraceDays: 0 })).toEqual([])
    expect(levels('NY', { lateFeeCents: 0, lateFeeGraceDays: 0 })).toEqual([])
  })

  it('gives Delaware tenants three more days when the landlord has no office in the county, and warns when we do not know', () => {
    expect(levels('DE', { lateFeeCents: 2_000, lateFeeGraceDays: 5, hasLocalPaymentOffice: true })).toEqual([])
    expect(levels('DE', { lateFeeCents: 2_000, lateFeeGraceDays: 5, hasLocalPaymentOffice: false })).toEqual([
      { rule: 'late-fee-grace', level: 'refuse' },
    ])
    expect(levels('DE', { lateFeeCents: 2_000, lateFeeGraceDays: 5 })).toEqual([{ rule: 'late-fee-grace', level: 'warn' }])
    expect(levels('DE', { lateFeeCents: 2_000, lateFeeGraceDays: 8 })).toEqual([])
  })

  it('only warns over Texas’s presumed-reasonable figure, and says why', () => {
    const findings = checkLeaseTerms('TX', terms({ monthlyRentCents: 150_000, lateFeeCents: 20_000, unitsInBuilding: 2 })).findings
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ rule: 'late-fee', level: 'warn', citation: 'Tex. Prop. Code § 92.019' })
    expect(findings[0]?.message).toContain('is presumed reasonable only up to 12% of the monthly rent ($180)')
    expect(levels('TX', { monthlyRentCents: 150_000, lateFeeCents: 18_000, unitsInBuilding: 2 })).toEqual([])
    expect(levels('TX', { monthlyRentCents: 150_000, lateFeeCents: 16_000 })).toEqual([{ rule: 'late-fee', level: 'warn' }])
  })

  it('warns where the table does not know the late-fee rules', () => {
    const findings = checkLeaseTerms('IL', terms({ lateFeeCents: 50_000, lateFeeGraceDays: 0 })).findings
    expect(findings).toEqual([
      {
        rule: 'late-fee',
        level: 'warn',
        message: `We do not have Illinois's late-fee rules in our table yet: check your state's law. ${NOT_LEGAL_ADVICE}`,
        citation: null,
      },
    ])
  })

  it('refuses a deposit over a months cap with the deposit check’s message', () => {
    const findings = checkLeaseTerms('MD', terms({ depositCents: 200_001 })).findings
    expect(findings).toEqual([
      {
        rule: 'deposit',
        level: 'refuse',
        message:
          "A deposit in Maryland may be at most one month's rent ($2,000): Md. Code, Real Prop. § 8-203(b). This is not legal advice.",
        citation: 'Md. Code, Real Prop. § 8-203(b)',
      },
    ])
    expect(levels('PA', { depositCents: 400_000 })).toEqual([])
    expect(levels('PA', { depositCents: 400_001 })).toEqual([{ rule: 'deposit', level: 'refuse' }])
    expect(levels('TX', { depositCents: 2_000_000 })).toEqual([])
  })

  it('warns instead of refusing a deposit a fact we were not given could allow', () => {
    expect(levels('CA', { depositCents: 400_000 })).toEqual([{ rule: 'deposit', level: 'warn' }])
    expect(levels('CA', { depositCents: 400_000, smallLandlord: false })).toEqual([{ rule: 'deposit', level: 'refuse' }])
    expect(levels('CA', { depositCents: 400_000, smallLandlord: true })).toEqual([])
    expect(levels('CA', { depositCents: 400_001 })).toEqual([{ rule: 'deposit', level: 'refuse' }])
    const warning = checkLeaseTerms('CA', terms({ depositCents: 400_000 })).findings[0]
    expect(warning?.message).toContain('depending on facts we were not given')
    expect(warning?.message.endsWith(NOT_LEGAL_ADVICE)).toBe(true)
  })

  it('warns where the table does not know the deposit limit', () => {
    const findings = checkLeaseTerms('AR', terms({ depositCents: 900_000 })).findings
    expect(findings.map(({ rule, level }) => ({ rule, level }))).toEqual([{ rule: 'deposit', level: 'warn' }])
  })

  it('requires the lead-paint disclosure for a home built in 1977, not in 1978, and warns when the year is unknown', () => {
    const built1977 = checkLeaseTerms('PA', terms({ yearBuilt: 1977 }))
    expect(built1977.disclosures).toEqual([LEAD_PAINT_DISCLOSURE])
    expect(built1977.findings).toEqual([])
    const built1978 = checkLeaseTerms('PA', terms({ yearBuilt: 1978 }))
    expect(built1978.disclosures).toEqual([])
    const unknownYear = checkLeaseTerms('PA', terms({ yearBuilt: null }))
    expect(unknownYear.disclosures).toEqual([])
    expect(unknownYear.findings).toEqual([
      expect.objectContaining({ rule: 'federal-lead-based-paint', level: 'warn', citation: LEAD_PAINT_DISCLOSURE.citation }),
    ])
    expect(unknownYear.findings[0]?.message).toContain('if before 1978')
  })

  it('lists the state’s own disclosures, the late-fee terms in DC only when there is a late fee', () => {
    const ids = (state: StateCode, overrides: Partial<LeaseTerms> = {}) =>
      checkLeaseTerms(state, terms(overrides)).disclosures.map((d) => d.id)
    expect(ids('NY', { yearBuilt: 1950 })).toEqual(['federal-lead-based-paint', 'ny-sprinkler-notice', 'ny-flood-notice'])
    expect(ids('MD')).toEqual(['md-tenants-bill-of-rights', 'md-security-deposit-receipt'])
    expect(ids('TX')).toEqual(['tx-floodplain-notice'])
    expect(ids('DE')).toEqual(['de-landlord-tenant-code-summary'])
    expect(ids('DC')).toEqual([])
    expect(ids('DC', { lateFeeCents: 1_000 })).toEqual(['dc-late-fee-terms'])
    expect(ids('IL')).toEqual([])
  })

  it('refuses input that is not whole cents or whole days, and a state it does not have', () => {
    expect(() => checkLeaseTerms('NY', terms({ lateFeeCents: 1.5 }))).toThrow(RangeError)
    expect(() => checkLeaseTerms('NY', terms({ lateFeeGraceDays: -1 }))).toThrow(RangeError)
    expect(() => checkLeaseTerms('NY', terms({ depositCents: -1 }))).toThrow(RangeError)
    expect(() => checkLeaseTerms('PR' as StateCode, terms())).toThrow(RangeError)
  })
})
