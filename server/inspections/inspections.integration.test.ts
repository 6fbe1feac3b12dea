// Inspections on the real services and database (PGlite and PostgreSQL): a move-in started from the
// listing's rooms, filled in and commented on by both sides, frozen, reopened, signed by both with the
// lease's e-signature record; the move-out beside it; every refusal; 404 to third persons; and the signed
// record the database itself keeps from being changed.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspection, inspectionItem } from '#server/db/schema.ts'
import {
  addItem,
  addRoom,
  commentOnItem,
  deleteItem,
  deleteRoom,
  findInspection,
  findInspectionPdf,
  findInspections,
  listInspectionEvidence,
  reopenInspection,
  saveItem,
  sendForSignature,
  signInspection,
  startInspection,
} from '#server/inspections/index.server.ts'
import type { InspectionKind } from '#common/inspections/vocabulary.ts'
import { signAs, signedLease, viewerOf } from '#tests/support/inspection-process.ts'
import { actorOf, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
  await publishLeaseTemplate(db())
})
afterAll(async () => {
  await t.close()
})

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string; fieldErrors?: Record<string, string[]> }) =>
      `${e.code ?? ''}: ${e.message}${e.fieldErrors ? ` ${Object.values(e.fieldErrors).flat().join(' ')}` : ''}`,
  )
}

const view = async (leaseId: number, kind: InspectionKind, person: Person) =>
  (await findInspection(db(), { leaseId, kind, viewer: viewerOf(person) }))!

/** A started inspection cut down to its living room, every item recorded by `person`. */
async function filledIn(leaseId: number, kind: InspectionKind, person: Person, condition = 'good') {
  const actor = await actorOf(db(), person)
  await startInspection(t.services, { leaseId, kind, actor })
  for (const room of (await view(leaseId, kind, person)).rooms.slice(1))
    await deleteRoom(t.services, { leaseId, kind, actor, roomId: room.id })
  for (const item of (await view(leaseId, kind, person)).rooms[0]!.items) {
    await saveItem(t.services, { leaseId, kind, actor, itemId: item.id, input: { condition, notes: '' } })
  }
  return actor
}

describe('a move-in inspection from start to signatures', () => {
  it('starts from the listing, is filled in and commented on by both, frozen, reopened, signed by both, and told', async () => {
    const { owner, renter, leaseId } = await signedLease(t, listings)
    const tenant = await actorOf(db(), renter)
    const landlord = await actorOf(db(), owner)
    const kind = 'move_in'
    expect(
      (await findInspections(db(), { leaseId, viewer: viewerOf(renter) })).inspections.map((i) => [i.kind, i.state, i.canStart]),
    ).toEqual([
      ['move_in', 'not_started', true],
      ['move_out', 'not_started', false],
    ])
    expect(await codeOf(startInspection(t.services, { leaseId, kind: 'move_out', actor: tenant }))).toMatch(
      /^conflict: The move-out inspection starts once/,
    )
    await startInspection(t.services, { leaseId, kind, actor: tenant })
    // Opening it again is the same inspection.
    await startInspection(t.services, { leaseId, kind, actor: landlord })
    const started = await view(leaseId, kind, renter)
    expect(started.rooms.map((room) => room.name)).toEqual([
      'Living room',
      'Kitchen',
      'Bedroom 1',
      'Bedroom 2',
      'Bathroom',
      'Half bathroom',
    ])
    expect(started.rooms[1]!.items.map((item) => item.name)).toContain('Appliances')
    expect(started.actions).toEqual(['edit', 'ready'])

    // Rooms and items are added and removed; bad input is refused in words.
    await addRoom(t.services, { leaseId, kind, actor: landlord, input: { name: 'Balcony' } })
    expect(await codeOf(addRoom(t.services, { leaseId, kind, actor: landlord, input: { name: '  ' } }))).toMatch(
      /^invalid: .*Name the room/,
    )
    for (const room of (await view(leaseId, kind, owner)).rooms.slice(2))
      await deleteRoom(t.services, { leaseId, kind, actor: landlord, roomId: room.id })
    const [living, kitchen] = (await view(leaseId, kind, owner)).rooms
    await addItem(t.services, { leaseId, kind, actor: tenant, roomId: living!.id, input: { name: 'Ceiling fan' } })
    await deleteItem(t.services, { leaseId, kind, actor: tenant, itemId: kitchen!.items.at(-1)!.id })
    const walls = living!.items[0]!
    expect(await codeOf(saveItem(t.services, { leaseId, kind, actor: tenant, itemId: walls.id, input: { condition: 'shiny' } }))).toMatch(
      /^invalid: .*Choose a condition/,
    )
    await saveItem(t.services, {
      leaseId,
      kind,
      actor: tenant,
      itemId: walls.id,
      input: { condition: 'damaged', notes: 'Scuff by the door' },
    })
    // The landlord comments on the tenant's item; the tenant answers. A commented item stays.
    await commentOnItem(t.services, { leaseId, kind, actor: landlord, itemId: walls.id, input: { body: 'That scuff was there before?' } })
    await commentOnItem(t.services, { leaseId, kind, actor: tenant, itemId: walls.id, input: { body: 'Yes, photo attached.' } })
    expect(await codeOf(commentOnItem(t.services, { leaseId, kind, actor: tenant, itemId: walls.id, input: { body: '' } }))).toMatch(
      /^invalid: .*Write a comment/,
    )
    expect(await codeOf(deleteItem(t.services, { leaseId, kind, actor: tenant, itemId: walls.id }))).toMatch(
      /^conflict: This item has comments/,
    )
    expect(await codeOf(deleteRoom(t.services, { leaseId, kind, actor: tenant, roomId: living!.id }))).toMatch(
      /^conflict: Items of this room have comments/,
    )
    // An item of another inspection is not found here.
    expect(await codeOf(saveItem(t.services, { leaseId, kind, actor: tenant, itemId: 999_999, input: { condition: 'good' } }))).toMatch(
      /^not-found/,
    )

    // Not sent for signature until every item has a condition.
    expect(await codeOf(sendForSignature(t.services, { leaseId, kind, actor: tenant }))).toMatch(
      /^conflict: Record the condition of every item first: \d+ items have none/,
    )
    for (const room of (await view(leaseId, kind, renter)).rooms) {
      for (const item of room.items.filter((candidate) => !candidate.condition)) {
        await saveItem(t.services, { leaseId, kind, actor: tenant, itemId: item.id, input: { condition: 'good', notes: '' } })
      }
    }
    await sendForSignature(t.services, { leaseId, kind, actor: tenant })
    const frozen = await view(leaseId, kind, owner)
    expect([frozen.state, frozen.revision, frozen.actions]).toEqual(['signing', 1, ['reopen', 'sign']])
    expect((await findInspectionPdf(db(), { leaseId, kind, viewer: viewerOf(owner) })).sha256).toBe(frozen.document!.sha256)
    // Frozen: nothing changes; reopened before anyone signed, then frozen again as revision 2.
    expect(await codeOf(saveItem(t.services, { leaseId, kind, actor: landlord, itemId: walls.id, input: { condition: 'good' } }))).toMatch(
      /^conflict: This inspection is out for signature: reopen it/,
    )
    expect(await codeOf(commentOnItem(t.services, { leaseId, kind, actor: landlord, itemId: walls.id, input: { body: 'late' } }))).toMatch(
      /^conflict/,
    )
    await reopenInspection(t.services, { leaseId, kind, actor: landlord })
    await saveItem(t.services, {
      leaseId,
      kind,
      actor: landlord,
      itemId: walls.id,
      input: { condition: 'fair', notes: 'Scuff by the door' },
    })
    await sendForSignature(t.services, { leaseId, kind, actor: landlord })
    const second = await view(leaseId, kind, renter)
    expect(second.revision).toBe(2)
    expect(second.document!.sha256).not.toBe(frozen.document!.sha256)

    // A signature over an older document is refused; each signs once, with the consent given for the lease.
    await signAs(t, leaseId, kind, renter, 'Renter Person')
    expect(await codeOf(signAs(t, leaseId, kind, renter))).toMatch(/^conflict: You have signed this inspection already/)
    expect(await codeOf(reopenInspection(t.services, { leaseId, kind, actor: landlord }))).toMatch(/^conflict: Someone has signed/)
    expect(
      await codeOf(
        signInspection(t.services, {
          leaseId,
          kind,
          actor: landlord,
          input: { typedName: 'Owner', confirm: true, documentSha256: frozen.document!.sha256 },
        }),
      ),
    ).toMatch(/^conflict: The inspection changed since you opened it/)
    expect(
      await codeOf(
        signInspection(t.services, {
          leaseId,
          kind,
          actor: landlord,
          input: { typedName: 'Owner', documentSha256: second.document!.sha256 },
        }),
      ),
    ).toMatch(/^invalid: .*Tick the box/)
    await signAs(t, leaseId, kind, owner, 'Owner Person')
    const signed = await view(leaseId, kind, renter)
    expect(signed.state).toBe('signed')
    expect(signed.actions).toEqual([])
    expect(signed.parties.map((party) => [party.role, party.typedName !== null])).toEqual([
      ['landlord', true],
      ['tenant', true],
    ])
    expect(signed.events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['started', 'commented', 'ready', 'reopened', 'signed', 'completed']),
    )
    const [record] = await db()
      .execute<{ sign_in_method: string; ip_address: string; consent_source: string }>(
        sql`select sign_in_method, ip_address, consent_source from inspection_signature where email = ${renter.email}`,
      )
      .then(
        (result) => ('rows' in result ? result.rows : result) as { sign_in_method: string; ip_address: string; consent_source: string }[],
      )
    expect(record).toEqual({ sign_in_method: 'password', ip_address: '203.0.113.7', consent_source: 'lease' })
    expect(await codeOf(saveItem(t.services, { leaseId, kind, actor: landlord, itemId: walls.id, input: { condition: 'good' } }))).toMatch(
      /^conflict: This inspection is signed/,
    )

    await t.services.jobs.runUntilIdle()
    const told = (person: Person) =>
      t.mail.messages.filter((mail) => mail.to.includes(person.email) && mail.subject.startsWith('Move-in inspection'))
    expect(told(owner).some((mail) => mail.text.includes('sent the move-in inspection for signature'))).toBe(true)
    expect(told(renter).some((mail) => mail.text.includes('commented on an item'))).toBe(true)
    expect(told(renter).some((mail) => mail.text.includes('Everyone has signed the move-in inspection'))).toBe(true)
  })
})

describe('the move-out, third persons, and the record the database keeps', () => {
  it('shows each move-out item beside its move-in state, answers third persons not-found, and refuses changes to a signed record', async () => {
    const { owner, renter, leaseId } = await signedLease(t, listings)
    const stranger = await listings.renter()
    const landlord = await filledIn(leaseId, 'move_in', owner)
    const walls = (await view(leaseId, 'move_in', owner)).rooms[0]!.items[0]!
    await saveItem(t.services, {
      leaseId,
      kind: 'move_in',
      actor: landlord,
      itemId: walls.id,
      input: { condition: 'new', notes: 'Fresh paint' },
    })
    await commentOnItem(t.services, { leaseId, kind: 'move_in', actor: landlord, itemId: walls.id, input: { body: 'Painted last week.' } })
    await sendForSignature(t.services, { leaseId, kind: 'move_in', actor: landlord })
    await signAs(t, leaseId, 'move_in', owner)
    await signAs(t, leaseId, 'move_in', renter)

    await filledIn(leaseId, 'move_out', renter, 'fair')
    const moveOut = await view(leaseId, 'move_out', renter)
    expect(moveOut.rooms[0]!.items[0]).toMatchObject({
      name: 'Walls',
      condition: 'fair',
      moveIn: { condition: 'new', notes: 'Fresh paint' },
    })
    const evidence = await listInspectionEvidence(db(), { leaseId, viewer: viewerOf(owner) })
    expect(evidence.filter((item) => item.item === 'Walls').map((item) => [item.kind, item.condition])).toEqual([
      ['move_in', 'new'],
      ['move_out', 'fair'],
    ])

    // A third person finds nothing, whatever they try.
    const outsider = await actorOf(db(), stranger)
    const nobody = viewerOf(stranger)
    for (const attempt of [
      () => findInspections(db(), { leaseId, viewer: nobody }),
      () => findInspection(db(), { leaseId, kind: 'move_in', viewer: nobody }),
      () => findInspectionPdf(db(), { leaseId, kind: 'move_in', viewer: nobody }),
      () => listInspectionEvidence(db(), { leaseId, viewer: nobody }),
      () => startInspection(t.services, { leaseId, kind: 'move_out', actor: outsider }),
      () =>
        saveItem(t.services, {
          leaseId,
          kind: 'move_out',
          actor: outsider,
          itemId: moveOut.rooms[0]!.items[0]!.id,
          input: { condition: 'good' },
        }),
      () =>
        commentOnItem(t.services, {
          leaseId,
          kind: 'move_out',
          actor: outsider,
          itemId: moveOut.rooms[0]!.items[0]!.id,
          input: { body: 'hi' },
        }),
      () => sendForSignature(t.services, { leaseId, kind: 'move_out', actor: outsider }),
    ]) {
      expect(await codeOf(attempt())).toMatch(/^not-found: No such inspection/)
    }

    // The signed move-in cannot be changed or deleted, even by direct SQL.
    const [signedRow] = await db().select().from(inspection).where(eq(inspection.leaseId, leaseId)).orderBy(inspection.id).limit(1)
    const refused = async (statement: ReturnType<typeof sql>) => codeOf(db().execute(statement))
    for (const statement of [
      sql`update inspection set state = 'open' where id = ${signedRow!.id}`,
      sql`delete from inspection where id = ${signedRow!.id}`,
      sql`update inspection_item set condition = 'damaged' where inspection_id = ${signedRow!.id}`,
      sql`delete from inspection_item where inspection_id = ${signedRow!.id}`,
      sql`delete from inspection_room where inspection_id = ${signedRow!.id}`,
      sql`insert into inspection_room (inspection_id, name, position) values (${signedRow!.id}, 'Attic', 9)`,
      sql`update inspection_comment set body = 'changed' where inspection_id = ${signedRow!.id}`,
      sql`delete from inspection_comment where inspection_id = ${signedRow!.id}`,
      sql`update inspection_signature set typed_name = 'Someone else' where inspection_id = ${signedRow!.id}`,
      sql`delete from inspection_signature where inspection_id = ${signedRow!.id}`,
      sql`update inspection_document set sha256 = repeat('0', 64) where inspection_id = ${signedRow!.id}`,
      sql`delete from inspection_event where inspection_id = ${signedRow!.id}`,
      sql`truncate inspection_event`,
    ]) {
      expect(await refused(statement)).not.toBe('ok')
    }
    const [kept] = await db().select().from(inspectionItem).where(eq(inspectionItem.id, walls.id))
    expect([kept!.condition, kept!.notes]).toEqual(['new', 'Fresh paint'])
    expect((await view(leaseId, 'move_in', renter)).rooms[0]!.items[0]!.comments.map((c) => c.body)).toEqual(['Painted last week.'])
  })
})
