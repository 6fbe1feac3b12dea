// What the /chat pages load and do. The loaders call the messaging domain directly (so the pages are
// complete before any script runs), and every form posts to the page's action with an `intent`, which
// commits through the same domain functions and redirects back. A refusal answers with its status
// (400 bad input, 403, 429) and the words to show; someone else's conversation is a 404.
import { eq } from 'drizzle-orm'
import { data, redirect } from 'react-router'
import { listingPath } from '#common/listings/listing-url.ts'
import { isPlainText } from '#common/plain-text.ts'
import { getCurrentSession, requireUser, type CurrentSession } from '#server/accounts/index.server.ts'
import { MAX_INT32 } from '#common/limits.ts'
import { conversation } from '#server/db/schema.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { isOwnNavigation } from '#server/http/security.server.ts'
import { findListingById } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'
import {
  blockUser,
  deleteDirectMessage,
  editDirectMessage,
  hasBlocked,
  listConversations,
  markConversationRead,
  openConversation,
  readThread,
  sendDirectMessage,
  unblockUser,
  type ConversationSummary,
  type DirectMessage,
} from './conversations.server.ts'
import {
  announceDirectDeleted,
  announceDirectEdited,
  announceDirectMessage,
  announceRead,
  announceRoomDeleted,
  announceRoomEdited,
  announceRoomMessage,
} from './chat-news.server.ts'
import { countOpenReports, reportMessage } from './reports.server.ts'
import { deleteRoomMessage, editRoomMessage, muteUser, mutedUntil, postRoomMessage, readRoom, type RoomMessage } from './room.server.ts'

export const CHAT_INTENTS = {
  send: 'send',
  edit: 'edit',
  delete: 'delete',
  report: 'report',
  block: 'block',
  unblock: 'unblock',
  mute: 'mute',
  messageLandlord: 'message-landlord',
} as const
export type ChatIntent = (typeof CHAT_INTENTS)[keyof typeof CHAT_INTENTS]

/** What a refused form gets back: which form (and message) it was, and what to say where. */
export type ChatFailure = {
  intent: ChatIntent
  messageId?: number
  formError: string
  fieldErrors: { body?: string; reason?: string; minutes?: string }
  values?: { body?: string; reason?: string }
}

/** The listing a conversation is about, or only that it is gone (archived, leased, deleted). */
export type ListingCard = { available: true; id: number; title: string; path: string; allInMonthlyCents: number } | { available: false }

export type ChatViewer = { id: string; name: string; isAdmin: boolean; mutedUntil: string | null }

export type RoomThread = { kind: 'room'; messages: RoomMessage[]; hasEarlier: boolean; before: number | null }

export type DirectThread = {
  kind: 'direct'
  conversation: ConversationSummary
  messages: DirectMessage[]
  hasEarlier: boolean
  before: number | null
  isBlocked: boolean
  listing: ListingCard | null
}

export type ChatPageData = {
  viewer: ChatViewer | null
  conversations: ConversationSummary[]
  thread: RoomThread | DirectThread
  /** The transaction id of the composer's next send without JavaScript (a double submit stores one). */
  clientTxnId: string
  /** For administrators: how many reports wait for them (null for everyone else). */
  reportsToReview: number | null
}

const ID = /^[1-9]\d{0,14}$/

/** A conversation or message number from the address or a form; anything else finds nothing. */
export function idOf(value: unknown): number | null {
  return typeof value === 'string' && ID.test(value) ? Number(value) : null
}

/** A message number (`?before=`) from the address, or null for anything else, which the page ignores. */
function seqOf(value: string | null): number | null {
  const seq = idOf(value)
  return seq !== null && seq <= MAX_INT32 ? seq : null
}

function notFound(): never {
  throw new Response('Not Found', { status: 404 })
}

function viewerOf(current: CurrentSession, muted: Date | null): ChatViewer {
  return {
    id: current.userId,
    name: current.user.displayName || current.user.email,
    isAdmin: current.user.isAdmin,
    mutedUntil: muted?.toISOString() ?? null,
  }
}

async function listingCardOf(
  services: Services,
  { userId, conversationId }: { userId: string; conversationId: number },
): Promise<ListingCard | null> {
  const { db } = services.database
  const [row] = await db.select({ listingId: conversation.listingId }).from(conversation).where(eq(conversation.id, conversationId))
  if (!row?.listingId) return null
  const found = await findListingById(db, { viewerId: userId, listingId: row.listingId })
  if (!found || found.status !== 'published') return { available: false } as const
  return {
    available: true,
    id: found.id,
    title: found.title,
    path: listingPath(found),
    allInMonthlyCents: found.allInMonthlyCents,
  } as const
}

async function markRead(services: Services, { userId, conversationId }: { userId: string; conversationId: number }) {
  const read = await markConversationRead(services.database.db, { userId, conversationId })
  await announceRead(services, { userId, conversationId, read })
}

/** The page of /chat (the room) or /chat/:conversationId (a conversation, marked read on opening). */
export async function loadChatPage(
  services: Services,
  request: Request,
  { conversationId }: { conversationId: string | null },
): Promise<ChatPageData> {
  const { db } = services.database
  const before = seqOf(new URL(request.url).searchParams.get('before')) ?? undefined
  const current = conversationId === null ? await getCurrentSession(services, request) : await requireUser(services, request)
  const clientTxnId = crypto.randomUUID()
  if (!current) {
    const room = await readRoom(db, { beforeSeq: before })
    return {
      viewer: null,
      conversations: [],
      thread: { kind: 'room', ...room, before: before ?? null },
      clientTxnId,
      reportsToReview: null,
    }
  }
  const userId = current.userId
  const countingReports = current.user.isAdmin ? countOpenReports(db, { viewerId: userId }) : Promise.resolve(null)
  if (conversationId === null) {
    const [conversations, room, muted, reports] = await Promise.all([
      listConversations(db, { userId }),
      readRoom(db, { beforeSeq: before }),
      mutedUntil(db, userId),
      countingReports,
    ])
    return {
      viewer: viewerOf(current, muted),
      conversations,
      thread: { kind: 'room', ...room, before: before ?? null },
      clientTxnId,
      reportsToReview: reports,
    }
  }
  const id = idOf(conversationId) ?? notFound()
  const conversations = await listConversations(db, { userId })
  const summary = conversations.find((c) => c.id === id) ?? notFound()
  // Opening a conversation reads it, but only when the person opened it themselves: a page another
  // site links to or frames must not mark messages read behind their back (the page's script marks
  // them once it shows them).
  if (summary.unread > 0 && isOwnNavigation(request)) {
    // Marked read, then loaded again, so that the whole page (the badge too) shows it read.
    await markRead(services, { userId, conversationId: id })
    throw redirect(`/chat/${id}${before === undefined ? '' : `?before=${before}`}`)
  }
  const [page, isBlocked, listing, muted, reports] = await Promise.all([
    readThread(db, { userId, conversationId: id, beforeSeq: before }),
    hasBlocked(db, { userId, otherUserId: summary.other.id }),
    listingCardOf(services, { userId, conversationId: id }),
    mutedUntil(db, userId),
    countingReports,
  ])
  return {
    viewer: viewerOf(current, muted),
    conversations,
    thread: {
      kind: 'direct',
      conversation: page.conversation,
      messages: page.messages,
      hasEarlier: page.hasEarlier,
      before: before ?? null,
      isBlocked,
      listing,
    },
    clientTxnId,
    reportsToReview: reports,
  }
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

function refuse(status: number, failure: Omit<ChatFailure, 'fieldErrors'> & { fieldErrors?: ChatFailure['fieldErrors'] }) {
  return data<ChatFailure>({ fieldErrors: {}, ...failure }, { status })
}

/** A domain refusal as the form's answer; anything unexpected is left to the error page. */
function refusal(error: unknown, intent: ChatIntent, extra: Partial<ChatFailure> = {}) {
  if (!isAppError(error)) throw error
  if (error.code === 'not-found') notFound()
  const field =
    intent === CHAT_INTENTS.send || intent === CHAT_INTENTS.edit
      ? 'body'
      : intent === CHAT_INTENTS.report
        ? 'reason'
        : intent === CHAT_INTENTS.mute
          ? 'minutes'
          : null
  const fieldMessage = error.fieldErrors ? Object.values(error.fieldErrors).flat()[0] : undefined
  const fieldErrors = field && error.code === 'invalid' ? { [field]: fieldMessage ?? error.message } : {}
  return refuse(error.status, { intent, formError: fieldMessage ?? error.message, fieldErrors, ...extra })
}

/** The action of /chat and /chat/:conversationId. */
export async function chatAction(services: Services, request: Request, { conversationId }: { conversationId: string | null }) {
  const { db } = services.database
  const formData = await request.formData()
  const intent = text(formData, 'intent')

  if (intent === CHAT_INTENTS.messageLandlord) {
    const listingId = idOf(text(formData, 'listingId')) ?? notFound()
    const current = await getCurrentSession(services, request)
    const viewerId = current?.userId ?? null
    const found = (await findListingById(db, { viewerId, listingId })) ?? notFound()
    if (!current) throw redirect(`/login?${new URLSearchParams({ redirectTo: listingPath(found) })}`)
    try {
      const opened = await openConversation(db, { userId: current.userId, otherUserId: found.ownerId, listingId })
      return redirect(`/chat/${opened.conversationId}`)
    } catch (error) {
      if (isAppError(error) && error.code !== 'not-found') {
        return redirectWithToast(listingPath(found), { type: 'error', message: error.message })
      }
      throw error
    }
  }

  const current = await requireUser(services, request)
  const userId = current.userId
  const page = conversationId === null ? '/chat' : `/chat/${conversationId}`
  const id = conversationId === null ? null : (idOf(conversationId) ?? notFound())
  const summary = id === null ? null : ((await listConversations(db, { userId })).find((c) => c.id === id) ?? notFound())
  const messageId = idOf(text(formData, 'messageId'))
  // A form sent from the open conversation means it was seen; the page it returns to stays put.
  if (summary && summary.unread > 0) await markRead(services, { userId, conversationId: summary.id })

  try {
    switch (intent) {
      case CHAT_INTENTS.send: {
        const input = { body: text(formData, 'body'), clientTxnId: text(formData, 'clientTxnId') }
        if (summary) {
          await announceDirectMessage(services, await sendDirectMessage(db, { senderId: userId, conversationId: summary.id, input }))
        } else await announceRoomMessage(services, await postRoomMessage(db, { authorId: userId, input }))
        return redirect(page)
      }
      case CHAT_INTENTS.edit: {
        if (messageId === null) notFound()
        const input = { body: text(formData, 'body') }
        if (summary) await announceDirectEdited(services, await editDirectMessage(db, { userId, messageId, input }))
        else await announceRoomEdited(services, await editRoomMessage(db, { authorId: userId, messageId, input }))
        return redirectWithToast(page, { type: 'success', message: 'The message is changed.' })
      }
      case CHAT_INTENTS.delete: {
        if (messageId === null) notFound()
        if (summary) await announceDirectDeleted(services, await deleteDirectMessage(db, { userId, messageId }))
        else await announceRoomDeleted(services, await deleteRoomMessage(db, { viewerId: userId, messageId }))
        return redirectWithToast(page, { type: 'success', message: 'The message is deleted.' })
      }
      case CHAT_INTENTS.report: {
        if (messageId === null) notFound()
        const kind = summary ? 'direct' : 'room'
        const { created } = await reportMessage(db, { reporterId: userId, input: { kind, messageId, reason: text(formData, 'reason') } })
        return redirectWithToast(page, {
          type: created ? 'success' : 'info',
          message: created ? 'Thank you. An administrator will look at this message.' : 'You have already reported this message.',
        })
      }
      case CHAT_INTENTS.block:
      case CHAT_INTENTS.unblock: {
        if (!summary) notFound()
        const blockedId = summary.other.id
        if (intent === CHAT_INTENTS.block) await blockUser(db, { userId, blockedId })
        else await unblockUser(db, { userId, blockedId })
        const name = summary.other.name
        return redirectWithToast(page, {
          type: 'success',
          message: intent === CHAT_INTENTS.block ? `${name} can no longer send you messages.` : `${name} can send you messages again.`,
        })
      }
      case CHAT_INTENTS.mute: {
        // The form's hidden field names the author; text the database cannot hold names nobody.
        const target = text(formData, 'userId')
        if (!isPlainText(target)) notFound()
        const { until } = await muteUser(db, {
          adminId: userId,
          userId: target,
          input: { minutes: text(formData, 'minutes'), reason: text(formData, 'reason') },
        })
        return redirectWithToast(page, {
          type: 'success',
          message: `Muted in the room until ${until.slice(0, 16).replace('T', ' ')} UTC.`,
        })
      }
      default:
        return refuse(400, { intent: CHAT_INTENTS.send, formError: 'This form is not one we know. Reload the page and try again.' })
    }
  } catch (error) {
    const known = Object.values(CHAT_INTENTS).find((value) => value === intent) ?? CHAT_INTENTS.send
    const values =
      known === CHAT_INTENTS.send || known === CHAT_INTENTS.edit
        ? { body: text(formData, 'body') }
        : known === CHAT_INTENTS.report
          ? { reason: text(formData, 'reason') }
          : undefined
    return refusal(error, known, { messageId: messageId ?? undefined, values })
  }
}
