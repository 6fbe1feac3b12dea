// The demo site's lived-in tenancy: Maria Delgado lets one of her Wilmington homes to Alex Morgan on a
// lease that began some months ago, so a newcomer signing in as either finds a signed lease with its
// sealed PDF, rent books (each month charged, most paid, one in two parts, this month's payment reported
// by Alex and waiting for Maria to confirm), a signed move-in inspection and an open maintenance request.
// Everything goes through the areas' own front doors, as the parties would; only the announcements are
// left out (no notice, no mail, no live news: nobody is there to read them). Once, with a marker.
import { and, asc, desc, eq, isNotNull, notExists, sql } from 'drizzle-orm'
import type { LeaseTermsInput } from '#common/leases/terms.ts'
import type { PaymentMethod } from '#common/ledger/vocabulary.ts'
import type { Config } from '#server/config.server.ts'
import type { Database } from '#server/db/client.server.ts'
import { lease, listing, savedListing, setting, user } from '#server/db/schema.ts'
import {
  consentToSignInspection,
  findInspection,
  saveItem,
  sendForSignature,
  signInspection,
  startInspection,
} from '#server/inspections/index.server.ts'
import { consentToSign, createLease, findLease, saveLeaseTerms, sendLease, signLease } from '#server/leases/index.server.ts'
import { addPayment, runLeaseCharges, todayAt } from '#server/ledger/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { fileRequest } from '#server/maintenance/index.server.ts'

const SEED_MARKER = 'demo_tenancy_seeded'
const LANDLORD_ID = 'demo-landlord-1'
const TENANT_ID = 'demo-renter'
/** How many whole months before this one the lease began. */
export const DEMO_TENANCY_MONTHS = 4
/** The part of one month's rent paid on the first of the month; the rest followed on the 12th. */
const PARTIAL_SHORT_CENTS = 40_000

type Seeding = { database: Database; config: Config; logger: Logger }

/** Seeds the tenancy once; answers the lease's id, or null when it was seeded already or cannot be. */
export async function seedDemoTenancy({ database, config, logger }: Seeding, now = new Date()): Promise<number | null> {
  const { db } = database
  const [claimed] = await db.insert(setting).values({ key: SEED_MARKER, value: now.toISOString() }).onConflictDoNothing().returning()
  if (!claimed) return null
  try {
    const leaseId = await seedTenancy({ database, config, logger }, now)
    if (leaseId !== null) logger.info({ leaseId }, 'demo tenancy created')
    return leaseId
  } catch (error) {
    logger.warn({ err: error }, 'the demo tenancy could not be created')
    return null
  }
}

type Person = { userId: string; email: string; name: string; ipAddress: null; userAgent: string; signInMethod: string }

async function demoPerson(db: Database['db'], id: string): Promise<Person | null> {
  const [found] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, id))
  if (!found) return null
  return { userId: id, email: found.email, name: found.name, ipAddress: null, userAgent: 'Cooper Home demo data', signInMethod: 'password' }
}

/**
 * One of the landlord's homes on the market that nobody has saved or leased: in Wilmington, open to Alex's cat
 * and with one bedroom (a short checklist to fill in) when she has one.
 */
async function demoHome(db: Database['db']) {
  const [home] = await db
    .select({ id: listing.id, timeZone: listing.timeZone })
    .from(listing)
    .where(
      and(
        eq(listing.ownerId, LANDLORD_ID),
        eq(listing.status, 'published'),
        isNotNull(listing.monthlyRentCents),
        notExists(db.select({ id: lease.id }).from(lease).where(eq(lease.listingId, listing.id))),
        notExists(db.select({ id: savedListing.listingId }).from(savedListing).where(eq(savedListing.listingId, listing.id))),
      ),
    )
    .orderBy(desc(sql`${listing.city} = 'Wilmington'`), desc(listing.allowsCats), desc(sql`${listing.bedrooms} = 1`), asc(listing.id))
    .limit(1)
  return home ?? null
}

/** 'YYYY-MM' `months` months after (or before, when negative) the month of `day`. */
function monthFrom(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

async function seedTenancy({ database, config, logger }: Seeding, now: Date): Promise<number | null> {
  const { db } = database
  const [landlord, tenant, home] = await Promise.all([demoPerson(db, LANDLORD_ID), demoPerson(db, TENANT_ID), demoHome(db)])
  if (!landlord || !tenant || !home) return null
  // The front doors as the pages call them, with nobody to tell: seeding announces nothing.
  const services = {
    database,
    config,
    logger,
    jobs: { send: async () => {} },
    realtime: { publish: async () => {} },
  }
  const today = todayAt(home.timeZone ?? 'UTC', now)
  const startMonth = monthFrom(today, -DEMO_TENANCY_MONTHS)
  const startDate = `${startMonth}-01`

  // The lease: drafted, given its terms, sent, signed by Alex and countersigned by Maria.
  const draft = await createLease(services, { actor: landlord, input: { listingId: home.id } })
  const draftView = await findLease(db, { leaseId: draft.id, viewer: landlord })
  const terms = draftView.draftTerms as unknown as LeaseTermsInput
  await saveLeaseTerms(services, {
    leaseId: draft.id,
    actor: landlord,
    input: {
      ...terms,
      tenants: [{ name: tenant.name, email: tenant.email }],
      occupants: 1,
      startDate,
      endDate: addDays(`${monthFrom(startDate, 12)}-01`, -1),
      dueDay: 1,
      graceDays: 5,
      depositCents: Math.min(terms.depositCents, terms.rentCents),
      lateFeeCents: 0,
      pets: 'One indoor cat.',
      parking: 'One off-street space behind the building.',
      clauses: ['No smoking inside the home or on the balcony.', 'The tenant keeps the walk in front of the home clear of snow.'],
    },
  })
  await sendLease(services, { leaseId: draft.id, actor: landlord, now })
  for (const signer of [tenant, landlord]) {
    await consentToSign(services, { leaseId: draft.id, actor: signer, given: true, input: { agree: true } })
    const view = await findLease(db, { leaseId: draft.id, viewer: signer })
    await signLease(services, {
      leaseId: draft.id,
      actor: signer,
      input: { typedName: signer.name, confirm: true, documentSha256: view.document!.sha256 },
      now,
    })
  }
  const leaseId = draft.id

  // The rent books: every charge due so far posted by the ledger's own run, then the payments.
  await runLeaseCharges({ db, mailer: { send: async () => {} }, publicUrl: config.publicUrl }, leaseId, now)
  const rentCents = terms.rentCents
  const depositCents = Math.min(terms.depositCents, terms.rentCents)
  const paid: [by: Person, paidOn: string, amountCents: number, method: PaymentMethod, reference: string][] = []
  if (depositCents > 0) paid.push([landlord, addDays(startDate, -3), depositCents, 'check', 'Check 1041: security deposit'])
  for (let k = 0; k < DEMO_TENANCY_MONTHS; k += 1) {
    const month = monthFrom(startDate, k)
    if (k === DEMO_TENANCY_MONTHS - 2) {
      paid.push([landlord, `${month}-01`, rentCents - PARTIAL_SHORT_CENTS, 'bank_transfer', `Rent for ${month}, part`])
      paid.push([landlord, `${month}-12`, PARTIAL_SHORT_CENTS, 'bank_transfer', `Rent for ${month}, the rest`])
    } else {
      paid.push([landlord, `${month}-0${1 + (k % 3)}`, rentCents, k === 0 ? 'check' : 'bank_transfer', `Rent for ${month}`])
    }
  }
  // This month's rent, reported by Alex: pending until Maria confirms it.
  const thisMonth = today.slice(0, 7)
  paid.push([tenant, `${thisMonth}-01`, rentCents, 'bank_transfer', `Rent for ${thisMonth}`])
  for (const [by, paidOn, amountCents, method, reference] of paid) {
    await addPayment(services, { leaseId, actor: by, input: { method, paidOn, amountCents, reference }, now })
  }

  // The move-in inspection: the checklist filled in (a few notes), frozen, signed by both.
  await startInspection(services, { leaseId, kind: 'move_in', actor: landlord })
  const checklist = await findInspection(db, { leaseId, kind: 'move_in', viewer: landlord })
  const notes: Record<string, [condition: 'new' | 'good' | 'fair', notes: string]> = {
    'Living room/Walls': ['good', 'Freshly painted; two small nail holes by the window.'],
    'Living room/Floors': ['fair', 'Light scratches in the oak by the door.'],
    'Kitchen/Appliances': ['new', 'Refrigerator and range replaced just before the move-in.'],
    'Kitchen/Cabinets and counters': ['good', 'One cabinet door sticks a little.'],
  }
  for (const room of checklist?.rooms ?? []) {
    for (const item of room.items) {
      const [condition, note] = notes[`${room.name}/${item.name}`] ?? ['good', '']
      await saveItem(services, { leaseId, kind: 'move_in', actor: landlord, itemId: item.id, input: { condition, notes: note } })
    }
  }
  await sendForSignature(services, { leaseId, kind: 'move_in', actor: landlord, now })
  for (const signer of [tenant, landlord]) {
    await consentToSignInspection(services, { leaseId, kind: 'move_in', actor: signer, input: { agree: true } })
    const view = await findInspection(db, { leaseId, kind: 'move_in', viewer: signer })
    await signInspection(services, {
      leaseId,
      kind: 'move_in',
      actor: signer,
      input: { typedName: signer.name, confirm: true, documentSha256: view!.document!.sha256 },
      now,
    })
  }

  // An open maintenance request: routine, with two mornings Alex is home.
  await fileRequest(services, {
    actor: tenant,
    now,
    input: {
      leaseId,
      category: 'appliance',
      urgency: 'routine',
      title: 'Dishwasher does not drain',
      location: 'Kitchen',
      description: 'Since the weekend a little water stays at the bottom of the dishwasher after every cycle. The filter is clean.',
      entryAllowed: false,
      entryNotes: 'Pepper the cat stays in the bedroom during the visit.',
      windows: [
        { date: addDays(today, 3), from: '09:00', to: '12:00' },
        { date: addDays(today, 5), from: '14:00', to: '17:00' },
      ],
    },
  })
  return leaseId
}
