// A lease template filled in with an example lease (a landlord, two tenants, a year's term, rent and
// fees), rendered as the lease's HTML: what the administrators' editor shows as a template's preview.
import type { LeaseBlock } from '#common/leases/document.ts'
import { renderLeaseHtml } from './html.ts'
import { fillLeaseTemplate, type TemplateValues } from './template.ts'

const SAMPLE_TERMS: LeaseBlock = {
  kind: 'terms',
  rows: [
    { label: 'Landlord', value: 'Harbor & Vine Properties LLC' },
    { label: 'Tenants', value: 'Alex Rivera and Sam Chen' },
    { label: 'Premises', value: '1450 Cooper Avenue, Apartment 3B\nPortland, OR 97214' },
    { label: 'Term', value: '12 months, from March 1, 2027 to February 29, 2028' },
    { label: 'Monthly rent', value: '$2,400.00, due on the 1st of each month' },
    { label: 'Late fee', value: '$50.00 after 5 days of grace' },
    { label: 'Security deposit', value: '$2,400.00' },
  ],
}

/** The example lease's values: realistic enough for an administrator to read the template as a lease. */
export const SAMPLE_TEMPLATE_VALUES: TemplateValues = {
  text: {
    landlord: 'Harbor & Vine Properties LLC',
    tenants: 'Alex Rivera and Sam Chen',
    guarantor: 'None',
    premises: '1450 Cooper Avenue, Apartment 3B, Portland, OR 97214',
    state: 'Oregon',
    term: '12 months, from March 1, 2027 to February 29, 2028',
    start_date: 'March 1, 2027',
    end_date: 'February 29, 2028',
    rent: '$2,400.00',
    due_day: '1st',
    grace_days: '5',
    late_fee: '$50.00',
    deposit: '$2,400.00',
    deposit_return: '31 days after the tenancy ends and the Tenant gives up possession',
    occupants: '4',
    pets: 'One cat or one dog under 40 pounds is allowed with the Landlord’s written approval. No other animals are allowed.',
    parking: 'One assigned space in the building’s lot, number 12, is included in the rent.',
  },
  blocks: {
    terms_table: [SAMPLE_TERMS],
    utilities: [
      {
        kind: 'list',
        items: ['Water and sewer: the Landlord', 'Trash and recycling: the Landlord', 'Electricity: the Tenant', 'Gas: the Tenant'],
      },
    ],
    other_fees: [{ kind: 'list', items: ['Pet rent: $35.00 a month', 'Storage locker: $20.00 a month'] }],
    clauses: [
      {
        kind: 'list',
        isOrdered: true,
        items: ['No smoking of any kind inside the Premises or on the balcony.', 'The Tenant keeps the balcony free of stored items.'],
      },
    ],
    disclosures: [
      { kind: 'heading', text: 'Lead-based paint', level: 2 },
      { kind: 'paragraph', text: 'The building was built after 1978; no lead-based paint disclosure is required.' },
      { kind: 'heading', text: 'Smoke and carbon monoxide alarms', level: 2 },
      { kind: 'paragraph', text: 'The Premises have working smoke and carbon monoxide alarms, tested on the day the Tenant moves in.' },
    ],
  },
}

/** The template filled with the example lease, as the lease's escaped HTML. */
export function renderLeaseTemplatePreview(title: string, body: string): string {
  return renderLeaseHtml({ title: title.trim() || 'Lease', version: 1, blocks: fillLeaseTemplate(body, SAMPLE_TEMPLATE_VALUES) })
}
