// Malformed input on every tour write, page and API: bodies that are not JSON or not an object, values
// of the wrong type, numbers too large to be one, times far in the past or future or not on a slot,
// impossible dates, ids that are not ids. Each answers a 4xx that says what is wrong (a JSON problem
// from the API, the page's own message from a page), never a 5xx; and nothing changes: the world's
// tour, the listing's availability and the landlord's defaults read the same afterwards, and nobody
// has a new tour.
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_TOUR_NOTE, MAX_TOUR_REASON } from '#common/tours/vocabulary.ts'
import { Site, eachLimited, hostileSites, type LiveAccount } from './support/site.ts'
import { TOUR_AVAILABILITY, TOUR_AVAILABILITY_FORM, makeWorld, type World } from './support/write-routes.ts'

type Who = 'owner' | 'renter' | 'admin'

type Case = {
  what: string
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  who: Who
  /** A JSON value (stringified), a raw text body, or a form. */
  json?: unknown
  raw?: string
  form?: Record<string, string>
  /** The answers allowed. */
  status: number[]
}

/** What a message must not read like: a validator's or a runtime's words, not the site's. */
const UNCLEAR = /NaN|Infinity|expected [a-z]+, received|Invalid input|undefined|ZodError|\bat \S+\.ts|Error:/

const inAnHour = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString()

describe.each(hostileSites().map((info) => [info.database, info] as const))('malformed tour input on %s', (_database, info) => {
  const site = new Site(info)
  let world: World
  let owner: LiveAccount
  let other: LiveAccount
  let admin: LiveAccount

  beforeAll(async () => {
    ;({ world, owner, other, admin } = await makeWorld(site))
  })

  const cookieOf = (who: Who) => (who === 'owner' ? owner.cookie : who === 'renter' ? other.cookie : admin.cookie)

  /** Start times a client might send that are not an open time of the listing, or not a time at all. */
  const badTimes = (w: World): [string, unknown][] => [
    ['a number', 1_767_225_600_000],
    ['true', true],
    ['null', null],
    ['an object', { at: w.tourTime }],
    ['empty', ''],
    ['words', 'tomorrow at ten'],
    ['a day without a time', w.tourTime.slice(0, 10)],
    ['a time without a zone', w.tourTime.replace(/(\.\d+)?Z$/, '')],
    ['month 13', '2027-13-01T15:00:00Z'],
    ['February 30', '2027-02-30T15:00:00Z'],
    ['hour 24', '2027-03-01T24:00:00Z'],
    ['an offset of 25 hours', '2027-03-01T10:00:00+25:00'],
    ['the year 1', '0001-01-01T15:00:00Z'],
    ['in the past', '2000-01-03T15:00:00Z'],
    ['a minute ago', new Date(Date.now() - 60_000).toISOString()],
    ['the year 9999', '9999-12-31T15:00:00Z'],
    ['a six-digit year', '+275760-09-13T00:00:00Z'],
    ['past the 14 days shown', inAnHour(w.tourTime, 60 * 24 * 30)],
    ['a minute off a slot', inAnHour(w.tourTime, 1)],
    ['at three in the morning', `${w.tourTime.slice(0, 10)}T08:00:00Z`],
  ]

  /** Bodies that are not a JSON object. */
  const notObjects: [string, string][] = [
    ['not JSON', 'startsAt=tomorrow'],
    ['cut short', '{"startsAt":'],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['empty', ''],
  ]

  /** Ids that are not a thing's id: words, zero, negative, fractions, exponents, too many digits, one that does not exist. */
  const badIds = ['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '99999999999999999999', '999999999999999']

  function cases(w: World): Case[] {
    const list: Case[] = []
    const request = `/api/properties/${w.listing.id}/tours`
    const good = { startsAt: w.tourTime, partySize: 2, note: 'Hello' }
    // POST /api/properties/:id/tours (as someone with no tour of the listing).
    for (const [what, raw] of notObjects)
      list.push({ what: `a request ${what}`, method: 'POST', path: request, who: 'admin', raw, status: [400] })
    for (const [what, startsAt] of badTimes(w))
      list.push({ what: `a request for ${what}`, method: 'POST', path: request, who: 'admin', json: { ...good, startsAt }, status: [400] })
    for (const partySize of [0, -1, 11, 1.5, 1e308, 2 ** 53 + 1, 'abc', '1e400', '', null, [], {}, [3], true])
      list.push({
        what: `a party of ${JSON.stringify(partySize)}`,
        method: 'POST',
        path: request,
        who: 'admin',
        json: { ...good, partySize },
        status: [400],
      })
    for (const note of [123, null, {}, ['a'], 'x'.repeat(MAX_TOUR_NOTE + 1)])
      list.push({
        what: `a note of ${JSON.stringify(note).slice(0, 20)}`,
        method: 'POST',
        path: request,
        who: 'admin',
        json: { ...good, note },
        status: [400],
      })
    list.push({ what: 'a request without a time', method: 'POST', path: request, who: 'admin', json: { partySize: 2 }, status: [400] })
    list.push({ what: 'a request for one’s own home', method: 'POST', path: request, who: 'owner', json: good, status: [400] })
    list.push({ what: 'a second tour of the same home', method: 'POST', path: request, who: 'renter', json: good, status: [409] })
    for (const id of badIds)
      list.push({
        what: `a request for listing ${id}`,
        method: 'POST',
        path: `/api/properties/${id}/tours`,
        who: 'admin',
        json: good,
        status: [404],
      })

    // POST /api/tours/:id/reschedule (as the renter).
    const reschedule = `/api/tours/${w.tourId}/reschedule`
    for (const [what, raw] of notObjects)
      list.push({ what: `a reschedule ${what}`, method: 'POST', path: reschedule, who: 'renter', raw, status: [400] })
    for (const [what, startsAt] of badTimes(w))
      list.push({ what: `a move to ${what}`, method: 'POST', path: reschedule, who: 'renter', json: { startsAt }, status: [400] })
    list.push({
      what: 'a move by the landlord',
      method: 'POST',
      path: reschedule,
      who: 'owner',
      json: { startsAt: w.tourTime },
      status: [403],
    })
    list.push({
      what: 'a move by a stranger',
      method: 'POST',
      path: reschedule,
      who: 'admin',
      json: { startsAt: w.tourTime },
      status: [404],
    })
    for (const id of badIds)
      list.push({
        what: `a move of tour ${id}`,
        method: 'POST',
        path: `/api/tours/${id}/reschedule`,
        who: 'renter',
        json: { startsAt: w.tourTime },
        status: [404],
      })

    // POST /api/tours/:id/:change (as the landlord).
    for (const change of ['confirm', 'decline', 'cancel', 'complete', 'no-show']) {
      const path = `/api/tours/${w.tourId}/${change}`
      for (const [what, raw] of notObjects.filter(([what]) => what !== 'empty'))
        list.push({ what: `${change} ${what}`, method: 'POST', path, who: 'owner', raw, status: [400] })
      for (const reason of [123, null, {}, ['a'], true, 'x'.repeat(MAX_TOUR_REASON + 1)])
        list.push({
          what: `${change} with a reason of ${JSON.stringify(reason).slice(0, 20)}`,
          method: 'POST',
          path,
          who: 'owner',
          json: { reason },
          status: [400],
        })
      for (const id of badIds)
        list.push({
          what: `${change} tour ${id}`,
          method: 'POST',
          path: `/api/tours/${id}/${change}`,
          who: 'owner',
          json: { reason: 'x' },
          status: [404],
        })
    }
    list.push({
      what: 'cancel without a reason',
      method: 'POST',
      path: `/api/tours/${w.tourId}/cancel`,
      who: 'owner',
      json: {},
      status: [400],
    })
    list.push({
      what: 'cancel with a blank reason',
      method: 'POST',
      path: `/api/tours/${w.tourId}/cancel`,
      who: 'owner',
      json: { reason: '   ' },
      status: [400],
    })
    list.push({
      what: 'complete before its time',
      method: 'POST',
      path: `/api/tours/${w.tourId}/complete`,
      who: 'owner',
      json: {},
      status: [409],
    })
    list.push({
      what: 'confirm by the renter',
      method: 'POST',
      path: `/api/tours/${w.tourId}/confirm`,
      who: 'renter',
      json: {},
      status: [403],
    })
    for (const change of ['explode', 'CONFIRM', 'noShow', 'confirm%00', '%F0'])
      list.push({
        what: `a change named ${change}`,
        method: 'POST',
        path: `/api/tours/${w.tourId}/${change}`,
        who: 'owner',
        json: {},
        status: [400, 404],
      })

    // PUT /api/tour-availability (a listing's own, and the defaults), as the landlord.
    const own = `/api/tour-availability?listing=${w.listing.id}`
    const bad: [string, Record<string, unknown>][] = [
      ['tours on as a word', { toursEnabled: 'yes' }],
      ['windows as text', { windows: 'weekdays' }],
      ['windows of null', { windows: null }],
      ['a window of a weekday 7', { windows: [{ weekday: 7, start: '08:00', end: '20:00' }] }],
      ['a window of a weekday -1', { windows: [{ weekday: -1, start: '08:00', end: '20:00' }] }],
      ['a window of a weekday 1.5', { windows: [{ weekday: 1.5, start: '08:00', end: '20:00' }] }],
      ['a window at 25:00', { windows: [{ weekday: 1, start: '25:00', end: '26:00' }] }],
      ['a window ending before it starts', { windows: [{ weekday: 1, start: '18:00', end: '09:00' }] }],
      ['a window of numbers', { windows: [{ weekday: 1, start: 800, end: 2000 }] }],
      ['a window of null', { windows: [null] }],
      ['29 windows', { windows: Array.from({ length: 29 }, () => ({ weekday: 1, start: '08:00', end: '20:00' })) }],
      ['a tour of 14 minutes', { tourMinutes: 14 }],
      ['a tour of 61 minutes', { tourMinutes: 61 }],
      ['a tour of 30.5 minutes', { tourMinutes: 30.5 }],
      ['a tour of "30" minutes', { tourMinutes: '30' }],
      ['a tour of 1e308 minutes', { tourMinutes: 1e308 }],
      ['a notice of 337 hours', { noticeHours: 337 }],
      ['a notice of -1 hours', { noticeHours: -1 }],
      ['a notice of 2^53 hours', { noticeHours: 2 ** 53 }],
      ['a buffer of 121 minutes', { bufferMinutes: 121 }],
      ['0 parties a slot', { partiesPerSlot: 0 }],
      ['51 parties a slot', { partiesPerSlot: 51 }],
      ['1e21 parties a slot', { partiesPerSlot: 1e21 }],
      ['blocked dates as text', { blockedDates: '2027-01-01' }],
      ['a blocked date of words', { blockedDates: ['next tuesday'] }],
      ['a blocked date of February 30', { blockedDates: ['2027-02-30'] }],
      ['a blocked date in the year 0', { blockedDates: ['0000-01-01'] }],
      ['a blocked date with a time', { blockedDates: ['2027-01-01T00:00:00Z'] }],
      ['a blocked date of a number', { blockedDates: [20270101] }],
      [
        '367 blocked dates',
        { blockedDates: Array.from({ length: 367 }, (_, i) => new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10)) },
      ],
      ['confirming at once as a number', { autoConfirm: 1 }],
      ['no tour length', { tourMinutes: undefined }],
    ]
    for (const path of [own, '/api/tour-availability']) {
      for (const [what, raw] of notObjects)
        list.push({ what: `availability ${what}`, method: 'PUT', path, who: 'owner', raw, status: [400] })
      for (const [what, change] of bad)
        list.push({
          what: `availability with ${what}`,
          method: 'PUT',
          path,
          who: 'owner',
          json: { ...TOUR_AVAILABILITY, ...change },
          status: [400],
        })
    }
    list.push({ what: 'availability by a renter', method: 'PUT', path: own, who: 'renter', json: TOUR_AVAILABILITY, status: [404] })
    // A query parameter that is not an id is refused as the parameter it is; an id nobody owns does not exist.
    const queryStatus = (id: string) => (id === '999999999999999' ? [404] : [400])
    for (const id of [...badIds, ''])
      list.push({
        what: `availability of listing "${id}"`,
        method: 'PUT',
        path: `/api/tour-availability?listing=${id}`,
        who: 'owner',
        json: TOUR_AVAILABILITY,
        status: queryStatus(id),
      })
    // DELETE /api/tour-availability: a listing back on the defaults.
    for (const id of [...badIds, ''])
      list.push({
        what: `defaults for listing "${id}"`,
        method: 'DELETE',
        path: `/api/tour-availability?listing=${id}`,
        who: 'owner',
        status: queryStatus(id),
      })
    list.push({ what: 'defaults without a listing', method: 'DELETE', path: '/api/tour-availability', who: 'owner', status: [400] })
    list.push({ what: 'defaults by a renter', method: 'DELETE', path: own, who: 'renter', status: [404] })

    // The pages' forms, as a browser without JavaScript posts them.
    const book = { listingId: String(w.listing.id), startsAt: w.tourTime, partySize: '2', note: 'Hello' }
    for (const listingId of [...badIds, ''])
      list.push({
        what: `the tour box for listing "${listingId}"`,
        method: 'POST',
        path: '/tours/new',
        who: 'admin',
        form: { ...book, listingId },
        status: [404],
      })
    for (const [what, startsAt] of badTimes(w).filter(([, value]) => typeof value === 'string'))
      list.push({
        what: `the tour box for ${what}`,
        method: 'POST',
        path: '/tours/new',
        who: 'admin',
        form: { ...book, startsAt: String(startsAt) },
        status: [400],
      })
    for (const partySize of ['0', '-1', '11', '1.5', '1e400', 'abc', ''])
      list.push({
        what: `the tour box for a party of "${partySize}"`,
        method: 'POST',
        path: '/tours/new',
        who: 'admin',
        form: { ...book, partySize },
        status: [400],
      })
    list.push({
      what: 'the tour box with a long note',
      method: 'POST',
      path: '/tours/new',
      who: 'admin',
      form: { ...book, note: 'x'.repeat(MAX_TOUR_NOTE + 1) },
      status: [400],
    })

    const page = `/tours/${w.tourId}`
    for (const intent of ['', 'explode', 'reschedule ', 'CANCEL'])
      list.push({
        what: `the tour page's intent "${intent}"`,
        method: 'POST',
        path: page,
        who: 'owner',
        form: { intent, reason: 'x' },
        status: [400],
      })
    for (const [what, startsAt] of badTimes(w).filter(([, value]) => typeof value === 'string'))
      list.push({
        what: `the tour page's move to ${what}`,
        method: 'POST',
        path: page,
        who: 'renter',
        form: { intent: 'reschedule', startsAt: String(startsAt) },
        status: [400],
      })
    list.push({
      what: 'the tour page’s cancel without a reason',
      method: 'POST',
      path: page,
      who: 'owner',
      form: { intent: 'cancel', reason: '' },
      status: [400],
    })
    list.push({
      what: 'the tour page’s cancel with a long reason',
      method: 'POST',
      path: page,
      who: 'owner',
      form: { intent: 'cancel', reason: 'x'.repeat(MAX_TOUR_REASON + 1) },
      status: [400],
    })
    for (const id of badIds)
      list.push({
        what: `the page of tour ${id}`,
        method: 'POST',
        path: `/tours/${id}`,
        who: 'owner',
        form: { intent: 'cancel', reason: 'x' },
        status: [404],
      })

    const availability = `/tours/availability?listing=${w.listing.id}`
    const formBad: [string, Record<string, string>][] = [
      ['a tour length of words', { tourMinutes: 'half an hour' }],
      ['a tour length of 1e400', { tourMinutes: '1e400' }],
      ['no tour length', { tourMinutes: '' }],
      ['a notice of 1e21 hours', { noticeHours: '1e21' }],
      ['a notice of -0.5 hours', { noticeHours: '-0.5' }],
      ['a buffer of 0x10', { bufferMinutes: '0x10a' }],
      ['parties of "many"', { partiesPerSlot: 'many' }],
      ['a start at 25:00', { 'start-1': '25:00' }],
      ['a start without an end', { 'end-1': '' }],
      ['an end before the start', { 'start-1': '19:00', 'end-1': '09:00' }],
      ['a blocked date of words', { blockedDates: 'next tuesday' }],
      ['a blocked date in the year 0', { blockedDates: '0000-01-01' }],
      ['a blocked date in the year 9999 and one of February 30', { blockedDates: '9999-12-31\n2027-02-30' }],
      [
        '400 blocked dates',
        { blockedDates: Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10)).join('\n') },
      ],
    ]
    for (const target of [availability, '/tours/availability'])
      for (const [what, change] of formBad)
        list.push({
          what: `the availability page with ${what}`,
          method: 'POST',
          path: target,
          who: 'owner',
          form: { ...TOUR_AVAILABILITY_FORM, ...change },
          status: [400],
        })
    for (const id of [...badIds, ''])
      list.push({
        what: `the availability page of listing "${id}"`,
        method: 'POST',
        path: `/tours/availability?listing=${id}`,
        who: 'owner',
        form: TOUR_AVAILABILITY_FORM,
        status: [404],
      })
    return list
  }

  /** What the people of the world can see of its tours. */
  async function whatTheySee() {
    const read = async (path: string, cookie: string) => (await (await site.send(path, { cookie })).json()) as unknown
    return {
      tour: await read(`/api/tours/${world.tourId}`, other.cookie),
      renterTours: await read('/api/tours', other.cookie),
      adminTours: await read('/api/tours', admin.cookie),
      ownerTours: await read('/api/tours', owner.cookie),
      availability: await read(`/api/tour-availability?listing=${world.listing.id}`, owner.cookie),
      defaults: await read('/api/tour-availability', owner.cookie),
      slots: await read(`/api/properties/${world.listing.id}/tour-slots`, owner.cookie),
    }
  }

  it('every malformed tour write answers a 4xx that says what is wrong, and nothing changes', async () => {
    const before = await whatTheySee()
    const problems: string[] = []
    await eachLimited(cases(world), 3, async (c) => {
      const headers: Record<string, string> = {}
      let body: string | undefined
      if (c.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = new URLSearchParams(c.form).toString()
      } else if (c.raw !== undefined || c.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = c.raw ?? JSON.stringify(c.json)
      }
      const response = await site.send(c.path, { method: c.method, cookie: cookieOf(c.who), headers, body })
      const text = await response.text()
      const where = `${c.what} (${c.method} ${c.path.slice(0, 80)})`
      if (!c.status.includes(response.status)) return void problems.push(`${where}: ${response.status} ${text.slice(0, 200)}`)
      const isJson = /json/.test(response.headers.get('content-type') ?? '')
      if (c.form) {
        // A page: its own document, with the message in it.
        if (isJson) problems.push(`${where}: a page answered JSON`)
        if (UNCLEAR.test(text.replace(/<script[\s\S]*?<\/script>/g, '')))
          problems.push(`${where}: the page reads ${text.match(UNCLEAR)?.[0]}`)
        // The tour box and the tour page show one message: the field's own, not the form's sentence.
        if (response.status === 400 && !c.path.startsWith('/tours/availability') && text.includes('Some fields need attention.'))
          problems.push(`${where}: the page says only that some fields need attention`)
        return
      }
      if (!isJson) return void problems.push(`${where}: not a JSON problem`)
      const problem = JSON.parse(text) as { status?: number; detail?: unknown; errors?: Record<string, string[]> }
      const words = [problem.detail, ...Object.values(problem.errors ?? {}).flat()].map(String)
      if (problem.status !== response.status || typeof problem.detail !== 'string' || problem.detail === '')
        problems.push(`${where}: the problem is ${text.slice(0, 200)}`)
      const unclear = words.filter((w) => UNCLEAR.test(w))
      if (unclear.length > 0) problems.push(`${where}: ${response.status} says ${JSON.stringify(unclear)}`)
    })
    expect(problems).toEqual([])
    expect(await whatTheySee()).toEqual(before)
  })
})
