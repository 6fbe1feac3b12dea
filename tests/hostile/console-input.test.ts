// Hostile input on the operator console: the person page's forms (ban, unban, end sessions, resend
// the confirmation e-mail) with reasons that are too long or hold NUL, ends that are not days,
// repeated fields, unknown intents, bodies that are not forms and ids that are not ids; the people
// search, the audit log's filters and its CSV with queries that are huge, hold NUL, LIKE wildcards or
// broken cursors; and every console address asked by someone who is not an administrator. Each
// answers 4xx (or the page, ignoring what it cannot read), never a 5xx, and nothing changes: the
// person is not banned, still signed in, and the audit log holds no entry about them.
import { beforeAll, describe, expect, it } from 'vitest'
import { Site, hostileSites, type LiveAccount } from './support/site.ts'

describe.each(hostileSites().map((info) => [info.database, info] as const))('hostile console input on %s', (_database, info) => {
  const site = new Site(info)
  let admin: LiveAccount
  let person: LiveAccount
  let member: LiveAccount

  beforeAll(async () => {
    admin = await site.admin()
    person = await site.account('Pat Target', 'console-target')
    member = await site.account('Max Member', 'console-member')
  })

  const personPath = () => `/admin/people/${encodeURIComponent(person.id)}`

  async function expectUntouched() {
    const session = await site.send('/api/auth/get-session', { cookie: person.cookie })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBe(person.id)
    const csv = await site.send(`/admin/audit/csv?target=${encodeURIComponent(person.id)}`, { cookie: admin.cookie })
    expect(csv.status).toBe(200)
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1)
  }

  it('refuses malformed ban, unban and other forms with a 4xx and changes nothing', async () => {
    const long = 'x'.repeat(100_000)
    const forms: [string, Record<string, string | string[]> | undefined, string | undefined][] = [
      ['a reason with NUL', { intent: 'ban', reason: 'spam\u0000', length: 'forever' }, undefined],
      ['a huge reason', { intent: 'ban', reason: long, length: 'forever' }, undefined],
      ['no reason', { intent: 'ban', length: 'forever' }, undefined],
      ['a reason of spaces', { intent: 'ban', reason: ' \t\n ', length: 'forever' }, undefined],
      ['an end that is not a day', { intent: 'ban', reason: 'spam', length: 'until', until: 'next week' }, undefined],
      ['an end in year 99999', { intent: 'ban', reason: 'spam', length: 'until', until: '99999-01-01' }, undefined],
      ['February 30', { intent: 'ban', reason: 'spam', length: 'until', until: '2030-02-30' }, undefined],
      ['an end in the past', { intent: 'ban', reason: 'spam', length: 'until', until: '1970-01-01' }, undefined],
      ['an unknown length', { intent: 'ban', reason: 'spam', length: '<script>' }, undefined],
      ['repeated lengths', { intent: 'ban', reason: 'spam', length: ['until', 'forever'], until: 'x' }, undefined],
      ['an unknown intent', { intent: 'delete-everything' }, undefined],
      ['no intent', { reason: 'spam' }, undefined],
      ['an unban note with NUL', { intent: 'unban', note: 'ok\u0000' }, undefined],
      ['a huge unban note', { intent: 'unban', note: long }, undefined],
      ['a JSON body', undefined, JSON.stringify({ intent: 'ban', reason: 'spam', length: 'forever' })],
      ['a broken form body', undefined, '%%%intent=ban&reason=%E0%A4%A'],
    ]
    for (const [what, form, raw] of forms) {
      const response = await site.send(personPath(), {
        cookie: admin.cookie,
        ...(form
          ? { form }
          : { body: raw, headers: { 'content-type': raw?.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded' } }),
      })
      // An unban or an unknown form of someone not banned may answer with the page (200) or a redirect; never a 5xx, never a ban.
      expect(response.status, what).toBeLessThan(500)
      if (form?.intent === 'ban') expect(response.status, what).toBe(400)
    }
    await expectUntouched()
  })

  it('answers ids that are not ids with 404 (a path that is not valid percent-encoding: 400)', async () => {
    for (const id of ['%00', 'x'.repeat(5000), '..%2F..%2Fetc', "' or 1=1 --", '%E0%A4%A']) {
      const expected = id === '%E0%A4%A' ? [400, 404] : [404]
      const page = await site.send(`/admin/people/${id}`, { cookie: admin.cookie })
      expect(expected, id).toContain(page.status)
      const post = await site.send(`/admin/people/${id}`, { cookie: admin.cookie, form: { intent: 'end-sessions' } })
      expect(expected, id).toContain(post.status)
    }
    await expectUntouched()
  })

  it('shrugs off hostile searches, filters and cursors', async () => {
    const queries = [
      '?q=%00',
      `?q=${'a'.repeat(20_000)}`,
      '?q=%25%25%25',
      '?q=_',
      '?q=%5C',
      "?q=' or 1=1 --",
      '?q=a&q=b',
      '?after=%00',
      '?after=eyJub3QiOiJhbiBhcnJheSJ9',
      `?after=${'A'.repeat(10_000)}`,
    ]
    for (const query of queries) {
      const response = await site.send(`/admin/people${query}`, { cookie: admin.cookie })
      expect(response.status, query).toBeLessThan(500)
    }
    const filters = [
      '?admin=%00',
      '?action=%00',
      `?target=${'t'.repeat(10_000)}`,
      '?from=2026-02-30',
      '?to=9999-99-99',
      '?from=%00&to=x',
      '?after=-1',
      '?after=9'.repeat(40),
      '?target=%25',
    ]
    for (const query of filters) {
      for (const path of ['/admin/audit', '/admin/audit/csv']) {
        const response = await site.send(`${path}${query}`, { cookie: admin.cookie })
        expect(response.status, `${path}${query}`).toBeLessThan(500)
      }
    }
  })

  it('answers every console address 404 to a member and a visitor, however asked', async () => {
    const paths = [
      '/admin',
      '/admin/people?q=a',
      personPath(),
      '/admin/audit',
      '/admin/audit/csv',
      '/admin/content',
      '/admin/cooper',
      '/admin.data',
      '/admin/people.data',
    ]
    for (const path of paths) {
      expect((await site.send(path, { cookie: member.cookie })).status, `member ${path}`).toBe(404)
      expect((await site.send(path)).status, `visitor ${path}`).toBe(404)
    }
    for (const intent of ['ban', 'unban', 'end-sessions', 'resend-verification']) {
      const form = { intent, reason: 'spam', length: 'forever' }
      expect((await site.send(personPath(), { cookie: member.cookie, form })).status, `member ${intent}`).toBe(404)
      expect((await site.send(personPath(), { form })).status, `visitor ${intent}`).toBe(404)
    }
    await expectUntouched()
  })
})
