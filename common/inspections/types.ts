// What the pages and the JSON API show of a lease's inspections. Browser-safe.
import type { Condition, InspectionAction, InspectionKind, InspectionState } from './vocabulary.ts'

export type InspectionRole = 'landlord' | 'tenant'

export interface InspectionPhoto {
  id: string
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
  document: { revision: number; sha256: string; pdfPath: string } | null
  parties: { name: string; role: InspectionRole; signedAt: string | null; typedName: string | null; isYou: boolean }[]
  /** Whether the viewer's consent to sign electronically is on record (the lease's or this inspection's). */
  consented: boolean
  events: { at: string; actor: string; action: InspectionAction; detail: string }[]
  actions: ('edit' | 'ready' | 'reopen' | 'consent' | 'sign')[]
}

export interface InspectionsOverview {
  leaseId: number
  address: string
  viewerRole: InspectionRole
  inspections: { kind: InspectionKind; state: InspectionState | 'not_started'; signedAt: string | null; canStart: boolean }[]
}
