// Malformed input on every application write, API and page: bodies that are not a JSON object, values
// of the wrong type (arrays for strings, objects for numbers), numbers too large to be one, negative
// amounts, NUL bytes, 100,000-character strings, prototype keys as field or action names, unknown
// intents, hostile row and document ids on My application, and uploads that are not what they claim.
// Each answers a 4xx that says what is wrong (no stack, no "undefined", no "[object Object]"), never
// a 5xx, and nothing changes: every party's view of the applications reads the same afterwards.
// Then access: a third person (another renter, another landlord, the administrator, a visitor) finds
// no application, page or API, and no document link of someone else's opens for them.
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_APPLICATION_NOTE, MAX_CRITERIA_TEXT, MAX_DECISION_TEXT, MAX_DOCUMENT_BYTES } from '#common/applications/vocabulary.ts'
import { completeRenterProfile } from '#tests/support/applications.ts'
import { CRITERIA, PDF, makeApplicationWorld, moveInDate, withoutLinks, type ApplicationWorld } from './support/applications.ts'
import { UNCLEAR } from './support/payloads.ts'
import { Site, eachLimited, hostileSites } from './support/site.ts'

type Who = 'owner' | 'renter' | 'ready' | 'otherRenter' | 'otherLandlord' | 'admin'

type Case = {
  what: string
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  who: Who
  json?: unknown
  raw?: string
  form?: Record<string, string | string[]>
  multipart?: () => FormData
  status: number[]
}

const HUGE = 'x'.repeat(100_000)
const NUL = 'Alex\u0000Morgan'

/** Bodies that are not a JSON object. */
const notObjects: [string, string][] = [
  ['not JSON', 'legalName=Alex'],
  ['cut short', '{"legalName":'],
  ['null', 'null'],
  ['an array', '[]'],
  ['a string', '"hello"'],
  ['a number', '42'],
  ['empty', ''],
]

const badIds = ['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '99999999999999999999', '999999999999999']

/** A JSON body with one value spliced in as raw text (for 1e400, which JSON.stringify cannot write). */
const rawWith = (body: object, key: string, raw: string) => JSON.stringify({ ...body, [key]: '@@' }).replace('"@@"', raw)

describe.each(hostileSites().map((info) => [info.database, info] as const))('malformed application input on %s', (_database, info) => {
  const site = new Site(info)
  let w: ApplicationWorld

  beforeAll(async () => {
    w = await makeApplicationWorld(site)
  })

  const cookieOf = (who: Who) => w[who].cookie

  function cases(): Case[] {
    const list: Case[] = []
    const add = (c: Case) => list.push(c)
    const profile = completeRenterProfile()
    const address = profile.addresses[0]!

    // PUT /api/me/application (the renter's own: a refusal must leave it as it was).
    for (const [what, raw] of notObjects)
      add({ what: `an application ${what}`, method: 'PUT', path: '/api/me/application', who: 'renter', raw, status: [400] })
    const badProfiles: [string, unknown][] = [
      ['a legal name of a number', { legalName: 123 }],
      ['a legal name of an array', { legalName: ['Alex'] }],
      ['a legal name of an object', { legalName: { first: 'Alex' } }],
      ['a legal name with a NUL', { legalName: NUL }],
      ['a legal name of 100k characters', { legalName: HUGE }],
      ['no legal name', { legalName: undefined }],
      ['an e-mail of an object', { email: {} }],
      ['addresses as text', { addresses: '12 Elm Street' }],
      ['addresses of null', { addresses: [null] }],
      ['no addresses', { addresses: [] }],
      ['11 addresses', { addresses: Array.from({ length: 11 }, () => address) }],
      ['a street with a NUL', { addresses: [{ ...address, street: `12 Elm\u0000Street` }] }],
      ['a street of 100k characters', { addresses: [{ ...address, street: HUGE }] }],
      ['a rent of an object', { addresses: [{ ...address, monthlyRentCents: { cents: 1 } }] }],
      ['a negative rent', { addresses: [{ ...address, monthlyRentCents: -100 }] }],
      ['a rent of 1e300', { addresses: [{ ...address, monthlyRentCents: 1e300 }] }],
      ['a rent in text', { addresses: [{ ...address, monthlyRentCents: '1400' }] }],
      ['a move-in month 13', { addresses: [{ ...address, from: '2020-13' }] }],
      ['a state of an array', { addresses: [{ ...address, state: ['DE'] }] }],
      ['an employer of an array', { employment: [{ ...profile.employment[0], employer: ['Acme'] }] }],
      ['an income of 2.5 cents', { employment: [{ ...profile.employment[0], monthlyIncomeCents: 2.5 }] }],
      ['a negative income', { employment: [{ ...profile.employment[0], monthlyIncomeCents: -1 }] }],
      ['an income of 2^53', { employment: [{ ...profile.employment[0], monthlyIncomeCents: 2 ** 53 }] }],
      ['a pet of kind __proto__', { pets: [{ kind: '__proto__', size: 'small', description: '' }] }],
      ['a pet of kind constructor', { pets: [{ kind: 'constructor', size: 'small', description: '' }] }],
      ['a pet description of an object', { pets: [{ kind: 'cat', size: 'small', description: {} }] }],
      ['an adult of "yes"', { occupants: [{ name: 'Sam', adult: 'yes' }] }],
      ['no emergency contact', { emergencyContact: null }],
      ['an emergency contact as text', { emergencyContact: 'Jo' }],
      ['document ids as text', { documentIds: '1' }],
      ['a document id in text', { documentIds: ['1'] }],
      ['a negative document id', { documentIds: [-1] }],
      ['a document id of 1e300', { documentIds: [1e300] }],
      ['a document that does not exist', { documentIds: [999_999_999] }],
      ['21 document ids', { documentIds: Array.from({ length: 21 }, (_, i) => i + 1) }],
    ]
    for (const [what, change] of badProfiles)
      add({
        what: `an application with ${what}`,
        method: 'PUT',
        path: '/api/me/application',
        who: 'renter',
        json: { ...profile, ...(change as object) },
        status: [400],
      })
    add({
      what: 'an application with a rent of 1e400',
      method: 'PUT',
      path: '/api/me/application',
      who: 'renter',
      raw: JSON.stringify(profile).replace('"monthlyRentCents":140000', '"monthlyRentCents":1e400'),
      status: [400],
    })
    add({
      what: 'an application with a __proto__ key and no name',
      method: 'PUT',
      path: '/api/me/application',
      who: 'renter',
      raw: `{"__proto__":{"legalName":"Polluted"},${JSON.stringify({ ...profile, legalName: undefined }).slice(1)}`,
      status: [400],
    })
    add({
      what: 'an application with a constructor key and no name',
      method: 'PUT',
      path: '/api/me/application',
      who: 'renter',
      json: { ...profile, legalName: undefined, constructor: { prototype: { legalName: 'Polluted' } } },
      status: [400],
    })
    add({
      what: 'an application with another’s document',
      method: 'PUT',
      path: '/api/me/application',
      who: 'renter',
      json: { ...profile, documentIds: [w.foreignDocumentId] },
      status: [400],
    })
    // DELETE /api/me/application: only a session deletes; nobody else's is touched.
    add({ what: 'a deletion without a session', method: 'DELETE', path: '/api/me/application', who: 'renter', status: [401] })

    // PUT /api/properties/:id/application-criteria (the owner's listing).
    const criteria = `/api/properties/${w.listing.id}/application-criteria`
    for (const [what, raw] of notObjects) add({ what: `criteria ${what}`, method: 'PUT', path: criteria, who: 'owner', raw, status: [400] })
    const badCriteria: [string, Record<string, unknown>][] = [
      ['an income multiple of words', { incomeMultiple: 'three' }],
      ['an income multiple of an object', { incomeMultiple: { times: 3 } }],
      ['an income multiple of an array', { incomeMultiple: [3] }],
      ['a negative income multiple', { incomeMultiple: -1 }],
      ['an income multiple of 11', { incomeMultiple: 11 }],
      ['an income multiple of 2.55', { incomeMultiple: 2.55 }],
      ['a pet policy of __proto__', { petPolicy: '__proto__' }],
      ['a pet policy of constructor', { petPolicy: 'constructor' }],
      ['a pet policy of an array', { petPolicy: ['cats'] }],
      ['no pet policy', { petPolicy: undefined }],
      ['0 occupants', { maxOccupants: 0 }],
      ['31 occupants', { maxOccupants: 31 }],
      ['1.5 occupants', { maxOccupants: 1.5 }],
      ['occupants of "1e3"', { maxOccupants: '1e3' }],
      ['occupants of an object', { maxOccupants: {} }],
      ['a move-in from February 30', { moveInFrom: '2027-02-30' }],
      ['a move-in from a number', { moveInFrom: 20270101 }],
      ['a move-in from an array', { moveInFrom: ['2027-01-01'] }],
      ['a move-in window backwards', { moveInFrom: '2027-06-01', moveInTo: '2027-01-01' }],
      ['other requirements of a number', { otherRequirements: 123 }],
      ['other requirements of an object', { otherRequirements: { toString: 'x' } }],
      ['other requirements of 100k characters', { otherRequirements: HUGE }],
      ['other requirements one too long', { otherRequirements: 'x'.repeat(MAX_CRITERIA_TEXT + 1) }],
      ['other requirements with a NUL', { otherRequirements: 'No\u0000smoking' }],
      ['accepting of "yes"', { accepting: 'yes' }],
      ['accepting of 1', { accepting: 1 }],
      ['accepting of null', { accepting: null }],
    ]
    for (const [what, change] of badCriteria)
      add({ what: `criteria with ${what}`, method: 'PUT', path: criteria, who: 'owner', json: { ...CRITERIA, ...change }, status: [400] })
    add({
      what: 'criteria with an income multiple of 1e400',
      method: 'PUT',
      path: criteria,
      who: 'owner',
      raw: rawWith(CRITERIA, 'incomeMultiple', '1e400'),
      status: [400],
    })
    add({ what: 'criteria by a renter', method: 'PUT', path: criteria, who: 'renter', json: CRITERIA, status: [404] })
    add({ what: 'criteria by another landlord', method: 'PUT', path: criteria, who: 'otherLandlord', json: CRITERIA, status: [404] })
    for (const id of badIds)
      add({
        what: `criteria of listing ${id}`,
        method: 'PUT',
        path: `/api/properties/${id}/application-criteria`,
        who: 'owner',
        json: CRITERIA,
        status: [404],
      })

    // POST /api/properties/:id/applications (by someone ready to apply: a slip would send one).
    const applyPath = `/api/properties/${w.listing.id}/applications`
    const good = { moveInDate: moveInDate(), leaseMonths: 12, note: 'Hello' }
    for (const [what, raw] of notObjects)
      add({ what: `an application sent ${what}`, method: 'POST', path: applyPath, who: 'ready', raw, status: [400] })
    const badApply: [string, Record<string, unknown>][] = [
      ['a move-in of February 30', { moveInDate: '2027-02-30' }],
      ['a move-in of a number', { moveInDate: 20270101 }],
      ['a move-in of null', { moveInDate: null }],
      ['a move-in of an array', { moveInDate: [moveInDate()] }],
      ['a move-in of 100k characters', { moveInDate: HUGE }],
      ['no move-in', { moveInDate: undefined }],
      ['a lease of 0 months', { leaseMonths: 0 }],
      ['a lease of -12 months', { leaseMonths: -12 }],
      ['a lease of 61 months', { leaseMonths: 61 }],
      ['a lease of 1.5 months', { leaseMonths: 1.5 }],
      ['a lease of an object', { leaseMonths: { months: 12 } }],
      ['a lease of an array', { leaseMonths: [12] }],
      ['a lease of 1e300 months', { leaseMonths: 1e300 }],
      ['a note of a number', { note: 123 }],
      ['a note of an array', { note: ['Hello'] }],
      ['a note of an object', { note: { text: 'Hello' } }],
      ['a note one too long', { note: 'x'.repeat(MAX_APPLICATION_NOTE + 1) }],
      ['a note of 100k characters', { note: HUGE }],
      ['a note with a NUL', { note: 'Hello\u0000there' }],
    ]
    for (const [what, change] of badApply)
      add({
        what: `an application with ${what}`,
        method: 'POST',
        path: applyPath,
        who: 'ready',
        json: { ...good, ...change },
        status: [400],
      })
    add({
      what: 'an application with a lease of 1e400',
      method: 'POST',
      path: applyPath,
      who: 'ready',
      raw: rawWith(good, 'leaseMonths', '1e400'),
      status: [400],
    })
    add({
      what: 'an application with a __proto__ body',
      method: 'POST',
      path: applyPath,
      who: 'ready',
      raw: `{"__proto__":${JSON.stringify(good)}}`,
      status: [400],
    })
    add({ what: 'an application for one’s own home', method: 'POST', path: applyPath, who: 'owner', json: good, status: [400, 403] })
    add({ what: 'a second application to the same home', method: 'POST', path: applyPath, who: 'renter', json: good, status: [409] })
    for (const id of badIds)
      add({
        what: `an application to listing ${id}`,
        method: 'POST',
        path: `/api/properties/${id}/applications`,
        who: 'ready',
        json: good,
        status: [404],
      })

    // POST /api/applications/:id/:action, each by its own side, with bodies that are no answer.
    const act = (action: string) => `/api/applications/${w.applicationId}/${action}`
    const landlordActions = ['start-review', 'request-information', 'approve', 'approve-with-conditions', 'decline']
    for (const action of [...landlordActions, 'provide-information', 'withdraw']) {
      const who: Who = landlordActions.includes(action) ? 'owner' : 'renter'
      for (const [what, raw] of notObjects.filter(([what]) => what !== 'empty'))
        add({ what: `${action} ${what}`, method: 'POST', path: act(action), who, raw, status: [400] })
      for (const id of badIds)
        add({
          what: `${action} of application ${id}`,
          method: 'POST',
          path: `/api/applications/${id}/${action}`,
          who,
          json: {},
          status: [404],
        })
    }
    // The co-applicants' steps: an invitation that is no address, leaving, removing a co-applicant.
    for (const [what, raw] of notObjects)
      add({ what: `an invitation sent ${what}`, method: 'POST', path: act('co-applicants'), who: 'renter', raw, status: [400] })
    for (const email of [HUGE, 'not an address', '', NUL])
      add({
        what: `an invitation to ${email.slice(0, 20)}`,
        method: 'POST',
        path: act('co-applicants'),
        who: 'renter',
        json: { email },
        status: [400],
      })
    add({ what: 'leaving one’s own application', method: 'POST', path: act('leave'), who: 'renter', status: [403, 409] })
    add({ what: 'leaving another’s application', method: 'POST', path: act('leave'), who: 'otherRenter', status: [404] })
    for (const id of badIds) {
      add({ what: `leaving application ${id}`, method: 'POST', path: `/api/applications/${id}/leave`, who: 'renter', status: [404] })
      add({
        what: `removing co-applicant ${id}`,
        method: 'DELETE',
        path: `${act('co-applicants')}/${id}`,
        who: 'renter',
        status: [400, 404, 409],
      })
    }
    const badAnswers: [string, string, unknown][] = [
      ['request-information', 'a request of a number', { text: 123 }],
      ['request-information', 'a request of an array', { text: ['Pay slips'] }],
      ['request-information', 'a blank request', { text: '   ' }],
      ['request-information', 'a request of 100k characters', { text: HUGE }],
      ['request-information', 'a request one too long', { text: 'x'.repeat(MAX_DECISION_TEXT + 1) }],
      ['request-information', 'a request with a NUL', { text: 'Pay\u0000slips' }],
      ['approve', 'a home taken of "yes"', { homeTaken: 'yes' }],
      ['approve', 'a home taken of an object', { homeTaken: {} }],
      ['approve-with-conditions', 'no conditions', { conditions: [], text: 'x', depositCents: 0 }],
      ['approve-with-conditions', 'a condition of __proto__', { conditions: ['__proto__'], text: 'x' }],
      ['approve-with-conditions', 'a condition of constructor', { conditions: ['constructor'], text: 'x' }],
      ['approve-with-conditions', 'conditions of an object', { conditions: { guarantor: true }, text: 'x' }],
      ['approve-with-conditions', 'a condition of a number', { conditions: [1], text: 'x' }],
      ['approve-with-conditions', 'a negative deposit', { conditions: ['higher_deposit'], text: 'x', depositCents: -100 }],
      ['approve-with-conditions', 'a deposit of 1e300', { conditions: ['higher_deposit'], text: 'x', depositCents: 1e300 }],
      ['approve-with-conditions', 'a deposit of 1.5 cents', { conditions: ['higher_deposit'], text: 'x', depositCents: 1.5 }],
      ['approve-with-conditions', 'a deposit of an object', { conditions: ['higher_deposit'], text: 'x', depositCents: { cents: 1 } }],
      [
        'approve-with-conditions',
        'a deposit above the state’s limit',
        { conditions: ['higher_deposit'], text: 'x', depositCents: 2_000_000_000 },
      ],
      ['approve-with-conditions', 'a condition text of 100k characters', { conditions: ['other'], text: HUGE }],
      ['decline', 'no reasons', { reasons: [], text: 'x' }],
      ['decline', 'a reason of toString', { reasons: ['toString'], text: 'x' }],
      ['decline', 'a reason of __proto__', { reasons: ['__proto__'], text: 'x' }],
      ['decline', 'reasons of an object', { reasons: { income: true } }],
      ['decline', 'reasons of null', { reasons: null }],
      ['decline', 'another reason unexplained', { reasons: ['other'], text: '' }],
      ['decline', 'an explanation of an array', { reasons: ['income'], text: ['x'] }],
      ['decline', 'an explanation of 100k characters', { reasons: ['income'], text: HUGE }],
      ['decline', 'an explanation with a NUL', { reasons: ['other'], text: 'Too\u0000late' }],
      ['provide-information', 'a note of a number', { note: 5 }],
      ['provide-information', 'a note of 100k characters', { note: HUGE }],
      ['withdraw', 'a reason of a number', { reason: 5 }],
      ['withdraw', 'a reason of an object', { reason: { why: 'x' } }],
      ['withdraw', 'a reason of 100k characters', { reason: HUGE }],
      ['withdraw', 'a reason with a NUL', { reason: 'Found\u0000another' }],
    ]
    for (const [action, what, json] of badAnswers) {
      const who: Who = landlordActions.includes(action) ? 'owner' : 'renter'
      // provide-information from `submitted` is also out of order: either refusal is clear.
      add({
        what: `${action} with ${what}`,
        method: 'POST',
        path: act(action),
        who,
        json,
        status: action === 'provide-information' ? [400, 409] : [400],
      })
    }
    add({
      what: 'approve-with-conditions with a deposit of 1e400',
      method: 'POST',
      path: act('approve-with-conditions'),
      who: 'owner',
      raw: rawWith({ conditions: ['higher_deposit'], text: 'x' }, 'depositCents', '1e400'),
      status: [400],
    })
    add({
      what: 'an approval by the renter',
      method: 'POST',
      path: act('approve'),
      who: 'renter',
      json: { homeTaken: false },
      status: [403],
    })
    add({ what: 'a withdrawal by the landlord', method: 'POST', path: act('withdraw'), who: 'owner', json: { reason: 'x' }, status: [403] })
    add({ what: 'a review started by the renter', method: 'POST', path: act('start-review'), who: 'renter', json: {}, status: [403] })
    for (const action of ['explode', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'APPROVE', 'approved', 'approve%00', '%F0'])
      add({
        what: `an answer named ${action}`,
        method: 'POST',
        path: act(action),
        who: 'owner',
        json: { homeTaken: false },
        status: [400, 404],
      })

    // The pages' forms, as a browser without JavaScript posts them.
    const mine = '/userprofile/application'
    const pageForm = {
      legalName: 'Alex Q. Morgan',
      email: 'alex@example.com',
      phone: '+1 302 555 0100',
      emergencyName: 'Jo',
      emergencyPhone: '1',
    }
    const badSaves: [string, Record<string, string | string[]>][] = [
      ['a legal name of 100k characters', { legalName: HUGE }],
      ['a legal name with a NUL', { legalName: NUL }],
      ['a rent of 1e400', { 'addresses.0.street': '1 Elm', 'addresses.0.monthlyRent': '1e400' }],
      ['a rent of -5', { 'addresses.0.street': '1 Elm', 'addresses.0.monthlyRent': '-5' }],
      ['an income of an object', { 'employment.0.employer': 'Acme', 'employment.0.monthlyIncome': '{"cents":1}' }],
      ['rows of __proto__', { '__proto__.0.street': 'Polluted', 'constructor.0.name': 'Polluted', 'addresses.__proto__.street': 'x' }],
      ['a row index of 99', { 'addresses.99.street': 'Far' }],
      ['a document id of words', { documentIds: 'abc' }],
      ['another’s document', { documentIds: String(w.foreignDocumentId) }],
      ['a legal name twice', { legalName: ['', HUGE] }],
    ]
    for (const [what, change] of badSaves)
      add({
        what: `My application saved with ${what}`,
        method: 'POST',
        path: mine,
        who: 'renter',
        form: { ...pageForm, ...change, intent: 'save' },
        status: [400],
      })
    const badIntents = [
      '',
      'explode',
      '__proto__',
      'constructor',
      'toString',
      'SAVE',
      'add-row',
      'add-row:__proto__',
      'add-row:constructor',
      'add-row:toString',
      'remove-row:__proto__:99999999999',
      'remove-row:constructor:0',
      'remove-row:prototype:1',
      'delete-document',
      'delete-document:abc',
      'delete-document:-1',
      'delete-document:1e3',
      'delete-document:99999999999999999999',
      'delete-document:__proto__',
      'delete-all',
    ]
    for (const intent of badIntents)
      add({
        what: `My application’s intent "${intent}"`,
        method: 'POST',
        path: mine,
        who: 'renter',
        form: { ...pageForm, intent },
        status: [400],
      })
    // A row removed or added is the form drawn again: nothing is saved, whatever the index.
    for (const intent of ['remove-row:addresses:99999999999', 'remove-row:addresses:abc', 'remove-row:addresses:-1', 'add-row:pets'])
      add({
        what: `My application’s intent "${intent}"`,
        method: 'POST',
        path: mine,
        who: 'renter',
        form: { ...pageForm, intent },
        status: [200, 400],
      })
    add({
      what: 'a foreign document deleted',
      method: 'POST',
      path: mine,
      who: 'renter',
      form: { intent: `delete-document:${w.foreignDocumentId}` },
      status: [400, 404],
    })
    add({
      what: 'a document that does not exist deleted',
      method: 'POST',
      path: mine,
      who: 'renter',
      form: { intent: 'delete-document:999999999' },
      status: [400, 404],
    })
    const upload =
      (bytes: Uint8Array, name: string, type: string, kind = 'pay_slip') =>
      () => {
        const form = new FormData()
        form.append('intent', 'upload')
        form.append('kind', kind)
        form.append('file', new File([new Uint8Array(bytes)], name, { type }))
        return form
      }
    const html = new TextEncoder().encode('<!doctype html><script>window.__hostile(1)</script>')
    const polyglot = new TextEncoder().encode('GIF89a/*<html><script>window.__hostile(2)</script>*/\n%PDF-1.4\n%%EOF')
    const uploads: [string, () => FormData][] = [
      ['an HTML page named .pdf', upload(html, 'payslip.pdf', 'application/pdf')],
      ['an HTML page as text/html', upload(html, 'payslip.html', 'text/html')],
      ['a GIF, HTML and PDF polyglot', upload(polyglot, 'payslip.pdf', 'application/pdf')],
      ['an empty file', upload(new Uint8Array(0), 'empty.pdf', 'application/pdf')],
      ['a file of 10 MB and a byte', upload(new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x25), 'big.pdf', 'application/pdf')],
      ['a PDF of kind __proto__', upload(PDF(), 'payslip.pdf', 'application/pdf', '__proto__')],
      ['a PDF of no kind', upload(PDF(), 'payslip.pdf', 'application/pdf', '')],
      [
        'no file at all',
        () => {
          const form = new FormData()
          form.append('intent', 'upload')
          form.append('kind', 'pay_slip')
          form.append('file', 'not a file')
          return form
        },
      ],
    ]
    for (const [what, multipart] of uploads)
      add({ what: `an upload of ${what}`, method: 'POST', path: mine, who: 'renter', multipart, status: [400, 413] })

    const applyForm = { moveInDate: moveInDate(), leaseMonths: '12', note: 'Hello' }
    for (const id of [...badIds, ''])
      add({
        what: `the apply form for listing "${id}"`,
        method: 'POST',
        path: `/applications/new?listing=${id}`,
        who: 'ready',
        form: applyForm,
        status: [404],
      })
    const badApplyForm: [string, Record<string, string | string[]>][] = [
      ['a move-in of February 30', { moveInDate: '2027-02-30' }],
      ['a move-in of 100k characters', { moveInDate: HUGE }],
      ['no move-in', { moveInDate: '' }],
      ['a lease of 1e400', { leaseMonths: '1e400' }],
      ['a lease of -1', { leaseMonths: '-1' }],
      ['a lease of words', { leaseMonths: 'a year' }],
      ['a lease of an object', { leaseMonths: '{"months":12}' }],
      ['a note of 100k characters', { note: HUGE }],
      ['a note with a NUL and a bad lease', { note: 'Hi\u0000', leaseMonths: '0' }],
      ['two move-in dates, the first bad', { moveInDate: ['nope', moveInDate()] }],
    ]
    for (const [what, change] of badApplyForm)
      add({
        what: `the apply form with ${what}`,
        method: 'POST',
        path: `/applications/new?listing=${w.listing.id}`,
        who: 'ready',
        form: { ...applyForm, ...change },
        status: [400],
      })
    add({
      what: 'the apply form with a NUL in the note',
      method: 'POST',
      path: `/applications/new?listing=${w.listing.id}`,
      who: 'ready',
      form: { ...applyForm, note: 'Hi\u0000there' },
      status: [400],
    })

    const page = `/applications/${w.applicationId}`
    for (const intent of ['', 'explode', '__proto__', 'constructor', 'toString', 'approve', 'APPROVED', 'declined '])
      add({
        what: `the application page’s intent "${intent}"`,
        method: 'POST',
        path: page,
        who: 'owner',
        form: { intent, text: 'x' },
        status: [400],
      })
    const badPage: [string, Who, Record<string, string | string[]>][] = [
      ['a blank request', 'owner', { intent: 'info_requested', text: '  ' }],
      ['a request of 100k characters', 'owner', { intent: 'info_requested', text: HUGE }],
      ['a request with a NUL', 'owner', { intent: 'info_requested', text: 'Pay\u0000slips' }],
      ['a decline without reasons', 'owner', { intent: 'declined', text: 'x' }],
      ['a decline for __proto__', 'owner', { intent: 'declined', reasons: '__proto__', text: 'x' }],
      ['a decline for another reason unexplained', 'owner', { intent: 'declined', reasons: 'other', text: '' }],
      ['a decline explained in 100k characters', 'owner', { intent: 'declined', reasons: 'income', text: HUGE }],
      ['conditions of constructor', 'owner', { intent: 'conditionally_approved', conditions: 'constructor', text: 'x', deposit: '' }],
      ['a deposit of 1e400', 'owner', { intent: 'conditionally_approved', conditions: 'higher_deposit', text: 'x', deposit: '1e400' }],
      ['a deposit of -100', 'owner', { intent: 'conditionally_approved', conditions: 'higher_deposit', text: 'x', deposit: '-100' }],
      ['a deposit of words', 'owner', { intent: 'conditionally_approved', conditions: 'higher_deposit', text: 'x', deposit: 'lots' }],
      ['a home taken of "maybe"', 'owner', { intent: 'approved', homeTaken: 'maybe' }],
      ['a withdrawal of 100k characters', 'renter', { intent: 'withdrawn', reason: HUGE }],
      ['a withdrawal with a NUL', 'renter', { intent: 'withdrawn', reason: 'Found\u0000another' }],
      ['an approval by the renter', 'renter', { intent: 'approved', homeTaken: 'off', homeTakenAsked: 'yes' }],
      ['a withdrawal by the landlord', 'owner', { intent: 'withdrawn', reason: 'x' }],
    ]
    for (const [what, who, form] of badPage)
      add({ what: `the application page with ${what}`, method: 'POST', path: page, who, form, status: [400, 403] })
    for (const id of badIds)
      add({
        what: `the page of application ${id}`,
        method: 'POST',
        path: `/applications/${id}`,
        who: 'owner',
        form: { intent: 'review_started' },
        status: [404],
      })

    const criteriaPage = `/properties/${w.listing.slug}/criteria`
    const criteriaForm = {
      incomeMultiple: '2',
      petPolicy: 'cats',
      maxOccupants: '4',
      moveInFrom: '',
      moveInTo: '',
      otherRequirements: 'No smoking indoors.',
      accepting: 'on',
    }
    const badCriteriaForm: [string, Record<string, string | string[]>][] = [
      ['an income multiple of 1e400', { incomeMultiple: '1e400' }],
      ['an income multiple of -3', { incomeMultiple: '-3' }],
      ['an income multiple of an object', { incomeMultiple: '{"times":3}' }],
      ['a pet policy of __proto__', { petPolicy: '__proto__' }],
      ['a pet policy of constructor', { petPolicy: 'constructor' }],
      ['occupants of 1e3', { maxOccupants: '1e3' }],
      ['occupants of 99999999999', { maxOccupants: '99999999999' }],
      ['a move-in from the year 0 in words', { moveInFrom: '0000-00-00' }],
      ['a move-in window backwards', { moveInFrom: '2027-06-01', moveInTo: '2027-01-01' }],
      ['other requirements of 100k characters', { otherRequirements: HUGE }],
      ['other requirements with a NUL', { otherRequirements: 'No\u0000smoking', incomeMultiple: 'x' }],
      ['accepting of "maybe"', { accepting: 'maybe' }],
    ]
    for (const [what, change] of badCriteriaForm)
      add({
        what: `the criteria page with ${what}`,
        method: 'POST',
        path: criteriaPage,
        who: 'owner',
        form: { ...criteriaForm, ...change },
        status: [400],
      })
    add({
      what: 'the criteria page with a NUL',
      method: 'POST',
      path: criteriaPage,
      who: 'owner',
      form: { ...criteriaForm, otherRequirements: 'No\u0000smoking' },
      status: [400],
    })
    add({
      what: 'the criteria page by another landlord',
      method: 'POST',
      path: criteriaPage,
      who: 'otherLandlord',
      form: criteriaForm,
      status: [404],
    })
    add({ what: 'the criteria page by the renter', method: 'POST', path: criteriaPage, who: 'renter', form: criteriaForm, status: [404] })
    return list
  }

  /** What the parties can see of the applications, document links left out. */
  async function whatTheySee() {
    const read = async (path: string, cookie: string) => {
      const response = await site.send(path, { cookie })
      return { status: response.status, body: withoutLinks(await response.json()) }
    }
    const myPage = async (cookie: string) => {
      const html = await (await site.send('/userprofile/application', { cookie })).text()
      // The documents listed on My application, by name (the links change on each read).
      return [...html.matchAll(/href="\/documents\/[^"]+"[^>]*>([^<]*)</g)].map((m) => m[1])
    }
    return {
      renterProfile: await read('/api/me/application', w.renter.cookie),
      readyProfile: await read('/api/me/application', w.ready.cookie),
      otherProfile: await read('/api/me/application', w.otherRenter.cookie),
      application: await read(`/api/applications/${w.applicationId}`, w.renter.cookie),
      renterApplications: await read('/api/applications', w.renter.cookie),
      readyApplications: await read('/api/applications', w.ready.cookie),
      review: await read(`/api/properties/${w.listing.id}/applications`, w.owner.cookie),
      criteria: await read(`/api/properties/${w.listing.id}/application-criteria`, w.owner.cookie),
      renterDocuments: await myPage(w.renter.cookie),
      otherDocuments: await myPage(w.otherRenter.cookie),
    }
  }

  it('every malformed application write answers a 4xx that says what is wrong, and nothing changes', async () => {
    const before = await whatTheySee()
    expect(before.renterDocuments.length, 'My application lists the renter’s document').toBe(1)
    const problems: string[] = []
    await eachLimited(cases(), 3, async (c) => {
      const headers: Record<string, string> = {}
      let body: BodyInit | undefined
      if (c.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        const params = new URLSearchParams()
        for (const [name, value] of Object.entries(c.form))
          for (const one of Array.isArray(value) ? value : [value]) params.append(name, one)
        body = params
      } else if (c.multipart) body = c.multipart()
      else if (c.raw !== undefined || c.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = c.raw ?? JSON.stringify(c.json)
      }
      const signedIn = !(c.what === 'a deletion without a session')
      const response = await site.send(c.path, { method: c.method, cookie: signedIn ? cookieOf(c.who) : undefined, headers, body })
      const text = await response.text()
      const where = `${c.what} (${c.method} ${c.path.slice(0, 80)})`
      if (!c.status.includes(response.status)) return void problems.push(`${where}: ${response.status} ${text.slice(0, 300)}`)
      const isJson = /json/.test(response.headers.get('content-type') ?? '')
      if (c.form || c.multipart) {
        if (isJson) problems.push(`${where}: a page answered JSON`)
        const visible = text.replace(/<script[\s\S]*?<\/script>/g, '')
        if (UNCLEAR.test(visible)) problems.push(`${where}: the page reads ${visible.match(UNCLEAR)?.[0]}`)
        return
      }
      if (!isJson) return void problems.push(`${where}: not a JSON problem`)
      const problem = JSON.parse(text) as { status?: number; detail?: unknown; errors?: Record<string, string[]> }
      const words = [problem.detail, ...Object.values(problem.errors ?? {}).flat()].map(String)
      if (problem.status !== response.status || typeof problem.detail !== 'string' || problem.detail === '')
        problems.push(`${where}: the problem is ${text.slice(0, 200)}`)
      const unclear = words.filter((word) => UNCLEAR.test(word))
      if (unclear.length > 0) problems.push(`${where}: ${response.status} says ${JSON.stringify(unclear).slice(0, 300)}`)
    })
    expect(problems).toEqual([])
    expect(await whatTheySee()).toEqual(before)
  })

  it('to a third person no application, review or document of someone else’s exists', async () => {
    const { applicationId, listing } = w
    // The links each party is given for the applicant's document.
    const linksOf = async (cookie: string) => {
      const { application } = (await (await site.send(`/api/applications/${applicationId}`, { cookie })).json()) as {
        application: { documentList: { url: string }[] }
      }
      return application.documentList.map((document) => document.url)
    }
    const [renterLink] = await linksOf(w.renter.cookie)
    const [ownerLink] = await linksOf(w.owner.cookie)
    expect(renterLink, 'the renter is given a link').toMatch(/^\/documents\//)
    expect(ownerLink, 'the landlord is given a link').toMatch(/^\/documents\//)
    expect((await site.send(ownerLink!, { cookie: w.owner.cookie })).status, 'the landlord’s own link opens').toBe(200)
    expect((await site.send(renterLink!, { cookie: w.renter.cookie })).status, 'the renter’s own link opens').toBe(200)

    const addresses: [string, string, 'GET' | 'POST', (Record<string, string> | object)?][] = [
      ['page', `/applications/${applicationId}`, 'GET'],
      ['page', `/applications/${applicationId}.data`, 'GET'],
      ['page', `/applications/${applicationId}`, 'POST', { intent: 'review_started' }],
      ['page', `/applications/${applicationId}`, 'POST', { intent: 'withdrawn', reason: '' }],
      ['page', `/properties/${listing.slug}/applications`, 'GET'],
      ['page', `/properties/${listing.slug}/applications?compare=${applicationId}&compare=${applicationId}`, 'GET'],
      ['page', `/properties/${listing.slug}/criteria`, 'GET'],
      ['page', `/properties/${listing.slug}/criteria`, 'POST', { incomeMultiple: '1', petPolicy: 'any', accepting: '' }],
      ['api', `/api/applications/${applicationId}`, 'GET'],
      ['api', `/api/properties/${listing.id}/applications`, 'GET'],
      ...['start-review', 'request-information', 'approve', 'decline', 'withdraw', 'provide-information'].map(
        (action) =>
          [
            'api',
            `/api/applications/${applicationId}/${action}`,
            'POST',
            { text: 'x', note: 'x', reasons: ['income'], homeTaken: false },
          ] as [string, string, 'POST', object],
      ),
      ['api', `/api/properties/${listing.id}/application-criteria`, 'PUT' as 'POST', CRITERIA],
      ['document', renterLink!, 'GET'],
      ['document', ownerLink!, 'GET'],
    ]
    const problems: string[] = []
    const people: [string, string | undefined][] = [
      ['another renter', w.otherRenter.cookie],
      ['another landlord', w.otherLandlord.cookie],
      ['the administrator', w.admin.cookie],
      ['a visitor', undefined],
    ]
    for (const [who, cookie] of people) {
      await eachLimited(addresses, 3, async ([kind, path, method, body]) => {
        const isApi = kind === 'api'
        const response = await site.send(path, {
          method,
          cookie,
          ...(body === undefined ? {} : isApi ? { json: body } : { form: body as Record<string, string> }),
        })
        const text = await response.text()
        // A visitor is asked to log in, the same for any id: nothing says whether the application exists.
        const allowed = cookie ? [404] : kind === 'document' ? [404] : isApi ? [401] : path.includes('.data') ? [202] : [302]
        if (!allowed.includes(response.status)) problems.push(`${who}: ${method} ${path} → ${response.status} ${text.slice(0, 120)}`)
        // A .data request is told of the redirect in its body (202), as client-side navigation reads it.
        if (response.status === 202 && !text.includes('"/login?redirectTo='))
          problems.push(`${who}: ${method} ${path} → not sent to log in`)
        if (response.status === 302 && !/^\/login/.test(response.headers.get('location') ?? ''))
          problems.push(`${who}: ${method} ${path} → redirected to ${response.headers.get('location')}`)
        if (text.includes('Alex Q. Morgan') || text.includes('%PDF')) problems.push(`${who}: ${method} ${path} shows the application`)
      })
    }
    // A link copied from one party to the other opens for neither.
    expect((await site.send(ownerLink!, { cookie: w.renter.cookie })).status, 'the landlord’s link in the renter’s session').toBe(404)
    expect((await site.send(renterLink!, { cookie: w.owner.cookie })).status, 'the renter’s link in the landlord’s session').toBe(404)
    expect(problems).toEqual([])
    // Unchanged by all that: the application is still as sent, its criteria as published.
    const { application } = (await (await site.send(`/api/applications/${applicationId}`, { cookie: w.renter.cookie })).json()) as {
      application: { state: string }
    }
    expect(application.state).toBe('submitted')
  })
})
