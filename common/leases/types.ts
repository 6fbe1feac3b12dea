// What the lease reads return: the Leases page's rows and one lease as a party sees it. The pages and the
// JSON API answer these shapes. Browser-safe.
import type { LeaseFinding } from '../leasing/lease-check.ts'
import type { LeaseTerms } from './terms.ts'
import type { LeaseAction, LeaseKind, LeaseRole, LeaseState } from './vocabulary.ts'

export type LeaseSummary = {
  id: number
  kind: LeaseKind
  title: string
  state: LeaseState
  version: number
  viewerRole: LeaseRole
  parties: { name: string; role: LeaseRole; signed: boolean }[]
  /** The viewer has yet to sign the version out for signature. */
  awaitingYou: boolean
  expiresAt: string | null
  updatedAt: string
}

/** What the viewer may do now, for the page's buttons and the API's answer. */
export type ViewerAction = 'edit' | 'send' | 'void' | 'amend' | 'consent' | 'withdraw_consent' | 'sign' | 'decline'

export type LeaseView = {
  id: number
  kind: LeaseKind
  amendsLeaseId: number | null
  amendmentText: string
  title: string
  listingId: number
  applicationId: number | null
  state: LeaseState
  version: number
  viewerRole: LeaseRole
  viewerEmail: string
  premises: { address: string; state: string; yearBuilt: number | null; landlordName: string }
  /** The terms being drafted: the landlord's only. */
  draftTerms: LeaseTerms | null
  /** The state's rules applied to the draft: warnings (and what would refuse sending). */
  findings: LeaseFinding[]
  /** The document the viewer reads: the version out for signature, signed, or last sent. */
  document: { version: number; sha256: string; html: string; pdfPath: string; isCurrent: boolean } | null
  versions: { version: number; sha256: string; sentAt: string; pdfPath: string }[]
  signers: {
    name: string
    email: string
    role: LeaseRole
    consented: boolean
    signedAt: string | null
    typedName: string | null
    isYou: boolean
  }[]
  events: {
    at: string
    actor: string
    action: LeaseAction
    version: number
    fromState: LeaseState | null
    toState: LeaseState
    reason: string
    ipAddress: string | null
  }[]
  seal: { sha256: string; documentSha256: string; sealedAt: string; pdfPath: string } | null
  sentAt: string | null
  expiresAt: string | null
  completedAt: string | null
  actions: ViewerAction[]
  now: string
}
