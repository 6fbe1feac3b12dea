// The open thread: the messages in sequence order, older pages on request, the composer, and with
// JavaScript the optimistic sends, live news, typing and "N online". The server-rendered page is the
// starting point; every later page of data (a revalidation, a catch-up) merges into what is shown.
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import { refusalText } from '#common/forms.ts'
import { idleFlight, runSingleFlight } from '#app/utils/single-flight.ts'
import { sendTyping } from '#app/realtime/provider.tsx'
import {
  type ChatFailure,
  type ChatViewer,
  type DirectMessage,
  type DirectThread,
  type RoomMessage,
  type RoomThread,
} from '#common/messages/types.ts'
import { DIRECT_MESSAGE_MAX_LENGTH, ROOM_MESSAGE_MAX_LENGTH } from '#common/messages/schemas.ts'
import { loadAfter, loadEarlier, loadLatest, markRead, sendMessage, threadHref, type ThreadPage, type ThreadTarget } from './chat-client.ts'
import { Composer } from './composer.tsx'
import { typingText, useThreadNews, useTypingNames } from './live.ts'
import { MessageItem } from './message-item.tsx'
import { PendingItem } from './pending-item.tsx'
import {
  addConfirmed,
  addEarlierPage,
  addLatestPage,
  addPending,
  applyCatchUp,
  catchUp,
  caughtUpSeq,
  emptyThread,
  firstSeq,
  fromDirectMessage,
  fromRoomMessage,
  lastReadOwnSeq,
  lastSeq,
  lastUnreadSeq,
  markDeleted,
  markFailed,
  markReadThrough,
  type CatchUpPage,
  type ChatMessage,
  type ChatPerson,
  type ThreadState,
} from './thread-state.ts'

/** A transaction id for one send: a UUID where the browser makes them, else 128 random bits. */
function newTxnId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Within this many pixels of the bottom, the thread follows new messages. */
const NEAR_BOTTOM_PX = 80

function participantsOf(viewer: ChatViewer | null, thread: RoomThread | DirectThread): ChatPerson[] {
  if (thread.kind === 'room' || !viewer) return []
  return [{ id: viewer.id, name: viewer.name, image: null }, thread.conversation.other]
}

function toChat(messages: readonly (DirectMessage | RoomMessage)[], participants: readonly ChatPerson[]): ChatMessage[] {
  return messages.map((message) => ('author' in message ? fromRoomMessage(message) : fromDirectMessage(message, participants)))
}

export function Thread({
  viewer,
  thread,
  clientTxnId,
  failure,
}: {
  viewer: ChatViewer | null
  thread: RoomThread | DirectThread
  clientTxnId: string
  failure?: ChatFailure
}) {
  const target: ThreadTarget = thread.kind === 'room' ? { kind: 'room' } : { kind: 'direct', conversationId: thread.conversation.id }
  const selfId = viewer?.id ?? null
  const participants = participantsOf(viewer, thread)
  const page = { messages: toChat(thread.messages, participants), hasEarlier: thread.hasEarlier }
  const [state, setState] = useState<ThreadState>(() => addLatestPage(emptyThread, page, selfId))
  const [online, setOnline] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [showJump, setShowJump] = useState(false)
  const [loadingEarlier, setLoadingEarlier] = useState(false)
  const [typingNames, noteTyping, endTyping] = useTypingNames(selfId)
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  const scroller = useRef<HTMLDivElement>(null)
  const followBottom = useRef(true)
  const keepPosition = useRef<{ height: number; top: number } | null>(null)
  const latestState = useRef(state)
  useEffect(() => {
    latestState.current = state
  })
  const readRequested = useRef(0)
  const catchingUp = useRef(idleFlight())

  /** Tells the server this tab has shown the other person's messages through `seq` (once per seq). */
  function markSeenThrough(seq: number | null) {
    if (target.kind !== 'direct' || seq === null || seq <= readRequested.current || document.visibilityState !== 'visible') return
    readRequested.current = seq
    void markRead(target.conversationId, seq)
  }

  const pageOf = (page: ThreadPage<DirectMessage | RoomMessage> | null): CatchUpPage | null =>
    page && { messages: toChat(page.messages, participants), hasEarlier: page.hasEarlier, hasLater: page.hasLater }

  /**
   * After a reconnect: asks for what came after the last message held with none missing before it
   * (page after page, up to a few), and starts again from the newest page when more than that was missed. A reconnect during
   * a catch-up asks again once it ends.
   */
  async function catchUpAfterReconnect() {
    // An older page (?before=) is history being read, not the live end of the thread.
    if (thread.before !== null) return
    let after = caughtUpSeq(latestState.current)
    await runSingleFlight(catchingUp.current, async () => {
      const result = await catchUp({
        afterSeq: after,
        fetchAfter: async (seq) => pageOf(await loadAfter(target, seq)),
        fetchLatest: async () => pageOf(await loadLatest(target)),
      })
      if (result.kind === 'failed') return
      const caught = applyCatchUp(latestState.current, result, selfId)
      setState((current) => applyCatchUp(current, result, selfId))
      after = Math.max(after, caughtUpSeq(caught))
      markSeenThrough(lastUnreadSeq(caught, selfId))
    })
  }

  // A fresh page from the server (after a form, a revalidation or a catch-up) merges into the thread.
  useEffect(() => {
    if (thread.before === null) setState((current) => addLatestPage(current, page, selfId))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page is rebuilt from thread.messages each render; its identity is what changes
  }, [thread.messages])

  useThreadNews(target, participants, (news) => {
    switch (news.kind) {
      case 'message':
        setState((current) => addConfirmed(current, [news.message], selfId))
        endTyping(news.message.author.id)
        if (news.message.author.id !== selfId && news.message.readAt === null) markSeenThrough(news.message.seq)
        return
      case 'deleted':
        return setState((current) => markDeleted(current, news.seq))
      case 'read':
        if (selfId) setState((current) => markReadThrough(current, { ...news, selfId }))
        return
      case 'typing':
        return noteTyping(news)
      case 'online':
        return setOnline(news.online)
      case 'reconnected':
        return void catchUpAfterReconnect()
    }
  })

  // Messages that arrived while the tab was hidden are read when it is shown again; so are those of
  // a page opened from another site, which the server shows without marking them read.
  const markSeenLatest = useRef(() => {})
  useEffect(() => {
    markSeenLatest.current = () => markSeenThrough(lastUnreadSeq(latestState.current, selfId))
  })
  useEffect(() => {
    if (target.kind !== 'direct') return
    const onVisible = () => markSeenLatest.current()
    onVisible()
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [target.kind])

  const first = firstSeq(state)
  const last = lastSeq(state)
  useLayoutEffect(() => {
    const box = scroller.current
    if (!box) return
    if (keepPosition.current) {
      box.scrollTop = box.scrollHeight - keepPosition.current.height + keepPosition.current.top
      keepPosition.current = null
    } else if (followBottom.current && thread.before === null) {
      box.scrollTop = box.scrollHeight
    }
  }, [first, last, state.pending.length, thread.before])

  function onScroll() {
    const box = scroller.current
    if (!box) return
    const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX
    followBottom.current = nearBottom
    setShowJump(!nearBottom)
  }

  function jumpToLatest() {
    const box = scroller.current
    if (!box) return
    box.scrollTop = box.scrollHeight
    followBottom.current = true
    setShowJump(false)
  }

  async function send(body: string, txnId: string) {
    followBottom.current = true
    setState((current) => addPending(current, { clientTxnId: txnId, body }))
    setAnnouncement('Sending your message…')
    const result = await sendMessage(target, { body, clientTxnId: txnId })
    if (result.outcome === 'stored') {
      setState((current) => addConfirmed(current, toChat([result.message], participants), selfId))
      setAnnouncement('Message sent.')
    } else if (result.outcome === 'stored-by-page') {
      await revalidator.revalidate()
      setAnnouncement('Message sent.')
    } else {
      setState((current) => markFailed(current, txnId, result.error))
      setAnnouncement(`Not sent: ${result.error}`)
    }
  }

  const earlierHref = first === null ? null : threadHref(target, first)

  async function showEarlier(event: MouseEvent<HTMLAnchorElement>) {
    if (first === null || !earlierHref || thread.before !== null) return
    event.preventDefault()
    setLoadingEarlier(true)
    const older = await loadEarlier<DirectMessage | RoomMessage>(target, first)
    setLoadingEarlier(false)
    if (!older) return void navigate(earlierHref)
    const box = scroller.current
    if (box) keepPosition.current = { height: box.scrollHeight, top: box.scrollTop }
    setState((current) => addEarlierPage(current, { messages: toChat(older.messages, participants), hasEarlier: older.hasEarlier }, selfId))
  }

  const readSeq = target.kind === 'direct' ? lastReadOwnSeq(state, selfId) : null
  const sendFailure = failure?.intent === 'send' ? failure : undefined
  const isRoom = thread.kind === 'room'
  const typing = typingText(typingNames)

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {isRoom ? (
        <p className="px-4 pt-2 text-sm text-ink-soft" aria-live="polite">
          {online !== null ? `${online.toLocaleString('en-US')} online` : ''}
        </p>
      ) : null}
      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          onScroll={onScroll}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable from the keyboard, so that its messages can be scrolled
          tabIndex={0}
          role="region"
          aria-label="Messages"
          className="flex h-full flex-col overflow-y-auto px-3 py-3 sm:px-4"
        >
          {/* Few messages sit at the bottom, next to the composer, as in any chat. */}
          <div aria-hidden="true" className="flex-1" />
          {state.hasEarlier && earlierHref ? (
            <p className="mb-3 text-center">
              <a href={earlierHref} onClick={showEarlier} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
                {loadingEarlier ? 'Loading earlier messages…' : 'Show earlier messages'}
              </a>
            </p>
          ) : null}
          {state.messages.length === 0 && state.pending.length === 0 ? (
            <p className="py-10 text-center text-ink-soft">
              {isRoom ? 'No messages in the room yet. Say hello!' : 'No messages yet. Write the first one below.'}
            </p>
          ) : null}
          <ol className="space-y-4">
            {state.messages.map((message) => {
              const isOwn = message.author.id === selfId
              return (
                <MessageItem
                  key={message.id}
                  message={message}
                  isOwn={isOwn}
                  isRead={message.seq === readSeq}
                  maxLength={isRoom ? ROOM_MESSAGE_MAX_LENGTH : DIRECT_MESSAGE_MAX_LENGTH}
                  permissions={{
                    canEdit: isOwn && !(isRoom && viewer?.mutedUntil),
                    canDelete: Boolean(viewer) && (isOwn || (isRoom && Boolean(viewer?.isAdmin))),
                    canReport: Boolean(viewer) && !isOwn,
                    canMute: isRoom && Boolean(viewer?.isAdmin) && !isOwn,
                  }}
                  failure={failure}
                />
              )
            })}
            {state.pending.map((item) => (
              <PendingItem key={item.clientTxnId} item={item} onRetry={(again) => void send(again.body, again.clientTxnId)} />
            ))}
          </ol>
          {thread.before !== null ? (
            <p className="mt-4 text-center">
              <a href={threadHref(target)} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
                Jump to latest
              </a>
            </p>
          ) : null}
        </div>
        {showJump ? (
          <button
            type="button"
            onClick={jumpToLatest}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-ink px-4 py-1.5 text-sm font-semibold text-white shadow-lg"
          >
            Jump to latest
          </button>
        ) : null}
      </div>
      <p className="min-h-6 px-4 text-sm text-ink-soft italic" aria-live="polite">
        {typing}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {viewer ? (
        viewer.mutedUntil && isRoom ? (
          <p className="border-t border-gray-200 p-4 text-sm font-medium text-red-900">
            An administrator has muted you in the room until {viewer.mutedUntil.slice(0, 16).replace('T', ' ')} UTC. You can read the room
            meanwhile.
          </p>
        ) : (
          <Composer
            audience={thread.kind === 'direct' ? { kind: 'direct', name: thread.conversation.other.name } : { kind: 'room' }}
            maxLength={isRoom ? ROOM_MESSAGE_MAX_LENGTH : DIRECT_MESSAGE_MAX_LENGTH}
            clientTxnId={clientTxnId}
            error={sendFailure ? refusalText(sendFailure) : undefined}
            defaultValue={sendFailure?.values?.body}
            onSend={(body) => void send(body, newTxnId())}
            onTyping={() => sendTyping(target.kind === 'room' ? null : target.conversationId)}
          />
        )
      ) : null}
    </div>
  )
}
