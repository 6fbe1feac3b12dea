// A lease's stored text stays text: tenant names, a fee's name, pets, parking, what is known of lead
// paint, a clause, the typed names of every signer, an amendment's text and the reasons of a decline and
// a void, all made of the XSS payloads, are written through the JSON API. Each reads back as typed for
// both parties; the lease's rendered HTML (`document.html`, which a page inserts as it is) holds no
// element or attribute but the lease's own, with every piece in it as text; and the sent and the sealed
// PDFs print every piece as text. In Chromium (and as the server sent them, with scripts off), the
// Leases list, each lease's page for the landlord and its tenants, the terms form and a refused
// signature show every piece as typed with nothing hostile live; and the lease notices are mailed as
// plain text only, with the pieces in them as typed.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { Parser } from 'htmlparser2'
import PostalMime from 'postal-mime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_LEASE_CLAUSE, MAX_LEASE_REASON } from '#common/leases/vocabulary.ts'
import { problemsIn } from '#tests/support/html-safety.ts'
import { pdfPageTexts } from '#tests/support/pdf-text.ts'
import { expectInert, expectInertHtml, hasChromium, launchChromium } from './support/browser.ts'
import { makeLeaseWorld, okJson, type LeaseWorld } from './support/leases.ts'
import { OMNI, XSS, pack, piecesOf } from './support/payloads.ts'
import { Site, eachLimited, hostileSites, type LiveAccount } from './support/site.ts'

const isCI = process.env.CI === 'true' || process.env.CI === '1'

/** The payloads from the `offset`-th on (wrapping), packed into one value of at most `max` characters. */
const payloadText = (offset: number, max: number) =>
  pack([...XSS.slice(offset % XSS.length), ...XSS.slice(0, offset % XSS.length)], max)[0]!

const TEXT = {
  renterName: payloadText(0, 120),
  secondName: payloadText(7, 120),
  feeName: OMNI,
  pets: payloadText(3, 500),
  parking: payloadText(11, 500),
  leadPaintKnown: payloadText(19, 1000),
  clause: pack([OMNI, ...XSS], MAX_LEASE_CLAUSE)[0]!,
  renterSignature: payloadText(2, 120),
  secondSignature: payloadText(13, 120),
  ownerSignature: payloadText(23, 120),
  amendment: pack([...XSS, OMNI, ...XSS], 10_000)[0]!,
  declineReason: pack([...XSS].reverse(), MAX_LEASE_REASON)[0]!,
  voidReason: pack([OMNI, ...XSS.slice(15)], MAX_LEASE_REASON)[0]!,
}

/** The lease's own markup, which `problemsIn` (made for Markdown) does not know. */
const LEASE_MARKUP = new Set([
  'element <article>',
  'element <h1>',
  'attribute class="lease" on <article>',
  'attribute class="lease-version" on <p>',
  'attribute class="lease-terms" on <table>',
  'attribute scope="row" on <th>',
])

/** The text of an HTML fragment as a browser shows it (entities decoded). */
function textOf(html: string): string {
  let text = ''
  const parser = new Parser({ ontext: (data) => void (text += data) })
  parser.write(html)
  parser.end()
  return text
}

const squeezed = (text: string) => text.replace(/\s+/g, '')

type ParsedMail = { text: string; html: string | undefined }

/** The mails to an address about a lease, parsed (the server writes each to DATA_DIR/mail without an SMTP_URL). */
async function mailsAbout(dataDir: string, email: string, leaseId: number): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'mail')
  const link = new RegExp(`/leases/${leaseId}(?![\\d/])`)
  const mails: ParsedMail[] = []
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.eml'))) {
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(folder, file)))
    const isTo = parsed.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase())
    if (isTo && link.test(parsed.text ?? '')) mails.push({ text: parsed.text!, html: parsed.html })
  }
  return mails
}

let browser: Browser | undefined

describe.each(hostileSites().map((info) => [info.database, info] as const))('a lease’s stored text stays text on %s', (_database, info) => {
  const site = new Site(info)
  let w: LeaseWorld
  let amendmentId: number
  let declinedId: number
  let voidedId: number

  const call = (path: string, cookie: string, json?: unknown, method = 'POST', status = 200) =>
    okJson(site, path, { method, cookie, json }, status)
  const view = async (leaseId: number, who: LiveAccount) => (await call(`/api/leases/${leaseId}`, who.cookie, undefined, 'GET')).lease
  const sign = async (leaseId: number, who: LiveAccount, typedName: string) => {
    await call(`/api/leases/${leaseId}/consent`, who.cookie, { agree: true })
    const { document } = await view(leaseId, who)
    return call(`/api/leases/${leaseId}/sign`, who.cookie, { typedName, confirm: true, documentSha256: document.sha256 })
  }

  beforeAll(async () => {
    w = await makeLeaseWorld(site, 'lease-text')
    const { owner, renter, second } = w
    // Two more leases of the listing for the renter: one declined, one voided, each with a hostile reason.
    const oneTenant = { ...w.terms, tenants: [{ name: TEXT.renterName, email: renter.email }] }
    const drafted = async () => {
      const { lease } = await call('/api/leases', owner.cookie, { listingId: w.listing.id }, 'POST', 201)
      await call(`/api/leases/${lease.id}/terms`, owner.cookie, oneTenant, 'PUT')
      await call(`/api/leases/${lease.id}/send`, owner.cookie)
      return lease.id as number
    }
    declinedId = await drafted()
    await call(`/api/leases/${declinedId}/decline`, renter.cookie, { reason: TEXT.declineReason })
    voidedId = await drafted()
    await call(`/api/leases/${voidedId}/void`, owner.cookie, { reason: TEXT.voidReason })

    // The main lease: its terms rewritten with hostile text (a new version), sent, signed by all.
    await call(
      `/api/leases/${w.leaseId}/terms`,
      owner.cookie,
      {
        ...w.terms,
        tenants: [
          { name: TEXT.renterName, email: renter.email },
          { name: TEXT.secondName, email: second.email },
        ],
        otherFees: [{ label: TEXT.feeName, amountCents: 5000, frequency: 'monthly' }],
        pets: TEXT.pets,
        parking: TEXT.parking,
        leadPaintKnown: TEXT.leadPaintKnown,
        clauses: [TEXT.clause],
      },
      'PUT',
    )
    await call(`/api/leases/${w.leaseId}/send`, owner.cookie)
    await sign(w.leaseId, renter, TEXT.renterSignature)
    await sign(w.leaseId, second, TEXT.secondSignature)
    expect((await sign(w.leaseId, owner, TEXT.ownerSignature)).lease.state).toBe('fully_signed')

    // An amendment of it with hostile text, sent.
    amendmentId = (await call(`/api/leases/${w.leaseId}/amend`, owner.cookie, undefined, 'POST', 201)).lease.id
    await call(`/api/leases/${amendmentId}/amendment`, owner.cookie, { text: TEXT.amendment }, 'PUT')
    await call(`/api/leases/${amendmentId}/send`, owner.cookie)
  })

  it('stores every text as it was typed, for both parties', async () => {
    const forOwner = await view(w.leaseId, w.owner)
    expect(forOwner.draftTerms).toMatchObject({
      pets: TEXT.pets,
      parking: TEXT.parking,
      leadPaintKnown: TEXT.leadPaintKnown,
      clauses: [TEXT.clause],
      otherFees: [{ label: TEXT.feeName }],
    })
    for (const who of [w.owner, w.renter, w.second]) {
      const { signers } = await view(w.leaseId, who)
      expect(signers.map((signer: { name: string; typedName: string }) => [signer.name, signer.typedName])).toEqual([
        [TEXT.renterName, TEXT.renterSignature],
        [TEXT.secondName, TEXT.secondSignature],
        [expect.any(String), TEXT.ownerSignature],
      ])
      expect((await view(amendmentId, who)).amendmentText).toBe(TEXT.amendment)
    }
    for (const who of [w.owner, w.renter]) {
      const reasons = async (id: number) => (await view(id, who)).events.map((event: { reason: string }) => event.reason)
      expect(await reasons(declinedId)).toContain(TEXT.declineReason)
      expect(await reasons(voidedId)).toContain(TEXT.voidReason)
    }
  })

  it('renders them in the lease’s HTML as text only, for both parties', async () => {
    const inLease = [TEXT.renterName, TEXT.secondName, TEXT.feeName, TEXT.pets, TEXT.parking, TEXT.leadPaintKnown, TEXT.clause]
    for (const [leaseId, texts] of [
      [w.leaseId, inLease],
      [amendmentId, [TEXT.amendment]],
    ] as const) {
      for (const who of [w.owner, w.renter, w.second]) {
        const { html } = (await view(leaseId, who)).document as { html: string }
        expect(
          problemsIn(html).filter((problem) => !LEASE_MARKUP.has(problem)),
          `lease ${leaseId}`,
        ).toEqual([])
        const shown = squeezed(textOf(html))
        for (const piece of texts.flatMap(piecesOf)) expect(shown, `lease ${leaseId} shows ${piece}`).toContain(squeezed(piece))
      }
    }
  })

  it('prints them in the sent and the sealed PDFs as text', async () => {
    const printed = async (path: string, who: LiveAccount) => {
      const response = await site.send(path, { cookie: who.cookie })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      const bytes = new Uint8Array(await response.arrayBuffer())
      return { bytes, text: squeezed((await pdfPageTexts(bytes)).flat().join('')) }
    }
    const [forRenter, forSecond] = [
      await printed(`/api/leases/${w.leaseId}/signed.pdf`, w.renter),
      await printed(`/api/leases/${w.leaseId}/signed.pdf`, w.second),
    ]
    expect(Buffer.from(forRenter.bytes).equals(Buffer.from(forSecond.bytes))).toBe(true)
    const sha256 = createHash('sha256').update(forRenter.bytes).digest('hex')
    expect(await okJson(site, '/api/leases/verify', { json: { sha256 } })).toEqual({ match: true })
    const inSealed = [
      TEXT.renterName,
      TEXT.secondName,
      TEXT.feeName,
      TEXT.pets,
      TEXT.parking,
      TEXT.leadPaintKnown,
      TEXT.clause,
      TEXT.renterSignature,
      TEXT.secondSignature,
      TEXT.ownerSignature,
    ]
    for (const piece of inSealed.flatMap(piecesOf)) expect(forRenter.text, `the sealed lease prints ${piece}`).toContain(squeezed(piece))
    const { document } = await view(amendmentId, w.second)
    const amendment = await printed(`/api/leases/${amendmentId}/versions/${document.version}/pdf`, w.second)
    for (const piece of piecesOf(TEXT.amendment)) expect(amendment.text, `the amendment prints ${piece}`).toContain(squeezed(piece))
  })

  describe.skipIf(!hasChromium && !isCI)('in the browser and the mail', () => {
    /** A draft of the listing's lease with every text of its terms hostile, for its terms form. */
    let draftId: number

    beforeAll(async () => {
      browser ??= await launchChromium()
      const { lease } = await call('/api/leases', w.owner.cookie, { listingId: w.listing.id }, 'POST', 201)
      draftId = lease.id
      await call(
        `/api/leases/${draftId}/terms`,
        w.owner.cookie,
        {
          ...w.terms,
          tenants: [
            { name: TEXT.renterName, email: w.renter.email },
            { name: TEXT.secondName, email: w.second.email },
          ],
          otherFees: [{ label: TEXT.feeName, amountCents: 5000, frequency: 'monthly' }],
          pets: TEXT.pets,
          parking: TEXT.parking,
          leadPaintKnown: TEXT.leadPaintKnown,
          clauses: [TEXT.clause],
        },
        'PUT',
      )
    })
    afterAll(async () => {
      await browser?.close()
      browser = undefined
    })

    it('shows them as text on the Leases list, each lease’s page for the landlord and the tenants, and the terms form', async () => {
      const names = [TEXT.renterName, TEXT.secondName].flatMap(piecesOf)
      const inLease = [TEXT.renterName, TEXT.secondName, TEXT.feeName, TEXT.pets, TEXT.parking, TEXT.leadPaintKnown, TEXT.clause].flatMap(
        piecesOf,
      )
      const signatures = [TEXT.renterSignature, TEXT.secondSignature, TEXT.ownerSignature].flatMap(piecesOf)
      const pages: [string, LiveAccount, string[]][] = [
        ['/leases', w.owner, names],
        ['/leases', w.renter, names],
        ['/leases', w.second, piecesOf(TEXT.secondName)],
        ...[w.owner, w.renter, w.second].map((who): [string, LiveAccount, string[]] => [
          `/leases/${w.leaseId}`,
          who,
          [...inLease, ...signatures],
        ]),
        ...[w.owner, w.renter].map((who): [string, LiveAccount, string[]] => [`/leases/${amendmentId}`, who, piecesOf(TEXT.amendment)]),
        ...[w.owner, w.renter].map((who): [string, LiveAccount, string[]] => [`/leases/${declinedId}`, who, piecesOf(TEXT.declineReason)]),
        ...[w.owner, w.renter].map((who): [string, LiveAccount, string[]] => [`/leases/${voidedId}`, who, piecesOf(TEXT.voidReason)]),
        // A draft has no document until it is sent: its page shows none of its terms.
        [`/leases/${draftId}`, w.owner, []],
        [`/leases/${draftId}/edit`, w.owner, inLease],
        [`/leases/${amendmentId}/edit`, w.owner, piecesOf(TEXT.amendment)],
      ]
      await eachLimited(pages, 4, ([page, who, texts]) => expectInert(browser!, site.origin, page, { cookie: who.cookie, texts }))
    })

    it('shows a refused signature’s typed name again as text', async () => {
      // The second tenant has not consented to sign the amendment: the signature is refused, the name kept.
      const refused = await site.send(`/leases/${amendmentId}`, {
        cookie: w.second.cookie,
        form: { intent: 'sign', typedName: TEXT.secondSignature, confirm: 'on', documentSha256: 'a'.repeat(64) },
      })
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(refused.status).toBeLessThan(500)
      await expectInertHtml(browser!, await refused.text(), 'the refused signature', piecesOf(TEXT.secondSignature))
    })

    it('mails the lease notices in plain text only, with the reasons and the names as typed', async () => {
      const expected: [LiveAccount, number, string][] = [
        // The renter declined: the landlord is told, in the renter's words.
        [w.owner, declinedId, TEXT.declineReason],
        // The landlord voided: the tenant is told, in the landlord's words.
        [w.renter, voidedId, TEXT.voidReason],
        // The renter signed first: the landlord is told who is still to sign.
        [w.owner, w.leaseId, TEXT.secondName],
      ]
      const deadline = Date.now() + 20_000
      for (const [who, leaseId, text] of expected) {
        const has = (mails: ParsedMail[]) => mails.some((mail) => piecesOf(text).every((piece) => mail.text.includes(piece)))
        let mails = await mailsAbout(site.dataDir, who.email, leaseId)
        while (!has(mails) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100))
          mails = await mailsAbout(site.dataDir, who.email, leaseId)
        }
        expect(has(mails), `a mail to ${who.email} about lease ${leaseId} holds the text as typed`).toBe(true)
      }
      for (const who of [w.owner, w.renter, w.second]) {
        for (const leaseId of [w.leaseId, amendmentId, declinedId, voidedId]) {
          for (const mail of await mailsAbout(site.dataDir, who.email, leaseId)) {
            expect(mail.html, `a lease notice to ${who.email} has no HTML part`).toBeUndefined()
          }
        }
      }
    })
  })
})
