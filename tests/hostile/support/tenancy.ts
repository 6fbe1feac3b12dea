// Tenancies for the hostile suites, made through the site's API as the parties would: a fully signed
// lease of a new home of the landlord's with its first charges in the books, then (for the packs that
// need them) payments, a move-in inspection with a photo, and a deposit return with a deduction.
import { solidImage } from '#tests/support/images.ts'
import { completeRenterProfile } from '#tests/support/applications.ts'
import { apply, saveProfile, withoutLinks } from './applications.ts'
import { mailFolder } from './mail.ts'
import type { LiveAccount, Site } from './site.ts'

/** A JSON call that must answer `status`; its body. */
async function call(site: Site, path: string, cookie: string, json?: unknown, method = 'POST', status = 200) {
  const answer = await site.send(path, { method, cookie, json })
  const text = await answer.text()
  if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 300)}`)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answer, read for the fields a world needs.
  return JSON.parse(text) as any
}

/** Waits until `ready` answers true, polling by hand (worlds are made before the tests, where expect.poll cannot run). */
async function until(what: string, ready: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what}: still not so after ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Waits until the server has written no mail for a second: the jobs the world's writes queued have run. */
export async function untilMailSettles(site: Site) {
  const mail = mailFolder(site.dataDir)
  let last = mail.total()
  let quietSince = Date.now()
  await until('the mail settles', async () => {
    const now = mail.total()
    if (now !== last) [last, quietSince] = [now, Date.now()]
    return Date.now() - quietSince >= 1_000
  })
}

/**
 * A new home of the owner's, the renter's application to it approved, its lease (starting today) sent,
 * consented to and signed by both; returned once its first charges (the deposit among them) are in the books.
 */
export async function signedLease(site: Site, owner: LiveAccount, renter: LiveAccount): Promise<number> {
  const home = await site.createListing(owner.cookie)
  const applicationId = await apply(site, renter.cookie, home.id, 'We would like to rent it.')
  await call(site, `/api/applications/${applicationId}/approve`, owner.cookie, { homeTaken: false })
  const created = await call(site, '/api/leases', owner.cookie, { applicationId }, 'POST', 201)
  const leaseId = created.lease.id as number
  // Starting today, so the deposit and the first rent are due now and in the books at once.
  const startDate = new Date().toISOString().slice(0, 10)
  await call(site, `/api/leases/${leaseId}/terms`, owner.cookie, { ...created.lease.draftTerms, startDate }, 'PUT')
  await call(site, `/api/leases/${leaseId}/send`, owner.cookie)
  for (const [who, typedName] of [
    [renter, 'Rita Renter'],
    [owner, 'Lena Leaser'],
  ] as const) {
    await call(site, `/api/leases/${leaseId}/consent`, who.cookie, { agree: true })
    const { lease } = await call(site, `/api/leases/${leaseId}`, who.cookie, undefined, 'GET')
    await call(site, `/api/leases/${leaseId}/sign`, who.cookie, { typedName, confirm: true, documentSha256: lease.document.sha256 })
  }
  await until(`the first charges of lease ${leaseId}`, async () => {
    const ledger = await call(site, `/api/leases/${leaseId}/rent`, owner.cookie, undefined, 'GET')
    return (ledger.charges as { kind: string }[]).some((charge) => charge.kind === 'deposit')
  })
  return leaseId
}

/** The renter's saved application profile, which applying needs. */
export const readyToApply = (site: Site, renter: LiveAccount) => saveProfile(site, renter.cookie, completeRenterProfile())

/** A photo as a phone would take it, as the inspection's photo form sends it. */
export async function inspectionPhotoForm(name = 'sink.jpg') {
  const form = new FormData()
  const jpeg = await solidImage(320, 240).jpeg().toBuffer()
  form.append('photo', new File([new Uint8Array(jpeg)], name, { type: 'image/jpeg' }))
  return form
}

export type Tenancy = {
  leaseId: number
  /** Recorded by the landlord for everything owed at signing (so the deposit is held), its receipt made. */
  confirmedPaymentId: number
  /** Reported by the tenant, not yet answered. */
  pendingPaymentId: number
  /** The open move-in inspection's first room, its first item and that item's photo. */
  roomId: number
  itemId: number
  photoId: number
  /** The tenancy's end recorded (on the lease's last day) and one deduction drafted. */
  deductionId: number
}

/**
 * A signed lease with everything a tenancy write acts on: the payments, the move-in inspection open with
 * a photo on its first item, and the deposit return drafting with one deduction.
 */
export async function makeTenancy(site: Site, owner: LiveAccount, renter: LiveAccount): Promise<Tenancy> {
  const leaseId = await signedLease(site, owner, renter)
  const rent = `/api/leases/${leaseId}/rent`
  const ledger = await call(site, rent, owner.cookie, undefined, 'GET')
  const recorded = await call(
    site,
    `${rent}/payments`,
    owner.cookie,
    { method: 'check', paidOn: ledger.today, amountCents: ledger.balanceCents, reference: 'Check 101' },
    'POST',
    201,
  )
  const reported = await call(
    site,
    `${rent}/payments`,
    renter.cookie,
    { method: 'bank_transfer', paidOn: ledger.today, amountCents: 5000, reference: '' },
    'POST',
    201,
  )
  const inspection = `/api/leases/${leaseId}/inspections/move-in`
  const started = await call(site, inspection, owner.cookie, undefined, 'POST', 201)
  const room = started.inspection.rooms[0]
  const itemId = room.items[0].id as number
  const uploaded = await site.send(`${inspection}/items/${itemId}/photos`, {
    cookie: renter.cookie,
    multipart: await inspectionPhotoForm(),
  })
  if (uploaded.status !== 201) throw new Error(`the inspection photo: ${uploaded.status} ${await uploaded.text()}`)
  const withPhoto = (await uploaded.json()) as { inspection: { rooms: { items: { id: number; photos: { id: number }[] }[] }[] } }
  const photoId = withPhoto.inspection.rooms[0]!.items.find((item) => item.id === itemId)!.photos[0]!.id
  const deposit = `/api/leases/${leaseId}/deposit`
  const { deposit: before } = await call(site, deposit, owner.cookie, undefined, 'GET')
  await call(site, `${deposit}/move-out`, owner.cookie, { endedOn: before.leaseEndDate })
  const { deposit: drafted } = await call(
    site,
    `${deposit}/deductions`,
    owner.cookie,
    { amount: '25.00', category: 'cleaning', reason: 'The oven was left dirty.', evidence: [itemId] },
    'POST',
    201,
  )
  // The receipt of the recorded payment is made by a job: the ledger reads the same from then on.
  await until(`the receipt of lease ${leaseId}`, async () => {
    const { payments } = await call(site, rent, owner.cookie, undefined, 'GET')
    return (payments as { id: number; receiptPath: string | null }[]).some((p) => p.id === recorded.id && p.receiptPath)
  })
  return {
    leaseId,
    confirmedPaymentId: recorded.id,
    pendingPaymentId: reported.id,
    roomId: room.id,
    itemId,
    photoId,
    deductionId: drafted.deductions[0].id,
  }
}

/**
 * A tenancy as one person reads it: the rent ledger, the inspections, the move-in inspection and the
 * deposit, each with its status (a stranger's 404 too), without the short-lived photo links.
 */
export async function tenancyAsSeen(site: Site, leaseId: number, cookie?: string) {
  const read = async (path: string) => {
    const response = await site.send(path, { cookie })
    return { status: response.status, body: withoutLinks(await response.json()) }
  }
  return {
    rent: await read(`/api/leases/${leaseId}/rent`),
    inspections: await read(`/api/leases/${leaseId}/inspections`),
    moveIn: await read(`/api/leases/${leaseId}/inspections/move-in`),
    moveOut: await read(`/api/leases/${leaseId}/inspections/move-out`),
    deposit: await read(`/api/leases/${leaseId}/deposit`),
  }
}
