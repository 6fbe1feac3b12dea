// What the maintenance pages and the JSON API show of a request.
import type { TimeWindow } from './schemas.ts'
import type {
  MaintenanceAction,
  MaintenanceCategory,
  MaintenanceSide,
  MaintenanceState,
  MaintenanceStep,
  MaintenanceUrgency,
} from './vocabulary.ts'

export type MaintenanceSummary = {
  id: number
  leaseId: number
  address: string
  category: MaintenanceCategory
  urgency: MaintenanceUrgency
  title: string
  state: MaintenanceState
  viewerSide: MaintenanceSide
  timeZone: string
  scheduledFor: string | null
  createdAt: string
  updatedAt: string
}

export type MaintenanceEventView = {
  action: MaintenanceAction
  actorName: string
  fromState: MaintenanceState | null
  toState: MaintenanceState
  note: string
  scheduledFor: string | null
  at: string
}

export type MaintenancePhotoView = { id: number; url: string; width: number; height: number }

export type MaintenanceView = MaintenanceSummary & {
  location: string
  description: string
  entryAllowed: boolean
  entryNotes: string
  windows: TimeWindow[]
  filedBy: string
  landlordName: string
  steps: MaintenanceStep[]
  events: MaintenanceEventView[]
  photos: MaintenancePhotoView[]
  /** The request's own conversation in the chat, once either side has written. */
  conversationId: number | null
}

/** A fully signed lease the viewer is a tenant of: where they may file a request. */
export type TenantHome = { leaseId: number; address: string; timeZone: string }
