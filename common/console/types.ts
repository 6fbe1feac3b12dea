// What the operator console's loaders return and its pages render (browser-safe).

/** A person's role as the console tells it: administrator, landlord (owns listings) or renter. */
export type PersonRole = 'administrator' | 'landlord' | 'renter'

export const ROLE_LABELS: Record<PersonRole, string> = {
  administrator: 'Administrator',
  landlord: 'Landlord',
  renter: 'Renter',
}

export type PersonRow = {
  id: string
  name: string
  email: string
  role: PersonRole
  isBanned: boolean
  signedUpAt: string
}

/** `isTruncated`: more people match than a search gathers; a longer query narrows it. */
export type PeoplePage = { people: PersonRow[]; nextCursor: string | null; isTruncated: boolean }

export type PersonBan = { reason: string; expiresAt: string | null; bannedBy: string | null }

export type PersonReport = {
  id: number
  kind: 'direct' | 'room'
  reason: string
  reportedAt: string
  resolution: string | null
}

export type PersonListingReport = {
  id: number
  listingTitle: string
  listingPath: string
  reason: string
  reportedAt: string
  resolution: string | null
}

export type PersonDetail = {
  id: string
  name: string
  email: string
  role: PersonRole
  signedUpAt: string
  lastSignInAt: string | null
  activeSessions: number
  isEmailVerified: boolean
  listings: { id: number; title: string; status: string; path: string }[]
  messageReports: PersonReport[]
  /** Reports of their listings: the listing, the reason and what was done (the reporter's words stay in the queue). */
  listingReports: PersonListingReport[]
  /** The ban in force, or null (never banned, unbanned, or its end has passed). */
  ban: PersonBan | null
}

export type AuditEntry = {
  id: number
  adminId: string
  adminName: string
  action: string
  targetKind: string
  targetId: string
  targetLabel: string
  reason: string
  ipAddress: string | null
  createdAt: string
}

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null }

/** The actions the console writes, in words; an action not listed here shows as written. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  ban: 'Banned',
  unban: 'Unbanned',
  'end-sessions': 'Ended sessions',
  'resend-verification': 'Resent verification e-mail',
  'listing-approved': 'Approved a listing',
  'listing-unpublished': 'Unpublished a listing',
  'listing-removed': 'Removed a listing',
  'review-reports-dismissed': 'Dismissed reports of a review',
  'review-removed': 'Removed a review',
  'message-report-dismiss': 'Dismissed a message report',
  'message-report-delete': 'Deleted a reported message',
  'message-report-mute': 'Muted a reported author',
  'content-created': 'Created content',
  'content-saved': 'Saved content',
  'content-published': 'Published content',
  'content-unpublished': 'Unpublished content',
  'content-restored': 'Restored a content revision',
  'cooper-recompute': 'Asked for a Cooper Index recompute',
}

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action
