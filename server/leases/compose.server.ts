// What a lease is made of: the premises and the landlord as they are when it is drafted, the first terms
// (from the approved application and the listing), and its document — the template in force filled with
// the terms, the parties and the state's disclosures.
import { eq } from 'drizzle-orm'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import type { LeaseBlock, LeaseDocument } from '#common/leases/document.ts'
import { formatLeaseDate, formatLeaseMoney, joinNames, lateFeeWords, ordinal, termWords } from '#common/leases/format.ts'
import type { LeaseTerms, LeaseTermsInput } from '#common/leases/terms.ts'
import { FEE_FREQUENCIES, UTILITY_LABELS } from '#common/leases/vocabulary.ts'
import { checkLeaseTerms } from '#common/leasing/lease-check.ts'
import { isStateCode, stateRule } from '#common/leasing/state-rules.ts'
import { listing, user } from '#server/db/schema.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { fillLeaseTemplate, type TemplateValues } from '#common/leases/template.ts'

/** The home and its landlord as the lease names them, kept with the lease. */
export interface Premises {
  listingTitle: string
  street: string
  unit: string
  city: string
  state: string
  zip: string
  yearBuilt: number | null
  furnished: boolean
  landlordName: string
  landlordEmail: string
}

export function addressOf(premises: Premises): string {
  const street = premises.unit ? `${premises.street}, ${premises.unit}` : premises.street
  return `${street}, ${premises.city}, ${premises.state} ${premises.zip}`
}

/** The premises of a listing and its owner, or null when there is no such listing. */
export async function readPremises(
  tx: Tx,
  listingId: number,
): Promise<(Premises & { ownerId: string; listing: typeof listing.$inferSelect }) | null> {
  const [row] = await tx
    .select({ home: listing, ownerName: user.name, ownerEmail: user.email })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.ownerId))
    .where(eq(listing.id, listingId))
  if (!row) return null
  const { home } = row
  return {
    listing: home,
    ownerId: home.ownerId,
    listingTitle: home.title,
    street: home.street,
    unit: home.unit,
    city: home.city,
    state: home.state,
    zip: home.zip,
    yearBuilt: home.yearBuilt,
    furnished: home.isFurnished,
    landlordName: row.ownerName,
    landlordEmail: row.ownerEmail,
  }
}

/** The day before the same date `months` later: a 12-month lease from 2027-03-01 ends 2028-02-29. */
export function endOfTerm(startDate: string, months: number): string {
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number]
  const monthIndex = month - 1 + months
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate()
  const end = new Date(Date.UTC(year, monthIndex, Math.min(day, lastDay)) - 86_400_000)
  return end.toISOString().slice(0, 10)
}

/** The first terms of a lease: what the application and the listing already say; the landlord fills in the rest. */
export function initialTerms(
  home: typeof listing.$inferSelect,
  from: {
    tenants: { name: string; email: string }[]
    moveInDate?: string | null
    leaseMonths?: number | null
    rentCents?: number | null
    depositCents?: number | null
    occupants?: number
  },
): LeaseTermsInput {
  const today = new Date().toISOString().slice(0, 10)
  const startDate = from.moveInDate && from.moveInDate >= today ? from.moveInDate : home.availableFrom > today ? home.availableFrom : today
  const months = from.leaseMonths ?? home.minTermMonths ?? 12
  return {
    tenants: from.tenants,
    guarantor: null,
    termKind: 'fixed',
    startDate,
    endDate: endOfTerm(startDate, months),
    rentCents: from.rentCents ?? home.monthlyRentCents ?? 0,
    dueDay: 1,
    graceDays: 5,
    lateFeeCents: 0,
    depositCents: from.depositCents ?? home.depositCents ?? 0,
    otherFees: [],
    utilities: home.includedUtilities
      .filter((utility): utility is keyof typeof UTILITY_LABELS => Object.hasOwn(UTILITY_LABELS, utility))
      .map((utility) => ({ utility, paidBy: 'landlord' as const })),
    pets: home.allowsCats || home.allowsDogs ? home.petPolicy || 'Pets are allowed as agreed with the landlord.' : 'No pets.',
    parking: '',
    occupants: Math.max(from.occupants ?? from.tenants.length, from.tenants.length, 1),
    leadPaintKnown: '',
    leadPaintRecords: '',
    clauses: [],
    furnished: home.isFurnished,
  }
}

export type Party = { role: 'landlord' | 'tenant' | 'guarantor'; name: string; email: string }

/** The signers of a lease in the order its document names them: the tenants, the guarantor, then the landlord who countersigns. */
export function partiesOf(terms: LeaseTerms, premises: Premises): Party[] {
  return [
    ...terms.tenants.map((tenant) => ({ role: 'tenant' as const, ...tenant })),
    ...(terms.guarantor ? [{ role: 'guarantor' as const, ...terms.guarantor }] : []),
    { role: 'landlord' as const, name: premises.landlordName, email: premises.landlordEmail.toLowerCase() },
  ]
}

const LEAD_WARNING =
  'Housing built before 1978 may contain lead-based paint. Lead from paint, paint chips, and dust can pose health hazards if not managed properly. Lead exposure is especially harmful to young children and pregnant women. Before renting pre-1978 housing, lessors must disclose the presence of known lead-based paint and/or lead-based paint hazards in the dwelling. Lessees must also receive a federally approved pamphlet on lead poisoning prevention.'

/** The disclosures the law asks of this lease, each a section; the lead-based paint one with its warning statement (40 CFR 745.113(b)). */
function disclosureBlocks(terms: LeaseTerms, premises: Premises): LeaseBlock[] {
  if (!isStateCode(premises.state)) return []
  const { disclosures } = checkLeaseTerms(premises.state, {
    monthlyRentCents: terms.rentCents,
    depositCents: terms.depositCents,
    lateFeeCents: terms.lateFeeCents,
    lateFeeGraceDays: terms.graceDays,
    yearBuilt: premises.yearBuilt,
  })
  return disclosures.flatMap((disclosure): LeaseBlock[] => {
    if (disclosure.appliesWhen === 'builtBefore1978') {
      return [
        { kind: 'heading', text: disclosure.title, level: 2 },
        { kind: 'paragraph', text: `Lead Warning Statement. ${LEAD_WARNING}` },
        {
          kind: 'terms',
          rows: [
            {
              label: 'Known lead-based paint or hazards',
              value:
                terms.leadPaintKnown || 'The landlord has no knowledge of lead-based paint or lead-based paint hazards in the housing.',
            },
            {
              label: 'Records and reports',
              value:
                terms.leadPaintRecords ||
                'The landlord has no reports or records of lead-based paint or lead-based paint hazards in the housing.',
            },
            {
              label: 'Pamphlet',
              value:
                'The tenants acknowledge by signing that they received the pamphlet "Protect Your Family From Lead in Your Home" and the information above.',
            },
          ],
        },
        { kind: 'paragraph', text: `Required by ${disclosure.citation}.` },
      ]
    }
    return [
      { kind: 'heading', text: disclosure.title, level: 2 },
      {
        kind: 'paragraph',
        text: `The law (${disclosure.citation}) asks this of the Landlord, who confirms by signing that it is done: ${disclosure.text}`,
      },
    ]
  })
}

function depositReturnWords(state: string): string {
  const byLaw = `the deadline the law of ${US_STATE_NAMES[state] ?? state} sets`
  if (!isStateCode(state)) return byLaw
  const rule = stateRule(state).depositReturn
  if (!rule) return byLaw
  return `${rule.days} ${rule.isBusinessDays ? 'business days' : 'days'} after the tenancy ends (${rule.citation})`
}

/** The values a template's fields are filled with. */
export function templateValues(terms: LeaseTerms, premises: Premises): TemplateValues {
  const tenants = joinNames(terms.tenants.map((tenant) => tenant.name))
  const money = formatLeaseMoney
  const feeRows = terms.otherFees.map(
    (fee) => `${fee.label}: ${money(fee.amountCents)} ${fee.frequency === FEE_FREQUENCIES[0] ? 'once' : 'each month'}`,
  )
  const utilityRows = terms.utilities.map((item) => `${UTILITY_LABELS[item.utility]}: paid by the ${item.paidBy}`)
  const text = {
    landlord: premises.landlordName,
    tenants,
    guarantor: terms.guarantor?.name ?? 'None',
    premises: addressOf(premises),
    state: US_STATE_NAMES[premises.state] ?? premises.state,
    term: termWords(terms).replace(/^./, (first) => first.toLowerCase()),
    start_date: formatLeaseDate(terms.startDate),
    end_date: terms.endDate ? formatLeaseDate(terms.endDate) : 'none (month to month)',
    rent: money(terms.rentCents),
    due_day: ordinal(terms.dueDay),
    grace_days: String(terms.graceDays),
    late_fee: terms.lateFeeCents === 0 ? 'no late fee' : money(terms.lateFeeCents),
    deposit: money(terms.depositCents),
    deposit_return: depositReturnWords(premises.state),
    occupants: String(terms.occupants),
    pets: terms.pets || 'No pets.',
    parking: terms.parking || 'No parking is included.',
  }
  const table: LeaseBlock = {
    kind: 'terms',
    rows: [
      { label: 'Landlord', value: premises.landlordName },
      { label: terms.tenants.length === 1 ? 'Tenant' : 'Tenants', value: terms.tenants.map((tenant) => tenant.name).join('\n') },
      ...(terms.guarantor ? [{ label: 'Guarantor', value: terms.guarantor.name }] : []),
      { label: 'Premises', value: addressOf(premises) },
      { label: 'Term', value: termWords(terms) },
      { label: 'Monthly rent', value: `${money(terms.rentCents)}, due on the ${ordinal(terms.dueDay)} of each month` },
      { label: 'Late fee', value: lateFeeWords(terms) },
      { label: 'Security deposit', value: money(terms.depositCents) },
      ...(feeRows.length > 0 ? [{ label: 'Other fees', value: feeRows.join('\n') }] : []),
      { label: 'Occupants', value: String(terms.occupants) },
    ],
  }
  return {
    text,
    blocks: {
      terms_table: [table],
      utilities: [{ kind: 'list', items: utilityRows.length > 0 ? utilityRows : ['The tenants pay for every utility of the home.'] }],
      other_fees:
        feeRows.length > 0 ? [{ kind: 'list', items: feeRows }] : [{ kind: 'paragraph', text: 'The lease charges no other fees.' }],
      clauses:
        terms.clauses.length > 0 ? [{ kind: 'list', items: terms.clauses, isOrdered: true }] : [{ kind: 'paragraph', text: 'None.' }],
      disclosures: disclosureBlocks(terms, premises),
    },
  }
}

/** The document of a lease version: the template filled in, then the signature lines of every party. */
export function composeLeaseDocument(
  template: { title: string; body: string },
  { terms, premises, version }: { terms: LeaseTerms; premises: Premises; version: number },
): LeaseDocument {
  const parties = partiesOf(terms, premises)
  const signatureBlocks: LeaseBlock[] = [
    { kind: 'heading', text: 'The parties who sign' },
    {
      kind: 'paragraph',
      text: 'The parties sign this lease electronically on Cooper Home. Each signature, with its time, is recorded on the certificate that follows the signed lease, over the SHA-256 of this document.',
    },
    {
      kind: 'terms',
      rows: parties.map((party) => ({
        label: party.role === 'landlord' ? 'Landlord' : party.role === 'guarantor' ? 'Guarantor' : 'Tenant',
        value: `${party.name} <${party.email}>`,
      })),
    },
  ]
  return {
    title: `${template.title}: ${addressOf(premises)}`,
    version,
    blocks: [...fillLeaseTemplate(template.body, templateValues(terms, premises)), ...signatureBlocks],
  }
}

/** An amendment's document: what it changes in the lease it names. */
export function composeAmendmentDocument(
  { text, amendsLeaseId, signedAt }: { text: string; amendsLeaseId: number; signedAt: Date | null },
  { terms, premises, version }: { terms: LeaseTerms; premises: Premises; version: number },
): LeaseDocument {
  const parties = partiesOf(terms, premises)
  const signed = signedAt ? `, signed ${signedAt.toISOString().slice(0, 10)}` : ''
  return {
    title: `Amendment to lease ${amendsLeaseId}: ${addressOf(premises)}`,
    version,
    blocks: [
      {
        kind: 'paragraph',
        text: `This amendment changes the residential lease number ${amendsLeaseId} of ${addressOf(premises)}${signed}, between ${premises.landlordName} (landlord) and ${joinNames(terms.tenants.map((tenant) => tenant.name))} (tenants). Everything the lease says that this amendment does not change stays as it is.`,
      },
      { kind: 'heading', text: 'What changes' },
      ...text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph): LeaseBlock => ({ kind: 'paragraph', text: paragraph })),
      { kind: 'heading', text: 'Signatures' },
      {
        kind: 'terms',
        rows: parties.map((party) => ({
          label: party.role === 'landlord' ? 'Landlord' : party.role === 'guarantor' ? 'Guarantor' : 'Tenant',
          value: `${party.name} <${party.email}>`,
        })),
      },
    ],
  }
}
