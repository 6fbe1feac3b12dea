// Malformed input on every lease write of the JSON API: bodies that are not a JSON object or are
// missing, values of the wrong type (arrays where objects belong, objects for numbers), cents that are
// negative, fractional or too large to be one, dates that do not exist, unknown enum values, 100,000-
// character strings, NUL bytes, seven tenants, one e-mail twice, prototype keys, a hash that is not one
// and signature drawings outside the path grammar. Each answers a 4xx that says what is wrong (no stack,
// no "undefined", no "[object Object]"), never a 5xx, and nothing changes: every party's view of the
// lease and their lists of leases read the same afterwards.
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_LEASE_CLAUSE, MAX_LEASE_REASON, MAX_SIGNATURE_DRAWING } from '#common/leases/vocabulary.ts'
import { leaseAsSeen, makeLeaseWorld, okJson, type LeaseWorld } from './support/leases.ts'
import { UNCLEAR, notObjects } from './support/payloads.ts'
import { Site, eachLimited, hostileSites } from './support/site.ts'

type Who = 'owner' | 'renter' | 'stranger' | 'nobody'

type Case = { what: string; method: 'POST' | 'PUT'; path: string; who: Who; json?: unknown; raw?: string; status: number[] }

const HUGE = 'x'.repeat(100_000)
const NUL = 'Rita\u0000Renter'
const HASH = 'a'.repeat(64)

/** Bodies that are not a JSON object, or no body at all. */
const bodies = notObjects('reason', 'because')

/** A JSON body with one value spliced in as raw text (for 1e400, which JSON.stringify cannot write). */
const rawWith = (body: object, key: string, raw: string) => JSON.stringify({ ...body, [key]: '@@' }).replace('"@@"', raw)

describe.each(hostileSites().map((info) => [info.database, info] as const))('malformed lease input on %s', (_database, info) => {
  const site = new Site(info)
  let w: LeaseWorld

  beforeAll(async () => {
    w = await makeLeaseWorld(site, 'lease-input')
  })

  const cookieOf = (who: Who) => (who === 'nobody' ? undefined : w[who].cookie)

  function cases(): Case[] {
    const list: Case[] = []
    const add = (c: Case) => list.push(c)
    const lease = `/api/leases/${w.leaseId}`
    const terms = w.terms as Record<string, unknown> & { tenants: { name: string; email: string }[] }
    const tenant = terms.tenants[0]!

    // Every endpoint that reads a body refuses one that is not a JSON object.
    const bodied: [Case['method'], string, Who][] = [
      ['POST', '/api/leases', 'owner'],
      ['PUT', `${lease}/terms`, 'owner'],
      ['PUT', `${lease}/amendment`, 'owner'],
      ['POST', `${lease}/void`, 'owner'],
      ['POST', `${lease}/consent`, 'renter'],
      ['POST', `${lease}/sign`, 'renter'],
      ['POST', `${lease}/decline`, 'renter'],
      ['POST', '/api/leases/verify', 'nobody'],
    ]
    for (const [method, path, who] of bodied)
      for (const [what, raw] of bodies) add({ what: `a body ${what}`, method, path, who, raw, status: [400] })

    // POST /api/leases
    const badNew: [string, unknown][] = [
      ['nothing named', {}],
      ['an application id in text', { applicationId: String(w.applicationId) }],
      ['an application id of 1.5', { applicationId: 1.5 }],
      ['an application id of -1', { applicationId: -1 }],
      ['an application id of 1e300', { applicationId: 1e300 }],
      ['an application id of an array', { applicationId: [w.applicationId] }],
      ['an application id of an object', { applicationId: { id: w.applicationId } }],
      ['a listing id of null', { listingId: null }],
      ['a listing id of true', { listingId: true }],
      ['a __proto__ key only', JSON.parse(`{"__proto__":{"applicationId":${w.applicationId}}}`)],
      ['a constructor key only', { constructor: { prototype: { applicationId: w.applicationId } } }],
    ]
    for (const [what, json] of badNew)
      add({ what: `a new lease with ${what}`, method: 'POST', path: '/api/leases', who: 'owner', json, status: [400] })
    add({
      what: 'a new lease with an id of 1e400',
      method: 'POST',
      path: '/api/leases',
      who: 'owner',
      raw: rawWith({}, 'applicationId', '1e400'),
      status: [400],
    })
    add({
      what: 'a new lease by the renter',
      method: 'POST',
      path: '/api/leases',
      who: 'renter',
      json: { applicationId: w.applicationId },
      status: [404],
    })
    add({
      what: 'a new lease without a session',
      method: 'POST',
      path: '/api/leases',
      who: 'nobody',
      json: { applicationId: w.applicationId },
      status: [401],
    })
    add({
      what: 'a new lease for another’s listing',
      method: 'POST',
      path: '/api/leases',
      who: 'stranger',
      json: { listingId: w.listing.id },
      status: [404],
    })

    // PUT /api/leases/:id/terms: the whole terms with one thing wrong (and anything extra along with it).
    const person = (name: string, email: string) => ({ name, email })
    const sevenTenants = Array.from({ length: 7 }, (_, i) => person(`Tenant Number ${i + 1}`, `t${i + 1}.${tenant.email}`))
    const badTerms: [string, Record<string, unknown>][] = [
      ['terms of an array', { tenants: tenant }],
      ['no tenants', { tenants: [] }],
      ['seven tenants', { tenants: sevenTenants, occupants: 7 }],
      ['one e-mail twice', { tenants: [tenant, person('Someone Else', tenant.email)], occupants: 2 }],
      ['one e-mail twice in other letters', { tenants: [tenant, person('Someone Else', tenant.email.toUpperCase())], occupants: 2 }],
      ['the guarantor’s e-mail a tenant’s', { guarantor: person('Gus Guarantor', tenant.email) }],
      ['a tenant of a string', { tenants: ['Rita Renter'] }],
      ['a tenant of an array', { tenants: [[tenant.name, tenant.email]] }],
      ['a tenant name of a number', { tenants: [{ ...tenant, name: 42 }] }],
      ['a tenant name of 100k characters', { tenants: [{ ...tenant, name: HUGE }] }],
      ['a tenant name with a NUL', { tenants: [{ ...tenant, name: NUL }] }],
      ['a tenant e-mail that is none', { tenants: [{ ...tenant, email: 'rita at example' }] }],
      ['a guarantor of a string', { guarantor: 'Gus' }],
      ['a guarantor of an array', { guarantor: [person('Gus Guarantor', 'gus@example.com')] }],
      ['a term kind of weekly', { termKind: 'weekly' }],
      ['a term kind of __proto__', { termKind: '__proto__' }],
      ['a start date of February 30', { startDate: '2027-02-30' }],
      ['a start date of month 13', { startDate: '2027-13-01' }],
      ['a start date in words', { startDate: 'next Monday' }],
      ['a start date of a number', { startDate: 20270301 }],
      ['a start date in 1999', { startDate: '1999-12-31' }],
      ['an end date in 2201', { endDate: '2201-01-01' }],
      ['an end date before the start', { endDate: '2020-01-01' }],
      ['month to month with an end date', { termKind: 'month_to_month' }],
      ['a rent of -100', { rentCents: -100 }],
      ['a rent of 0', { rentCents: 0 }],
      ['a rent of 1.5 cents', { rentCents: 1.5 }],
      ['a rent of 2^53', { rentCents: 2 ** 53 }],
      ['a rent of 1e300', { rentCents: 1e300 }],
      ['a rent of $1,000,000.01', { rentCents: 100_000_001 }],
      ['a rent in text', { rentCents: '250000' }],
      ['a rent of an object', { rentCents: { cents: 1 } }],
      ['a deposit of -1', { depositCents: -1 }],
      ['a late fee of 0.5', { lateFeeCents: 0.5 }],
      ['a due day of 31', { dueDay: 31 }],
      ['a due day of 0', { dueDay: 0 }],
      ['grace days of -1', { graceDays: -1 }],
      ['other fees of an object', { otherFees: { label: 'Parking', amountCents: 100, frequency: 'monthly' } }],
      ['a fee of a negative amount', { otherFees: [{ label: 'Parking', amountCents: -100, frequency: 'monthly' }] }],
      ['a fee paid yearly', { otherFees: [{ label: 'Parking', amountCents: 100, frequency: 'yearly' }] }],
      ['a fee named in 100k characters', { otherFees: [{ label: HUGE, amountCents: 100, frequency: 'once' }] }],
      ['eleven fees', { otherFees: Array.from({ length: 11 }, (_, i) => ({ label: `Fee ${i}`, amountCents: 100, frequency: 'once' })) }],
      ['a utility of cable', { utilities: [{ utility: 'cable', paidBy: 'tenant' }] }],
      ['a utility paid by nobody', { utilities: [{ utility: 'water', paidBy: 'nobody' }] }],
      ['a utility of constructor', { utilities: [{ utility: 'constructor', paidBy: 'tenant' }] }],
      [
        'a utility named twice',
        {
          utilities: [
            { utility: 'water', paidBy: 'tenant' },
            { utility: 'water', paidBy: 'landlord' },
          ],
        },
      ],
      ['pets of 100k characters', { pets: HUGE }],
      ['pets of an array', { pets: ['cat'] }],
      ['parking with a NUL', { parking: 'Space\u00003' }],
      ['occupants of 0', { occupants: 0 }],
      ['occupants of 1e3', { occupants: 1e3 }],
      ['fewer occupants than tenants', { occupants: 1 }],
      ['clauses of a string', { clauses: 'No smoking.' }],
      ['a clause of 100k characters', { clauses: [HUGE] }],
      ['a clause over the limit', { clauses: ['x'.repeat(MAX_LEASE_CLAUSE + 1)] }],
      ['an empty clause', { clauses: ['  '] }],
      ['21 clauses', { clauses: Array.from({ length: 21 }, (_, i) => `Clause ${i}.`) }],
      ['a clause of an object', { clauses: [{ text: 'No smoking.' }] }],
      ['furnished of "yes"', { furnished: 'yes' }],
      ['units of 1.5', { unitsInBuilding: 1.5 }],
      ['extra fields and no rent', { rentCents: undefined, state: 'fully_signed', landlordId: 'someone', version: 99 }],
      ['extra fields and no tenants', { tenants: undefined, signers: [tenant], sealed: true }],
    ]
    for (const [what, change] of badTerms)
      add({ what: `terms with ${what}`, method: 'PUT', path: `${lease}/terms`, who: 'owner', json: { ...terms, ...change }, status: [400] })
    add({
      what: 'terms with a rent of 1e400',
      method: 'PUT',
      path: `${lease}/terms`,
      who: 'owner',
      raw: rawWith(terms, 'rentCents', '1e400'),
      status: [400],
    })
    add({
      what: 'terms with a __proto__ key and no rent',
      method: 'PUT',
      path: `${lease}/terms`,
      who: 'owner',
      raw: `{"__proto__":{"rentCents":100},${JSON.stringify({ ...terms, rentCents: undefined }).slice(1)}`,
      status: [400],
    })
    add({ what: 'terms from the renter', method: 'PUT', path: `${lease}/terms`, who: 'renter', json: terms, status: [404] })
    add({ what: 'terms from a stranger', method: 'PUT', path: `${lease}/terms`, who: 'stranger', json: terms, status: [404] })

    // PUT /api/leases/:id/amendment (this lease is no amendment: the text is judged first, the kind next).
    for (const [what, text] of [
      ['no text', undefined],
      ['a text of a number', 12345678901],
      ['a text of an array', ['The tenants may keep a cat.']],
      ['a text too short', 'A cat.'],
      ['a text of 100k characters', HUGE],
      ['a text of blanks', ' '.repeat(50)],
      ['a text with a NUL', 'The tenants may keep\u0000a cat.'],
    ] as const)
      add({ what: `an amendment with ${what}`, method: 'PUT', path: `${lease}/amendment`, who: 'owner', json: { text }, status: [400] })
    add({
      what: 'an amendment text for a lease',
      method: 'PUT',
      path: `${lease}/amendment`,
      who: 'owner',
      json: { text: 'The tenants may keep a cat.' },
      status: [409],
    })

    // Steps the lease's state forbids.
    add({ what: 'sending a sent lease', method: 'POST', path: `${lease}/send`, who: 'owner', status: [409] })
    add({ what: 'amending a lease not signed', method: 'POST', path: `${lease}/amend`, who: 'owner', status: [409] })
    add({
      what: 'a decline by the landlord',
      method: 'POST',
      path: `${lease}/decline`,
      who: 'owner',
      json: { reason: 'No.' },
      status: [403],
    })
    add({ what: 'a void by the renter', method: 'POST', path: `${lease}/void`, who: 'renter', json: { reason: 'No.' }, status: [404] })

    // Reasons: void and decline.
    const badReasons: [string, unknown][] = [
      ['no reason', undefined],
      ['an empty reason', ''],
      ['a blank reason', '   '],
      ['a reason of a number', 42],
      ['a reason of an array', ['Too dear.']],
      ['a reason of an object', { text: 'Too dear.' }],
      ['a reason with a NUL', 'Too\u0000dear'],
      ['a reason over the limit', 'x'.repeat(MAX_LEASE_REASON + 1)],
      ['a reason of 100k characters', HUGE],
    ]
    for (const [what, reason] of badReasons) {
      add({ what: `a void with ${what}`, method: 'POST', path: `${lease}/void`, who: 'owner', json: { reason }, status: [400] })
      add({ what: `a decline with ${what}`, method: 'POST', path: `${lease}/decline`, who: 'renter', json: { reason }, status: [400] })
    }

    // Consent.
    for (const [what, agree] of [
      ['no answer', undefined],
      ['false', false],
      ['"true"', 'true'],
      ['1', 1],
      ['[true]', [true]],
    ] as const)
      add({ what: `a consent of ${what}`, method: 'POST', path: `${lease}/consent`, who: 'renter', json: { agree }, status: [400] })

    // Signatures: every field wrong in turn, the drawing outside its grammar.
    const signature = { typedName: 'Rita Renter', confirm: true, documentSha256: HASH, drawing: 'M 10 10 L 20 25' }
    const badSignatures: [string, Record<string, unknown>][] = [
      ['no typed name', { typedName: undefined }],
      ['a typed name of one letter', { typedName: 'R' }],
      ['a typed name of a number', { typedName: 42 }],
      ['a typed name of an array', { typedName: ['Rita', 'Renter'] }],
      ['a typed name of 100k characters', { typedName: HUGE }],
      ['a typed name with a NUL', { typedName: NUL }],
      ['no confirmation', { confirm: undefined }],
      ['a confirmation of false', { confirm: false }],
      ['a confirmation of "true"', { confirm: 'true' }],
      ['a confirmation of 1', { confirm: 1 }],
      ['no hash', { documentSha256: undefined }],
      ['a hash in capitals', { documentSha256: HASH.toUpperCase() }],
      ['a hash too short', { documentSha256: HASH.slice(1) }],
      ['a hash too long', { documentSha256: `${HASH}0` }],
      ['a hash of a number', { documentSha256: 1234 }],
      ['a hash with a NUL', { documentSha256: `${HASH.slice(1)}\u0000` }],
      ['a drawing of a number', { drawing: 1234 }],
      ['a drawing of an array', { drawing: ['M 1 1'] }],
      ['a drawing of markup', { drawing: '<svg onload=alert(1)>' }],
      ['a drawing with a curve', { drawing: 'M 10 10 C 20 20 30 30 40 40' }],
      ['a drawing with a close', { drawing: 'M 10 10 L 20 20 Z' }],
      ['a drawing with a script after it', { drawing: 'M 10 10 L 20 20"/><script>alert(1)</script>' }],
      ['a drawing with exponents', { drawing: 'M 1e5 1 L 2 2' }],
      ['a drawing with five-digit numbers', { drawing: 'M 12345 1 L 2 2' }],
      ['a drawing of words', { drawing: 'my signature' }],
      ['a drawing over the limit', { drawing: 'M 1 1 '.repeat(Math.ceil(MAX_SIGNATURE_DRAWING / 6) + 1) }],
    ]
    for (const [what, change] of badSignatures)
      add({
        what: `a signature with ${what}`,
        method: 'POST',
        path: `${lease}/sign`,
        who: 'renter',
        json: { ...signature, ...change },
        status: [400],
      })

    // The public check of a file's hash.
    for (const [what, sha256] of [
      ['no hash', undefined],
      ['a hash in capitals', HASH.toUpperCase()],
      ['a hash of 63 characters', HASH.slice(1)],
      ['a hash that is not hex', 'g'.repeat(64)],
      ['a hash of a number', 42],
      ['a hash of an array', [HASH]],
      ['a hash of 100k characters', HUGE],
    ] as const)
      add({ what: `a check of ${what}`, method: 'POST', path: '/api/leases/verify', who: 'nobody', json: { sha256 }, status: [400] })

    // Addresses that name no lease.
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999'])
      add({ what: `the terms of lease ${id}`, method: 'PUT', path: `/api/leases/${id}/terms`, who: 'owner', json: terms, status: [404] })
    return list
  }

  /** What the parties see of the lease and of their leases. */
  async function whatTheySee() {
    const listOf = async (cookie: string) => (await okJson(site, '/api/leases', { cookie, method: 'GET' })).leases as unknown
    return {
      owner: await leaseAsSeen(site, w.owner.cookie, w.leaseId),
      renter: await leaseAsSeen(site, w.renter.cookie, w.leaseId),
      second: await leaseAsSeen(site, w.second.cookie, w.leaseId),
      ownerList: await listOf(w.owner.cookie),
      renterList: await listOf(w.renter.cookie),
      strangerList: await listOf(w.stranger.cookie),
    }
  }

  it('every malformed lease write answers a 4xx that says what is wrong, and nothing changes', async () => {
    const before = await whatTheySee()
    expect(before.renter).toMatchObject({ state: 'sent', actions: ['consent', 'decline'] })
    const problems: string[] = []
    const all = cases()
    await eachLimited(all, 4, async (c) => {
      const headers: Record<string, string> = {}
      let body: BodyInit | undefined
      if (c.raw !== undefined || c.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = c.raw ?? JSON.stringify(c.json)
      }
      const response = await site.send(c.path, { method: c.method, cookie: cookieOf(c.who), headers, body })
      const text = await response.text()
      const where = `${c.what} (${c.method} ${c.path.slice(0, 80)})`
      if (!c.status.includes(response.status)) return void problems.push(`${where}: ${response.status} ${text.slice(0, 300)}`)
      if (!/json/.test(response.headers.get('content-type') ?? '')) return void problems.push(`${where}: not a JSON problem`)
      const problem = JSON.parse(text) as { status?: number; detail?: unknown; errors?: Record<string, string[]> }
      const words = [problem.detail, ...Object.values(problem.errors ?? {}).flat()].map(String)
      if (problem.status !== response.status || typeof problem.detail !== 'string' || problem.detail === '')
        problems.push(`${where}: the problem is ${text.slice(0, 200)}`)
      const unclear = words.filter((word) => UNCLEAR.test(word))
      if (unclear.length > 0) problems.push(`${where}: ${response.status} says ${JSON.stringify(unclear).slice(0, 300)}`)
    })
    expect(problems).toEqual([])
    expect(all.length).toBeGreaterThan(150)
    expect(await whatTheySee()).toEqual(before)
  })
})
