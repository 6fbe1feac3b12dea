// How an application meets a listing's published criteria, criterion by criterion: computed where a
// number or a date decides it, left to the landlord's judgement (`met: null`) where it does not. The
// same checks show on the landlord's review and on the renter's own page, so both read the same words.
import type { RenterProfile } from './profile.ts'
import { monthlyIncomeCents } from './profile.ts'
import type { CriteriaView, CriterionCheck } from './types.ts'
import type { PetPolicy } from './vocabulary.ts'

type Criteria = Pick<CriteriaView, 'incomeMultiple' | 'petPolicy' | 'maxOccupants' | 'moveInFrom' | 'moveInTo' | 'otherRequirements'>
type Profile = Pick<RenterProfile, 'employment' | 'otherIncome' | 'occupants' | 'pets'>

const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** Whole dollars from cents: `$4,200`. */
export const formatMonthlyDollars = (cents: number) => `$${dollars.format(Math.round(cents / 100))}`

/** Monthly income ÷ monthly rent to one decimal (3.46 → 3.5); null without a rent. */
export function incomeToRent(incomeCents: number, rentCents: number | null): number | null {
  if (!rentCents || rentCents <= 0) return null
  return Math.round((incomeCents / rentCents) * 10) / 10
}

const PET_POLICY_WORDS: Record<PetPolicy, string> = {
  none: 'no pets allowed',
  cats: 'cats allowed',
  dogs: 'dogs allowed',
  cats_and_dogs: 'cats and dogs allowed',
  any: 'pets allowed',
}

const PETS_ALLOWED: Record<PetPolicy, (kind: RenterProfile['pets'][number]['kind']) => boolean> = {
  none: () => false,
  cats: (kind) => kind === 'cat',
  dogs: (kind) => kind === 'dog',
  cats_and_dogs: (kind) => kind === 'cat' || kind === 'dog',
  any: () => true,
}

function countOf(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`
}

function petsWords(pets: Profile['pets']) {
  if (pets.length === 0) return 'no pets'
  const byKind = new Map<string, number>()
  for (const pet of pets) byKind.set(pet.kind, (byKind.get(pet.kind) ?? 0) + 1)
  const words: Record<string, [string, string]> = { cat: ['cat', 'cats'], dog: ['dog', 'dogs'], other: ['other pet', 'other pets'] }
  return [...byKind].map(([kind, count]) => countOf(count, ...(words[kind] ?? ['pet', 'pets']))).join(', ')
}

function checkIncome(multiple: number, profile: Profile, rentCents: number | null): CriterionCheck {
  const income = monthlyIncomeCents(profile)
  const ratio = incomeToRent(income, rentCents)
  const asks = `asks ${tenths.format(multiple)} ×`
  return {
    criterion: 'income',
    label: 'Income',
    met: ratio === null ? null : income >= Math.round(multiple * (rentCents ?? 0)),
    detail:
      ratio === null
        ? `${formatMonthlyDollars(income)} a month; ${asks} the rent`
        : `${formatMonthlyDollars(income)} a month, ${tenths.format(ratio)} × the rent; ${asks}`,
  }
}

function checkPets(policy: PetPolicy, pets: Profile['pets']): CriterionCheck {
  return {
    criterion: 'pets',
    label: 'Pets',
    met: pets.every((pet) => PETS_ALLOWED[policy](pet.kind)),
    detail: `Has ${petsWords(pets)}; ${PET_POLICY_WORDS[policy]}`,
  }
}

/** Who else moves in with the applicant: the co-applicants who joined and the occupants they list. */
export type CoHousehold = { coApplicants: number; theirOccupants: number }

function checkOccupancy(max: number, occupants: Profile['occupants'], co: CoHousehold): CriterionCheck {
  const people = 1 + occupants.length + co.coApplicants + co.theirOccupants
  const included = co.coApplicants > 0 ? `the applicant and ${countOf(co.coApplicants, 'co-applicant', 'co-applicants')}` : 'the applicant'
  return {
    criterion: 'occupancy',
    label: 'Occupants',
    met: people <= max,
    detail: `${countOf(people, 'person', 'people')}, ${included} included; at most ${max}`,
  }
}

function checkMoveIn(from: string | null, to: string | null, moveInDate: string | null): CriterionCheck {
  const window = from && to ? `between ${from} and ${to}` : from ? `from ${from}` : `by ${to}`
  return {
    criterion: 'move_in',
    label: 'Move-in date',
    met: moveInDate === null ? null : (!from || moveInDate >= from) && (!to || moveInDate <= to),
    detail: moveInDate === null ? `Move-in ${window}` : `Moves in ${moveInDate}; move-in ${window}`,
  }
}

/**
 * Each published criterion beside what the application says: income against the multiple of the rent,
 * pets against the policy, the household (the applicant, their occupants, each co-applicant who joined and
 * theirs) against the most allowed, the move-in date against the window, and other requirements for the
 * landlord to judge. None without criteria.
 */
export function checkCriteria({
  criteria,
  profile,
  rentCents,
  moveInDate,
  coHousehold = { coApplicants: 0, theirOccupants: 0 },
}: {
  criteria: Criteria | null
  profile: Profile
  rentCents: number | null
  moveInDate: string | null
  coHousehold?: CoHousehold
}): CriterionCheck[] {
  if (!criteria) return []
  const checks: CriterionCheck[] = []
  if (criteria.incomeMultiple !== null) checks.push(checkIncome(criteria.incomeMultiple, profile, rentCents))
  checks.push(checkPets(criteria.petPolicy, profile.pets))
  if (criteria.maxOccupants !== null) checks.push(checkOccupancy(criteria.maxOccupants, profile.occupants, coHousehold))
  if (criteria.moveInFrom || criteria.moveInTo) checks.push(checkMoveIn(criteria.moveInFrom, criteria.moveInTo, moveInDate))
  if (criteria.otherRequirements.trim() !== '') {
    checks.push({ criterion: 'other', label: 'Other requirements', met: null, detail: criteria.otherRequirements.trim() })
  }
  return checks
}
