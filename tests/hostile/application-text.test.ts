// An application's stored text is shown as text: a reusable application whose every text field is
// made of the XSS payloads (legal name, addresses, landlord, employer, occupants, pets, vehicles,
// emergency contact), a document uploaded under a hostile file name, the apply note, the landlord's
// request for information, a decline's explanation, a condition's text and a listing's other
// requirements are written through the site; then each page that shows them is opened for both
// parties (in Chromium, and as the server sent it with scripts off) with nothing hostile live and
// every piece shown as typed. The notices mailed are plain text only, with the pieces as typed. And
// the uploaded PDF with a script in it is sent as an attachment that nothing sniffs or runs.
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import PostalMime from 'postal-mime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_APPLICATION_NOTE, MAX_CRITERIA_TEXT, MAX_DECISION_TEXT } from '#common/applications/vocabulary.ts'
import { completeRenterProfile } from '#tests/support/applications.ts'
import { CRITERIA, PDF, apply, saveProfile, uploadDocument } from './support/applications.ts'
import { expectInert, hasChromium, launchChromium } from './support/browser.ts'
import { OMNI, XSS, pack, piecesOf } from './support/payloads.ts'
import { Site, eachLimited, hostileSites, type LiveAccount } from './support/site.ts'

const isCI = process.env.CI === 'true' || process.env.CI === '1'

/** The payloads from the `offset`-th on (wrapping), packed into one value of at most `max` characters. */
const payloadText = (offset: number, max: number) =>
  pack([...XSS.slice(offset % XSS.length), ...XSS.slice(0, offset % XSS.length)], max)[0]!

const NOTE = pack([OMNI, ...XSS], MAX_APPLICATION_NOTE)[0]!
const INFO = pack([...XSS].reverse(), MAX_DECISION_TEXT)[0]!
const DECLINE = pack([OMNI, ...XSS.slice(10)], MAX_DECISION_TEXT)[0]!
const CONDITION = pack([...XSS.slice(15), OMNI], MAX_DECISION_TEXT)[0]!
const REQUIREMENTS = pack([...XSS.slice(5), OMNI], MAX_CRITERIA_TEXT)[0]!
/** No path separators: a file name keeps only its last part. */
const FILE_NAME = `"><img src=x data-hostile onerror=window.__hostile(2)><svg data-hostile onload=window.__hostile(4)>.pdf`
const PDF_WITH_SCRIPT = PDF('<script>window.__hostile(99)</script><html><body onload="window.__hostile(98)">')

/** The reusable application, every text field hostile. */
function hostileProfile() {
  const base = completeRenterProfile()
  return completeRenterProfile({
    legalName: payloadText(0, 120),
    phone: OMNI,
    addresses: [
      {
        ...base.addresses[0]!,
        street: payloadText(3, 200),
        city: payloadText(6, 100),
        landlordName: payloadText(9, 120),
        landlordPhone: OMNI,
      },
    ],
    employment: [
      { ...base.employment[0]!, employer: payloadText(12, 120), position: payloadText(15, 120), contactName: payloadText(18, 120) },
    ],
    occupants: [{ name: payloadText(21, 120), adult: true }],
    pets: [{ kind: 'cat', size: 'small', description: payloadText(24, 200) }],
    vehicles: [{ description: payloadText(27, 120), plate: 'ABC 123' }],
    emergencyContact: { name: payloadText(1, 120), phone: OMNI, relationship: payloadText(4, 60) },
  })
}

type ParsedMail = { text: string; html: string | undefined }

/** The mails to an address about an application, parsed (the server writes each to DATA_DIR/mail). */
async function mailsAbout(dataDir: string, email: string, applicationId: number): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'mail')
  const mails: ParsedMail[] = []
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.eml'))) {
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(folder, file)))
    const isTo = parsed.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase())
    if (isTo && parsed.text?.includes(`/applications/${applicationId}\n`)) mails.push({ text: parsed.text, html: parsed.html })
  }
  return mails
}

let browser: Browser

describe.skipIf(!hasChromium && !isCI)('an application’s stored text stays text', () => {
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  describe.each(hostileSites().map((info) => [info.database, info] as const))('on %s', (_database, info) => {
    const site = new Site(info)
    const profile = hostileProfile()
    let owner: LiveAccount
    let renter: LiveAccount
    let second: LiveAccount
    let first: { id: number; slug: string }
    let other: { id: number; slug: string }
    /** The renter's application to the first home, waiting on the landlord's request. */
    let asked: number
    /** The second renter's application to the first home, declined. */
    let declined: number
    /** The renter's application to the other home, approved with conditions. */
    let conditional: number
    let fileName: string

    const answer = async (id: number, action: string, json: unknown) => {
      const answered = await site.send(`/api/applications/${id}/${action}`, { cookie: owner.cookie, json })
      expect(answered.status, await answered.clone().text()).toBe(200)
    }

    beforeAll(async () => {
      ;[owner, renter, second] = await Promise.all([
        site.landlord('Lena Landlord'),
        site.account('Hana Hostile', 'app-text'),
        site.account('Hugo Hostile', 'app-text'),
      ])
      ;[first, other] = await Promise.all([site.createListing(owner.cookie), site.createListing(owner.cookie)])
      for (const listing of [first, other]) {
        const published = await site.send(`/api/properties/${listing.id}/application-criteria`, {
          method: 'PUT',
          cookie: owner.cookie,
          json: { ...CRITERIA, otherRequirements: REQUIREMENTS },
        })
        expect(published.status, await published.clone().text()).toBe(200)
      }
      await Promise.all([saveProfile(site, renter.cookie, profile), saveProfile(site, second.cookie, profile)])
      await uploadDocument(site, renter.cookie, PDF_WITH_SCRIPT, FILE_NAME)
      asked = await apply(site, renter.cookie, first.id, NOTE)
      declined = await apply(site, second.cookie, first.id, NOTE)
      conditional = await apply(site, renter.cookie, other.id, NOTE)
      await answer(asked, 'request-information', { text: INFO })
      await answer(declined, 'decline', { reasons: ['income', 'other'], text: DECLINE })
      await answer(conditional, 'approve-with-conditions', {
        conditions: ['higher_deposit', 'other'],
        text: CONDITION,
        depositCents: 100_000,
      })
      const { application } = (await (await site.send(`/api/applications/${asked}`, { cookie: renter.cookie })).json()) as {
        application: { documentList: { fileName: string }[] }
      }
      fileName = application.documentList[0]!.fileName
    })

    it('stores every piece as it was typed', async () => {
      const { application } = (await (await site.send(`/api/applications/${asked}`, { cookie: owner.cookie })).json()) as {
        application: { note: string; infoRequest: string; snapshot: unknown }
      }
      expect(application).toMatchObject({ note: NOTE, infoRequest: INFO, snapshot: { ...profile, documentIds: expect.any(Array) } })
      // The name keeps its words; only what a file name cannot hold is gone.
      expect(fileName).toContain('data-hostile onerror=window.__hostile(2)')
      const criteria = (await (await site.send(`/api/properties/${first.id}/application-criteria`)).json()) as {
        criteria: { otherRequirements: string }
      }
      expect(criteria.criteria.otherRequirements).toBe(REQUIREMENTS)
    })

    it('shows them as text to both parties, on every page that shows them', async () => {
      const profileTexts = [
        profile.legalName,
        profile.addresses[0]!.street,
        profile.addresses[0]!.city,
        profile.employment[0]!.employer,
        profile.pets[0]!.description,
        profile.emergencyContact.name,
      ].flatMap(piecesOf)
      const pages: [string, string | undefined, string[]][] = [
        [`/applications/${asked}`, owner.cookie, [...piecesOf(NOTE), ...piecesOf(INFO), ...profileTexts, fileName]],
        [`/applications/${asked}`, renter.cookie, [...piecesOf(NOTE), ...piecesOf(INFO), fileName]],
        [`/applications/${declined}`, owner.cookie, piecesOf(DECLINE)],
        [`/applications/${declined}`, second.cookie, piecesOf(DECLINE)],
        [`/applications/${conditional}`, owner.cookie, piecesOf(CONDITION)],
        [`/applications/${conditional}`, renter.cookie, piecesOf(CONDITION)],
        ['/applications', renter.cookie, []],
        [`/properties/${first.slug}/applications?compare=${asked}&compare=${declined}`, owner.cookie, piecesOf(profile.legalName)],
        [`/properties/${first.slug}`, renter.cookie, piecesOf(REQUIREMENTS)],
        ['/userprofile/application', renter.cookie, [...profileTexts, fileName]],
      ]
      // Three at a time: each is its own browser context (the scriptless parses take turns).
      await eachLimited(pages, 3, ([page, cookie, texts]) => expectInert(browser, site.origin, page, { cookie, texts }))
    })

    it('mails them in plain text only, as typed', async () => {
      const expected: [number, string, string][] = [
        [asked, renter.email, INFO],
        [declined, second.email, DECLINE],
        [conditional, renter.email, CONDITION],
      ]
      const deadline = Date.now() + 20_000
      for (const [id, email, text] of expected) {
        const has = (mails: ParsedMail[]) => mails.some((mail) => piecesOf(text).every((piece) => mail.text.includes(piece)))
        let mails = await mailsAbout(site.dataDir, email, id)
        while (!has(mails) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100))
          mails = await mailsAbout(site.dataDir, email, id)
        }
        expect(has(mails), `the mail to ${email} about application ${id} holds the text as typed`).toBe(true)
        for (const mail of mails) expect(mail.html, 'an application notice has no HTML part').toBeUndefined()
      }
      // The landlord is told of each application, by the applicant's name as typed.
      const told = await mailsAbout(site.dataDir, owner.email, asked)
      expect(told.length, 'the landlord is told of the application').toBeGreaterThan(0)
      for (const mail of told) expect(mail.html).toBeUndefined()
      for (const piece of piecesOf(profile.legalName)) expect(told[0]!.text).toContain(piece)
    })

    it('sends the PDF with a script in it as an attachment nothing sniffs or runs', async () => {
      for (const cookie of [renter.cookie, owner.cookie]) {
        const { application } = (await (await site.send(`/api/applications/${asked}`, { cookie })).json()) as {
          application: { documentList: { url: string }[] }
        }
        const served = await site.send(application.documentList[0]!.url, { cookie })
        expect(served.status).toBe(200)
        expect(served.headers.get('content-type')).toBe('application/pdf')
        expect(served.headers.get('content-disposition')).toMatch(/^attachment;/)
        expect(served.headers.get('x-content-type-options')).toBe('nosniff')
        expect(served.headers.get('content-security-policy')).toMatch(/\bsandbox\b/)
        expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
        // The header holds the name without anything that would end it or start another.
        expect(served.headers.get('content-disposition')).not.toMatch(/[\r\n]/)
        expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF_WITH_SCRIPT)
      }
    })
  })
})
