// What the /chat pages load and do. The loaders call the messaging domain directly (so the pages are
// complete before any script runs), and every form posts to the page's action with an `intent`, which
// commits through the same domain functions as the JSON API and redirects back. A refusal answers
// with its status (400 bad input, 403, 429) and the words to show; someone else's conversation is a 404.
import { redirect } from 'react-router'
import { parsePositiveId } from '#common/ids.ts'
import { MAX_INT32 } from '#common/limits.ts'
import type { FormAnswer } from '#common/forms.ts'
import { ROOM_PATH, chatOpensOn, inboxOrder } from '#common/messages/inbox.ts'
import { CHAT_INTENTS, type ChatFailure, type ChatIntent, type ChatPageData, type ChatViewer } from '#common/messages/types.ts'
import { isPlainText } from '#common/plain-text.ts'
import { getCurrentSession, requireUser, type CurrentSession } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import { isOwnNavigation } from '#server/http/security.server.ts'
import {
  blockUser,
  countOpenReports,
  deleteDirectMessage,
  deleteRoomMessage,
  editDirectMessage,
  editRoomMessage,
  findConversation,
  findListingCard,
  hasBlocked,
  listConversations,
  markConversationRead,
  muteUser,
  mutedUntil,
  postRoomMessage,
  readRoom,
  readThread,
  reportMessage,
  sendDirectMessage,
  unblockUser,
} from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { messageLandlord } from './chat-start.server.ts'

/** A message number (`?before=`) from the address, or null for anything else, which the page ignores. */
function seqOf(value: string | null): number | null {
  const seq = parsePositiveId(value)
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

/** The page of /chat (the inbox, or the room: `chatOpensOn`) or /chat/:conversationId (a conversation, marked read on opening). */
export function loadChatPage(services: Services, request: Request, { conversationId }: { conversationId: string | null }) {
  return withPageErrors(() => readChatPage(services, request, { conversationId }))
}

async function readChatPage(
  services: Services,
  request: Request,
  { conversationId }: { conversationId: string | null },
): Promise<ChatPageData> {
  const { db } = services.database
  const url = new URL(request.url)
  const before = seqOf(url.searchParams.get('before')) ?? undefined
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
    const [conversations, muted, reports] = await Promise.all([listConversations(db, { userId }), mutedUntil(db, userId), countingReports])
    const opensOn = chatOpensOn({ isSignedIn: true, conversationCount: conversations.length, searchParams: url.searchParams })
    return {
      viewer: viewerOf(current, muted),
      conversations: inboxOrder(conversations),
      thread:
        opensOn === 'inbox' ? { kind: 'inbox' } : { kind: 'room', ...(await readRoom(db, { beforeSeq: before })), before: before ?? null },
      clientTxnId,
      reportsToReview: reports,
    }
  }
  const id = parsePositiveId(conversationId) ?? notFound()
  const summary = (await findConversation(db, { userId, conversationId: id })) ?? notFound()
  // Opening a conversation reads it, but only when the person opened it themselves: a page another
  // site links to or frames must not mark messages read behind their back (the page's script marks
  // them once it shows them).
  if (summary.unread > 0 && isOwnNavigation(request)) {
    // Marked read, then loaded again, so that the whole page (the badge too) shows it read.
    await markConversationRead(services, { userId, conversationId: id })
    throw redirect(`/chat/${id}${before === undefined ? '' : `?before=${before}`}`)
  }
  const [conversations, page, isBlocked, listing, muted, reports] = await Promise.all([
    listConversations(db, { userId }),
    readThread(db, { userId, conversationId: id, beforeSeq: before }),
    hasBlocked(db, { userId, otherUserId: summary.other.id }),
    findListingCard(db, { userId, conversationId: id }),
    mutedUntil(db, userId),
    countingReports,
  ])
  return {
    viewer: viewerOf(current, muted),
    conversations: inboxOrder(conversations),
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

/** A domain refusal as the form's answer; someone else's conversation or message is a 404, anything unexpected the error page. */
function refusal(error: unknown, extra: Omit<ChatFailure, keyof FormAnswer>) {
  if (!isAppError(error)) throw error
  if (error.code === 'not-found') notFound()
  return refusalOf(error, extra)
}

/** The action of /chat and /chat/:conversationId. */
export async function chatAction(services: Services, request: Request, { conversationId }: { conversationId: string | null }) {
  const { db } = services.database
  const formData = await request.formData()
  const intent = text(formData, 'intent')

  if (intent === CHAT_INTENTS.messageLandlord) return messageLandlord(services, request, text(formData, 'listingId'))

  const current = await requireUser(services, request)
  const userId = current.userId
  // The room's forms return to the room, which plain /chat is not for someone with conversations.
  const page = conversationId === null ? ROOM_PATH : `/chat/${conversationId}`
  const id = conversationId === null ? null : (parsePositiveId(conversationId) ?? notFound())
  const summary = id === null ? null : ((await findConversation(db, { userId, conversationId: id })) ?? notFound())
  const messageId = parsePositiveId(text(formData, 'messageId'))
  // A form sent from the open conversation means it was seen; the page it returns to stays put.
  if (summary && summary.unread > 0) await markConversationRead(services, { userId, conversationId: summary.id })

  try {
    switch (intent) {
      case CHAT_INTENTS.send: {
        const input = { body: text(formData, 'body'), clientTxnId: text(formData, 'clientTxnId') }
        if (summary) await sendDirectMessage(services, { senderId: userId, conversationId: summary.id, input })
        else await postRoomMessage(services, { authorId: userId, input })
        return redirect(page)
      }
      case CHAT_INTENTS.edit: {
        if (messageId === null) notFound()
        const input = { body: text(formData, 'body') }
        if (summary) await editDirectMessage(services, { userId, messageId, input })
        else await editRoomMessage(services, { authorId: userId, messageId, input })
        return redirectWithToast(page, { type: 'success', message: 'The message is changed.' })
      }
      case CHAT_INTENTS.delete: {
        if (messageId === null) notFound()
        if (summary) await deleteDirectMessage(services, { userId, messageId })
        else await deleteRoomMessage(services, { viewerId: userId, messageId })
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
        return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent: CHAT_INTENTS.send })
    }
  } catch (error) {
    const known: ChatIntent = Object.values(CHAT_INTENTS).find((value) => value === intent) ?? CHAT_INTENTS.send
    const values =
      known === CHAT_INTENTS.send || known === CHAT_INTENTS.edit
        ? { body: text(formData, 'body') }
        : known === CHAT_INTENTS.report
          ? { reason: text(formData, 'reason') }
          : undefined
    return refusal(error, { intent: known, messageId: messageId ?? undefined, values })
  }
}
