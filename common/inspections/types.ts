// What the pages and the JSON API show of a lease's inspections. Browser-safe.
import type { Condition, InspectionAction, InspectionKind, InspectionState } from './vocabulary.ts'

export type InspectionRole = 'landlord' | 'tenant'

export interface InspectionPhoto {
  id: number
  /** A short-lived link minted for the reader alone. */
  url: string | null
}

export interface InspectionItemView {
  id: number
  name: string
  condition: Condition | null
  notes: string
  photos: InspectionPhoto[]
  comments: { author: string; body: string; at: string; isYou: boolean }[]
  /** On a move-out: the same room and item as the move-in recorded them (matched by name). */
  moveIn: { condition: Condition | null; notes: string; photos: InspectionPhoto[] } | null
}

export interface InspectionView {
  leaseId: number
  kind: InspectionKind
  address: string
  state: InspectionState
  revision: number
  viewerRole: InspectionRole
  rooms: { id: number; name: string; items: InspectionItemView[] }[]
  /** Items with no condition recorded yet. */
  unrecorded: number
  /**
   * The document frozen for signature; once everyone signed, `sealedSha256` is that of the PDF served at
   * `pdfPath`: the document with its certificate of completion appended.
   */
  document: { revision: number; sha256: string; pdfPath: string; sealedSha256: string | null } | null
  parties: { name: string; role: InspectionRole; signedAt: string | null; typedName: string | null; isYou: boolean }[]
  /** Whether the viewer's consent to sign electronically is on record (the lease's or this inspection's). */
  consented: boolean
  /** Where that consent comes from: the lease's (not withdrawn here) or one given for this inspection. */
  consentSource: 'lease' | 'inspection' | null
  events: { at: string; actor: string; action: InspectionAction; detail: string }[]
  actions: ('edit' | 'ready' | 'reopen' | 'consent' | 'withdraw_consent' | 'sign')[]
}

export interface InspectionsOverview {
  leaseId: number
  address: string
  viewerRole: InspectionRole
  inspections: { kind: InspectionKind; state: InspectionState | 'not_started'; signedAt: string | null; canStart: boolean }[]
}

/** What /leases/verify says of a file that is an inspection's: the signed file (with its certificate) or a document sent for signature. */
export interface InspectionFileMatch {
  kind: InspectionKind
  address: string
  file: 'sealed' | 'sent'
  revision: number
  /** Who signed that revision, in the order they signed. */
  signers: { name: string; role: InspectionRole; signedAt: string }[]
  sealedAt: string | null
}
