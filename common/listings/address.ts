// How a listing's street line reads: the street, then its unit. Landlords type a unit as they know it
// ("3B", "Apt 3B", "apt. 3b", "#3B", "Suite 200"); a unit that already names its kind keeps that word
// (in its usual spelling, as the USPS lists secondary unit designators in Publication 28, appendix C2),
// and a bare one is called a unit, so "Apt 3B" never reads "Unit Apt 3B".

/** Designators as typed (lower case, without a period) and how each is written on a page. */
const DESIGNATORS: Record<string, string> = {
  apt: 'Apt',
  apartment: 'Apt',
  unit: 'Unit',
  ste: 'Suite',
  suite: 'Suite',
  fl: 'Floor',
  floor: 'Floor',
  rm: 'Room',
  room: 'Room',
  ph: 'PH',
  penthouse: 'PH',
  bldg: 'Bldg',
  building: 'Bldg',
  lot: 'Lot',
  spc: 'Space',
  space: 'Space',
  bsmt: 'Basement',
  basement: 'Basement',
  lowr: 'Lower',
  lower: 'Lower',
  uppr: 'Upper',
  upper: 'Upper',
  rear: 'Rear',
  frnt: 'Front',
  front: 'Front',
}

/** The unit as it reads after the street: "Unit 3B", "Apt 3B", "#3B", "Suite 200"; '' for none. */
export function unitLabel(typed: string): string {
  const unit = typed.trim().replace(/\s+/g, ' ')
  if (unit === '') return ''
  if (unit.startsWith('#')) return `#${unit.slice(1).trim()}`
  const match = /^([A-Za-z]+)\.?(?:\s+|$)(.*)$/.exec(unit)
  const designator = match ? DESIGNATORS[match[1]!.toLowerCase()] : undefined
  if (designator === undefined) return `Unit ${unit}`
  const rest = match![2]!.replace(/^#\s*/, '')
  return rest === '' ? designator : `${designator} ${rest}`
}

/** The street line of an address: "12 Elm Street, Apt 3B". */
export function streetLine(street: string, unit: string): string {
  return [street.trim(), unitLabel(unit)].filter(Boolean).join(', ')
}
