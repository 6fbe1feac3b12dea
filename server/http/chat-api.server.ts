// The chat JSON API under /api/chat, used by the chat pages' scripts and any other client. Every write
// goes through the messaging domain's front door, which commits first and only then tells the live
// sockets, so nobody hears of a message that is not stored. Visitors may read the room; all else needs a session.
// Its AppErrors are answered as problems by the /api app it is mounted in (api.server.ts).
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { parsePositiveId } from '#common/ids.ts'
import { seqSchema, userIdSchema } from '#common/messages/schemas.ts'
import { clientAddress, countUnreadMessages, requireApiUser } from '#server/accounts/index.server.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import {
  blockUser,
  deleteDirectMessage,
  deleteRoomMessage,
  editDirectMessage,
  editRoomMessage,
  listActiveMutes,
  listConversations,
  listOpenReports,
  markConversationRead,
  muteUser,
  openConversation,
  postRoomMessage,
  readRoom,
  readThread,
  reportMessage,
  resolveReport,
  sendDirectMessage,
  unblockUser,
  unmuteUser,
} from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { problem } from './problem.server.ts'

const positiveInt = (error: string) => z.coerce.number({ error }).int({ error }).positive({ error })

const openConversationSchema = z.object({
  otherUserId: userIdSchema('Say whom to write to.'),
  listingId: positiveInt('The listing must be a listing number.').optional(),
})

const readSchema = z.object({ throughSeq: seqSchema('throughSeq').optional() })

const personSchema = z.object({ userId: userIdSchema() })

const pageSchema = z
  .object({
    before: seqSchema('before').optional(),
    after: seqSchema('after', { min: 0 }).optional(),
  })
  .refine((page) => page.before === undefined || page.after === undefined, {
    error: 'Ask for messages before or after a number, not both.',
    path: ['before'],
  })

function idOf(value: string | undefined, what: string): number {
  return parsePositiveId(value) ?? notFoundOf(what)
}

/** The message a `/…/messages/:id` path names. */
const messageIdOf = (c: Context) => idOf(c.req.param('id'), 'message')

function notFoundOf(what: string): never {
  throw new AppError('not-found', `No such ${what}.`)
}

async function bodyOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new AppError('invalid', 'Send a JSON body.')
  }
}

function pageOf(c: Context) {
  const { before, after } = parseOrThrow(pageSchema, c.req.query(), 'The page of messages could not be read.')
  return { beforeSeq: before, afterSeq: after }
}

export function chatRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database

  api.use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'private, no-store')
  })

  async function viewerOf(c: Context): Promise<{ id: string; email: string }> {
    const { userId, email } = await requireApiUser(services, c.req.raw, 'Log in to use chat.')
    return { id: userId, email }
  }

  api.get('/unread', async (c) => {
    const viewer = await viewerOf(c)
    return c.json({ unread: await countUnreadMessages(db, viewer.email) })
  })

  api.get('/conversations', async (c) => {
    const viewer = await viewerOf(c)
    return c.json({ conversations: await listConversations(db, { userId: viewer.id }) })
  })

  api.post('/conversations', async (c) => {
    const viewer = await viewerOf(c)
    const { otherUserId, listingId } = parseOrThrow(openConversationSchema, await bodyOf(c), 'The conversation could not be opened.')
    const opened = await openConversation(db, { userId: viewer.id, otherUserId, listingId })
    return c.json(opened, opened.created ? 201 : 200)
  })

  api.get('/conversations/:id/messages', async (c) => {
    const viewer = await viewerOf(c)
    const conversationId = idOf(c.req.param('id'), 'conversation')
    return c.json(await readThread(db, { userId: viewer.id, conversationId, ...pageOf(c) }))
  })

  api.post('/conversations/:id/messages', async (c) => {
    const viewer = await viewerOf(c)
    const conversationId = idOf(c.req.param('id'), 'conversation')
    const sent = await sendDirectMessage(services, { senderId: viewer.id, conversationId, input: await bodyOf(c) })
    return c.json({ message: sent.message }, sent.isNew ? 201 : 200)
  })

  api.post('/conversations/:id/read', async (c) => {
    const viewer = await viewerOf(c)
    const conversationId = idOf(c.req.param('id'), 'conversation')
    const { throughSeq } = parseOrThrow(readSchema, await bodyOf(c), 'The conversation could not be marked read.')
    const read = await markConversationRead(services, { userId: viewer.id, conversationId, throughSeq })
    return c.json({ unread: read.unread })
  })

  api.delete('/messages/:id', async (c) => {
    const viewer = await viewerOf(c)
    await deleteDirectMessage(services, { userId: viewer.id, messageId: messageIdOf(c) })
    return c.body(null, 204)
  })

  api.patch('/messages/:id', async (c) => {
    const viewer = await viewerOf(c)
    const edited = await editDirectMessage(services, { userId: viewer.id, messageId: messageIdOf(c), input: await bodyOf(c) })
    return c.json({ message: edited.message })
  })

  api.get('/room/messages', async (c) => {
    return c.json(await readRoom(db, pageOf(c)))
  })

  api.post('/room/messages', async (c) => {
    const viewer = await viewerOf(c)
    const posted = await postRoomMessage(services, { authorId: viewer.id, input: await bodyOf(c) })
    return c.json({ message: posted.message }, posted.isNew ? 201 : 200)
  })

  api.delete('/room/messages/:id', async (c) => {
    const viewer = await viewerOf(c)
    await deleteRoomMessage(services, { viewerId: viewer.id, messageId: messageIdOf(c) })
    return c.body(null, 204)
  })

  api.patch('/room/messages/:id', async (c) => {
    const viewer = await viewerOf(c)
    const edited = await editRoomMessage(services, { authorId: viewer.id, messageId: messageIdOf(c), input: await bodyOf(c) })
    return c.json({ message: edited.message })
  })

  api.post('/reports', async (c) => {
    const viewer = await viewerOf(c)
    const { created } = await reportMessage(db, { reporterId: viewer.id, input: await bodyOf(c) })
    return c.json({ created }, created ? 201 : 200)
  })

  // Administrators only (the domain functions refuse anyone else with 403).
  api.get('/reports', async (c) => {
    const viewer = await viewerOf(c)
    return c.json({ reports: await listOpenReports(db, { viewerId: viewer.id }) })
  })

  api.post('/reports/:id/resolve', async (c) => {
    const viewer = await viewerOf(c)
    const outcome = await resolveReport(services, {
      adminId: viewer.id,
      reportId: idOf(c.req.param('id'), 'report'),
      input: await bodyOf(c),
      ip: clientAddress(c.req.raw.headers),
    })
    return c.json({ action: outcome.action, resolved: outcome.resolved, mutedUntil: outcome.mutedUntil })
  })

  api.get('/mutes', async (c) => {
    const viewer = await viewerOf(c)
    return c.json({ mutes: await listActiveMutes(db, { adminId: viewer.id }) })
  })

  api.delete('/mutes/:userId', async (c) => {
    const viewer = await viewerOf(c)
    const { userId } = parseOrThrow(personSchema, { userId: c.req.param('userId') }, 'The person could not be unmuted.')
    await unmuteUser(db, { adminId: viewer.id, userId })
    return c.body(null, 204)
  })

  api.post('/blocks', async (c) => {
    const viewer = await viewerOf(c)
    const { userId } = parseOrThrow(personSchema, await bodyOf(c), 'The person could not be blocked.')
    await blockUser(db, { userId: viewer.id, blockedId: userId })
    return c.body(null, 204)
  })

  api.delete('/blocks/:userId', async (c) => {
    const viewer = await viewerOf(c)
    const { userId } = parseOrThrow(personSchema, { userId: c.req.param('userId') }, 'The person could not be unblocked.')
    await unblockUser(db, { userId: viewer.id, blockedId: userId })
    return c.body(null, 204)
  })

  api.post('/mutes', async (c) => {
    const viewer = await viewerOf(c)
    const input = (await bodyOf(c)) as Record<string, unknown> | null
    const { userId } = parseOrThrow(personSchema, input, 'The person could not be muted.')
    const muted = await muteUser(db, { adminId: viewer.id, userId, input: { minutes: input?.minutes, reason: input?.reason } })
    return c.json(muted)
  })

  api.all('*', (c) => problem(c, 404, 'No such chat endpoint.'))
  return api
}
