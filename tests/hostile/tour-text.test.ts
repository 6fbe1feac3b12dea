// A tour's stored text is shown as text: a renter's note and a landlord's decline and cancel reasons
// made of the XSS payloads are written through the API, then the tour's page and the tours list are
// opened for both parties (in Chromium, and as the server sent them with scripts off) with nothing
// hostile live and every piece shown as typed; and the notices mailed are plain text only, with the
// pieces in them as typed, no HTML part to run them in.
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import PostalMime from 'postal-mime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_TOUR_NOTE, MAX_TOUR_REASON } from '#common/tours/vocabulary.ts'
import { expectInert, hasChromium, launchChromium } from './support/browser.ts'
import { OMNI, XSS, pack, piecesOf } from './support/payloads.ts'
import { Site, hostileSites, type LiveAccount } from './support/site.ts'
import { makeWorld, type World } from './support/write-routes.ts'

const isCI = process.env.CI === 'true' || process.env.CI === '1'

const NOTE = pack([OMNI, ...XSS], MAX_TOUR_NOTE)[0]!
const DECLINE_REASON = pack([...XSS].reverse(), MAX_TOUR_REASON)[0]!
const CANCEL_REASON = pack([OMNI, ...XSS.slice(Math.floor(XSS.length / 2))], MAX_TOUR_REASON)[0]!

type ParsedMail = { text: string; html: string | undefined }

/** The mails to an address about a tour, parsed (the server writes each to DATA_DIR/mail without an SMTP_URL). */
async function mailsAbout(dataDir: string, email: string, tourId: number): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'mail')
  const mails: ParsedMail[] = []
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.eml'))) {
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(folder, file)))
    const isTo = parsed.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase())
    if (isTo && parsed.text?.includes(`/tours/${tourId}`)) mails.push({ text: parsed.text, html: parsed.html })
  }
  return mails
}

let browser: Browser

describe.skipIf(!hasChromium && !isCI)('a tour’s stored text stays text', () => {
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  describe.each(hostileSites().map((info) => [info.database, info] as const))('on %s', (_database, info) => {
    const site = new Site(info)
    let world: World
    let owner: LiveAccount
    let renter: LiveAccount
    let declinedId: number
    let cancelledId: number

    beforeAll(async () => {
      ;({ world, owner } = await makeWorld(site))
      renter = await site.account('Hana Hostile', 'tour-text')
      const open = (await (await site.send(`/api/properties/${world.listing.id}/tour-slots`)).json()) as {
        days: { slots: { startsAt: string }[] }[]
      }
      const times = open.days.flatMap((day) => day.slots.map((slot) => slot.startsAt)).filter((t) => t !== world.tourTime)
      // Two tours by the hostile renter: one the landlord declines, one the renter moves aside and cancels.
      const book = async (startsAt: string) => {
        const answer = await site.send(`/api/properties/${world.listing.id}/tours`, {
          cookie: renter.cookie,
          json: { startsAt, partySize: 2, note: NOTE },
        })
        expect(answer.status, await answer.clone().text()).toBe(201)
        return ((await answer.json()) as { tour: { id: number } }).tour.id
      }
      declinedId = await book(times[0]!)
      const declined = await site.send(`/api/tours/${declinedId}/decline`, { cookie: owner.cookie, json: { reason: DECLINE_REASON } })
      expect(declined.status, await declined.clone().text()).toBe(200)
      cancelledId = await book(times[1]!)
      const cancelled = await site.send(`/api/tours/${cancelledId}/cancel`, { cookie: owner.cookie, json: { reason: CANCEL_REASON } })
      expect(cancelled.status, await cancelled.clone().text()).toBe(200)
    })

    it('stores the note and the reasons as they were typed', async () => {
      for (const [id, reason] of [
        [declinedId, DECLINE_REASON],
        [cancelledId, CANCEL_REASON],
      ] as const) {
        const { tour } = (await (await site.send(`/api/tours/${id}`, { cookie: renter.cookie })).json()) as {
          tour: { note: string; reason: string }
        }
        expect(tour).toMatchObject({ note: NOTE, reason })
      }
    })

    it('shows them as text on the tour’s page and the tours list, to both parties', async () => {
      for (const [id, reason] of [
        [declinedId, DECLINE_REASON],
        [cancelledId, CANCEL_REASON],
      ] as const) {
        const texts = [...piecesOf(NOTE), ...piecesOf(reason)]
        await expectInert(browser, site.origin, `/tours/${id}`, { cookie: renter.cookie, texts })
        await expectInert(browser, site.origin, `/tours/${id}`, { cookie: owner.cookie, texts })
      }
      await expectInert(browser, site.origin, '/tours', { cookie: renter.cookie })
      await expectInert(browser, site.origin, '/tours', { cookie: owner.cookie })
    })

    it('mails them in plain text only, as typed', async () => {
      const deadline = Date.now() + 20_000
      for (const [id, reason, email] of [
        [declinedId, DECLINE_REASON, renter.email],
        [cancelledId, CANCEL_REASON, renter.email],
        [cancelledId, CANCEL_REASON, owner.email],
      ] as const) {
        // The request's notice, then the decline's or the cancellation's, sent by the job queue.
        let mails = await mailsAbout(site.dataDir, email, id)
        while (!mails.some((mail) => mail.text.includes('Reason:')) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100))
          mails = await mailsAbout(site.dataDir, email, id)
        }
        const ending = mails.find((mail) => mail.text.includes('Reason:'))
        expect(ending, `the mail to ${email} about tour ${id} with its reason`).toBeDefined()
        for (const mail of mails) {
          expect(mail.html, 'a tour notice has no HTML part').toBeUndefined()
          for (const piece of piecesOf(NOTE)) expect(mail.text, `${email}, tour ${id}: the note`).toContain(piece)
        }
        for (const piece of piecesOf(reason)) expect(ending!.text, `${email}, tour ${id}: the reason`).toContain(piece)
      }
    })
  })
})
