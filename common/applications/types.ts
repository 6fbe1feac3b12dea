// What the applications area's reads return and the pages and the JSON API show: browser-safe shapes.
import type { RenterProfile } from './profile.ts'
import type { ApplicationAction, ApplicationState, ApprovalCondition, DeclineReason, DocumentKind, PetPolicy } from './vocabulary.ts'

/** A listing's published criteria, one version. `incomeMultiple` is e.g. 3 or 2.5 (× the monthly rent). */
export type CriteriaView = {
  id: number
  listingId: number
  version: number
  accepting: boolean
  incomeMultiple: number | null
  petPolicy: PetPolicy
  maxOccupants: number | null
  moveInFrom: string | null
  moveInTo: string | null
  otherRequirements: string
  createdAt: string
}

/** How one published criterion is met, computed where it can be (`met: null` when it needs a person's judgement). */
export type CriterionCheck = {
  criterion: 'income' | 'pets' | 'occupancy' | 'move_in' | 'other'
  label: string
  met: boolean | null
  detail: string
}

export type DocumentView = {
  id: number
  kind: DocumentKind
  fileName: string
  contentType: string
  byteSize: number
  createdAt: string
  /** A link that works for DOCUMENT_LINK_SECONDS, for this reader only; null once the file is deleted. */
  url: string | null
}

export type ApplicationEventView = {
  id: number
  action: ApplicationAction
  fromState: ApplicationState | null
  toState: ApplicationState
  /** "You", the renter's or landlord's name, or "Cooper Home" when the site acted. */
  actor: string
  reason: string
  at: string
}

export type ApplicationListingRef = {
  id: number
  slug: string
  title: string
  address: string
  city: string
  state: string
  rentCents: number
  /** The home's IANA zone: the pages show the application's times in it. */
  timeZone: string
}

/** One application in a list: the renter's "Applications" or the landlord's review of a listing. */
export type ApplicationSummary = {
  id: number
  listing: ApplicationListingRef
  applicantName: string
  state: ApplicationState
  submittedAt: string | null
  updatedAt: string
  /** The household's: the applicant's and each joined co-applicant's. */
  monthlyIncomeCents: number
  /** Income ÷ rent, e.g. 3.2; null without a rent. */
  incomeToRent: number | null
  checks: CriterionCheck[]
  /** People moving in: the applicant, their occupants, each joined co-applicant and theirs. */
  occupants: number
  /** Co-applicants who joined. */
  coApplicantCount: number
  pets: number
  documents: number
  /** Years of rental history given and how many references name a landlord. */
  historyYears: number
  references: number
}

/** An adult invited to join the application: the renter sees every invitation, the others only who joined. */
export type CoApplicantView = {
  id: number
  /** The address invited: shown to the renter only. */
  email: string | null
  name: string
  joined: boolean
  invitedAt: string
  joinedAt: string | null
  /** Their application as they joined with it: for the landlord, and for each co-applicant their own. */
  snapshot: RenterProfile | null
  monthlyIncomeCents: number
}

export type ApplicationView = ApplicationSummary & {
  /** A co-applicant reads the application and takes no step on it. */
  viewerRole: 'renter' | 'landlord' | 'co_applicant'
  coApplicants: CoApplicantView[]
  moveInDate: string | null
  leaseMonths: number | null
  note: string
  infoRequest: string
  declineReasons: DeclineReason[]
  conditions: ApprovalCondition[]
  decisionText: string
  depositCents: number | null
  expiresAt: string | null
  criteria: CriteriaView | null
  snapshot: RenterProfile | null
  documentList: DocumentView[]
  events: ApplicationEventView[]
  /** The transitions this viewer may take now. */
  actions: ApplicationAction[]
}
