/* eslint-disable max-lines -- one table of every state's deposit rules on purpose, reviewed as one against the statutes it cites */
// The rules of the 50 states and the District of Columbia that the leasing pages apply (DESIGN.md §9):
// each value carries its citation and the date it took effect; pages warn or refuse from it and say it
// is not legal advice. Only what we could state precisely is here; the rest is `unknown`, and the page
// then warns instead of refusing. Reviewed 2026-11-29 (STATE_RULES_REVIEWED).
import { US_STATE_NAMES } from '#common/cooper/states.ts'

export const NOT_LEGAL_ADVICE = 'This is not legal advice.'

/** When the table was last read against the statutes it cites. */
export const STATE_RULES_REVIEWED = '2026-11-29'

// A grid of codes reads better than one a line.
// prettier-ignore
export const STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const

export type StateCode = (typeof STATE_CODES)[number]

/** `none`: the statute sets no cap. `unknown`: not in our table yet, so pages warn instead of refusing. */
export type DepositLimit = { kind: 'months'; months: number } | { kind: 'none' } | { kind: 'unknown' }

/** A fact a variant of a state's limit depends on; the caller may not know it. */
export type DepositCondition =
  | { fact: 'furnished'; is: boolean }
  /** The landlord meets that state's definition of a small landlord (given in the variant's note). */
  | { fact: 'smallLandlord'; is: boolean }
  | { fact: 'tenantAged62OrOlder'; is: boolean }
  | { fact: 'monthlyRentAboveCents'; cents: number }

export interface DepositVariant {
  when: DepositCondition
  limit: DepositLimit
  citation: string
  note: string
}

export interface DepositReturnDeadline {
  days: number
  /** Counted in business days (weekends and legal holidays left out) rather than calendar days. */
  isBusinessDays: boolean
  citation: string
  note: string | null
}

export interface StateRule {
  state: StateCode
  /** The limit when no variant applies. */
  deposit: DepositLimit
  /** Checked in order; the first whose condition holds replaces `deposit`. */
  variants: readonly DepositVariant[]
  citation: string | null
  /** ISO date the current rule took effect; null where we have not confirmed it. */
  effective: string | null
  note: string | null
  /** How long the landlord has to return the deposit after the tenancy ends; null where we are not sure. */
  depositReturn: DepositReturnDeadline | null
}

type RuleFields = Omit<StateRule, 'state' | 'variants' | 'effective' | 'note' | 'depositReturn'> &
  Partial<Pick<StateRule, 'variants' | 'effective' | 'note' | 'depositReturn'>>

const months = (count: number): DepositLimit => ({ kind: 'months', months: count })
const NO_CAP: DepositLimit = { kind: 'none' }
const NOT_IN_TABLE = "Not in our table yet: check your state's law"

function returnWithin(days: number, citation: string, note: string | null = null): DepositReturnDeadline {
  return { days, isBusinessDays: false, citation, note }
}

const unknown: RuleFields = { deposit: { kind: 'unknown' }, citation: null, note: NOT_IN_TABLE }

const RULES: Record<StateCode, RuleFields> = {
  AL: {
    deposit: months(1),
    citation: 'Ala. Code § 35-9A-201(a)',
    effective: '2007-01-01',
    note: "Separate deposits for pets, alterations or an activity that increases the landlord's liability are allowed.",
    depositReturn: returnWithin(60, 'Ala. Code § 35-9A-201'),
  },
  AK: {
    deposit: months(2),
    variants: [
      {
        when: { fact: 'monthlyRentAboveCents', cents: 200_000 },
        limit: NO_CAP,
        citation: 'Alaska Stat. § 34.03.070(a)',
        note: 'The cap does not apply when the rent is more than $2,000 a month.',
      },
    ],
    citation: 'Alaska Stat. § 34.03.070(a)',
    depositReturn: returnWithin(
      14,
      'Alaska Stat. § 34.03.070(g)',
      '30 days when the tenant did not give the notice to end the tenancy that the law requires.',
    ),
  },
  AZ: {
    deposit: months(1.5),
    citation: 'Ariz. Rev. Stat. § 33-1321(A)',
    note: 'Prepaid rent counts toward the cap, unless the tenant pays it voluntarily.',
    depositReturn: { days: 14, isBusinessDays: true, citation: 'Ariz. Rev. Stat. § 33-1321(D)', note: null },
  },
  // Arkansas's cap and its exemption for small landlords were reworked by 2025 legislation we have not confirmed.
  AR: unknown,
  CA: {
    deposit: months(1),
    variants: [
      {
        when: { fact: 'smallLandlord', is: true },
        limit: months(2),
        citation: 'Cal. Civ. Code § 1950.5(c)',
        note: "A natural person (or an LLC or family trust of natural persons) owning no more than two residential rental properties with four units in all may take two months' rent, except from a service member.",
      },
    ],
    citation: 'Cal. Civ. Code § 1950.5(c)',
    effective: '2024-07-01',
    note: 'Furnished or not (AB 12). When we do not know whether the landlord is a small landlord, we apply one month.',
    depositReturn: returnWithin(21, 'Cal. Civ. Code § 1950.5(g)(1)'),
  },
  // Colorado's 2023 tenant-protection law (SB 23-184) may set a statewide cap; not confirmed, so not applied.
  CO: unknown,
  CT: {
    deposit: months(2),
    variants: [
      {
        when: { fact: 'tenantAged62OrOlder', is: true },
        limit: months(1),
        citation: 'Conn. Gen. Stat. § 47a-21(b)',
        note: "One month's rent when the tenant is 62 or older.",
      },
    ],
    citation: 'Conn. Gen. Stat. § 47a-21(b)',
    note: "When we do not know the tenant's age, we apply one month.",
  },
  DE: {
    deposit: months(1),
    citation: 'Del. Code tit. 25, § 5514(a)',
    note: "One month's rent for leases of a year or more; some other tenancies differ, and we apply one month to all.",
    depositReturn: returnWithin(20, 'Del. Code tit. 25, § 5514'),
  },
  DC: {
    deposit: months(1),
    citation: 'D.C. Code § 42-3502.17(a)',
    depositReturn: returnWithin(45, '14 DCMR § 309.1'),
  },
  FL: {
    deposit: NO_CAP,
    citation: 'Fla. Stat. § 83.49',
    depositReturn: returnWithin(15, 'Fla. Stat. § 83.49(3)(a)', 'Within 30 days when the landlord claims part of it, by written notice.'),
  },
  // Georgia's Safe at Home Act (2024) may cap deposits; we have not confirmed its section, so not applied.
  GA: unknown,
  HI: {
    deposit: months(1),
    citation: 'Haw. Rev. Stat. § 521-44(b)',
    note: "A separate pet deposit of up to one more month's rent is allowed.",
    depositReturn: returnWithin(14, 'Haw. Rev. Stat. § 521-44(c)'),
  },
  ID: {
    deposit: NO_CAP,
    citation: 'Idaho Code § 6-321',
    depositReturn: returnWithin(21, 'Idaho Code § 6-321', 'Up to 30 days when the lease says so.'),
  },
  IL: {
    deposit: NO_CAP,
    citation: '765 ILCS 710',
    note: 'No statewide cap; some cities (e.g. Chicago) have their own rules.',
    depositReturn: returnWithin(45, '765 ILCS 710/1', 'Applies to buildings of five or more units.'),
  },
  IN: {
    deposit: NO_CAP,
    citation: 'Ind. Code § 32-31-3',
    depositReturn: returnWithin(45, 'Ind. Code § 32-31-3-12'),
  },
  IA: {
    deposit: months(2),
    citation: 'Iowa Code § 562A.12(1)',
    depositReturn: returnWithin(30, 'Iowa Code § 562A.12(3)'),
  },
  KS: {
    deposit: months(1),
    variants: [
      {
        when: { fact: 'furnished', is: true },
        limit: months(1.5),
        citation: 'Kan. Stat. § 58-2550(a)',
        note: "One and a half months' rent for a furnished home.",
      },
    ],
    citation: 'Kan. Stat. § 58-2550(a)',
    note: 'A pet deposit of up to half a month more is allowed. When we do not know whether the home is furnished, we apply one month.',
    depositReturn: returnWithin(30, 'Kan. Stat. § 58-2550'),
  },
  KY: { deposit: NO_CAP, citation: 'Ky. Rev. Stat. § 383.580' },
  LA: { deposit: NO_CAP, citation: 'La. Rev. Stat. § 9:3251' },
  ME: {
    deposit: months(2),
    citation: 'Me. Rev. Stat. tit. 14, § 6032',
    depositReturn: returnWithin(21, 'Me. Rev. Stat. tit. 14, § 6033', '21 days for a tenancy at will; 30 days under a written lease.'),
  },
  MD: {
    deposit: months(1),
    citation: 'Md. Code, Real Prop. § 8-203(b)',
    effective: '2024-10-01',
    note: "Renters' Rights and Stabilization Act of 2024 (two months' rent before). Up to two months only when the tenant qualified for utility assistance, pays utilities to the landlord and both agree in writing; we apply one month.",
    depositReturn: returnWithin(45, 'Md. Code, Real Prop. § 8-203(e)'),
  },
  MA: {
    deposit: months(1),
    citation: 'Mass. Gen. Laws ch. 186, § 15B(1)(b)',
    note: "Besides the deposit, only first and last month's rent and the cost of a new lock may be taken at the start.",
    depositReturn: returnWithin(30, 'Mass. Gen. Laws ch. 186, § 15B(4)'),
  },
  MI: { deposit: months(1.5), citation: 'Mich. Comp. Laws § 554.602' },
  MN: {
    deposit: NO_CAP,
    citation: 'Minn. Stat. § 504B.178',
    depositReturn: returnWithin(21, 'Minn. Stat. § 504B.178, subd. 3'),
  },
  MS: {
    deposit: NO_CAP,
    citation: 'Miss. Code § 89-8-21',
    depositReturn: returnWithin(45, 'Miss. Code § 89-8-21'),
  },
  MO: {
    deposit: months(2),
    citation: 'Mo. Rev. Stat. § 535.300.1',
    depositReturn: returnWithin(30, 'Mo. Rev. Stat. § 535.300'),
  },
  MT: { deposit: NO_CAP, citation: 'Mont. Code Ann. tit. 70, ch. 25' },
  NE: {
    deposit: months(1),
    citation: 'Neb. Rev. Stat. § 76-1416(1)',
    note: "A pet deposit of up to a quarter of a month's rent more is allowed.",
    depositReturn: returnWithin(14, 'Neb. Rev. Stat. § 76-1416(2)'),
  },
  NV: {
    deposit: months(3),
    citation: 'Nev. Rev. Stat. § 118A.242',
    note: 'The cap covers the deposit and any surety bond together.',
    depositReturn: returnWithin(30, 'Nev. Rev. Stat. § 118A.242'),
  },
  NH: {
    deposit: months(1),
    citation: 'N.H. Rev. Stat. § 540-A:6',
    note: "One month's rent or $100, whichever is more; some owner-occupied buildings are exempt, and we apply the cap to all.",
    depositReturn: returnWithin(30, 'N.H. Rev. Stat. § 540-A:7'),
  },
  NJ: {
    deposit: months(1.5),
    citation: 'N.J. Stat. § 46:8-21.2',
    note: 'Owner-occupied buildings of two units or fewer may be exempt; we apply the cap to all.',
    depositReturn: returnWithin(30, 'N.J. Stat. § 46:8-21.1'),
  },
  NM: {
    deposit: months(1),
    citation: 'N.M. Stat. § 47-8-18(A)',
    note: "One month's rent for a lease shorter than a year; for a year or more a larger deposit earns interest. When we do not know the term, we apply one month.",
    depositReturn: returnWithin(30, 'N.M. Stat. § 47-8-18(C)'),
  },
  NY: {
    deposit: months(1),
    citation: 'N.Y. Gen. Oblig. Law § 7-108(1-a)(a)',
    effective: '2019-06-14',
    note: 'Housing Stability and Tenant Protection Act of 2019.',
    depositReturn: returnWithin(14, 'N.Y. Gen. Oblig. Law § 7-108(1-a)(e)'),
  },
  NC: {
    deposit: months(1.5),
    citation: 'N.C. Gen. Stat. § 42-51',
    note: "One and a half months' rent for a month-to-month tenancy, two months' for a longer term, two weeks' for week-to-week. When we do not know the term, we apply one and a half months.",
    depositReturn: returnWithin(30, 'N.C. Gen. Stat. § 42-52'),
  },
  ND: {
    deposit: months(1),
    citation: 'N.D. Cent. Code § 47-16-07.1',
    note: 'Larger deposits are allowed for pets and in some other cases the statute names; we apply one month.',
    depositReturn: returnWithin(30, 'N.D. Cent. Code § 47-16-07.1'),
  },
  OH: {
    deposit: NO_CAP,
    citation: 'Ohio Rev. Code § 5321.16',
    depositReturn: returnWithin(30, 'Ohio Rev. Code § 5321.16(B)'),
  },
  OK: { deposit: NO_CAP, citation: 'Okla. Stat. tit. 41, § 115' },
  OR: {
    deposit: NO_CAP,
    citation: 'Or. Rev. Stat. § 90.300',
    depositReturn: returnWithin(31, 'Or. Rev. Stat. § 90.300'),
  },
  PA: {
    deposit: months(2),
    citation: '68 Pa. Stat. § 250.511a',
    note: "Two months' rent during the first year of the tenancy; from the second year the landlord may hold at most one month's.",
    depositReturn: returnWithin(30, '68 Pa. Stat. § 250.512'),
  },
  RI: {
    deposit: months(1),
    citation: 'R.I. Gen. Laws § 34-18-19(a)',
    depositReturn: returnWithin(20, 'R.I. Gen. Laws § 34-18-19(b)'),
  },
  SC: {
    deposit: NO_CAP,
    citation: 'S.C. Code § 27-40-410',
    depositReturn: returnWithin(30, 'S.C. Code § 27-40-410'),
  },
  SD: {
    deposit: months(1),
    citation: 'S.D. Codified Laws § 43-32-6.1',
    note: 'More is allowed where special conditions of the tenancy justify it; we apply one month.',
    depositReturn: returnWithin(14, 'S.D. Codified Laws § 43-32-24', 'Up to 45 days to give the itemized list of what is kept.'),
  },
  TN: { deposit: NO_CAP, citation: 'Tenn. Code § 66-28-301' },
  TX: {
    deposit: NO_CAP,
    citation: 'Tex. Prop. Code ch. 92, subch. C',
    depositReturn: returnWithin(30, 'Tex. Prop. Code § 92.103(a)'),
  },
  UT: {
    deposit: NO_CAP,
    citation: 'Utah Code § 57-17-3',
    depositReturn: returnWithin(30, 'Utah Code § 57-17-3'),
  },
  VT: {
    deposit: NO_CAP,
    citation: 'Vt. Stat. tit. 9, § 4461',
    depositReturn: returnWithin(14, 'Vt. Stat. tit. 9, § 4461', '60 days for a seasonal rental.'),
  },
  VA: {
    deposit: months(2),
    citation: 'Va. Code § 55.1-1226(A)',
    depositReturn: returnWithin(45, 'Va. Code § 55.1-1226'),
  },
  WA: {
    deposit: NO_CAP,
    citation: 'Wash. Rev. Code § 59.18.260',
    note: 'No statewide cap; some cities (e.g. Seattle) have their own.',
  },
  WV: { deposit: NO_CAP, citation: 'W. Va. Code § 37-6A-1' },
  WI: {
    deposit: NO_CAP,
    citation: 'Wis. Stat. § 704.28',
    depositReturn: returnWithin(21, 'Wis. Stat. § 704.28(4)'),
  },
  WY: { deposit: NO_CAP, citation: 'Wyo. Stat. § 1-21-1208' },
}

export const STATE_RULES: Readonly<Record<StateCode, StateRule>> = Object.fromEntries(
  STATE_CODES.map((state) => {
    const { variants = [], effective = null, note = null, depositReturn = null, ...fields } = RULES[state]
    return [state, { state, ...fields, variants, effective, note, depositReturn }]
  }),
) as Record<StateCode, StateRule>

export function isStateCode(value: string): value is StateCode {
  return (STATE_CODES as readonly string[]).includes(value)
}

export function stateRule(state: StateCode): StateRule {
  const rule = STATE_RULES[state] as StateRule | undefined
  if (!rule) throw new RangeError(`Not a state or DC postal code: ${String(state)}`)
  return rule
}

export interface DepositFacts {
  state: StateCode
  monthlyRentCents: number
  /** Left out when unknown: the stricter of the possible limits applies. */
  furnished?: boolean
  smallLandlord?: boolean
  tenantAged62OrOlder?: boolean
}

export interface DepositLimitResult {
  /** The most the landlord may take, in cents; null when there is no cap or we do not know it. */
  limitCents: number | null
  rule: StateRule
  /** The limit that applies to these facts (the state's, or one of its variants) and its citation. */
  applied: { limit: DepositLimit; citation: string | null }
}

/** Whether a condition holds for these facts: true, false, or null when the fact is unknown. */
function conditionHolds(when: DepositCondition, facts: DepositFacts): boolean | null {
  if (when.fact === 'monthlyRentAboveCents') return facts.monthlyRentCents > when.cents
  const known = facts[when.fact]
  return known === undefined ? null : known === when.is
}

function limitInCents(limit: DepositLimit, monthlyRentCents: number): number {
  if (limit.kind === 'months') return Math.floor(limit.months * monthlyRentCents)
  return Number.POSITIVE_INFINITY
}

function assertCents(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of cents, not ${value}`)
}

export function depositLimitCents(facts: DepositFacts): DepositLimitResult {
  assertCents('monthlyRentCents', facts.monthlyRentCents)
  const rule = stateRule(facts.state)
  // Every limit that could apply given what we know; an unknown fact keeps both of its branches open.
  const possible: DepositLimitResult['applied'][] = []
  let isSettled = false
  for (const variant of rule.variants) {
    const holds = conditionHolds(variant.when, facts)
    if (holds === false) continue
    possible.push({ limit: variant.limit, citation: variant.citation })
    if (holds) {
      isSettled = true
      break
    }
  }
  if (!isSettled) possible.push({ limit: rule.deposit, citation: rule.citation })
  const applied = possible.reduce((strictest, candidate) =>
    limitInCents(candidate.limit, facts.monthlyRentCents) < limitInCents(strictest.limit, facts.monthlyRentCents) ? candidate : strictest,
  )
  const limitCents = applied.limit.kind === 'months' ? limitInCents(applied.limit, facts.monthlyRentCents) : null
  return { limitCents, rule, applied }
}

export type DepositCheck = { ok: true; warning?: string } | { ok: false; message: string }

/**
 * Whether a deposit is within the state's limit. Over a known cap: refused, with the limit in dollars and
 * its citation. A state not in our table: accepted with a warning, since we cannot tell.
 */
export function checkDeposit(facts: DepositFacts & { depositCents: number }): DepositCheck {
  assertCents('depositCents', facts.depositCents)
  const { limitCents, applied } = depositLimitCents(facts)
  const name = US_STATE_NAMES[facts.state] ?? facts.state
  if (applied.limit.kind === 'unknown') {
    return { ok: true, warning: `We do not have ${name}'s deposit limit in our table yet: check your state's law. ${NOT_LEGAL_ADVICE}` }
  }
  if (applied.limit.kind === 'none' || limitCents === null || facts.depositCents <= limitCents) return { ok: true }
  return {
    ok: false,
    message: `A deposit in ${name} may be at most ${monthsOfRent(applied.limit.months)} (${formatDollars(limitCents)}): ${applied.citation}. ${NOT_LEGAL_ADVICE}`,
  }
}

const MONTHS_IN_WORDS: Readonly<Record<number, string>> = {
  1: "one month's rent",
  1.5: "one and a half months' rent",
  2: "two months' rent",
  3: "three months' rent",
}

/** A limit in words: "one month's rent", "one and a half months' rent". */
export function monthsOfRent(count: number): string {
  return MONTHS_IN_WORDS[count] ?? `${count} months' rent`
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const exactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Dollars from cents: "$2,400" when whole, "$2,400.50" otherwise. */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : exactDollars.format(cents / 100)
}
