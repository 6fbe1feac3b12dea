// Every state-changing route of the site, with a body that would change something if it were taken:
// the page actions of app/routes.ts, the JSON API under /api and better-auth under /api/auth.
// Read app/routes.ts, server/http/*-api.server.ts and the better-auth surface when a route is added.
import { randomUUID } from 'node:crypto'
import { formValuesOfTerms, type TermsFormValues } from '#common/leases/terms-form.ts'
import type { LeaseTerms } from '#common/leases/terms.ts'
import { siteConfig } from '#common/site-config.ts'
import { addDays } from '#common/stays/dates.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import { REVIEW_RULE_KEYS } from '#common/stays/reviews.ts'
import { solidImage } from '#tests/support/images.ts'
import { completeRenterProfile } from '#tests/support/applications.ts'
import { CRITERIA, moveInDate } from './applications.ts'
import { listingForm, type LiveAccount, type Site } from './site.ts'
import { signedLease, untilMailSettles } from './tenancy.ts'

/** The data a route's path and body refer to: made by the test before it sends anything. */
export type World = {
  listing: { id: number; slug: string }
  photoId: number
  conversationId: number
  directMessageId: number
  roomMessageId: number
  reportId: number
  /** The listing's tour, asked for by the other person at one open time and not yet answered. */
  tourId: number
  /** Another open time of the listing, to book or move a tour to. */
  tourTime: string
  /** The other person's application to the listing, sent and not yet answered. */
  applicationId: number
  /**
   * A lease of another of the owner's listings, drafted from the other person's approved application
   * and sent for signature; the other person, its tenant, has consented to sign electronically.
   */
  leaseId: number
  /** The SHA-256 of the lease's version sent, which a signature names. */
  leaseSha256: string
  /** The lease's terms form as its edit page shows it, with a different rent. */
  leaseTermsForm: Record<string, string>
  /**
   * A fully signed lease of a third home of the owner's, the other person its tenant, with its first
   * charges in the books, a payment the tenant reported and the landlord has not answered, and its move-in
   * inspection started (a room and an item of it).
   */
  tenancy: { leaseId: number; paymentId: number; roomId: number; itemId: number }
  /** The other person's request to stay at the listing (which is offered for short stays too), not yet answered. */
  stayBookingId: number
  /** A block of the owner's on the listing's calendar. */
  stayBlockId: number
  /** Open nights of the listing, to request or block: [checkIn, checkOut). */
  stayDates: { checkIn: string; checkOut: string }
  /** Someone else: the other side of the conversation, a person to block or mute. */
  otherId: string
  email: string
}

export type WriteRoute = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The path with the world's ids in it. */
  path: (w: World) => string
  /** How its body is sent. */
  kind: 'form' | 'json' | 'multipart' | 'none'
  /** A body that would change something. */
  body?: (w: World) => Record<string, string | string[]> | unknown
  /** Where its body limit is higher than the 256 KiB of every other route (multipart uploads only). */
  limitBytes?: number
  /** better-auth endpoints the site does not use over HTTP: they answer 404. */
  isRetired?: boolean
  /** Sent as the administrator (moderation; or someone with no tour of the listing yet), not as the listing's owner. */
  asAdmin?: boolean
  /** Sent as the other person, the renter of the world's tour (only the renter moves a tour). */
  asRenter?: boolean
}

/** The posted fields of the lease terms form showing these values. */
export function termsFormFields(values: TermsFormValues): Record<string, string> {
  const fields: Record<string, string> = {}
  values.tenants.forEach((person, i) => Object.assign(fields, { [`tenants.${i}.name`]: person.name, [`tenants.${i}.email`]: person.email }))
  values.fees.forEach((fee, i) =>
    Object.assign(fields, { [`fees.${i}.label`]: fee.label, [`fees.${i}.amount`]: fee.amount, [`fees.${i}.frequency`]: fee.frequency }),
  )
  values.clauses.forEach((clause, i) => (fields[`clauses.${i}`] = clause))
  for (const [utility, paidBy] of Object.entries(values.utilities)) fields[`utility.${utility}`] = paidBy
  for (const [name, value] of Object.entries(values)) if (typeof value === 'string') fields[name] = value
  return fields
}

/** The world listing's tour availability: every day from 08:00 to 20:00, no notice, room for many parties. */
export const TOUR_AVAILABILITY = {
  toursEnabled: true,
  windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  tourMinutes: 30,
  noticeHours: 0,
  bufferMinutes: 0,
  partiesPerSlot: 50,
  blockedDates: [] as string[],
  autoConfirm: false,
}

/** The same availability as the availability page's form posts it. */
export const TOUR_AVAILABILITY_FORM: Record<string, string> = {
  toursEnabled: 'on',
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      [`start-${weekday}`, '08:00'],
      [`end-${weekday}`, '20:00'],
    ]),
  ),
  tourMinutes: '30',
  noticeHours: '0',
  bufferMinutes: '0',
  partiesPerSlot: '50',
  blockedDates: '',
}

export const FORM_LIMIT_BYTES = 256 * 1024
/** My application's upload: one document of at most 10 MB and its form. */
export const DOCUMENT_LIMIT_BYTES = 10 * 1024 * 1024 + 256 * 1024
export const PROFILE_LIMIT_BYTES = 6 * 1024 * 1024
export const PHOTOS_LIMIT_BYTES = 60 * 1024 * 1024
/** A maintenance request's forms and photos: four photos of 15 MB and the form around them. */
const MAINTENANCE_LIMIT_BYTES = 60 * 1024 * 1024 + 256 * 1024
/** A maintenance request's address: the hostile checks refuse before any request is read, so one id serves. */
const MAINTENANCE_REQUEST = '/maintenance/1'
/** An inspection item's photo: one photo of 15 MB and the form around it. */
const INSPECTION_PHOTO_LIMIT_BYTES = 15 * 1024 * 1024 + 256 * 1024
/** An inspection photo and a deposit deduction of the tenancy: refused before any request is read, so one id serves. */
const TENANCY_PHOTO = '1'
const TENANCY_DEDUCTION = '1'
/** An imported calendar of a listing: refused before any request is read, so one id serves. */
const CALENDAR_FEED = '1'
/** A day that has passed wherever the home is: a payment's or a refund's day. */
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
const SIGNATURE_SHA256 = 'a'.repeat(64)
const rentPage = (w: World) => `/leases/${w.tenancy.leaseId}/rent`
const moveInPage = (w: World) => `/leases/${w.tenancy.leaseId}/inspections/move-in`
const depositPage = (w: World) => `/leases/${w.tenancy.leaseId}/deposit`

const form = (
  path: (w: World) => string,
  body: (w: World) => Record<string, string | string[]>,
  extra: Partial<WriteRoute> = {},
): WriteRoute => ({
  method: 'POST',
  path,
  kind: 'form',
  body,
  ...extra,
})

const json = (
  method: WriteRoute['method'],
  path: (w: World) => string,
  body?: (w: World) => unknown,
  extra: Partial<WriteRoute> = {},
): WriteRoute => ({
  method,
  path,
  kind: body ? 'json' : 'none',
  body,
  ...extra,
})

const auth = (endpoint: string, body: (w: World) => unknown, extra: Partial<WriteRoute> = {}) =>
  json('POST', () => `/api/auth/${endpoint}`, body, extra)

/** The page actions (each also as its `.data` request, which client-side navigation sends). */
const pageActions: WriteRoute[] = [
  form(
    () => '/properties/new',
    () => ({ ...listingForm({ title: 'Cross-site listing' }), intent: 'save' }),
  ),
  form(
    (w) => `/properties/${w.listing.slug}/edit`,
    () => ({ ...listingForm({ title: 'Changed by another site' }), intent: 'save' }),
  ),
  form(
    (w) => `/properties/${w.listing.slug}/save`,
    () => ({ intent: 'save', redirectTo: '/' }),
  ),
  form(
    (w) => `/properties/${w.listing.slug}/manage`,
    () => ({ intent: 'delete', confirmed: 'yes' }),
  ),
  // Saved searches: saving one from /properties, their page's forms, a search's own page, the notifications.
  form(
    () => '/properties?q=Wilmington',
    () => ({ intent: 'save-search', name: 'Saved from another site', frequency: 'instant', timeZone: 'America/New_York' }),
  ),
  form(
    () => '/searches',
    () => ({ intent: 'alert-settings', timeZone: 'America/Chicago', digestHour: '3', savedHomesFrequency: 'never' }),
  ),
  form(
    () => '/searches',
    () => ({ intent: 'delete', id: '1' }),
  ),
  form(
    () => '/searches/1',
    () => ({ intent: 'settings', name: 'Renamed from another site', frequency: 'never' }),
  ),
  form(
    () => '/notifications',
    () => ({ intent: 'mark-all-read' }),
  ),
  // The stay's page (its steps and reviews) and the host's calendar page.
  form(
    (w) => `/stays/${w.stayBookingId}`,
    () => ({ intent: 'decline', reason: 'Declined from another site' }),
  ),
  form(
    (w) => `/stays/${w.stayBookingId}`,
    () => ({ intent: 'review', cleanliness: '5', communication: '5', houseRules: '5', text: 'Reviewed from another site, a fine guest.' }),
  ),
  form(
    (w) => `/properties/${w.listing.slug}/stays`,
    (w) => ({ intent: 'block', start: w.stayDates.checkIn, end: w.stayDates.checkOut, note: 'Blocked from another site' }),
  ),
  form(
    (w) => `/properties/${w.listing.slug}/stays`,
    (w) => ({ intent: 'unblock', blockId: String(w.stayBlockId) }),
  ),
  form(
    () => '/chat',
    () => ({ intent: 'send', body: 'Posted from another site', clientTxnId: 'cross-site-page-1' }),
  ),
  form(
    (w) => `/chat/${w.conversationId}`,
    () => ({ intent: 'send', body: 'Sent from another site', clientTxnId: 'cross-site-page-2' }),
  ),
  form(
    () => '/chat/reports',
    (w) => ({ intent: 'resolve', reportId: String(w.reportId), action: 'dismiss' }),
    { asAdmin: true },
  ),
  form(
    () => '/login',
    (w) => ({ email: w.email, password: 'a sturdy bench passphrase', redirectTo: '/' }),
  ),
  form(
    () => '/register',
    () => ({
      name: 'Cross Site',
      email: 'cross.site@example.com',
      password: 'a sturdy bench passphrase',
      termsVersion: siteConfig.termsVersion,
    }),
  ),
  form(
    () => '/forgot-password',
    (w) => ({ email: w.email }),
  ),
  form(
    () => '/reset-password?token=not-a-token',
    () => ({ newPassword: 'a sturdy new passphrase' }),
  ),
  form(
    () => '/logout',
    () => ({}),
  ),
  form(
    () => '/terms/accept',
    () => ({ label: siteConfig.termsVersion, redirectTo: '/' }),
  ),
  form(
    () => '/userprofile',
    () => ({ intent: 'save-profile', name: 'Changed by another site', role: '', bio: '', phone: '' }),
  ),
  // Two-factor sign-in and passkeys on the profile (each needs the password or names the person's own passkey), and the second step of a sign-in.
  form(
    () => '/userprofile',
    () => ({ intent: 'two-factor-start', password: 'a sturdy bench passphrase' }),
  ),
  form(
    () => '/userprofile',
    () => ({ intent: 'two-factor-off', password: 'a sturdy bench passphrase' }),
  ),
  form(
    () => '/userprofile',
    () => ({ intent: 'passkey-rename', passkeyId: 'passkey-1', name: 'Renamed from another site' }),
  ),
  form(
    () => '/userprofile',
    () => ({ intent: 'passkey-remove', passkeyId: 'passkey-1' }),
  ),
  form(
    () => '/login/two-factor',
    () => ({ method: 'totp', code: '123456', trustDevice: 'on', redirectTo: '/' }),
  ),
  form(
    () => '/admin/content/articles/new',
    () => ({
      intent: 'save',
      title: 'Cross-site article',
      slug: 'cross-site-article',
      summary: 'Written from another site',
      category: 'moving',
      body: 'Written from another site.',
      status: 'published',
      when: 'now',
    }),
    { asAdmin: true },
  ),
  form(
    () => '/admin/content/preview',
    () => ({ markdown: 'Previewed from another site' }),
    { asAdmin: true },
  ),
  form(
    () => '/admin/cooper',
    () => ({ intent: 'recompute' }),
    { asAdmin: true },
  ),
  // Reports of a listing and of a review (sent by the administrator, who owns neither), and the console's actions on them.
  form(
    (w) => `/properties/${w.listing.slug}/report`,
    () => ({ reason: 'scam', text: 'Reported from another site' }),
    { asAdmin: true },
  ),
  form(
    (w) => `/properties/${w.listing.slug}/reviews/1/report`,
    () => ({ text: 'Reported from another site' }),
    { asAdmin: true },
  ),
  form(
    () => '/admin/listings',
    (w) => ({ intent: 'unpublish', listingId: String(w.listing.id), reason: 'Unpublished from another site', confirmed: 'yes' }),
    { asAdmin: true },
  ),
  form(
    () => '/admin/reports',
    () => ({ intent: 'dismiss-review', reviewId: '1', reason: 'Dismissed from another site' }),
    { asAdmin: true },
  ),
  // Tours: a request from a listing's tour box, the landlord's availability (saved, or a listing back
  // on the defaults), and each answer or change on a tour's page.
  form(
    () => '/tours/new',
    (w) => ({ listingId: String(w.listing.id), startsAt: w.tourTime, partySize: '2', note: 'Booked from another site' }),
    { asAdmin: true },
  ),
  form(
    (w) => `/tours/availability?listing=${w.listing.id}`,
    () => ({ ...TOUR_AVAILABILITY_FORM, toursEnabled: '' }),
  ),
  form(
    () => '/tours/availability',
    () => ({ ...TOUR_AVAILABILITY_FORM, partiesPerSlot: '1' }),
  ),
  form(
    (w) => `/tours/availability?listing=${w.listing.id}`,
    () => ({ intent: 'use-defaults' }),
  ),
  form(
    (w) => `/tours/${w.tourId}`,
    (w) => ({ intent: 'reschedule', startsAt: w.tourTime }),
    { asRenter: true },
  ),
  ...(['confirm', 'decline', 'cancel', 'complete', 'no-show'] as const).map((intent) =>
    form(
      (w) => `/tours/${w.tourId}`,
      () => ({ intent, reason: 'Changed from another site' }),
    ),
  ),
  // Applications: My application (saved, everything deleted), applying from a listing, each answer on
  // an application's page, and a listing's criteria.
  form(
    () => '/userprofile/application',
    () => ({ intent: 'delete-all', confirmed: 'yes' }),
    { asRenter: true },
  ),
  form(
    () => '/userprofile/application',
    () => ({ intent: 'delete-document:1' }),
    { asRenter: true },
  ),
  form(
    (w) => `/applications/new?listing=${w.listing.id}`,
    () => ({ moveInDate: moveInDate(), leaseMonths: '12', note: 'Applied from another site' }),
    { asAdmin: true },
  ),
  form(
    (w) => `/applications/${w.applicationId}`,
    () => ({ intent: 'declined', reasons: 'other', text: 'Declined from another site' }),
  ),
  form(
    (w) => `/applications/${w.applicationId}`,
    () => ({ intent: 'withdrawn', reason: 'Withdrawn from another site' }),
    { asRenter: true },
  ),
  form(
    (w) => `/applications/${w.applicationId}`,
    () => ({ intent: 'invite_co_applicant', email: 'cross.site.invitee@example.com' }),
    { asRenter: true },
  ),
  form(
    (w) => `/applications/${w.applicationId}`,
    () => ({ intent: 'remove_co_applicant', inviteId: '1' }),
    { asRenter: true },
  ),
  form(
    (w) => `/applications/${w.applicationId}`,
    () => ({ intent: 'leave_application' }),
    { asRenter: true },
  ),
  form(
    (w) => `/properties/${w.listing.slug}/criteria`,
    () => ({
      incomeMultiple: '9',
      petPolicy: 'none',
      maxOccupants: '1',
      moveInFrom: '',
      moveInTo: '',
      otherRequirements: 'From another site',
      accepting: '',
    }),
  ),
  // Leases: drafting one for a listing, each form of a lease's page (the tenant's consent, withdrawal,
  // signature and decline; the landlord's send, void and amendment), its terms form, and the verify page.
  form(
    () => '/leases/new',
    (w) => ({ listingId: String(w.listing.id), redirectTo: '/leases' }),
  ),
  ...(
    [
      ['consent', { agree: 'on' }, true],
      ['withdraw_consent', {}, true],
      ['sign', { typedName: 'Oli Other', confirm: 'on', drawing: '' }, true],
      ['decline', { reason: 'Declined from another site' }, true],
      ['send', {}, false],
      ['void', { reason: 'Voided from another site' }, false],
      ['amend', {}, false],
    ] as const
  ).map(([intent, fields, asRenter]) =>
    form(
      (w) => `/leases/${w.leaseId}`,
      (w) => ({ intent, ...fields, ...(intent === 'sign' ? { documentSha256: w.leaseSha256 } : {}) }),
      { asRenter },
    ),
  ),
  form(
    (w) => `/leases/${w.leaseId}/edit`,
    (w) => ({ ...w.leaseTermsForm, intent: 'save' }),
  ),
  form(
    () => '/leases/verify',
    (w) => ({ sha256: w.leaseSha256 }),
  ),
  // The profile photo and My application's document: the page forms that upload, as multipart forms with their larger limits.
  { method: 'POST', path: () => '/userprofile', kind: 'multipart', limitBytes: PROFILE_LIMIT_BYTES },
  { method: 'POST', path: () => '/userprofile/application', kind: 'multipart', limitBytes: DOCUMENT_LIMIT_BYTES, asRenter: true },
  // Maintenance: filing a request, and the forms of a request's page (its steps, photos and thread), multipart with photos.
  { method: 'POST', path: () => '/maintenance/new', kind: 'multipart', limitBytes: MAINTENANCE_LIMIT_BYTES, asRenter: true },
  { method: 'POST', path: () => MAINTENANCE_REQUEST, kind: 'multipart', limitBytes: MAINTENANCE_LIMIT_BYTES },
  // The tenancy of a signed lease: each form of its rent page, of its move-in inspection's page (a photo
  // multipart, the others plain forms) and of its deposit page.
  ...(
    [
      ['pay', () => ({ amount: '1.00', method: 'cash', paidOn: YESTERDAY, reference: 'From another site' })],
      ['confirmed', (w) => ({ paymentId: String(w.tenancy.paymentId) })],
      ['rejected', (w) => ({ paymentId: String(w.tenancy.paymentId), reason: 'Rejected from another site' })],
      ['reversed', (w) => ({ paymentId: String(w.tenancy.paymentId), reason: 'Reversed from another site' })],
    ] as const satisfies [string, (w: World) => Record<string, string>][]
  ).map(([intent, fields]) => form(rentPage, (w) => ({ intent, ...fields(w) }))),
  ...(
    [
      ['start', () => ({}), false],
      ['add_room', () => ({ name: 'Attic' }), false],
      ['remove_room', (w) => ({ roomId: String(w.tenancy.roomId) }), false],
      ['add_item', (w) => ({ roomId: String(w.tenancy.roomId), name: 'Shelf' }), false],
      ['remove_item', (w) => ({ itemId: String(w.tenancy.itemId) }), false],
      ['save_item', (w) => ({ itemId: String(w.tenancy.itemId), condition: 'damaged', notes: 'From another site' }), false],
      ['comment', (w) => ({ itemId: String(w.tenancy.itemId), body: 'From another site' }), true],
      ['remove_photo', (w) => ({ itemId: String(w.tenancy.itemId), photoId: TENANCY_PHOTO }), false],
      ['ready', () => ({}), false],
      ['reopen', () => ({}), false],
      ['consent', () => ({ agree: 'on' }), true],
      ['sign', () => ({ typedName: 'Oli Other', confirm: 'on', documentSha256: SIGNATURE_SHA256 }), true],
    ] as const satisfies [string, (w: World) => Record<string, string>, boolean][]
  ).map(([intent, fields, asRenter]) => form(moveInPage, (w) => ({ intent, ...fields(w) }), { asRenter })),
  {
    method: 'POST',
    path: moveInPage,
    kind: 'multipart',
    body: (w) => ({ intent: 'add_photo', itemId: String(w.tenancy.itemId) }),
    limitBytes: INSPECTION_PHOTO_LIMIT_BYTES,
    asRenter: true,
  },
  ...(
    [
      ['move_out', { endedOn: '2099-06-30' }],
      ['deduct', { amount: '10.00', category: 'damage', reason: 'From another site' }],
      ['take_back', { deductionId: TENANCY_DEDUCTION }],
      ['send', { method: 'check', paidOn: YESTERDAY, reference: 'From another site', confirm: 'on' }],
    ] as const
  ).map(([intent, fields]) => form(depositPage, () => ({ intent, ...fields }))),
]

const dataRequests: WriteRoute[] = pageActions.map((route) => ({
  ...route,
  path: (w: World) => {
    const [pathname, search] = route.path(w).split('?')
    return `${pathname}.data${search ? `?${search}` : ''}`
  },
}))

const api: WriteRoute[] = [
  json(
    'POST',
    () => '/api/chat/conversations',
    (w) => ({ otherUserId: w.otherId }),
  ),
  json(
    'POST',
    (w) => `/api/chat/conversations/${w.conversationId}/messages`,
    () => ({ body: 'From another site', clientTxnId: 'cross-site-api-1' }),
  ),
  json(
    'POST',
    (w) => `/api/chat/conversations/${w.conversationId}/read`,
    () => ({}),
  ),
  json(
    'PATCH',
    (w) => `/api/chat/messages/${w.directMessageId}`,
    () => ({ body: 'Edited from another site' }),
  ),
  json('DELETE', (w) => `/api/chat/messages/${w.directMessageId}`),
  json(
    'POST',
    () => '/api/chat/room/messages',
    () => ({ body: 'Room post from another site', clientTxnId: 'cross-site-api-2' }),
  ),
  // A mail provider's bounce webhook (404 without MAIL_BOUNCE_SECRET; another site's post is refused first).
  // The one write left out on purpose: an alert e-mail's one-click unsubscribe (POST /alerts/unsubscribe/:token),
  // which RFC 8058 has mail providers post from anywhere (server/http/security.server.ts, isOneClickUnsubscribe).
  json(
    'POST',
    () => '/api/mail/bounces',
    (w) => ({ email: w.email }),
  ),
  json(
    'PATCH',
    (w) => `/api/chat/room/messages/${w.roomMessageId}`,
    () => ({ body: 'Edited from another site' }),
  ),
  json('DELETE', (w) => `/api/chat/room/messages/${w.roomMessageId}`),
  json(
    'POST',
    () => '/api/chat/reports',
    (w) => ({ kind: 'room', messageId: w.roomMessageId, reason: 'Reported from another site' }),
  ),
  json(
    'POST',
    (w) => `/api/chat/reports/${w.reportId}/resolve`,
    () => ({ action: 'dismiss' }),
    { asAdmin: true },
  ),
  json(
    'POST',
    () => '/api/chat/mutes',
    (w) => ({ userId: w.otherId, minutes: 15, reason: 'From another site' }),
    { asAdmin: true },
  ),
  json('DELETE', (w) => `/api/chat/mutes/${w.otherId}`, undefined, { asAdmin: true }),
  json(
    'POST',
    () => '/api/chat/blocks',
    (w) => ({ userId: w.otherId }),
  ),
  json('DELETE', (w) => `/api/chat/blocks/${w.otherId}`),
  { method: 'POST', path: (w) => `/api/properties/${w.listing.id}/photos`, kind: 'multipart', limitBytes: PHOTOS_LIMIT_BYTES },
  // Maintenance: filing a request, each step of one, its photos and its thread.
  json(
    'POST',
    () => '/api/maintenance',
    (w) => ({
      leaseId: w.leaseId,
      category: 'plumbing',
      urgency: 'routine',
      title: 'From another site',
      location: 'Kitchen',
      entryAllowed: true,
    }),
    { asRenter: true },
  ),
  ...['acknowledge', 'schedule', 'start', 'complete', 'close', 'reopen', 'cancel', 'thread'].map((step) =>
    json(
      'POST',
      () => `/api${MAINTENANCE_REQUEST}/${step}`,
      () => ({ note: 'From another site', date: '2099-01-01', time: '10:00' }),
    ),
  ),
  { method: 'POST', path: () => `/api${MAINTENANCE_REQUEST}/photos`, kind: 'multipart', limitBytes: MAINTENANCE_LIMIT_BYTES },
  form(
    (w) => `/api/properties/${w.listing.id}/photos/${w.photoId}`,
    () => ({ intent: 'delete', redirectTo: '/' }),
  ),
  json(
    'PATCH',
    (w) => `/api/properties/${w.listing.id}/photos`,
    (w) => ({ photos: [{ id: w.photoId, altText: 'Changed by another site' }] }),
  ),
  json('DELETE', (w) => `/api/properties/${w.listing.id}/photos/${w.photoId}`),
  json(
    'POST',
    (w) => `/api/properties/${w.listing.id}/tours`,
    (w) => ({ startsAt: w.tourTime, partySize: 2, note: 'Booked from another site' }),
    { asAdmin: true },
  ),
  json(
    'POST',
    (w) => `/api/tours/${w.tourId}/reschedule`,
    (w) => ({ startsAt: w.tourTime }),
    { asRenter: true },
  ),
  ...(['confirm', 'decline', 'cancel', 'complete', 'no-show'] as const).map((change) =>
    json(
      'POST',
      (w) => `/api/tours/${w.tourId}/${change}`,
      () => ({ reason: 'Changed from another site' }),
    ),
  ),
  json(
    'PUT',
    (w) => `/api/tour-availability?listing=${w.listing.id}`,
    () => ({ ...TOUR_AVAILABILITY, toursEnabled: false }),
  ),
  json(
    'PUT',
    () => '/api/tour-availability',
    () => ({ ...TOUR_AVAILABILITY, partiesPerSlot: 1 }),
  ),
  json('DELETE', (w) => `/api/tour-availability?listing=${w.listing.id}`),
  // Stays: the host's rules and blocks, a request to book, and each step of the world's booking.
  json(
    'PUT',
    (w) => `/api/properties/${w.listing.id}/stay-rules`,
    () => ({ ...DEFAULT_STAY_RULES, instantBook: true, checkInDetails: 'Changed by another site' }),
  ),
  json(
    'POST',
    (w) => `/api/properties/${w.listing.id}/stay-blocks`,
    (w) => ({ start: w.stayDates.checkIn, end: w.stayDates.checkOut, note: 'Blocked from another site' }),
  ),
  json('DELETE', (w) => `/api/properties/${w.listing.id}/stay-blocks/${w.stayBlockId}`),
  json(
    'POST',
    (w) => `/api/properties/${w.listing.id}/stays`,
    (w) => ({ ...w.stayDates, guests: 2, message: 'Booked from another site' }),
    { asAdmin: true },
  ),
  ...(['accept', 'decline', 'cancel', 'check-in'] as const).map((step) =>
    json(
      'POST',
      (w) => `/api/stays/${w.stayBookingId}/${step}`,
      () => ({ reason: 'Changed from another site' }),
    ),
  ),
  // Reviews of a stay, the host's answer, and an administrator's removal (the ids need not be of a
  // finished stay or a published review: the refusal comes before any of that is read).
  json(
    'POST',
    (w) => `/api/stays/${w.stayBookingId}/reviews`,
    () => ({ cleanliness: 5, communication: 5, houseRules: 5, text: 'Reviewed from another site, a fine guest all round.' }),
  ),
  json(
    'POST',
    (w) => `/api/stay-reviews/${w.stayBookingId}/answer`,
    () => ({ answer: 'Answered from another site' }),
  ),
  json(
    'POST',
    (w) => `/api/stay-reviews/${w.stayBookingId}/removal`,
    () => ({ rule: REVIEW_RULE_KEYS[0], note: 'Removed from another site' }),
    { asAdmin: true },
  ),
  json(
    'PUT',
    () => '/api/me/application',
    () => completeRenterProfile({ legalName: 'Changed by another site' }),
    { asRenter: true },
  ),
  json('DELETE', () => '/api/me/application', undefined, { asRenter: true }),
  json(
    'PUT',
    (w) => `/api/properties/${w.listing.id}/application-criteria`,
    () => ({ ...CRITERIA, accepting: false }),
  ),
  json(
    'POST',
    (w) => `/api/properties/${w.listing.id}/applications`,
    () => ({ moveInDate: moveInDate(), leaseMonths: 12, note: 'Applied from another site' }),
    { asAdmin: true },
  ),
  ...(
    [
      ['start-review', {}],
      ['request-information', { text: 'Asked from another site' }],
      ['approve', { homeTaken: true }],
      ['approve-with-conditions', { conditions: ['other'], text: 'From another site' }],
      ['decline', { reasons: ['other'], text: 'Declined from another site' }],
    ] as const
  ).map(([action, body]) =>
    json(
      'POST',
      (w) => `/api/applications/${w.applicationId}/${action}`,
      () => body,
    ),
  ),
  json(
    'POST',
    (w) => `/api/applications/${w.applicationId}/co-applicants`,
    () => ({ email: 'cross.site.invitee@example.com' }),
    { asRenter: true },
  ),
  json('DELETE', (w) => `/api/applications/${w.applicationId}/co-applicants/1`, undefined, { asRenter: true }),
  json('POST', (w) => `/api/applications/${w.applicationId}/leave`, undefined, { asRenter: true }),
  ...(
    [
      ['provide-information', { note: 'Provided from another site' }],
      ['withdraw', { reason: 'Withdrawn from another site' }],
    ] as const
  ).map(([action, body]) =>
    json(
      'POST',
      (w) => `/api/applications/${w.applicationId}/${action}`,
      () => body,
      { asRenter: true },
    ),
  ),
  // Leases: drafting one, checking a PDF's hash, the terms and an amendment's text, and each change of the world's lease.
  json(
    'POST',
    () => '/api/leases',
    (w) => ({ listingId: w.listing.id }),
  ),
  json(
    'POST',
    () => '/api/leases/verify',
    (w) => ({ sha256: w.leaseSha256 }),
  ),
  json(
    'PUT',
    (w) => `/api/leases/${w.leaseId}/terms`,
    () => ({ rentCents: 100 }),
  ),
  json(
    'PUT',
    (w) => `/api/leases/${w.leaseId}/amendment`,
    () => ({ text: 'Changed from another site.' }),
  ),
  ...(
    [
      ['send', undefined],
      ['void', { reason: 'Voided from another site' }],
      ['amend', undefined],
      ['consent', { agree: true }],
      ['withdraw-consent', undefined],
      ['sign', { typedName: 'Oli Other', confirm: true }],
      ['decline', { reason: 'Declined from another site' }],
    ] as const
  ).map(([action, body]) =>
    json(
      'POST',
      (w) => `/api/leases/${w.leaseId}/${action}`,
      body && ((w: World) => (action === 'sign' ? { ...body, documentSha256: w.leaseSha256 } : body)),
      { asRenter: action !== 'send' && action !== 'void' && action !== 'amend' },
    ),
  ),
  // The tenancy: a payment recorded and each answer to the reported one; every write of the move-in
  // inspection (its photo multipart); every write of the deposit's return.
  json(
    'POST',
    (w) => `/api/leases/${w.tenancy.leaseId}/rent/payments`,
    () => ({ method: 'cash', paidOn: YESTERDAY, amountCents: 100, reference: 'From another site' }),
  ),
  json('POST', (w) => `/api/leases/${w.tenancy.leaseId}/rent/payments/${w.tenancy.paymentId}/confirm`),
  ...['reject', 'reverse'].map((answer) =>
    json(
      'POST',
      (w) => `/api/leases/${w.tenancy.leaseId}/rent/payments/${w.tenancy.paymentId}/${answer}`,
      () => ({ reason: 'From another site' }),
    ),
  ),
  ...(
    [
      ['POST', '', undefined, false],
      ['POST', '/rooms', () => ({ name: 'Attic' }), false],
      ['DELETE', '/rooms/:room', undefined, false],
      ['POST', '/rooms/:room/items', () => ({ name: 'Shelf' }), false],
      ['PUT', '/items/:item', () => ({ condition: 'damaged', notes: 'From another site' }), false],
      ['DELETE', '/items/:item', undefined, false],
      ['POST', '/items/:item/comments', () => ({ body: 'From another site' }), true],
      ['DELETE', `/items/:item/photos/${TENANCY_PHOTO}`, undefined, false],
      ['POST', '/ready', undefined, false],
      ['POST', '/reopen', undefined, false],
      ['POST', '/consent', () => ({ agree: true }), true],
      ['POST', '/sign', () => ({ typedName: 'Oli Other', confirm: true, documentSha256: SIGNATURE_SHA256 }), true],
    ] as const
  ).map(([method, tail, body, asRenter]) =>
    json(
      method,
      (w) =>
        `/api/leases/${w.tenancy.leaseId}/inspections/move-in${tail.replace(':room', String(w.tenancy.roomId)).replace(':item', String(w.tenancy.itemId))}`,
      body,
      { asRenter },
    ),
  ),
  {
    method: 'POST',
    path: (w) => `/api/leases/${w.tenancy.leaseId}/inspections/move-in/items/${w.tenancy.itemId}/photos`,
    kind: 'multipart',
    limitBytes: INSPECTION_PHOTO_LIMIT_BYTES,
    asRenter: true,
  },
  json(
    'POST',
    (w) => `/api/leases/${w.tenancy.leaseId}/deposit/move-out`,
    () => ({ endedOn: '2099-06-30' }),
  ),
  json(
    'POST',
    (w) => `/api/leases/${w.tenancy.leaseId}/deposit/deductions`,
    () => ({ amount: '10.00', category: 'damage', reason: 'From another site' }),
  ),
  json('DELETE', (w) => `/api/leases/${w.tenancy.leaseId}/deposit/deductions/${TENANCY_DEDUCTION}`),
  json(
    'POST',
    (w) => `/api/leases/${w.tenancy.leaseId}/deposit/send`,
    () => ({ method: 'check', paidOn: YESTERDAY, reference: 'From another site', confirm: true }),
  ),
  // A short-term listing's calendar sync: the export address and the imported calendars. The world's listing
  // is let by lease, and the hostile checks refuse before any listing is read, so one feed id serves.
  json('POST', (w) => `/api/properties/${w.listing.id}/calendar-sync/export`),
  json('DELETE', (w) => `/api/properties/${w.listing.id}/calendar-sync/export`),
  json(
    'POST',
    (w) => `/api/properties/${w.listing.id}/calendar-sync/feeds`,
    () => ({ name: 'From another site', url: 'https://www.airbnb.com/calendar/ical/1.ics?s=another-site' }),
  ),
  json('DELETE', (w) => `/api/properties/${w.listing.id}/calendar-sync/feeds/${CALENDAR_FEED}`),
  json('POST', (w) => `/api/properties/${w.listing.id}/calendar-sync/feeds/${CALENDAR_FEED}/fetch`),
]

const authUsed: WriteRoute[] = [
  auth('sign-up/email', () => ({
    name: 'Cross Site',
    email: 'cross.site.api@example.com',
    password: 'a sturdy bench passphrase',
    termsVersion: siteConfig.termsVersion,
  })),
  auth('sign-in/email', (w) => ({ email: w.email, password: 'a sturdy bench passphrase' })),
  auth('sign-out', () => ({})),
  auth('send-verification-email', (w) => ({ email: w.email })),
  auth('request-password-reset', (w) => ({ email: w.email, redirectTo: '/reset-password' })),
  auth('reset-password', () => ({ newPassword: 'a sturdy new passphrase', token: 'not-a-token' })),
  auth('sign-in/social', () => ({ provider: 'oidc', callbackURL: '/' })),
  auth('two-factor/verify-totp', () => ({ code: '123456', trustDevice: true })),
  auth('two-factor/verify-backup-code', () => ({ code: 'abcde-fghij' })),
  auth('passkey/verify-authentication', () => ({ response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } })),
  auth('passkey/verify-registration', () => ({
    response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
    name: 'From another site',
  })),
]

/** better-auth endpoints the site does not use over HTTP: retired to 404, and never a cross-site write. */
const authRetired: WriteRoute[] = [
  auth('update-user', () => ({ name: 'Changed by another site' })),
  auth('change-password', () => ({ currentPassword: 'a sturdy bench passphrase', newPassword: 'a sturdy new passphrase' })),
  auth('change-email', () => ({ newEmail: 'evil@evil.example' })),
  auth('delete-user', () => ({ password: 'a sturdy bench passphrase' })),
  auth('revoke-session', () => ({ token: 'x' })),
  auth('revoke-sessions', () => ({})),
  auth('revoke-other-sessions', () => ({})),
  auth('set-password', () => ({ newPassword: 'a sturdy new passphrase' })),
  auth('link-social', () => ({ provider: 'oidc' })),
  auth('unlink-account', () => ({ providerId: 'credential' })),
  auth('refresh-token', () => ({ providerId: 'oidc' })),
  auth('get-access-token', () => ({ providerId: 'oidc' })),
  auth('two-factor/enable', () => ({ password: 'a sturdy bench passphrase' })),
  auth('two-factor/disable', () => ({ password: 'a sturdy bench passphrase' })),
  auth('two-factor/generate-backup-codes', () => ({ password: 'a sturdy bench passphrase' })),
  auth('passkey/delete-passkey', () => ({ id: 'passkey-1' })),
  auth('passkey/update-passkey', () => ({ id: 'passkey-1', name: 'Renamed from another site' })),
].map((route) => ({ ...route, isRetired: true }))

export const WRITE_ROUTES: WriteRoute[] = [...pageActions, ...dataRequests, ...api, ...authUsed, ...authRetired]

/** A route's name in a test's messages. */
export function describeRoute(route: WriteRoute, w: World) {
  return `${route.method} ${route.path(w)}`
}

/** The route's body as the site's own page or script would send it. */
export function bodyOf(route: WriteRoute, w: World): { headers: Record<string, string>; body?: BodyInit } {
  const value = route.body?.(w)
  switch (route.kind) {
    case 'form': {
      const params = new URLSearchParams()
      for (const [name, v] of Object.entries((value ?? {}) as Record<string, string | string[]>)) {
        for (const one of Array.isArray(v) ? v : [v]) params.append(name, one)
      }
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: params }
    }
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value ?? {}) }
    case 'multipart': {
      const multipart = new FormData()
      for (const [name, field] of Object.entries((value ?? {}) as Record<string, string>)) multipart.append(name, field)
      multipart.append('photo', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'cross.png')
      multipart.append('altText', 'From another site')
      return { headers: {}, body: multipart }
    }
    case 'none':
      return { headers: {} }
  }
}

/**
 * The world the routes act on, made through the site: an owner with a published listing and a ready
 * photo, another person in a conversation with them, a room message of the owner's that the other
 * person reported, and the administrator. The listing takes tours (its own availability set through
 * the API), and the other person has asked for one that the owner has not answered yet; the other
 * person has applied to it too. On another listing the owner approved the other person's application
 * and sent its lease, and the other person consented to sign it. On a third, a lease both have signed,
 * with its first charges in the books, a payment the other person reported and its move-in inspection started.
 */
export async function makeWorld(site: Site): Promise<{ world: World; owner: LiveAccount; other: LiveAccount; admin: LiveAccount }> {
  const owner = await site.landlord('Vic Victim')
  const other = await site.account('Oli Other', 'other')
  const admin = await site.admin()
  const listing = await site.createListing(owner.cookie, { offersShortTerm: 'on', nightlyPrice: '150', minNights: '2' })
  const upload = new FormData()
  upload.append('photo', new Blob([await solidImage(64, 48).png().toBuffer()], { type: 'image/png' }), 'porch.png')
  upload.append('altText', 'The porch')
  const uploaded = await site.send(`/api/properties/${listing.id}/photos`, { cookie: owner.cookie, multipart: upload })
  if (uploaded.status !== 201) throw new Error(`photo upload: ${uploaded.status} ${await uploaded.text()}`)
  const photoId = ((await uploaded.json()) as { photos: { id: number }[] }).photos[0]!.id
  // The photo's job settles first, so nothing but the test's own requests works on the server after.
  const deadline = Date.now() + 30_000
  for (;;) {
    const { photos } = (await (await site.send(`/api/properties/${listing.id}/photos`, { cookie: owner.cookie })).json()) as {
      photos: { status: string }[]
    }
    if (photos.every((photo) => photo.status === 'ready')) break
    if (Date.now() > deadline) throw new Error(`the photo is still ${photos[0]?.status} after 30 s`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const opened = await site.send('/api/chat/conversations', { cookie: owner.cookie, json: { otherUserId: other.id } })
  const { conversationId } = (await opened.json()) as { conversationId: number }
  const dm = await site.send(`/api/chat/conversations/${conversationId}/messages`, {
    cookie: owner.cookie,
    json: { body: 'Hello there', clientTxnId: randomUUID() },
  })
  const directMessageId = ((await dm.json()) as { message: { id: number } }).message.id
  const room = await site.send('/api/chat/room/messages', {
    cookie: owner.cookie,
    json: { body: 'Hello, room', clientTxnId: randomUUID() },
  })
  const roomMessageId = ((await room.json()) as { message: { id: number } }).message.id
  const reported = await site.send('/api/chat/reports', {
    cookie: other.cookie,
    json: { kind: 'room', messageId: roomMessageId, reason: 'Just checking' },
  })
  if (reported.status !== 201) throw new Error(`report: ${reported.status}`)
  const reports = (await (await site.send('/api/chat/reports', { cookie: admin.cookie })).json()) as { reports: { id: number }[] }
  const available = await site.send(`/api/tour-availability?listing=${listing.id}`, {
    method: 'PUT',
    cookie: owner.cookie,
    json: TOUR_AVAILABILITY,
  })
  if (available.status !== 200) throw new Error(`tour availability: ${available.status} ${await available.text()}`)
  const open = (await (await site.send(`/api/properties/${listing.id}/tour-slots`)).json()) as {
    days: { slots: { startsAt: string }[] }[]
  }
  const times = open.days.flatMap((day) => day.slots.map((slot) => slot.startsAt))
  if (times.length < 2) throw new Error(`the listing shows ${times.length} open tour times`)
  const requested = await site.send(`/api/properties/${listing.id}/tours`, {
    cookie: other.cookie,
    json: { startsAt: times[0], partySize: 2, note: 'We would like to see it' },
  })
  if (requested.status !== 201) throw new Error(`tour request: ${requested.status} ${await requested.text()}`)
  const tourId = ((await requested.json()) as { tour: { id: number } }).tour.id
  const profile = await site.send('/api/me/application', { method: 'PUT', cookie: other.cookie, json: completeRenterProfile() })
  if (profile.status !== 200) throw new Error(`the application: ${profile.status} ${await profile.text()}`)
  const applied = await site.send(`/api/properties/${listing.id}/applications`, {
    cookie: other.cookie,
    json: { moveInDate: moveInDate(), leaseMonths: 12, note: 'We would like to live here' },
  })
  if (applied.status !== 201) throw new Error(`applying: ${applied.status} ${await applied.text()}`)
  const applicationId = ((await applied.json()) as { application: { id: number } }).application.id
  const stays = await makeStays(site, listing.id, owner, other)
  const lease = await makeLease(site, owner, other)
  const tenancy = await makeTenancy(site, owner, other)
  const world: World = {
    listing: { id: listing.id, slug: listing.slug },
    photoId,
    conversationId,
    directMessageId,
    roomMessageId,
    reportId: reports.reports.at(-1)!.id,
    tourId,
    tourTime: times[1]!,
    applicationId,
    ...lease,
    tenancy,
    ...stays,
    otherId: other.id,
    email: owner.email,
  }
  return { world, owner, other, admin }
}

/** The world's stay: the other person's request for two nights a month ahead, a block of the owner's, and open nights after both. */
async function makeStays(site: Site, listingId: number, owner: LiveAccount, other: LiveAccount) {
  const today = new Date().toISOString().slice(0, 10)
  const asked = await site.send(`/api/properties/${listingId}/stays`, {
    cookie: other.cookie,
    json: { checkIn: addDays(today, 30), checkOut: addDays(today, 32), guests: 2, message: 'A quiet weekend' },
  })
  if (asked.status !== 201) throw new Error(`stay request: ${asked.status} ${await asked.text()}`)
  const blocked = await site.send(`/api/properties/${listingId}/stay-blocks`, {
    cookie: owner.cookie,
    json: { start: addDays(today, 40), end: addDays(today, 42), note: 'Repairs' },
  })
  if (blocked.status !== 201) throw new Error(`stay block: ${blocked.status} ${await blocked.text()}`)
  return {
    stayBookingId: ((await asked.json()) as { booking: { id: number } }).booking.id,
    stayBlockId: ((await blocked.json()) as { block: { id: number } }).block.id,
    stayDates: { checkIn: addDays(today, 50), checkOut: addDays(today, 52) },
  }
}

/** The world's lease: another listing of the owner's, the other person's application to it approved, its lease sent and consented to. */
async function makeLease(site: Site, owner: LiveAccount, other: LiveAccount) {
  const call = async (path: string, cookie: string, json?: unknown, method = 'POST', status = 200) => {
    const answer = await site.send(path, { method, cookie, json })
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answer, read for the fields the world needs.
    return (await answer.json()) as any
  }
  const home = await site.createListing(owner.cookie)
  const applied = await call(
    `/api/properties/${home.id}/applications`,
    other.cookie,
    {
      moveInDate: moveInDate(),
      leaseMonths: 12,
      note: 'We would like a lease',
    },
    'POST',
    201,
  )
  await call(`/api/applications/${applied.application.id}/approve`, owner.cookie, { homeTaken: false })
  const created = await call('/api/leases', owner.cookie, { applicationId: applied.application.id }, 'POST', 201)
  const leaseId = created.lease.id as number
  await call(`/api/leases/${leaseId}/send`, owner.cookie)
  await call(`/api/leases/${leaseId}/consent`, other.cookie, { agree: true })
  const { lease } = await call(`/api/leases/${leaseId}`, other.cookie, undefined, 'GET')
  const values = formValuesOfTerms(created.lease.draftTerms as LeaseTerms)
  return {
    leaseId,
    leaseSha256: lease.document.sha256 as string,
    leaseTermsForm: termsFormFields({ ...values, rent: '1' }),
  }
}

/** The world's tenancy: a third home's lease signed by both, the tenant's payment reported, the move-in inspection started. */
async function makeTenancy(site: Site, owner: LiveAccount, other: LiveAccount): Promise<World['tenancy']> {
  const leaseId = await signedLease(site, owner, other)
  const reported = await site.send(`/api/leases/${leaseId}/rent/payments`, {
    cookie: other.cookie,
    json: { method: 'bank_transfer', paidOn: YESTERDAY, amountCents: 5000, reference: '' },
  })
  if (reported.status !== 201) throw new Error(`reporting a payment: ${reported.status} ${await reported.text()}`)
  const started = await site.send(`/api/leases/${leaseId}/inspections/move-in`, { cookie: owner.cookie, method: 'POST' })
  if (started.status !== 201) throw new Error(`starting the move-in inspection: ${started.status} ${await started.text()}`)
  const { inspection } = (await started.json()) as { inspection: { rooms: { id: number; items: { id: number }[] }[] } }
  // The signing and the start are mailed by jobs: everyone's mail is in before a test reads it.
  await untilMailSettles(site)
  return {
    leaseId,
    paymentId: ((await reported.json()) as { id: number }).id,
    roomId: inspection.rooms[0]!.id,
    itemId: inspection.rooms[0]!.items[0]!.id,
  }
}
