// Late fees and required disclosures by state, beside the deposit rules of state-rules.ts (DESIGN.md §9):
// each value carries its citation and the date it took effect where we confirmed it. Only what we could
// state precisely is here; the rest is `unknown`, and the lease form then warns instead of
// refusing. The check of a lease's terms against these tables is lease-check.ts.
// Reviewed 2026-11-29 (STATE_RULES_REVIEWED).
import { formatDollars, STATE_CODES, stateRule, type StateCode } from './state-rules.ts'

/**
 * The most a late fee may be. `cap`: a percent of the monthly rent and/or a fixed amount (both given: whichever
 * is less). `presumed`: a figure the statute presumes reasonable; above it the landlord must justify the fee, so
 * the form warns rather than refuses. `none`: the statute sets no cap. `unknown`: not in our table yet.
 */
export type LateFeeCap =
  { kind: 'cap' | 'presumed'; percentOfRent: number | null; fixedCents: number | null } | { kind: 'none' } | { kind: 'unknown' }

/** A cap that depends on the size of the building (Texas). */
export interface LateFeeVariant {
  when: { fact: 'unitsInBuildingAbove'; units: number }
  cap: LateFeeCap
  citation: string
  note: string
}

export interface LateFeeRule {
  state: StateCode
  /** The cap when no variant applies. */
  cap: LateFeeCap
  variants: readonly LateFeeVariant[]
  /** Whole days after the due date during which no late fee may be charged; null where the law sets none or we do not know. */
  graceDays: number | null
  /** More days of grace when the landlord keeps no place in the county where rent can be paid (Delaware). */
  extraGraceDaysWithoutLocalOffice: number | null
  citation: string | null
  /** ISO date the current rule took effect; null where we have not confirmed it. */
  effective: string | null
  note: string | null
}

type LateFeeFields = Pick<LateFeeRule, 'cap' | 'citation'> &
  Partial<Pick<LateFeeRule, 'variants' | 'graceDays' | 'extraGraceDaysWithoutLocalOffice' | 'effective' | 'note'>>

const NOT_IN_TABLE = "Not in our table yet: check your state's law"
const unknownLateFee: LateFeeFields = { cap: { kind: 'unknown' }, citation: null, note: NOT_IN_TABLE }

const percent = (value: number): LateFeeCap => ({ kind: 'cap', percentOfRent: value, fixedCents: null })

const LATE_FEES: Partial<Record<StateCode, LateFeeFields>> = {
  DE: {
    cap: percent(5),
    graceDays: 5,
    extraGraceDaysWithoutLocalOffice: 3,
    citation: 'Del. Code tit. 25, § 5501(d)',
    note: 'A landlord who keeps no office or other place in the county where rent can be paid gives 3 more days.',
  },
  DC: {
    cap: percent(5),
    graceDays: 5,
    citation: 'D.C. Code § 42-3505.31',
    effective: '2016-12-08',
    note: 'The lease must state the grace period and the most the fee may be; it may be charged once per late payment and is never grounds for eviction (14 DCMR § 4306).',
  },
  IL: { ...unknownLateFee, note: `${NOT_IN_TABLE}. Chicago and Cook County cap late fees by ordinance.` },
  MD: {
    cap: percent(5),
    citation: 'Md. Code, Real Prop. § 8-208(d)(3)',
    note: 'Of the rent due for the period; for rent paid weekly, $3 a week and at most $12 a month. The statute sets no grace period.',
  },
  NY: {
    cap: { kind: 'cap', percentOfRent: 5, fixedCents: 5_000 },
    graceDays: 5,
    citation: 'N.Y. Real Prop. Law § 238-a(2)',
    effective: '2019-06-14',
    note: 'Housing Stability and Tenant Protection Act of 2019.',
  },
  PA: {
    cap: { kind: 'none' },
    citation: 'Landlord and Tenant Act of 1951, 68 Pa. Stat. § 250.101 et seq.',
    note: 'No statutory cap or grace period; a court may refuse a fee that is a penalty rather than a reasonable estimate of the loss.',
  },
  TX: {
    cap: { kind: 'presumed', percentOfRent: 12, fixedCents: null },
    variants: [
      {
        when: { fact: 'unitsInBuildingAbove', units: 4 },
        cap: { kind: 'presumed', percentOfRent: 10, fixedCents: null },
        citation: 'Tex. Prop. Code § 92.019(a-1)(1)(B)',
        note: '10% of the rent in a building of more than four units.',
      },
    ],
    graceDays: 2,
    citation: 'Tex. Prop. Code § 92.019',
    effective: '2019-09-01',
    note: "A fee within 12% of the rent (10% in a building of more than four units) is reasonable; a larger one must not exceed the landlord's uncertain damages. The fee must be in a written lease (S.B. 1414, 2019).",
  },
}

export const LATE_FEE_RULES: Readonly<Record<StateCode, LateFeeRule>> = Object.fromEntries(
  STATE_CODES.map((state) => {
    const {
      variants = [],
      graceDays = null,
      extraGraceDaysWithoutLocalOffice = null,
      effective = null,
      note = null,
      ...fields
    } = LATE_FEES[state] ?? unknownLateFee
    return [state, { state, ...fields, variants, graceDays, extraGraceDaysWithoutLocalOffice, effective, note }]
  }),
) as Record<StateCode, LateFeeRule>

/** A cap in words: "$50 or 5% of the monthly rent, whichever is less". */
export function lateFeeCapText(cap: LateFeeCap): string {
  if (cap.kind === 'none') return 'no statutory cap'
  if (cap.kind === 'unknown') return 'not in our table yet'
  const parts = [
    cap.fixedCents === null ? null : formatDollars(cap.fixedCents),
    cap.percentOfRent === null ? null : `${cap.percentOfRent}% of the monthly rent`,
  ]
  const text = parts.filter((part) => part !== null).join(' or ')
  return cap.fixedCents !== null && cap.percentOfRent !== null ? `${text}, whichever is less` : text
}

/** What the lease must disclose, and when. */
export interface Disclosure {
  id: string
  title: string
  /** What must be disclosed or given, in plain words. */
  text: string
  citation: string
  effective: string | null
  /** `builtBefore1978`: only housing built before 1978; `lateFee`: only when the lease charges a late fee. */
  appliesWhen: 'always' | 'builtBefore1978' | 'lateFee'
  note: string | null
}

export const LEAD_PAINT_DISCLOSURE: Disclosure = {
  id: 'federal-lead-based-paint',
  title: 'Lead-based paint disclosure',
  text: 'Before the tenant signs, disclose any known lead-based paint or lead-based paint hazards and give the records and reports available, give the EPA pamphlet "Protect Your Family From Lead in Your Home", and attach the Lead Warning Statement with both parties\' signed acknowledgement to the lease.',
  citation: '42 U.S.C. § 4852d; 40 CFR part 745, subpart F; 24 CFR part 35, subpart A',
  effective: '1996-12-06',
  appliesWhen: 'builtBefore1978',
  note: 'For owners of more than four dwellings, since 1996-09-06. Exempt: leases of 100 days or less, units with no separate bedroom, housing for the elderly or disabled (unless a child under 6 lives there) and housing certified free of lead-based paint.',
}

const STATE_DISCLOSURES: Partial<Record<StateCode, readonly Disclosure[]>> = {
  DE: [
    {
      id: 'de-landlord-tenant-code-summary',
      title: 'Summary of the Landlord-Tenant Code',
      text: "Give the tenant the summary of Delaware's Residential Landlord-Tenant Code prepared by the Attorney General's office at the beginning of the rental term.",
      citation: 'Del. Code tit. 25, § 5118',
      effective: null,
      appliesWhen: 'always',
      note: null,
    },
  ],
  DC: [
    {
      id: 'dc-late-fee-terms',
      title: 'Late fee terms',
      text: 'A lease that charges a late fee must state the grace period and the most the late fee may be.',
      citation: 'D.C. Code § 42-3505.31(b)(1); 14 DCMR § 4306.1',
      effective: '2016-12-08',
      appliesWhen: 'lateFee',
      note: null,
    },
  ],
  MD: [
    {
      id: 'md-tenants-bill-of-rights',
      title: "Maryland Tenants' Bill of Rights",
      text: "Include in the lease a copy of the most current Maryland Tenants' Bill of Rights published by the Office of Tenant and Landlord Affairs.",
      citation: 'Md. Code, Real Prop. § 8-208(c)(4)',
      effective: '2025-07-01',
      appliesWhen: 'always',
      note: "Renters' Rights and Stabilization Act of 2024; the Office updates it every year.",
    },
    {
      id: 'md-security-deposit-receipt',
      title: 'Security deposit receipt',
      text: "Include in the lease a receipt for the security deposit that tells the tenant of the rights the statute lists (an inspection at the start and end of the tenancy, and the deposit's return).",
      citation: 'Md. Code, Real Prop. §§ 8-208(c)(3), 8-203.1',
      effective: null,
      appliesWhen: 'always',
      note: null,
    },
  ],
  NY: [
    {
      id: 'ny-sprinkler-notice',
      title: 'Sprinkler system notice',
      text: 'State in bold type whether the leased premises have a maintained and operative sprinkler system and, if they do, the date it was last maintained and inspected.',
      citation: 'N.Y. Real Prop. Law § 231-a',
      effective: '2014-12-03',
      appliesWhen: 'always',
      note: null,
    },
    {
      id: 'ny-flood-notice',
      title: 'Flood history and risk notice',
      text: "State whether the premises lie in a FEMA floodplain, in the Special Flood Hazard Area (100-year floodplain) or in a Moderate Risk Flood Hazard Area (500-year floodplain), any flood damage from a natural flood the landlord knows or should know of, and the statute's notice that renters can buy flood insurance through the National Flood Insurance Program.",
      citation: 'N.Y. Real Prop. Law § 231-b',
      effective: '2023-06-21',
      appliesWhen: 'always',
      note: null,
    },
  ],
  TX: [
    {
      id: 'tx-floodplain-notice',
      title: 'Floodplain and flooding notice',
      text: "In a written notice separate from the lease, at or before signing, state whether the landlord is aware that the dwelling is in a 100-year floodplain and whether it has flooded in the last five years, with the statute's wording.",
      citation: 'Tex. Prop. Code § 92.0135',
      effective: '2022-01-01',
      appliesWhen: 'always',
      note: 'Not required for a lease of less than 30 days (from 2023-09-01).',
    },
  ],
}

/** The disclosures a state's leases carry, the federal ones first. */
export function disclosuresFor(state: StateCode): readonly Disclosure[] {
  stateRule(state)
  return [LEAD_PAINT_DISCLOSURE, ...(STATE_DISCLOSURES[state] ?? [])]
}
