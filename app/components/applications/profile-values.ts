// The "My application" form as typed: every field a string, each repeatable section a list of rows
// named `<section>.<row>.<field>`, so the page can be drawn again exactly as sent (with one more row
// after "Add another address", without JavaScript) and a refusal's dotted paths land on their fields.
import type { FieldErrors } from '#common/forms.ts'
import type { RenterProfile } from '#common/applications/profile.ts'

const SECTION_FIELDS = {
  addresses: ['street', 'city', 'state', 'postalCode', 'from', 'to', 'monthlyRent', 'landlordName', 'landlordPhone', 'landlordEmail'],
  employment: ['employer', 'position', 'from', 'monthlyIncome', 'contactName', 'contactPhone'],
  otherIncome: ['source', 'monthly'],
  occupants: ['name', 'adult'],
  pets: ['kind', 'size', 'description'],
  vehicles: ['description', 'plate'],
} as const

export type RowSection = keyof typeof SECTION_FIELDS
export const ROW_SECTIONS = Object.keys(SECTION_FIELDS) as RowSection[]
type Row<S extends RowSection> = Record<(typeof SECTION_FIELDS)[S][number], string>

export type ProfileValues = {
  legalName: string
  email: string
  phone: string
  emergencyName: string
  emergencyPhone: string
  emergencyRelationship: string
  documentIds: string[]
} & { [S in RowSection]: Row<S>[] }

/** The fields a row's emptiness is judged by: a row left blank (selects at their default) is dropped, not refused. */
const TYPED_FIELDS: { [S in RowSection]: readonly (typeof SECTION_FIELDS)[S][number][] } = {
  addresses: ['street', 'city', 'postalCode', 'from', 'to', 'monthlyRent', 'landlordName', 'landlordPhone', 'landlordEmail'],
  employment: ['employer', 'position', 'from', 'monthlyIncome', 'contactName', 'contactPhone'],
  otherIncome: ['source', 'monthly'],
  occupants: ['name'],
  pets: ['kind', 'size', 'description'],
  vehicles: ['description', 'plate'],
}

export function emptyRow<S extends RowSection>(section: S): Row<S> {
  const row = Object.fromEntries(SECTION_FIELDS[section].map((field) => [field, ''])) as Row<S>
  if (section === 'occupants') (row as Row<'occupants'>).adult = 'yes'
  return row
}

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2))

/** The saved profile as the form shows it; a first visit starts with the account's e-mail and one empty address. */
export function valuesOfProfile(profile: RenterProfile | null, defaults: { legalName: string; email: string }): ProfileValues {
  if (!profile) {
    return {
      legalName: defaults.legalName,
      email: defaults.email,
      phone: '',
      emergencyName: '',
      emergencyPhone: '',
      emergencyRelationship: '',
      documentIds: [],
      addresses: [emptyRow('addresses')],
      employment: [emptyRow('employment')],
      otherIncome: [],
      occupants: [],
      pets: [],
      vehicles: [],
    }
  }
  return {
    legalName: profile.legalName,
    email: profile.email,
    phone: profile.phone,
    emergencyName: profile.emergencyContact.name,
    emergencyPhone: profile.emergencyContact.phone,
    emergencyRelationship: profile.emergencyContact.relationship,
    documentIds: profile.documentIds.map(String),
    addresses: profile.addresses.map((a) => ({
      street: a.street,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      from: a.from,
      to: a.to,
      monthlyRent: dollars(a.monthlyRentCents),
      landlordName: a.landlordName,
      landlordPhone: a.landlordPhone,
      landlordEmail: a.landlordEmail,
    })),
    employment: profile.employment.map((job) => ({
      employer: job.employer,
      position: job.position,
      from: job.from,
      monthlyIncome: dollars(job.monthlyIncomeCents),
      contactName: job.contactName,
      contactPhone: job.contactPhone,
    })),
    otherIncome: profile.otherIncome.map((income) => ({ source: income.source, monthly: dollars(income.monthlyCents) })),
    occupants: profile.occupants.map((person) => ({ name: person.name, adult: person.adult ? 'yes' : 'no' })),
    pets: profile.pets.map((pet) => ({ kind: pet.kind, size: pet.size, description: pet.description })),
    vehicles: profile.vehicles.map((vehicle) => ({ description: vehicle.description, plate: vehicle.plate })),
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** The form as posted, rows in their order on the page (a row's index is read from its fields' names). */
export function valuesOfFormData(form: FormData): ProfileValues {
  const values = {
    legalName: text(form, 'legalName'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    emergencyName: text(form, 'emergencyName'),
    emergencyPhone: text(form, 'emergencyPhone'),
    emergencyRelationship: text(form, 'emergencyRelationship'),
    documentIds: form.getAll('documentIds').filter((id): id is string => typeof id === 'string'),
  } as ProfileValues
  for (const section of ROW_SECTIONS) {
    let count = 0
    for (const key of form.keys()) {
      const match = key.startsWith(`${section}.`) ? /^\w+\.(\d{1,2})\./.exec(key) : null
      if (match) count = Math.max(count, Number(match[1]) + 1)
    }
    const rows = Array.from({ length: Math.min(count, 20) }, (_, index) => {
      const row = emptyRow(section)
      for (const field of SECTION_FIELDS[section]) (row as Record<string, string>)[field] = text(form, `${section}.${index}.${field}`)
      return row
    })
    ;(values as Record<RowSection, unknown>)[section] = rows
  }
  // The form always has an address row: one sent without is said to be missing on that row's fields.
  if (values.addresses.length === 0) values.addresses.push(emptyRow('addresses'))
  return values
}

/** Dollars as typed ("1,850" or "$1850.50") in cents; anything else is passed on for the schema to refuse. */
function centsOf(typed: string): number | string {
  const cleaned = typed.replace(/[$,\s]/g, '')
  return /^\d{1,8}(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : typed
}

const isBlank = (row: Record<string, string>, fields: readonly string[]) => fields.every((field) => !row[field]?.trim())

/**
 * The input renterProfileSchema parses, and how to put its error paths back on the form's rows: blank
 * rows are left out (the first address always stays, so an empty form says the address is needed).
 */
export function inputOfValues(values: ProfileValues): {
  input: Record<string, unknown>
  fieldErrorsOnForm: (errors: FieldErrors) => FieldErrors
} {
  const kept: Record<string, number[]> = {}
  const rowsOf = <S extends RowSection>(section: S) => {
    const indexes = values[section]
      .map((row, index) => ({ row, index }))
      .filter(({ row, index }) => (section === 'addresses' && index === 0) || !isBlank(row, TYPED_FIELDS[section]))
    kept[section] = indexes.map(({ index }) => index)
    return indexes.map(({ row }) => row as Row<S>)
  }
  const input = {
    legalName: values.legalName,
    email: values.email.trim(),
    phone: values.phone,
    addresses: rowsOf('addresses').map((a) => ({
      ...a,
      monthlyRent: undefined,
      landlordEmail: a.landlordEmail.trim(),
      monthlyRentCents: a.monthlyRent.trim() === '' ? null : centsOf(a.monthlyRent),
    })),
    employment: rowsOf('employment').map((job) => ({ ...job, monthlyIncome: undefined, monthlyIncomeCents: centsOf(job.monthlyIncome) })),
    otherIncome: rowsOf('otherIncome').map((income) => ({ source: income.source, monthlyCents: centsOf(income.monthly) })),
    occupants: rowsOf('occupants').map((person) => ({ name: person.name, adult: person.adult !== 'no' })),
    pets: rowsOf('pets').map((pet) => ({ kind: pet.kind || undefined, size: pet.size || undefined, description: pet.description })),
    vehicles: rowsOf('vehicles'),
    emergencyContact: { name: values.emergencyName, phone: values.emergencyPhone, relationship: values.emergencyRelationship },
    documentIds: values.documentIds.map(Number).filter((id) => Number.isInteger(id) && id > 0),
  }
  const fieldErrorsOnForm = (errors: FieldErrors): FieldErrors => {
    const placed: FieldErrors = {}
    for (const [path, messages] of Object.entries(errors)) {
      ;(placed[formPathOf(path, kept)] ??= []).push(...messages)
    }
    return placed
  }
  return { input, fieldErrorsOnForm }
}

const RENAMED: Record<string, string> = {
  monthlyRentCents: 'monthlyRent',
  monthlyIncomeCents: 'monthlyIncome',
  monthlyCents: 'monthly',
}

/** A schema path (`employment.0.monthlyIncomeCents`) as the form field's name (`employment.1.monthlyIncome`). */
function formPathOf(path: string, kept: Record<string, number[]>): string {
  const parts = path.split('.')
  if (parts[0] === 'emergencyContact' && parts[1]) return `emergency${parts[1].charAt(0).toUpperCase()}${parts[1].slice(1)}`
  const section = parts[0]!
  if (parts.length >= 3 && kept[section]) {
    const row = kept[section][Number(parts[1])] ?? Number(parts[1])
    return `${section}.${row}.${RENAMED[parts[2]!] ?? parts[2]}`
  }
  return path
}

/** The form's fields in page order, for the error summary. */
export function fieldOrder(values: ProfileValues): string[] {
  const rows = (section: RowSection) =>
    values[section].flatMap((_, index) => [
      `${section}.${index}`,
      ...SECTION_FIELDS[section].map((field) => `${section}.${index}.${field}`),
    ])
  return [
    'legalName',
    'email',
    'phone',
    'addresses',
    ...rows('addresses'),
    'employment',
    ...rows('employment'),
    'otherIncome',
    ...rows('otherIncome'),
    'occupants',
    ...rows('occupants'),
    'pets',
    ...rows('pets'),
    'vehicles',
    ...rows('vehicles'),
    'emergencyName',
    'emergencyPhone',
    'emergencyRelationship',
  ]
}
