// The unread-message e-mail: one e-mail when a direct message is still unread 15 minutes after it was
// sent, at most one an hour per conversation, none when read or turned off. Times are moved in the
// database instead of waited for.
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationNotice, message, profile } from '#server/db/schema.ts'
import { createMailer } from '#server/mail/mailer.server.ts'
import { sendUnreadNotices, UNREAD_NOTICES_JOB } from '#server/messages/unread-notices.server.ts'
import { chatApi, conversationBetween, establishedUser, nextTxn } from '#tests/support/chat.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let renter: TestUser
let landlord: TestUser
const db = () => t.services.database.db

const noticesTo = (user: TestUser) => t.mail.messages.filter((m) => m.to.includes(user.email) && /on Cooper Home$/.test(m.subject))

async function send(from: TestUser, conversationId: number, body: string) {
  const res = await chatApi(t, 'POST', `/conversations/${conversationId}/messages`, {
    cookie: from.cookie,
    body: { body, clientTxnId: nextTxn() },
  })
  expect(res.status).toBe(201)
}

async function runSweep() {
  await t.services.jobs.send(UNREAD_NOTICES_JOB)
  await t.services.jobs.runUntilIdle()
}

/** Moves a conversation's messages and notices back in time, as if the minutes had passed. */
async function passMinutes(conversationId: number, minutes: number) {
  await db()
    .update(message)
    .set({ createdAt: sql`${message.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(message.conversationId, conversationId))
  await db()
    .update(conversationNotice)
    .set({ sentAt: sql`${conversationNotice.sentAt} - make_interval(mins => ${minutes})` })
    .where(eq(conversationNotice.conversationId, conversationId))
}

beforeAll(async () => {
  t = await createTestServices()
  renter = await establishedUser(t, { name: 'Robin Renter' })
  landlord = await establishedUser(t, { name: 'Lee Landlord' })
})

afterAll(async () => {
  await t?.close()
})

describe('the unread message e-mail', () => {
  it('e-mails the recipient once after 15 minutes unread, and again only an hour later about newer messages', async () => {
    const conversationId = await conversationBetween(t, renter, landlord)
    await send(renter, conversationId, 'Is the garden shared?')
    await passMinutes(conversationId, 10)
    await send(renter, conversationId, 'And is there parking?')
    await runSweep()
    expect(noticesTo(landlord)).toHaveLength(0)

    await passMinutes(conversationId, 6)
    await runSweep()
    const [mail, ...more] = noticesTo(landlord)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe('Robin Renter sent you a message on Cooper Home')
    expect(mail!.text).toContain('> Is the garden shared?')
    expect(mail!.text).toContain(`${TEST_ORIGIN}/chat/${conversationId}`)
    expect(noticesTo(renter)).toHaveLength(0)

    // The second message falls due within the hour, so it waits for the hour to pass.
    await passMinutes(conversationId, 20)
    await send(renter, conversationId, 'Hello?')
    await passMinutes(conversationId, 20)
    await runSweep()
    expect(noticesTo(landlord)).toHaveLength(1)
    await passMinutes(conversationId, 21)
    await runSweep()
    expect(noticesTo(landlord)).toHaveLength(2)
    expect(noticesTo(landlord)[1]!.subject).toBe('2 unread messages from Robin Renter on Cooper Home')
    expect(noticesTo(landlord)[1]!.text).toContain('> Hello?')

    // Nothing new since: no third e-mail, however long it stays unread.
    await passMinutes(conversationId, 120)
    await runSweep()
    expect(noticesTo(landlord)).toHaveLength(2)
  })

  it('sends nothing about messages already read, or to someone who turned the e-mails off', async () => {
    const conversationId = await conversationBetween(t, landlord, renter)
    await send(landlord, conversationId, 'Viewing confirmed for Friday.')
    await passMinutes(conversationId, 30)
    await chatApi(t, 'POST', `/conversations/${conversationId}/read`, { cookie: renter.cookie, body: {} })
    await runSweep()
    expect(noticesTo(renter)).toHaveLength(0)

    await db().update(profile).set({ emailUnreadMessages: false }).where(eq(profile.userId, renter.id))
    await send(landlord, conversationId, 'Bring your ID, please.')
    await passMinutes(conversationId, 30)
    await runSweep()
    expect(noticesTo(renter)).toHaveLength(0)

    await db().update(profile).set({ emailUnreadMessages: true }).where(eq(profile.userId, renter.id))
    await runSweep()
    expect(noticesTo(renter)).toHaveLength(1)
    expect(noticesTo(renter)[0]!.text).toContain('> Bring your ID, please.')
  })

  it('tries again at the next sweep when the mail server refused the e-mail, instead of waiting an hour', async () => {
    // A real SMTP server that refuses every recipient, as a mail server does when it is in trouble.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 451 }))
      },
    })
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
    const { services } = t
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`,
      from: 'Cooper Home <hello@cooperhome.example>',
      dataDir: t.dataDir,
      logger: services.logger,
    })
    const sweepThroughRefusingServer = () => sendUnreadNotices({ db: db(), mailer, publicUrl: TEST_ORIGIN, logger: services.logger })
    const notice = () =>
      db()
        .select({ sentAt: conversationNotice.sentAt })
        .from(conversationNotice)
        .where(and(eq(conversationNotice.conversationId, conversationId), eq(conversationNotice.userId, renter.id)))
    const writer = await establishedUser(t, { name: 'Kim Keyholder' })
    const conversationId = await conversationBetween(t, writer, renter)
    try {
      // The first notice of the conversation fails: none is recorded, and the next sweep sends it.
      await send(writer, conversationId, 'The keys are with the neighbour.')
      await passMinutes(conversationId, 16)
      expect(await sweepThroughRefusingServer()).toBe(0)
      expect(await notice()).toEqual([])
      await runSweep()
      expect(noticesTo(renter).filter((m) => m.text.includes('The keys are with the neighbour.'))).toHaveLength(1)
      expect(await notice()).toHaveLength(1)

      // A later notice fails: the earlier one stays the last sent, so the next sweep sends the news.
      await passMinutes(conversationId, 90)
      await send(writer, conversationId, 'Did you find them?')
      await passMinutes(conversationId, 16)
      const [earlier] = await notice()
      expect(await sweepThroughRefusingServer()).toBe(0)
      expect(await notice()).toEqual([earlier])
      await runSweep()
      expect(noticesTo(renter).filter((m) => m.text.includes('> Did you find them?'))).toHaveLength(1)
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()))
    }
  })
})
