// Reusable applications for tests: a complete one that passes the schema, with realistic defaults a
// test overrides where it matters (`completeRenterProfile({ legalName: 'Sam Rivera' })`).
import type { RenterProfile } from '#common/applications/profile.ts'

type Job = RenterProfile['employment'][number]

/** This month so many years ago, as YYYY-MM (UTC). */
export function monthYearsAgo(yearsAgo: number) {
  const now = new Date()
  return `${now.getUTCFullYear() - yearsAgo}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`
}

/** A job held for five years that pays this much a month. */
export function jobPaying(monthlyIncomeCents: number): Job {
  return { employer: 'Acme', position: 'Nurse', from: monthYearsAgo(5), monthlyIncomeCents, contactName: '', contactPhone: '' }
}

/** A complete reusable application: one current address, a job, one more adult and a cat. */
export function completeRenterProfile(overrides: Partial<RenterProfile> = {}): RenterProfile {
  return {
    legalName: 'Alex Q. Morgan',
    email: 'alex@example.com',
    phone: '+1 302 555 0100',
    addresses: [
      {
        street: '12 Elm Street',
        city: 'Wilmington',
        state: 'DE',
        postalCode: '19801',
        from: monthYearsAgo(4),
        to: '',
        monthlyRentCents: 140_000,
        landlordName: 'Pat Lee',
        landlordPhone: '',
        landlordEmail: '',
      },
    ],
    employment: [jobPaying(600_000)],
    otherIncome: [],
    occupants: [{ name: 'Sam Morgan', adult: true }],
    pets: [{ kind: 'cat', size: 'small', description: 'Miso' }],
    vehicles: [],
    emergencyContact: { name: 'Jo Morgan', phone: '+1 302 555 0101', relationship: 'Sister' },
    documentIds: [],
    ...overrides,
  }
}
