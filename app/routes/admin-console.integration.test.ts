// The operator console against a real database (PGlite and PostgreSQL): 404 to anyone but an
// administrator on every address and form intent; the people search; a person's page; bans (sign-in
// refused by every method while one is in force, sessions ended at once, an expired one no longer
// applying, never oneself nor an administrator), unban, ending sessions, the confirmation e-mail sent
// again; and the audit log: written by every action, append-only in the database, filtered, paged, CSV.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '#common/site-config.ts'
import { REPORTS_TO_HOLD } from '#common/moderation/vocabulary.ts'
import { reportListing } from '#server/listings/index.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { signIn as signInWithPassword } from '#server/accounts/index.server.ts'
import { adminAudit, session, user } from '#server/db/schema.ts'
import { recordAdminAction, searchPeople } from '#server/console/index.server.ts'
import { readToast } from '#server/http/flash.server.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { settle } from '#tests/support/route-answers.ts'
import { createTestServices, formRequest, jsonRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signIn, uniqueEmail, type TestUser } from '#tests/support/users.ts'
import { loader as homeLoader } from './admin.tsx'
import { loader as peopleLoader } from './admin-people.tsx'
import { action as personAction, loader as personLoader } from './admin-person.tsx'
import { loader as auditLoader } from './admin-audit.tsx'
import { loader as csvLoader } from './admin-audit-csv.ts'
import type { AuditPageData, ConsoleHomeData, PeoplePageData, PersonPageData } from './admin-console.server.ts'

let t: TestServices
let admin: TestUser
let otherAdmin: TestUser
let member: TestUser

const IP = '203.0.113.7'

beforeAll(async () => {
  t = await createTestServices()
  admin = await establishedUser(t, { name: 'Dana Console', isAdministrator: true })
  otherAdmin = await establishedUser(t, { name: 'Eli Console', isAdministrator: true })
  member = await establishedUser(t, { name: 'Morgan Member' })
})

afterAll(async () => {
  await t?.close()
})

type Handler = (args: never) => unknown

function get(handler: Handler, path: string, params: Record<string, string> = {}, cookie?: string) {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  return settle(() => handler({ request, params, context: t.context(), unstable_pattern: path } as never))
}

function post(path: string, personId: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { 'X-Forwarded-For': IP }
  if (cookie) headers.Cookie = cookie
  const request = formRequest(path, fields, { headers })
  return settle(() => personAction({ request, params: { id: personId }, context: t.context(), unstable_pattern: path } as never))
}

const personPath = (id: string) => `/admin/people/${encodeURIComponent(id)}`

async function toastOf(response: Response | undefined) {
  const cookie = response?.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return (await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast
}

async function auditRows() {
  return t.services.database.db.select().from(adminAudit).orderBy(adminAudit.id)
}

/** Whether the cookie still opens a session. */
async function isSignedIn(cookie: string) {
  const found = await t.services.auth.api.getSession({ headers: new Headers({ Cookie: cookie }) })
  return found !== null
}

function passwordSignIn(person: TestUser) {
  return t.app.request(jsonRequest('/api/auth/sign-in/email', { email: person.email, password: person.password }))
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe('who may use the console', () => {
  it('answers a visitor and a member 404 on every page, the CSV and every form intent, changing nothing', async () => {
    const target = await establishedUser(t, { name: 'Quinn Untouched' })
    const before = await auditRows()
    const pages: [Handler, string, Record<string, string>][] = [
      [homeLoader, '/admin', {}],
      [peopleLoader, '/admin/people?q=quinn', {}],
      [personLoader, personPath(target.id), { id: target.id }],
      [auditLoader, '/admin/audit', {}],
      [csvLoader, '/admin/audit/csv', {}],
    ]
    for (const [loader, path, params] of pages) {
      const visitor = await get(loader, path, params)
      expect(visitor.status, `visitor ${path}`).toBe(404)
      expect(visitor.response?.headers.get('Location') ?? null, path).toBeNull()
      expect((await get(loader, path, params, member.cookie)).status, `member ${path}`).toBe(404)
    }
    const intents: Record<string, string>[] = [
      { intent: 'ban', reason: 'Spam', length: 'forever' },
      { intent: 'unban' },
      { intent: 'end-sessions' },
      { intent: 'resend-verification' },
      { intent: 'no-such-form' },
    ]
    for (const fields of intents) {
      expect((await post(personPath(target.id), target.id, fields)).status, `visitor ${fields.intent}`).toBe(404)
      expect((await post(personPath(target.id), target.id, fields, member.cookie)).status, `member ${fields.intent}`).toBe(404)
    }
    expect(await isSignedIn(target.cookie)).toBe(true)
    const [row] = await t.services.database.db.select({ banned: user.banned }).from(user).where(eq(user.id, target.id))
    expect(row!.banned).toBe(false)
    expect(await auditRows()).toEqual(before)
  })

  it('opens every page to an administrator, and answers 404 for a person who does not exist', async () => {
    expect((await get(homeLoader, '/admin', {}, admin.cookie)).status).toBe(200)
    expect((await get(peopleLoader, '/admin/people', {}, admin.cookie)).status).toBe(200)
    expect((await get(auditLoader, '/admin/audit', {}, admin.cookie)).status).toBe(200)
    expect((await get(personLoader, personPath('nobody-here'), { id: 'nobody-here' }, admin.cookie)).status).toBe(404)
    expect((await post(personPath('nobody-here'), 'nobody-here', { intent: 'end-sessions' }, admin.cookie)).status).toBe(404)
  })

  it('counts open reports and held listings on its home, and shows a landlord the reports of their listings', async () => {
    const { db } = t.services.database
    const factory = listingFactory(db)
    const landlord = await factory.landlord()
    const home = await factory.create({ ownerId: landlord.id, title: 'Reported duplex on Union Street' })
    const before = (await get(homeLoader, '/admin', {}, admin.cookie)).body as ConsoleHomeData
    const reporters = await Promise.all(Array.from({ length: REPORTS_TO_HOLD }, () => factory.renter()))
    for (const reporter of reporters) {
      await reportListing(db, { reporterId: reporter.id, listingId: home.id, input: { reason: 'not-available' } })
    }
    const after = (await get(homeLoader, '/admin', {}, admin.cookie)).body as ConsoleHomeData
    expect(after.openReports - before.openReports).toBe(REPORTS_TO_HOLD)
    expect(after.heldListings - before.heldListings).toBe(1)
    const page = (await get(personLoader, personPath(landlord.id), { id: landlord.id }, admin.cookie)).body as PersonPageData
    expect(page.person.listingReports).toHaveLength(REPORTS_TO_HOLD)
    expect(page.person.listingReports[0]).toMatchObject({ listingTitle: 'Reported duplex on Union Street', resolution: null })
  })
})

describe('the people search', () => {
  it('finds people by the start of a name or an e-mail, or by any part of either from three characters, case-insensitively', async () => {
    const stamp = Date.now().toString(36)
    const zelda = await establishedUser(t, { name: `Zelda Q${stamp}` })
    const search = async (query: string) => (await searchPeople(t.services.database.db, { query, limit: 100 })).people.map((p) => p.id)
    expect(await search(`zelda q${stamp}`)).toContain(zelda.id)
    expect(await search(`ZELDA Q${stamp.toUpperCase()}`)).toContain(zelda.id)
    expect(await search(`q${stamp}`)).toEqual([zelda.id])
    expect(await search(zelda.email.slice(0, 12).toUpperCase())).toContain(zelda.id)
    expect(await search(zelda.email.slice(5, 20))).toContain(zelda.id)
    expect(await search('zz')).toEqual([])
    // One or two characters: the start only.
    expect(await search('el')).not.toContain(zelda.id)
    expect(await search('ze')).toContain(zelda.id)
    // LIKE's wildcards are plain characters here.
    expect(await search('%')).toEqual([])
    expect(await search('_e%')).toEqual([])
  })

  it('pages through everyone by name, each person once', async () => {
    const db = t.services.database.db
    const all = (await searchPeople(db, { query: '', limit: 100 })).people.map((p) => p.id)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<typeof searchPeople>> = await searchPeople(db, { query: '', cursor, limit: 2 })
      seen.push(...page.people.map((p) => p.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual(all)
    expect(new Set(seen).size).toBe(seen.length)
  })

  it('shows the page of results with roles, and shrugs off an unreadable cursor', async () => {
    const answer = await get(peopleLoader, `/admin/people?q=${encodeURIComponent('Dana Console')}&after=%00garbage`, {}, admin.cookie)
    expect(answer.status).toBe(200)
    const data = answer.body as PeoplePageData
    expect(data.people.find((p) => p.id === admin.id)).toMatchObject({ name: 'Dana Console', role: 'administrator', isBanned: false })
  })
})

describe('banning a person', () => {
  it('bans until a day: sessions end at once, sign-in is refused saying until when, and the audit log records it', async () => {
    const person = await establishedUser(t, { name: 'Riley Banned' })
    const second = await signIn(t, person)
    const until = future(10)
    const answer = await post(
      personPath(person.id),
      person.id,
      { intent: 'ban', reason: 'Asked renters for wire transfers', length: 'until', until },
      admin.cookie,
    )
    expect(answer.status).toBe(302)
    expect((await toastOf(answer.response))?.message).toBe(`Riley Banned is banned until ${until} 00:00 UTC; their sessions have ended.`)
    expect(await isSignedIn(person.cookie)).toBe(false)
    expect(await isSignedIn(second)).toBe(false)
    const refused = await passwordSignIn(person)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { message: string }).message).toBe(`This account is suspended until ${until} 00:00 UTC.`)
    await expect(
      signInWithPassword(t.services, new Request(`${TEST_ORIGIN}/login`), {
        email: person.email,
        password: person.password,
        redirectTo: '/',
      }),
    ).rejects.toMatchObject({ code: 'forbidden', message: `This account is suspended until ${until} 00:00 UTC.` })

    const page = (await get(personLoader, personPath(person.id), { id: person.id }, admin.cookie)).body as PersonPageData
    expect(page.person.ban).toEqual({
      reason: 'Asked renters for wire transfers',
      expiresAt: `${until}T00:00:00.000Z`,
      bannedBy: 'Dana Console',
    })
    expect(page.person.activeSessions).toBe(0)
    const [entry] = (await auditRows()).filter((row) => row.targetId === person.id)
    expect(entry).toMatchObject({
      adminId: admin.id,
      adminName: 'Dana Console',
      action: 'ban',
      targetKind: 'person',
      targetLabel: `Riley Banned <${person.email}>`,
      reason: `Asked renters for wire transfers (until ${until} 00:00 UTC)`,
      ipAddress: IP,
    })
  })

  it('bans for good, and an unban lets them sign in again, recorded', async () => {
    const person = await establishedUser(t, { name: 'Sam Forever' })
    expect(
      (await post(personPath(person.id), person.id, { intent: 'ban', reason: 'Fake listings', length: 'forever' }, admin.cookie)).status,
    ).toBe(302)
    const refused = await passwordSignIn(person)
    expect(((await refused.json()) as { message: string }).message).toBe('This account is suspended.')
    const unban = await post(personPath(person.id), person.id, { intent: 'unban', note: 'Identity confirmed' }, admin.cookie)
    expect((await toastOf(unban.response))?.message).toBe('Sam Forever can sign in again.')
    expect((await passwordSignIn(person)).status).toBe(200)
    const actions = (await auditRows()).filter((row) => row.targetId === person.id).map((row) => [row.action, row.reason])
    expect(actions).toEqual([
      ['ban', 'Fake listings (for good)'],
      ['unban', 'Identity confirmed'],
    ])
  })

  it('stops applying once its end has passed', async () => {
    const person = await establishedUser(t, { name: 'Toni Expired' })
    await post(personPath(person.id), person.id, { intent: 'ban', reason: 'Cooling off', length: 'until', until: future(2) }, admin.cookie)
    expect((await passwordSignIn(person)).status).toBe(403)
    await t.services.database.db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 60_000) })
      .where(eq(user.id, person.id))
    expect((await passwordSignIn(person)).status).toBe(200)
    const page = (await get(personLoader, personPath(person.id), { id: person.id }, admin.cookie)).body as PersonPageData
    expect(page.person.ban).toBeNull()
  })

  it('refuses to ban oneself or another administrator, saying why, and changes nothing', async () => {
    const before = await auditRows()
    const self = await post(personPath(admin.id), admin.id, { intent: 'ban', reason: 'Oops', length: 'forever' }, admin.cookie)
    expect(self.status).toBe(403)
    expect((self.body as { formError: string }).formError).toBe('You cannot ban yourself.')
    const other = await post(
      personPath(otherAdmin.id),
      otherAdmin.id,
      { intent: 'ban', reason: 'Power grab', length: 'forever' },
      admin.cookie,
    )
    expect(other.status).toBe(403)
    expect((other.body as { formError: string }).formError).toMatch(/^Administrators cannot be banned/)
    expect(await isSignedIn(otherAdmin.cookie)).toBe(true)
    expect(await auditRows()).toEqual(before)
  })

  it('refuses a ban without a reason, with a past or impossible end, or of unknown length, field by field', async () => {
    const person = await establishedUser(t, { name: 'Uma Untouched' })
    const before = await auditRows()
    const cases: [Record<string, string>, string, string][] = [
      [{ reason: '  ', length: 'forever' }, 'reason', 'Say why they are banned.'],
      [{ reason: 'x'.repeat(501), length: 'forever' }, 'reason', 'The reason can have at most 500 characters.'],
      [
        { reason: 'Spam', length: 'until', until: '2020-01-01' },
        'until',
        'The ban must end after today and within 10 years; longer is for good.',
      ],
      [{ reason: 'Spam', length: 'until', until: '2031-02-30' }, 'until', 'Choose the day the ban ends (YYYY-MM-DD).'],
      [{ reason: 'Spam', length: 'until' }, 'until', 'Choose the day the ban ends (YYYY-MM-DD).'],
      [{ reason: 'Spam', length: 'a week' }, 'length', 'Choose until a day or for good.'],
      [{ reason: 'Spam\u0000', length: 'forever' }, 'reason', 'The reason cannot contain the NUL character.'],
    ]
    for (const [fields, field, message] of cases) {
      const answer = await post(personPath(person.id), person.id, { intent: 'ban', ...fields }, admin.cookie)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect((answer.body as { fieldErrors: Record<string, string[]> }).fieldErrors[field], JSON.stringify(fields)).toEqual([message])
    }
    expect(await isSignedIn(person.cookie)).toBe(true)
    expect(await auditRows()).toEqual(before)
  })
})

describe('sessions and the confirmation e-mail', () => {
  it('signs a person out everywhere, recorded', async () => {
    const person = await establishedUser(t, { name: 'Vic Sessions' })
    await signIn(t, person)
    const answer = await post(personPath(person.id), person.id, { intent: 'end-sessions' }, admin.cookie)
    expect((await toastOf(answer.response))?.message).toBe('Vic Sessions is signed out everywhere (2 sessions).')
    expect(await isSignedIn(person.cookie)).toBe(false)
    const [count] = await t.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(session)
      .where(eq(session.userId, person.id))
    expect(count!.n).toBe(0)
    expect((await auditRows()).filter((row) => row.targetId === person.id).map((row) => row.action)).toEqual(['end-sessions'])
  })

  it('sends the confirmation link again to someone who has not confirmed, and refuses once they have', async () => {
    const email = uniqueEmail('unconfirmed')
    const signUp = await t.app.request(
      jsonRequest('/api/auth/sign-up/email', {
        name: 'Wren Waiting',
        email,
        password: 'a lantern by the quiet river',
        termsVersion: siteConfig.termsVersion,
      }),
    )
    const { user: created } = (await signUp.json()) as { user: { id: string } }
    await t.mail.waitFor(email, { subject: /Confirm/ })
    const since = Date.now()
    const answer = await post(personPath(created.id), created.id, { intent: 'resend-verification' }, admin.cookie)
    expect((await toastOf(answer.response))?.message).toBe(`A new confirmation link is on its way to ${email}.`)
    expect((await t.mail.waitFor(email, { subject: /Confirm/, since })).to).toContain(email)
    expect((await auditRows()).filter((row) => row.targetId === created.id).map((row) => row.action)).toEqual(['resend-verification'])
    const refused = await post(personPath(member.id), member.id, { intent: 'resend-verification' }, admin.cookie)
    expect(refused.status).toBe(409)
    expect((refused.body as { formError: string }).formError).toBe('Morgan Member has already confirmed their e-mail address.')
  })
})

describe('the audit log', () => {
  it('cannot be changed, deleted or emptied through the database client', async () => {
    const db = t.services.database.db
    await recordAdminAction(db, { adminId: admin.id, action: 'end-sessions', targetKind: 'person', targetId: 'x', ip: IP })
    const before = await auditRows()
    expect(before.length).toBeGreaterThan(0)
    await expect(db.update(adminAudit).set({ reason: 'rewritten' })).rejects.toThrow()
    await expect(db.delete(adminAudit)).rejects.toThrow()
    await expect(db.execute(sql`truncate admin_audit`)).rejects.toThrow()
    expect(await auditRows()).toEqual(before)
  })

  it('lists newest first, filters by administrator, action, target and dates, and pages', async () => {
    const db = t.services.database.db
    const person = await establishedUser(t, { name: 'Xan Filtered' })
    await recordAdminAction(db, {
      adminId: otherAdmin.id,
      action: 'unban',
      targetKind: 'person',
      targetId: person.id,
      targetLabel: 'Xan Filtered',
      ip: IP,
    })
    const load = async (query: string) => (await get(auditLoader, `/admin/audit${query}`, {}, admin.cookie)).body as AuditPageData
    const all = await load('')
    expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((a, b) => b - a))
    expect(all.administrators.map((a) => a.name)).toEqual(expect.arrayContaining(['Dana Console', 'Eli Console']))
    const byAdmin = await load(`?admin=${otherAdmin.id}`)
    expect(byAdmin.entries.map((e) => e.targetLabel)).toEqual(['Xan Filtered'])
    expect((await load('?action=unban&target=xan')).entries).toHaveLength(1)
    expect((await load(`?target=${person.id}`)).entries).toHaveLength(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await load(`?from=${today}&to=${today}&admin=${otherAdmin.id}`)).entries).toHaveLength(1)
    expect((await load(`?to=2020-01-01`)).entries).toEqual([])
    // Unreadable filters are ignored rather than refused.
    expect((await load('?from=yesterday&action=%00')).entries.length).toBe(all.entries.length)
    for (let i = 0; i < 51; i += 1) {
      await recordAdminAction(db, {
        adminId: admin.id,
        action: 'end-sessions',
        targetKind: 'person',
        targetId: `bulk-${i}`,
        targetLabel: 'Bulk',
      })
    }
    const first = await load('?target=bulk')
    expect(first.entries).toHaveLength(50)
    expect(first.nextCursor).not.toBeNull()
    const second = await load(`?target=bulk&after=${first.nextCursor}`)
    expect(second.entries).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
    expect(second.entries[0]!.targetId).toBe('bulk-0')
  })

  it('downloads the filtered rows as CSV, formulas neutralised', async () => {
    const db = t.services.database.db
    await recordAdminAction(db, {
      adminId: admin.id,
      action: 'ban',
      targetKind: 'person',
      targetId: 'csv-target',
      targetLabel: '=HYPERLINK("http://evil.example")',
      reason: '+1, "quoted"\nsecond line',
      ip: IP,
    })
    const answer = await get(csvLoader, '/admin/audit/csv?target=csv-target', {}, admin.cookie)
    const response = answer.response!
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/)
    const lines = (await response.text()).split('\r\n')
    expect(lines[0]).toBe('Time (UTC),Administrator,Administrator id,Action,Target kind,Target id,Target,Reason,IP address')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(
      `,Dana Console,${admin.id},Banned,person,csv-target,"'=HYPERLINK(""http://evil.example"")","'+1, ""quoted""\nsecond line",${IP}`,
    )
    expect(lines[2]).toBe('')
  })
})
