// The states of a rental application and what moves it between them
// (server/applications/transitions.server.ts), with the lists a landlord chooses from.

export const APPLICATION_STATES = [
  'draft',
  'submitted',
  'under_review',
  'info_requested',
  'approved',
  'conditionally_approved',
  'declined',
  'withdrawn',
  'expired',
] as const
export type ApplicationState = (typeof APPLICATION_STATES)[number]

/** The states a landlord still has to decide on: they count as "waiting" and expire after 30 days. */
export const OPEN_APPLICATION_STATES = ['submitted', 'under_review', 'info_requested'] as const satisfies readonly ApplicationState[]
/** The states that end an application. */
export const FINAL_APPLICATION_STATES = [
  'approved',
  'conditionally_approved',
  'declined',
  'withdrawn',
  'expired',
] as const satisfies readonly ApplicationState[]

export const APPLICATION_ACTIONS = [
  'drafted',
  'submitted',
  'review_started',
  'info_requested',
  'info_provided',
  'approved',
  'conditionally_approved',
  'declined',
  'withdrawn',
  'expired',
  'home_taken_notice',
  'documents_deleted',
  'co_applicant_invited',
  'co_applicant_joined',
  'co_applicant_left',
  'co_applicant_removed',
] as const
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number]

export const APPLICATION_STATE_LABELS: Record<ApplicationState, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  under_review: 'Under review',
  info_requested: 'Information requested',
  approved: 'Approved',
  conditionally_approved: 'Conditionally approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
}

export const DECLINE_REASONS = ['income', 'incomplete', 'references', 'another_applicant', 'other'] as const
export type DeclineReason = (typeof DECLINE_REASONS)[number]
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  income: 'Income below the published criteria',
  incomplete: 'The application is incomplete',
  references: 'Rental or employment references',
  another_applicant: 'Another applicant was chosen',
  other: 'Other (explained below)',
}

export const APPROVAL_CONDITIONS = ['guarantor', 'higher_deposit', 'shorter_term', 'other'] as const
export type ApprovalCondition = (typeof APPROVAL_CONDITIONS)[number]
export const APPROVAL_CONDITION_LABELS: Record<ApprovalCondition, string> = {
  guarantor: 'A guarantor',
  higher_deposit: 'A higher security deposit, within the state limit',
  shorter_term: 'A shorter lease term',
  other: 'Other (explained below)',
}

export const DOCUMENT_KINDS = ['pay_slip', 'id', 'reference_letter', 'other'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  pay_slip: 'Pay slip or proof of income',
  id: 'Photo ID',
  reference_letter: 'Reference letter',
  other: 'Other document',
}

export const PET_KINDS = ['dog', 'cat', 'other'] as const
export const PET_SIZES = ['small', 'medium', 'large'] as const
/** What a listing's criteria say about pets. */
export const PET_POLICIES = ['none', 'cats', 'dogs', 'cats_and_dogs', 'any'] as const
export type PetPolicy = (typeof PET_POLICIES)[number]

/** An application no landlord has decided on expires after this many days. */
export const APPLICATION_EXPIRY_DAYS = 30
/** A declined, withdrawn or expired application's documents are deleted after this many days. */
export const DOCUMENT_RETENTION_DAYS = 90
/** Years of address history the reusable application asks for. */
export const ADDRESS_HISTORY_YEARS = 3
export const MAX_APPLICATION_NOTE = 1000
export const MAX_DECISION_TEXT = 2000
export const MAX_CRITERIA_TEXT = 2000
/** Documents: PDF, JPEG or PNG, checked by their content, at most this many bytes each. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
export const MAX_DOCUMENTS_PER_APPLICANT = 20
/** Adults besides the applicant who may join one application, each with their own account. */
export const MAX_CO_APPLICANTS = 4
/** An invitation to join an application works this many days. */
export const CO_APPLICANT_INVITE_DAYS = 7
/** How long a link to a private document works. */
export const DOCUMENT_LINK_SECONDS = 300
