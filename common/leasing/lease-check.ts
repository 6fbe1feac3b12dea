// The lease form's check of its terms against the state's rules (DESIGN.md §9): the deposit limits of
// state-rules.ts and the late fees and disclosures of lease-rules.ts. Pure, so the browser form and the server
// give the same answer.
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { LEAD_PAINT_CUTOFF_YEAR, needsLeadPaintDisclosure } from './lead-paint.ts'
import { disclosuresFor, LATE_FEE_RULES, LEAD_PAINT_DISCLOSURE, lateFeeCapText, type Disclosure, type LateFeeCap } from './lease-rules.ts'
import {
  checkDeposit,
  depositLimitCents,
  formatDollars,
  NOT_LEGAL_ADVICE,
  stateRule,
  type DepositFacts,
  type StateCode,
} from './state-rules.ts'

export interface LeaseTerms {
  monthlyRentCents: number
  depositCents: number
  /** 0 when the lease charges no late fee. */
  lateFeeCents: number
  /** Whole days after the due date before the late fee may be charged. */
  lateFeeGraceDays: number
  yearBuilt: number | null
  /** Left out when unknown: the stricter figure applies, and the form warns instead of refusing. */
  furnished?: boolean
  smallLandlord?: boolean
  tenantAged62OrOlder?: boolean
  unitsInBuilding?: number
  /** Whether the landlord keeps an office or other place in the county where rent can be paid. */
  hasLocalPaymentOffice?: boolean
}

export interface LeaseFinding {
  rule: string
  level: 'refuse' | 'warn'
  message: string
  citation: string | null
}

export interface LeaseCheck {
  findings: LeaseFinding[]
  /** The disclosures this lease must carry. */
  disclosures: Disclosure[]
}

/** The deposit check of state-rules.ts, refusing only when no value of an unknown fact would allow the deposit. */
function depositFindings(state: StateCode, terms: LeaseTerms): LeaseFinding[] {
  const facts: DepositFacts = {
    state,
    monthlyRentCents: terms.monthlyRentCents,
    furnished: terms.furnished,
    smallLandlord: terms.smallLandlord,
    tenantAged62OrOlder: terms.tenantAged62OrOlder,
  }
  const check = checkDeposit({ ...facts, depositCents: terms.depositCents })
  const { citation } = depositLimitCents(facts).applied
  if (check.ok) return check.warning ? [{ rule: 'deposit', level: 'warn', message: check.warning, citation }] : []
  const unknownFacts = (['furnished', 'smallLandlord', 'tenantAged62OrOlder'] as const).filter(
    (fact) => facts[fact] === undefined && stateRule(state).variants.some((variant) => variant.when.fact === fact),
  )
  const possibleFacts = unknownFacts.reduce<DepositFacts[]>(
    (all, fact) => all.flatMap((known) => [true, false].map((value) => ({ ...known, [fact]: value }))),
    [facts],
  )
  const couldBeAllowed = possibleFacts.some((known) => checkDeposit({ ...known, depositCents: terms.depositCents }).ok)
  if (!couldBeAllowed) return [{ rule: 'deposit', level: 'refuse', message: check.message, citation }]
  const message = `${check.message.replace(` ${NOT_LEGAL_ADVICE}`, '')} A larger deposit may be allowed depending on facts we were not given; check the note for your state. ${NOT_LEGAL_ADVICE}`
  return [{ rule: 'deposit', level: 'warn', message, citation }]
}

function capCents(cap: LateFeeCap, monthlyRentCents: number): number {
  if (cap.kind === 'none' || cap.kind === 'unknown') return Number.POSITIVE_INFINITY
  const byPercent = cap.percentOfRent === null ? Number.POSITIVE_INFINITY : Math.floor((monthlyRentCents * cap.percentOfRent) / 100)
  return Math.min(byPercent, cap.fixedCents ?? Number.POSITIVE_INFINITY)
}

export interface LateFeeLimit {
  /** The most the fee may be, in cents; null when there is no cap or we do not know it. */
  limitCents: number | null
  cap: LateFeeCap
  citation: string | null
  /** A fact the cap depends on (the size of the building) was not given, so the stricter figure applies. */
  isUncertain: boolean
}

export function lateFeeLimitCents(state: StateCode, terms: Pick<LeaseTerms, 'monthlyRentCents' | 'unitsInBuilding'>): LateFeeLimit {
  assertWhole('monthlyRentCents', terms.monthlyRentCents)
  const rule = LATE_FEE_RULES[stateRule(state).state]
  const possible = rule.variants.flatMap((variant): { cap: LateFeeCap; citation: string | null }[] => {
    if (terms.unitsInBuilding === undefined) return [{ cap: variant.cap, citation: variant.citation }]
    return terms.unitsInBuilding > variant.when.units ? [{ cap: variant.cap, citation: variant.citation }] : []
  })
  const isSettled = terms.unitsInBuilding !== undefined && possible.length > 0
  if (!isSettled) possible.push({ cap: rule.cap, citation: rule.citation })
  const applied = possible.reduce((strictest, candidate) =>
    capCents(candidate.cap, terms.monthlyRentCents) < capCents(strictest.cap, terms.monthlyRentCents) ? candidate : strictest,
  )
  const limit = capCents(applied.cap, terms.monthlyRentCents)
  const isUncertain = terms.unitsInBuilding === undefined && rule.variants.length > 0
  return { limitCents: Number.isFinite(limit) ? limit : null, cap: applied.cap, citation: applied.citation, isUncertain }
}

function lateFeeFindings(state: StateCode, terms: LeaseTerms): LeaseFinding[] {
  if (terms.lateFeeCents === 0) return []
  const rule = LATE_FEE_RULES[state]
  const name = US_STATE_NAMES[state] ?? state
  if (rule.cap.kind === 'unknown') {
    const message = `We do not have ${name}'s late-fee rules in our table yet: check your state's law. ${NOT_LEGAL_ADVICE}`
    return [{ rule: 'late-fee', level: 'warn', message, citation: null }]
  }
  const findings: LeaseFinding[] = []
  const { limitCents, cap, citation, isUncertain } = lateFeeLimitCents(state, terms)
  if (limitCents !== null && terms.lateFeeCents > limitCents) {
    const isPresumption = cap.kind === 'presumed'
    const verb = isPresumption ? 'is presumed reasonable only up to' : 'may be at most'
    const more = isPresumption ? ' A larger fee must not exceed your actual damages from the late payment.' : ''
    const unsure = isUncertain
      ? ' The limit depends on the size of the building, which we were not given, so the stricter figure applies.'
      : ''
    const message = `A late fee in ${name} ${verb} ${lateFeeCapText(cap)} (${formatDollars(limitCents)}): ${citation}.${more}${unsure} ${NOT_LEGAL_ADVICE}`
    findings.push({ rule: 'late-fee', level: isPresumption || isUncertain ? 'warn' : 'refuse', message, citation })
  }
  if (rule.graceDays !== null && terms.lateFeeGraceDays < rule.graceDays) {
    const message = `In ${name} a late fee may not be charged until the rent is more than ${rule.graceDays} days late: ${rule.citation}. ${NOT_LEGAL_ADVICE}`
    findings.push({ rule: 'late-fee-grace', level: 'refuse', message, citation: rule.citation })
  } else if (rule.graceDays !== null && rule.extraGraceDaysWithoutLocalOffice !== null && terms.hasLocalPaymentOffice !== true) {
    const required = rule.graceDays + rule.extraGraceDaysWithoutLocalOffice
    if (terms.lateFeeGraceDays < required) {
      const message = `In ${name}, a landlord without an office or other place in the county where rent can be paid gives ${rule.extraGraceDaysWithoutLocalOffice} more days, ${required} in all: ${rule.citation}. ${NOT_LEGAL_ADVICE}`
      const level = terms.hasLocalPaymentOffice === false ? 'refuse' : 'warn'
      findings.push({ rule: 'late-fee-grace', level, message, citation: rule.citation })
    }
  }
  return findings
}

function assertWhole(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number, not ${value}`)
}

/**
 * The lease form's check of its terms against the state's rules: `refuse` where the law leaves no choice, `warn`
 * where our table does not know or a fact the rule depends on was not given; and the disclosures the lease carries.
 */
export function checkLeaseTerms(state: StateCode, terms: LeaseTerms): LeaseCheck {
  assertWhole('lateFeeCents', terms.lateFeeCents)
  assertWhole('lateFeeGraceDays', terms.lateFeeGraceDays)
  const findings = [...depositFindings(state, terms), ...lateFeeFindings(state, terms)]
  const isOldHousing = needsLeadPaintDisclosure(terms.yearBuilt)
  if (terms.yearBuilt === null) {
    const message = `We do not know when this home was built: if before ${LEAD_PAINT_CUTOFF_YEAR}, the lease must carry the federal lead-based paint disclosure and the EPA pamphlet (${LEAD_PAINT_DISCLOSURE.citation}). ${NOT_LEGAL_ADVICE}`
    findings.push({ rule: LEAD_PAINT_DISCLOSURE.id, level: 'warn', message, citation: LEAD_PAINT_DISCLOSURE.citation })
  }
  const disclosures = disclosuresFor(state).filter((disclosure) => {
    if (disclosure.appliesWhen === 'builtBefore1978') return isOldHousing
    if (disclosure.appliesWhen === 'lateFee') return terms.lateFeeCents > 0
    return true
  })
  return { findings, disclosures }
}
