// Malformed input on every write of a signed lease's tenancy: the rent ledger's payments and answers,
// the move-in inspection (rooms, items, comments, photos, consent and signature) and the deposit return
// (the end of the tenancy, deductions, the statement), through the JSON API and the pages' forms. Bodies
// that are not a JSON object, values of the wrong type, cents that are negative, fractional or too
// large, dates that do not exist or lie ahead, unknown methods, answers and conditions, 100,000-character
// strings, NUL bytes, prototype keys, ids that are not numbers and ids of another lease's payment, room,
// item, photo or deduction; and every write by a stranger (404) and by nobody signed in (401). Each
// answers a 4xx that says what is wrong (no stack, no "undefined", no "[object Object]"), never a 5xx,
// and nothing changes: each party's view of both tenancies reads the same afterwards.
import { beforeAll, describe, expect, it } from 'vitest'
import { UNCLEAR, notObjects } from './support/payloads.ts'
import { Site, eachLimited, hostileSites, type LiveAccount } from './support/site.ts'
import { inspectionPhotoForm, makeTenancy, readyToApply, tenancyAsSeen, type Tenancy } from './support/tenancy.ts'

type Who = 'owner' | 'renter' | 'stranger' | 'nobody'
type Method = 'POST' | 'PUT' | 'DELETE'

type Case = {
  what: string
  method: Method
  path: string
  who: Who
  json?: unknown
  raw?: string
  /** A page's form, urlencoded (or multipart when it carries a file). */
  form?: Record<string, string>
  multipart?: () => Promise<FormData>
  status: number[]
  /** What the message must say, where a vaguer one would hide a mistake. */
  says?: RegExp
}

const HUGE = 'x'.repeat(100_000)
const HASH = 'a'.repeat(64)

/** Bodies that are not a JSON object, or no body at all. */
const bodies = notObjects('amountCents', '100')

/** Ids in a path that name nothing. */
const NOT_IDS = ['abc', '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999']

/** A JSON body with one value spliced in as raw text (for 1e400, which JSON.stringify cannot write). */
const rawWith = (body: object, key: string, raw: string) => JSON.stringify({ ...body, [key]: '@@' }).replace('"@@"', raw)

describe.each(hostileSites().map((info) => [info.database, info] as const))('malformed tenancy input on %s', (_database, info) => {
  const site = new Site(info)
  let owner: LiveAccount
  let renter: LiveAccount
  let stranger: LiveAccount
  /** The renter's tenancy, and another of the same landlord's whose tenant is the stranger. */
  let a: Tenancy
  let b: Tenancy
  let today: string

  beforeAll(async () => {
    ;[owner, renter, stranger] = await Promise.all([
      site.landlord('Lena Leaser'),
      site.account('Rita Renter', 'tenancy-renter'),
      site.account('Olga Other', 'tenancy-other'),
    ])
    await Promise.all([readyToApply(site, renter), readyToApply(site, stranger)])
    a = await makeTenancy(site, owner, renter)
    b = await makeTenancy(site, owner, stranger)
    today = ((await (await site.send(`/api/leases/${a.leaseId}/rent`, { cookie: owner.cookie })).json()) as { today: string }).today
  }, 180_000)

  const cookieOf = (who: Who) => (who === 'nobody' ? undefined : { owner, renter, stranger }[who].cookie)

  function apiCases(): Case[] {
    const list: Case[] = []
    const add = (c: Case) => list.push(c)
    const rent = `/api/leases/${a.leaseId}/rent/payments`
    const inspection = `/api/leases/${a.leaseId}/inspections/move-in`
    const deposit = `/api/leases/${a.leaseId}/deposit`
    const pending = `${rent}/${a.pendingPaymentId}`
    const confirmed = `${rent}/${a.confirmedPaymentId}`

    // Every endpoint that reads a body refuses one that is not a JSON object.
    const bodied: [Method, string, Who][] = [
      ['POST', rent, 'owner'],
      ['POST', rent, 'renter'],
      ['POST', `${pending}/reject`, 'owner'],
      ['POST', `${confirmed}/reverse`, 'owner'],
      ['POST', `${inspection}/rooms`, 'owner'],
      ['POST', `${inspection}/rooms/${a.roomId}/items`, 'renter'],
      ['PUT', `${inspection}/items/${a.itemId}`, 'owner'],
      ['POST', `${inspection}/items/${a.itemId}/comments`, 'renter'],
      ['POST', `${inspection}/consent`, 'renter'],
      ['POST', `${inspection}/sign`, 'renter'],
      ['POST', `${deposit}/move-out`, 'owner'],
      ['POST', `${deposit}/deductions`, 'owner'],
      ['POST', `${deposit}/send`, 'owner'],
    ]
    for (const [method, path, who] of bodied)
      for (const [what, raw] of bodies) add({ what: `a body ${what}`, method, path, who, raw, status: [400] })

    // A payment recorded by the landlord or reported by the tenant, with one thing wrong.
    const payment = { method: 'cash', paidOn: today, amountCents: 100, reference: 'Receipt 7' }
    const badPayments: [string, Record<string, unknown>][] = [
      ['no method', { method: undefined }],
      ['a method of bitcoin', { method: 'bitcoin' }],
      ['a method in capitals', { method: 'CASH' }],
      ['a method of __proto__', { method: '__proto__' }],
      ['a method of a number', { method: 42 }],
      ['a method of an array', { method: ['cash'] }],
      ['no day paid', { paidOn: undefined }],
      ['a day paid of February 30', { paidOn: '2026-02-30' }],
      ['a day paid of month 13', { paidOn: '2026-13-01' }],
      ['a day paid in words', { paidOn: 'yesterday' }],
      ['a day paid of a number', { paidOn: 20260101 }],
      ['a day paid without zeros', { paidOn: '2026-1-1' }],
      ['a day paid in 1999', { paidOn: '1999-12-31' }],
      ['a day paid next week', { paidOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) }],
      ['a day paid in 2199', { paidOn: '2199-12-31' }],
      ['a day paid in 2201', { paidOn: '2201-01-01' }],
      ['a day paid with a NUL', { paidOn: `${today}\u0000` }],
      ['no amount', { amountCents: undefined }],
      ['an amount of -100', { amountCents: -100 }],
      ['an amount of 0', { amountCents: 0 }],
      ['an amount of 1.5 cents', { amountCents: 1.5 }],
      ['an amount of 2^53', { amountCents: 2 ** 53 }],
      ['an amount of 1e300', { amountCents: 1e300 }],
      ['an amount of $1,000,000.01', { amountCents: 100_000_001 }],
      ['an amount in text', { amountCents: '100' }],
      ['an amount of an object', { amountCents: { cents: 100 } }],
      ['an amount of true', { amountCents: true }],
      ['an amount of null', { amountCents: null }],
      ['a reference of 100k characters', { reference: HUGE }],
      ['a reference over the limit', { reference: 'r'.repeat(121) }],
      ['a reference with a NUL', { reference: 'Check\u0000101' }],
      ['a reference of a number', { reference: 101 }],
      ['a reference of an array', { reference: ['Check 101'] }],
      ['extra fields and no amount', { amountCents: undefined, state: 'confirmed', leaseId: b.leaseId, transactionId: 1 }],
    ]
    for (const [what, change] of badPayments) {
      add({
        what: `a payment recorded with ${what}`,
        method: 'POST',
        path: rent,
        who: 'owner',
        json: { ...payment, ...change },
        status: [400],
      })
      add({
        what: `a payment reported with ${what}`,
        method: 'POST',
        path: rent,
        who: 'renter',
        json: { ...payment, ...change },
        status: [400],
      })
    }
    add({
      what: 'a payment of 1e400 cents',
      method: 'POST',
      path: rent,
      who: 'owner',
      raw: rawWith(payment, 'amountCents', '1e400'),
      status: [400],
    })
    add({
      what: 'a payment with a __proto__ key and no amount',
      method: 'POST',
      path: rent,
      who: 'owner',
      raw: `{"__proto__":{"amountCents":100},${JSON.stringify({ ...payment, amountCents: undefined }).slice(1)}`,
      status: [400],
    })
    add({
      what: 'a payment with a constructor key only',
      method: 'POST',
      path: rent,
      who: 'renter',
      json: { constructor: { prototype: payment } },
      status: [400],
    })
    add({ what: 'a payment by a stranger', method: 'POST', path: rent, who: 'stranger', json: payment, status: [404] })
    add({ what: 'a payment without a session', method: 'POST', path: rent, who: 'nobody', json: payment, status: [401] })
    for (const id of NOT_IDS)
      add({
        what: `a payment to lease ${id}`,
        method: 'POST',
        path: `/api/leases/${id}/rent/payments`,
        who: 'owner',
        json: payment,
        status: [404],
      })

    // The landlord's answers: reasons, answers that do not exist, payments of no one or of another lease.
    const badReasons: [string, unknown][] = [
      ['no reason', undefined],
      ['an empty reason', ''],
      ['a blank reason', '   '],
      ['a reason of a number', 42],
      ['a reason of an array', ['It bounced.']],
      ['a reason of an object', { text: 'It bounced.' }],
      ['a reason with a NUL', 'It\u0000bounced'],
      ['a reason over the limit', 'x'.repeat(501)],
      ['a reason of 100k characters', HUGE],
    ]
    for (const [what, reason] of badReasons) {
      add({ what: `a rejection with ${what}`, method: 'POST', path: `${pending}/reject`, who: 'owner', json: { reason }, status: [400] })
      add({ what: `a reversal with ${what}`, method: 'POST', path: `${confirmed}/reverse`, who: 'owner', json: { reason }, status: [400] })
    }
    const reason = { reason: 'It bounced.' }
    // Names every object inherits are no answers either (they were once taken for one).
    for (const answer of ['approve', 'confirmed', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])
      for (const path of [pending, confirmed])
        add({
          what: `an answer of ${answer}`,
          method: 'POST',
          path: `${path}/${answer}`,
          who: 'owner',
          json: reason,
          status: [404],
          says: /^No such address\.$/,
        })
    for (const id of NOT_IDS)
      add({ what: `a confirmation of payment ${id}`, method: 'POST', path: `${rent}/${id}/confirm`, who: 'owner', status: [404] })
    for (const answer of ['confirm', 'reject', 'reverse']) {
      add({
        what: `an answer (${answer}) to another lease’s payment`,
        method: 'POST',
        path: `${rent}/${answer === 'reverse' ? b.confirmedPaymentId : b.pendingPaymentId}/${answer}`,
        who: 'owner',
        json: reason,
        status: [404],
      })
      add({
        what: `an answer (${answer}) by the tenant`,
        method: 'POST',
        path: `${pending}/${answer}`,
        who: 'renter',
        json: reason,
        status: [403],
      })
      add({
        what: `an answer (${answer}) by a stranger`,
        method: 'POST',
        path: `${pending}/${answer}`,
        who: 'stranger',
        json: reason,
        status: [404],
      })
      add({
        what: `an answer (${answer}) without a session`,
        method: 'POST',
        path: `${pending}/${answer}`,
        who: 'nobody',
        json: reason,
        status: [401],
      })
    }
    add({ what: 'confirming a confirmed payment', method: 'POST', path: `${confirmed}/confirm`, who: 'owner', status: [409] })
    add({ what: 'rejecting a confirmed payment', method: 'POST', path: `${confirmed}/reject`, who: 'owner', json: reason, status: [409] })
    add({ what: 'reversing a pending payment', method: 'POST', path: `${pending}/reverse`, who: 'owner', json: reason, status: [409] })

    // The move-in inspection: names, conditions, notes and comments, each wrong in turn.
    const badNames: [string, unknown][] = [
      ['no name', undefined],
      ['an empty name', ''],
      ['a blank name', '   '],
      ['a name of a number', 42],
      ['a name of an array', ['Attic']],
      ['a name of an object', { name: 'Attic' }],
      ['a name over the limit', 'n'.repeat(61)],
      ['a name of 100k characters', HUGE],
      ['a name with a NUL', 'Att\u0000ic'],
    ]
    for (const [what, name] of badNames) {
      add({ what: `a room with ${what}`, method: 'POST', path: `${inspection}/rooms`, who: 'owner', json: { name }, status: [400] })
      add({
        what: `an item with ${what}`,
        method: 'POST',
        path: `${inspection}/rooms/${a.roomId}/items`,
        who: 'renter',
        json: { name },
        status: [400],
      })
    }
    add({
      what: 'a room with a __proto__ key only',
      method: 'POST',
      path: `${inspection}/rooms`,
      who: 'owner',
      raw: '{"__proto__":{"name":"Attic"}}',
      status: [400],
    })
    const badItems: [string, Record<string, unknown>][] = [
      ['no condition', { condition: undefined }],
      ['a condition of excellent', { condition: 'excellent' }],
      ['a condition of __proto__', { condition: '__proto__' }],
      ['a condition in capitals', { condition: 'GOOD' }],
      ['a condition of a number', { condition: 3 }],
      ['a condition of null', { condition: null }],
      ['notes of a number', { notes: 42 }],
      ['notes of an array', { notes: ['Scuffed'] }],
      ['notes over the limit', { notes: 'n'.repeat(1001) }],
      ['notes of 100k characters', { notes: HUGE }],
      ['notes with a NUL', { notes: 'Scuff\u0000ed' }],
    ]
    for (const [what, change] of badItems)
      add({
        what: `an item saved with ${what}`,
        method: 'PUT',
        path: `${inspection}/items/${a.itemId}`,
        who: 'owner',
        json: { condition: 'good', notes: 'Scuffed by the door.', ...change },
        status: [400],
      })
    for (const [what, body] of [
      ['no comment', undefined],
      ['an empty comment', ''],
      ['a comment of a number', 42],
      ['a comment of an array', ['Looks fine']],
      ['a comment over the limit', 'c'.repeat(501)],
      ['a comment of 100k characters', HUGE],
      ['a comment with a NUL', 'Looks\u0000fine'],
    ] as const)
      add({
        what: `${what}`,
        method: 'POST',
        path: `${inspection}/items/${a.itemId}/comments`,
        who: 'renter',
        json: { body },
        status: [400],
      })

    // Another lease's room, item and photo named on this lease's inspection; ids that are not ids.
    const item = { condition: 'good', notes: '' }
    add({ what: 'another lease’s room removed', method: 'DELETE', path: `${inspection}/rooms/${b.roomId}`, who: 'owner', status: [404] })
    add({
      what: 'an item added to another lease’s room',
      method: 'POST',
      path: `${inspection}/rooms/${b.roomId}/items`,
      who: 'owner',
      json: { name: 'Shelf' },
      status: [404],
    })
    add({
      what: 'another lease’s item saved',
      method: 'PUT',
      path: `${inspection}/items/${b.itemId}`,
      who: 'owner',
      json: item,
      status: [404],
    })
    add({ what: 'another lease’s item removed', method: 'DELETE', path: `${inspection}/items/${b.itemId}`, who: 'owner', status: [404] })
    add({
      what: 'a comment on another lease’s item',
      method: 'POST',
      path: `${inspection}/items/${b.itemId}/comments`,
      who: 'owner',
      json: { body: 'Looks fine.' },
      status: [404],
    })
    add({
      what: 'another lease’s photo taken off this item',
      method: 'DELETE',
      path: `${inspection}/items/${a.itemId}/photos/${b.photoId}`,
      who: 'owner',
      status: [404],
    })
    add({
      what: 'this lease’s photo taken off another lease’s item',
      method: 'DELETE',
      path: `${inspection}/items/${b.itemId}/photos/${a.photoId}`,
      who: 'owner',
      status: [404],
    })
    add({
      what: 'a photo added to another lease’s item',
      method: 'POST',
      path: `${inspection}/items/${b.itemId}/photos`,
      who: 'owner',
      multipart: () => inspectionPhotoForm(),
      status: [404],
    })
    for (const id of NOT_IDS) {
      add({ what: `room ${id} removed`, method: 'DELETE', path: `${inspection}/rooms/${id}`, who: 'owner', status: [404] })
      add({ what: `item ${id} saved`, method: 'PUT', path: `${inspection}/items/${id}`, who: 'owner', json: item, status: [404] })
      add({
        what: `photo ${id} taken off`,
        method: 'DELETE',
        path: `${inspection}/items/${a.itemId}/photos/${id}`,
        who: 'owner',
        status: [404],
      })
      add({
        what: `a room of lease ${id}`,
        method: 'POST',
        path: `/api/leases/${id}/inspections/move-in/rooms`,
        who: 'owner',
        json: { name: 'Attic' },
        status: [404],
      })
    }
    for (const kind of ['move_in', 'moving-in', 'MOVE-IN', '__proto__', 'constructor'])
      add({
        what: `a room of an inspection “${kind}”`,
        method: 'POST',
        path: `/api/leases/${a.leaseId}/inspections/${kind}/rooms`,
        who: 'owner',
        json: { name: 'Attic' },
        status: [404],
      })

    // Photos: not a multipart form, no photo, a photo that is text or not an image.
    const photos = `${inspection}/items/${a.itemId}/photos`
    add({
      what: 'a photo sent as JSON',
      method: 'POST',
      path: photos,
      who: 'renter',
      json: { photo: 'data:image/jpeg;base64,AAAA' },
      status: [400],
    })
    const multipart = (fields: [string, string | Blob, string?][]) => async () => {
      const form = new FormData()
      for (const [name, value, file] of fields)
        if (typeof value === 'string') form.append(name, value)
        else form.append(name, value, file)
      return form
    }
    add({
      what: 'a photo form without a photo',
      method: 'POST',
      path: photos,
      who: 'renter',
      multipart: multipart([['note', 'Here']]),
      status: [400],
    })
    add({
      what: 'a photo of text',
      method: 'POST',
      path: photos,
      who: 'renter',
      multipart: multipart([['photo', 'not a file']]),
      status: [400],
    })
    add({
      what: 'a photo that is not an image',
      method: 'POST',
      path: photos,
      who: 'renter',
      multipart: multipart([['photo', new Blob(['<svg onload=alert(1)>'], { type: 'image/jpeg' }), 'evil.jpg']]),
      status: [400, 415],
    })
    add({
      what: 'an empty photo',
      method: 'POST',
      path: photos,
      who: 'renter',
      multipart: multipart([['photo', new Blob([], { type: 'image/jpeg' }), 'empty.jpg']]),
      status: [400, 415],
    })

    // Consent and signature, each wrong in turn; a well-formed signature of an inspection not out for signature.
    for (const [what, agree] of [
      ['no answer', undefined],
      ['false', false],
      ['"true"', 'true'],
      ['1', 1],
      ['[true]', [true]],
    ] as const)
      add({ what: `a consent of ${what}`, method: 'POST', path: `${inspection}/consent`, who: 'renter', json: { agree }, status: [400] })
    const signature = { typedName: 'Rita Renter', confirm: true, documentSha256: HASH }
    const badSignatures: [string, Record<string, unknown>][] = [
      ['no typed name', { typedName: undefined }],
      ['a typed name of one letter', { typedName: 'R' }],
      ['a typed name of a number', { typedName: 42 }],
      ['a typed name of 100k characters', { typedName: HUGE }],
      ['a typed name with a NUL', { typedName: 'Rita\u0000Renter' }],
      ['no confirmation', { confirm: undefined }],
      ['a confirmation of "true"', { confirm: 'true' }],
      ['a confirmation of 1', { confirm: 1 }],
      ['no hash', { documentSha256: undefined }],
      ['a hash in capitals', { documentSha256: HASH.toUpperCase() }],
      ['a hash too short', { documentSha256: HASH.slice(1) }],
      ['a hash of a number', { documentSha256: 1234 }],
      ['a hash with a NUL', { documentSha256: `${HASH.slice(1)}\u0000` }],
    ]
    for (const [what, change] of badSignatures)
      add({
        what: `a signature with ${what}`,
        method: 'POST',
        path: `${inspection}/sign`,
        who: 'renter',
        json: { ...signature, ...change },
        status: [400],
      })
    add({
      what: 'a signature of an open inspection',
      method: 'POST',
      path: `${inspection}/sign`,
      who: 'renter',
      json: signature,
      status: [409],
    })
    add({ what: 'reopening an open inspection', method: 'POST', path: `${inspection}/reopen`, who: 'owner', status: [409] })
    add({
      what: 'starting the move-out before the move-in is signed',
      method: 'POST',
      path: `/api/leases/${a.leaseId}/inspections/move-out`,
      who: 'owner',
      status: [409],
    })

    // The deposit: the end of the tenancy, deductions and the statement, each wrong in turn.
    for (const [what, endedOn, says] of [
      ['no day', undefined],
      ['a day of February 30', '2027-02-30'],
      ['a day of month 13', '2027-13-01'],
      ['a day in words', 'next Friday'],
      ['a day of a number', 20270630],
      ['a day of an array', ['2027-06-30']],
      ['a day before the lease starts', '1999-12-31'],
      ['a day in the year 9999', '9999-12-31', /between 2000 and 2200/],
      ['a day of 100k characters', HUGE],
      ['a day with a NUL', '2027-06-30\u0000'],
    ] as const)
      add({
        what: `a move-out with ${what}`,
        method: 'POST',
        path: `${deposit}/move-out`,
        who: 'owner',
        json: { endedOn },
        status: [400],
        says,
      })
    const deduction = { amount: '10.00', category: 'damage', reason: 'A cracked tile in the bathroom.', evidence: [] as unknown[] }
    const badDeductions: [string, Record<string, unknown>, RegExp?][] = [
      ['no amount', { amount: undefined }],
      ['an amount of -5', { amount: '-5' }],
      ['an amount of 0', { amount: '0' }],
      ['an amount of a tenth of a cent', { amount: '1.005' }],
      ['an amount in words', { amount: 'ten dollars' }],
      ['an amount of 1e300', { amount: 1e300 }],
      ['an amount of Infinity', { amount: 'Infinity' }],
      ['an amount of an object', { amount: { cents: 1000 } }],
      ['an amount of null', { amount: null }],
      ['an amount of more than is held', { amount: '99999999.99' }],
      ['no category', { category: undefined }],
      ['a category of rent', { category: 'rent' }],
      ['a category of __proto__', { category: '__proto__' }],
      ['a category of a number', { category: 2 }],
      ['no reason', { reason: undefined }],
      ['a reason too short', { reason: 'ab' }],
      ['a reason of a number', { reason: 12345 }, /Say in words/],
      ['a reason of an array', { reason: ['Broken'] }, /Say in words/],
      ['a reason over the limit', { reason: 'r'.repeat(1001) }],
      ['a reason of 100k characters', { reason: HUGE }],
      ['a reason with a NUL', { reason: 'A cracked\u0000tile' }, /NUL/],
      ['evidence in words', { evidence: 'the sink' }],
      ['evidence of -1', { evidence: [-1] }],
      ['evidence of 1.5', { evidence: [1.5] }],
      ['evidence of an object', { evidence: [{ itemId: a.itemId }] }],
      ['evidence of 21 items', { evidence: Array.from({ length: 21 }, () => a.itemId) }],
      ['evidence of another lease’s item', { evidence: [b.itemId] }],
    ]
    for (const [what, change, says] of badDeductions)
      add({
        what: `a deduction with ${what}`,
        method: 'POST',
        path: `${deposit}/deductions`,
        who: 'owner',
        json: { ...deduction, ...change },
        status: [400],
        says,
      })
    add({
      what: 'another lease’s deduction taken back',
      method: 'DELETE',
      path: `${deposit}/deductions/${b.deductionId}`,
      who: 'owner',
      status: [404],
    })
    for (const id of NOT_IDS)
      add({ what: `deduction ${id} taken back`, method: 'DELETE', path: `${deposit}/deductions/${id}`, who: 'owner', status: [404] })
    const statement = { method: 'check', paidOn: today, reference: 'Check 202', confirm: true }
    const badStatements: [string, Record<string, unknown>, RegExp?][] = [
      ['no confirmation', { confirm: undefined }],
      ['a confirmation of false', { confirm: false }],
      ['a confirmation of "yes"', { confirm: 'yes' }],
      ['a confirmation of 1', { confirm: 1 }],
      ['a refund method of bitcoin', { method: 'bitcoin' }],
      ['a refund method of a number', { method: 7 }],
      ['no refund method', { method: undefined }],
      ['no refund day', { paidOn: undefined }],
      ['a refund day of February 30', { paidOn: '2027-02-30' }],
      ['a refund day ahead', { paidOn: '2199-12-31' }],
      ['a refund day in the year 9999', { paidOn: '9999-12-31' }, /between 2000 and 2200/],
      ['a refund day of a number', { paidOn: 20270630 }],
      ['a reference over the limit', { reference: 'r'.repeat(201) }],
      ['a reference of 100k characters', { reference: HUGE }],
      ['a reference with a NUL', { reference: 'Check\u0000202' }, /NUL/],
      ['a reference of a number', { reference: 202 }, /must be text/],
    ]
    for (const [what, change, says] of badStatements)
      add({
        what: `a statement with ${what}`,
        method: 'POST',
        path: `${deposit}/send`,
        who: 'owner',
        json: { ...statement, ...change },
        status: [400],
        says,
      })
    for (const id of NOT_IDS)
      add({
        what: `the end of lease ${id}`,
        method: 'POST',
        path: `/api/leases/${id}/deposit/move-out`,
        who: 'owner',
        json: { endedOn: '2027-06-30' },
        status: [404],
      })

    // The tenant and strangers: the landlord's deposit writes refused to a tenant, everything to a stranger and to nobody.
    const writes: { method: Method; path: string; json?: unknown; multipart?: () => Promise<FormData> }[] = [
      { method: 'POST', path: rent, json: payment },
      { method: 'POST', path: `${pending}/confirm` },
      { method: 'POST', path: `${pending}/reject`, json: reason },
      { method: 'POST', path: `${confirmed}/reverse`, json: reason },
      { method: 'POST', path: inspection },
      { method: 'POST', path: `${inspection}/rooms`, json: { name: 'Attic' } },
      { method: 'DELETE', path: `${inspection}/rooms/${a.roomId}` },
      { method: 'POST', path: `${inspection}/rooms/${a.roomId}/items`, json: { name: 'Shelf' } },
      { method: 'PUT', path: `${inspection}/items/${a.itemId}`, json: item },
      { method: 'DELETE', path: `${inspection}/items/${a.itemId}` },
      { method: 'POST', path: `${inspection}/items/${a.itemId}/comments`, json: { body: 'Looks fine.' } },
      { method: 'POST', path: photos, multipart: () => inspectionPhotoForm() },
      { method: 'DELETE', path: `${photos}/${a.photoId}` },
      { method: 'POST', path: `${inspection}/ready` },
      { method: 'POST', path: `${inspection}/reopen` },
      { method: 'POST', path: `${inspection}/consent`, json: { agree: true } },
      { method: 'POST', path: `${inspection}/sign`, json: signature },
      { method: 'POST', path: `${deposit}/move-out`, json: { endedOn: '2027-06-30' } },
      { method: 'POST', path: `${deposit}/deductions`, json: deduction },
      { method: 'DELETE', path: `${deposit}/deductions/${a.deductionId}` },
      { method: 'POST', path: `${deposit}/send`, json: statement },
    ]
    for (const write of writes) {
      add({ what: 'a write by a stranger', ...write, who: 'stranger', status: [404] })
      add({ what: 'a write without a session', ...write, who: 'nobody', status: [401] })
    }
    for (const write of writes.filter((w) => w.path.startsWith(deposit)))
      add({ what: 'a deposit write by the tenant', ...write, who: 'renter', status: [403] })
    return list
  }

  /** The pages' forms with something wrong: the same refusals, as the page answers them. */
  function pageCases(): Case[] {
    const list: Case[] = []
    const add = (c: Case) => list.push(c)
    const rent = `/leases/${a.leaseId}/rent`
    const inspection = `/leases/${a.leaseId}/inspections/move-in`
    const deposit = `/leases/${a.leaseId}/deposit`
    const pay = { intent: 'pay', amount: '1.00', method: 'cash', paidOn: today, reference: '' }
    for (const [what, form, status] of [
      ['no intent', {}, 400],
      ['an intent of __proto__', { intent: '__proto__' }, 400],
      ['an amount in words', { ...pay, amount: 'ten' }, 400],
      ['an amount of -5', { ...pay, amount: '-5' }, 400],
      ['an amount of a tenth of a cent', { ...pay, amount: '1.005' }, 400],
      ['an amount of 1e300', { ...pay, amount: '1e300' }, 400],
      ['a method of bitcoin', { ...pay, method: 'bitcoin' }, 400],
      ['a day paid of February 30', { ...pay, paidOn: '2026-02-30' }, 400],
      ['a day paid ahead', { ...pay, paidOn: '2199-12-31' }, 400],
      ['a reference with a NUL', { ...pay, reference: 'Check\u0000101' }, 400],
      ['a reference of 100k characters', { ...pay, reference: HUGE }, 400],
      ['a payment id in words', { intent: 'confirmed', paymentId: 'abc' }, 404],
      ['another lease’s payment', { intent: 'confirmed', paymentId: String(b.pendingPaymentId) }, 404],
      ['a rejection without a reason', { intent: 'rejected', paymentId: String(a.pendingPaymentId) }, 400],
      ['a reversal with a NUL', { intent: 'reversed', paymentId: String(a.confirmedPaymentId), reason: 'It\u0000bounced' }, 400],
    ] as const)
      add({ what: `the rent page with ${what}`, method: 'POST', path: rent, who: 'owner', form, status: [status] })
    for (const [what, form, status] of [
      ['no intent', {}, 400],
      ['an intent of constructor', { intent: 'constructor' }, 400],
      ['a room named in 100k characters', { intent: 'add_room', name: HUGE }, 400],
      ['a room named with a NUL', { intent: 'add_room', name: 'Att\u0000ic' }, 400],
      ['an item in room abc', { intent: 'add_item', roomId: 'abc', name: 'Shelf' }, 400],
      ['an item in another lease’s room', { intent: 'add_item', roomId: String(b.roomId), name: 'Shelf' }, 404],
      ['a condition of excellent', { intent: 'save_item', itemId: String(a.itemId), condition: 'excellent' }, 400],
      ['another lease’s item removed', { intent: 'remove_item', itemId: String(b.itemId) }, 404],
      ['a comment with a NUL', { intent: 'comment', itemId: String(a.itemId), body: 'Looks\u0000fine' }, 400],
      ['a photo without a file', { intent: 'add_photo', itemId: String(a.itemId) }, 400],
      ['another lease’s photo taken off', { intent: 'remove_photo', itemId: String(a.itemId), photoId: String(b.photoId) }, 404],
    ] as const)
      add({ what: `the inspection page with ${what}`, method: 'POST', path: inspection, who: 'owner', form, status: [status] })
    add({
      what: 'the inspection page with a consent not ticked',
      method: 'POST',
      path: inspection,
      who: 'renter',
      form: { intent: 'consent' },
      status: [400],
    })
    add({
      what: 'the inspection page with a signature of a hash in capitals',
      method: 'POST',
      path: inspection,
      who: 'renter',
      form: { intent: 'sign', typedName: 'Rita Renter', confirm: 'on', documentSha256: HASH.toUpperCase() },
      status: [400],
    })
    add({
      what: 'an inspection page of another kind',
      method: 'POST',
      path: `/leases/${a.leaseId}/inspections/sideways`,
      who: 'owner',
      form: { intent: 'start' },
      status: [404],
    })
    const deduct = { intent: 'deduct', amount: '10.00', category: 'damage', reason: 'A cracked tile.' }
    for (const [what, form, status] of [
      ['no intent', {}, 400],
      ['an intent of toString', { intent: 'toString' }, 400],
      ['an end of the tenancy in words', { intent: 'move_out', endedOn: 'soon' }, 400],
      ['an end of the tenancy of February 30', { intent: 'move_out', endedOn: '2027-02-30' }, 400],
      ['a deduction of -1', { ...deduct, amount: '-1' }, 400],
      ['a deduction of 1e300', { ...deduct, amount: '1e300' }, 400],
      ['a deduction for rent', { ...deduct, category: 'rent' }, 400],
      ['a deduction with a NUL', { ...deduct, reason: 'A cracked\u0000tile' }, 400],
      ['a deduction of 100k characters', { ...deduct, reason: HUGE }, 400],
      ['another lease’s deduction taken back', { intent: 'take_back', deductionId: String(b.deductionId) }, 404],
      ['a deduction abc taken back', { intent: 'take_back', deductionId: 'abc' }, 404],
      ['a statement not confirmed', { intent: 'send', method: 'check', paidOn: today }, 400],
    ] as const)
      add({ what: `the deposit page with ${what}`, method: 'POST', path: deposit, who: 'owner', form, status: [status] })
    for (const path of [rent, inspection, deposit]) {
      add({ what: 'a page form by a stranger', method: 'POST', path, who: 'stranger', form: { intent: 'start' }, status: [404] })
      add({ what: 'a page form without a session', method: 'POST', path, who: 'nobody', form: { intent: 'start' }, status: [302] })
      add({
        what: 'a page form of lease abc',
        method: 'POST',
        path: path.replace(String(a.leaseId), 'abc'),
        who: 'owner',
        form: { intent: 'start' },
        status: [404],
      })
    }
    return list
  }

  /** What each party sees of both tenancies. */
  async function whatTheySee() {
    const seen: Record<string, unknown> = {}
    for (const [name, person] of Object.entries({ owner, renter, stranger, nobody: undefined }))
      for (const [lease, tenancy] of Object.entries({ a, b }))
        seen[`${name} of ${lease}`] = await tenancyAsSeen(site, tenancy.leaseId, person?.cookie)
    return seen
  }

  async function send(c: Case) {
    const headers: Record<string, string> = {}
    let body: BodyInit | undefined
    if (c.multipart) body = await c.multipart()
    else if (c.form) body = new URLSearchParams(c.form)
    else if (c.raw !== undefined || c.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = c.raw ?? JSON.stringify(c.json)
    }
    if (c.form) headers['content-type'] = 'application/x-www-form-urlencoded'
    return site.send(c.path, { method: c.method, cookie: cookieOf(c.who), headers, body })
  }

  it('every malformed tenancy write answers a 4xx that says what is wrong, and nothing changes', { timeout: 300_000 }, async () => {
    const before = await whatTheySee()
    expect(before['renter of a']).toMatchObject({
      rent: { status: 200, body: { payments: [{ state: 'pending' }, { state: 'confirmed' }] } },
      moveIn: { status: 200, body: { inspection: { state: 'open' } } },
      deposit: { status: 200, body: { deposit: { state: 'drafting', deductions: [{ category: 'cleaning' }] } } },
    })
    expect(before['stranger of a']).toMatchObject({ rent: { status: 404 }, moveIn: { status: 404 }, deposit: { status: 404 } })
    const problems: string[] = []
    const all = apiCases()
    await eachLimited(all, 4, async (c) => {
      const response = await send(c)
      const text = await response.text()
      const where = `${c.what} (${c.who}: ${c.method} ${c.path.slice(0, 90)})`
      if (!c.status.includes(response.status)) return void problems.push(`${where}: ${response.status} ${text.slice(0, 300)}`)
      if (!/json/.test(response.headers.get('content-type') ?? '')) return void problems.push(`${where}: not a JSON problem`)
      const problem = JSON.parse(text) as { status?: number; detail?: unknown; errors?: Record<string, string[]> }
      const words = [problem.detail, ...Object.values(problem.errors ?? {}).flat()].map(String)
      if (problem.status !== response.status || typeof problem.detail !== 'string' || problem.detail === '')
        problems.push(`${where}: the problem is ${text.slice(0, 200)}`)
      const unclear = words.filter((word) => UNCLEAR.test(word))
      if (unclear.length > 0) problems.push(`${where}: ${response.status} says ${JSON.stringify(unclear).slice(0, 300)}`)
      if (c.says && !words.some((word) => c.says!.test(word)))
        problems.push(`${where}: says ${JSON.stringify(words).slice(0, 300)}, not ${c.says}`)
    })
    expect(problems).toEqual([])
    expect(all.length).toBeGreaterThan(300)
    expect(await whatTheySee()).toEqual(before)
  })

  it(
    'every malformed form of the rent, inspection and deposit pages is refused on the page, and nothing changes',
    { timeout: 120_000 },
    async () => {
      const before = await whatTheySee()
      const problems: string[] = []
      await eachLimited(pageCases(), 4, async (c) => {
        const response = await send(c)
        const text = await response.text()
        const where = `${c.what} (${c.who}: ${c.method} ${c.path})`
        if (!c.status.includes(response.status)) problems.push(`${where}: ${response.status} ${text.slice(0, 200)}`)
      })
      expect(problems).toEqual([])
      expect(await whatTheySee()).toEqual(before)
    },
  )
})
