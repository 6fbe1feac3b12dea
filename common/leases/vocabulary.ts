// The states of a lease and the moves between them (server/leases/transitions.server.ts), the parties'
// roles and the lists the lease form chooses from. Browser-safe: the pages, the API and the schema's
// checks use the same words.

export const LEASE_STATES = ['draft', 'sent', 'partially_signed', 'fully_signed', 'declined', 'voided', 'expired'] as const
export type LeaseState = (typeof LEASE_STATES)[number]

/** A lease out for signature: each of its signers may sign, the landlord may void it. */
export const SIGNING_STATES = ['sent', 'partially_signed'] as const satisfies readonly LeaseState[]
/** The states that end a lease's process: nothing follows but reading (and amending a signed lease). */
export const FINAL_LEASE_STATES = ['fully_signed', 'declined', 'voided', 'expired'] as const satisfies readonly LeaseState[]

export const LEASE_STATE_LABELS: Record<LeaseState, string> = {
  draft: 'Draft',
  sent: 'Sent for signature',
  partially_signed: 'Signed by some',
  fully_signed: 'Fully signed',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
}

/** A lease sent and not signed by everyone within this many days expires. */
export const LEASE_SIGNING_DAYS = 14

export const LEASE_ACTIONS = [
  'created',
  'edited',
  'sent',
  'viewed',
  'consented',
  'consent_withdrawn',
  'signed',
  'completed',
  'declined',
  'voided',
  'expired',
  'new_version',
  'applicants_told',
] as const
export type LeaseAction = (typeof LEASE_ACTIONS)[number]

export const LEASE_ACTION_LABELS: Record<LeaseAction, string> = {
  created: 'Lease drafted',
  edited: 'Draft changed',
  sent: 'Sent for signature',
  viewed: 'Opened the lease',
  consented: 'Agreed to sign electronically',
  consent_withdrawn: 'Withdrew consent to sign electronically',
  signed: 'Signed',
  completed: 'Fully signed and sealed',
  declined: 'Declined to sign',
  voided: 'Voided',
  expired: 'Expired unsigned',
  new_version: 'Changed: a new version replaces the one sent',
  applicants_told: 'Other applicants told the home is let',
}

export const LEASE_ROLES = ['landlord', 'tenant', 'guarantor'] as const
export type LeaseRole = (typeof LEASE_ROLES)[number]
export const LEASE_ROLE_LABELS: Record<LeaseRole, string> = { landlord: 'Landlord', tenant: 'Tenant', guarantor: 'Guarantor' }

export const LEASE_KINDS = ['lease', 'amendment'] as const
export type LeaseKind = (typeof LEASE_KINDS)[number]

export const TERM_KINDS = ['fixed', 'month_to_month'] as const
export type TermKind = (typeof TERM_KINDS)[number]
export const TERM_KIND_LABELS: Record<TermKind, string> = { fixed: 'Fixed dates', month_to_month: 'Month to month' }

export const UTILITIES = ['electricity', 'gas', 'water', 'sewer', 'trash', 'heat', 'internet'] as const
export type Utility = (typeof UTILITIES)[number]
export const UTILITY_LABELS: Record<Utility, string> = {
  electricity: 'Electricity',
  gas: 'Gas',
  water: 'Water',
  sewer: 'Sewer',
  trash: 'Trash',
  heat: 'Heat',
  internet: 'Internet',
}

export const PAYERS = ['tenant', 'landlord'] as const

export const FEE_FREQUENCIES = ['once', 'monthly'] as const

/** How a signer's signature was made: a typed name (always), with a drawing when they chose to draw. */
export const MAX_SIGNATURE_DRAWING = 20_000
export const MAX_LEASE_REASON = 500
export const MAX_LEASE_CLAUSE = 2000
export const MAX_LEASE_CLAUSES = 20
export const MAX_LEASE_TENANTS = 6
export const MAX_OTHER_FEES = 10
