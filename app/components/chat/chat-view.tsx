// The /chat pages: the sidebar (the Community room and the user's conversations, unread first) beside
// the open thread. Below the md breakpoint one pane shows at a time: the list (/chat?view=list) or the
// thread, which then carries a link back to the list.
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'
import { refusalText } from '#common/forms.ts'
import { Avatar } from '#app/components/avatar.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatCents } from '#app/utils/format.ts'
import {
  type ChatFailure,
  type ChatPageData,
  type ConversationSummary,
  type DirectThread,
  type ListingCard,
} from '#common/messages/types.ts'
import { useLiveConversations } from './live.ts'
import { Thread } from './thread.tsx'

function unreadLabel(count: number) {
  return count === 1 ? '1 unread message' : `${count > 99 ? 'More than 99' : count} unread messages`
}

function ConversationLink({ item, isCurrent, selfId }: { item: ConversationSummary; isCurrent: boolean; selfId: string }) {
  const last = item.lastMessage
  const preview = !last ? 'No messages yet' : last.deleted ? 'Message deleted' : `${last.senderId === selfId ? 'You: ' : ''}${last.body}`
  return (
    <Link
      to={`/chat/${item.id}`}
      aria-current={isCurrent ? 'page' : undefined}
      className={`flex items-start gap-3 rounded-lg px-3 py-2.5 hover:bg-brand-50 aria-[current=page]:bg-brand-100 ${item.unread > 0 ? 'font-semibold' : ''}`}
    >
      <span aria-hidden="true" className="shrink-0">
        <Avatar src={item.other.image ?? ''} name={item.other.name} label="" size="size-10" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-ink">{item.other.name}</span>
          {item.unread > 0 ? (
            <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
              <span aria-hidden="true">{item.unread > 99 ? '99+' : item.unread}</span>
              <span className="sr-only">{unreadLabel(item.unread)}</span>
            </span>
          ) : null}
        </span>
        {item.listing ? <span className="block truncate text-xs text-brand-800">{item.listing.title}</span> : null}
        <span className="block truncate text-sm font-normal text-ink-soft">{preview}</span>
      </span>
    </Link>
  )
}

function ReportsLink({ count }: { count: number }) {
  return (
    <Link
      to="/chat/reports"
      className="flex items-center justify-between gap-3 rounded-lg px-3 py-2.5 font-semibold text-ink hover:bg-brand-50"
    >
      <span className="flex items-center gap-3">
        <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-red-50 text-lg text-red-800">
          !
        </span>
        Reported messages
      </span>
      {count > 0 ? (
        <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="sr-only">{count === 1 ? '1 open report' : `${count > 99 ? 'More than 99' : count} open reports`}</span>
        </span>
      ) : null}
    </Link>
  )
}

function Sidebar({ data, currentId, isRoomOpen }: { data: ChatPageData; currentId: number | null; isRoomOpen: boolean }) {
  const viewer = data.viewer
  const live = useLiveConversations(data.conversations, Boolean(viewer))
  // Unread first, each group in its own order (the latest message first).
  const conversations = [...live].sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0))
  return (
    <nav aria-label="Chats" className="rounded-2xl border border-gray-200 bg-white p-2 shadow-sm">
      <ul className="space-y-1">
        <li>
          <Link
            to={viewer ? '/chat?view=room' : '/chat'}
            aria-current={isRoomOpen ? 'page' : undefined}
            className="flex items-center gap-3 rounded-lg px-3 py-2.5 font-semibold text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-100"
          >
            <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-sun-100 text-lg">
              #
            </span>
            Community room
          </Link>
        </li>
        {data.reportsToReview !== null ? (
          <li>
            <ReportsLink count={data.reportsToReview} />
          </li>
        ) : null}
      </ul>
      {viewer ? (
        <>
          <h2 className="mt-3 px-3 text-xs font-semibold tracking-wide text-ink-soft uppercase">Conversations</h2>
          {conversations.length === 0 ? (
            <p className="px-3 py-2 text-sm text-ink-soft">No conversations yet. Use “Message the landlord” on a listing to start one.</p>
          ) : (
            <ul className="mt-1 space-y-1">
              {conversations.map((item) => (
                <li key={item.id}>
                  <ConversationLink item={item} isCurrent={item.id === currentId} selfId={viewer.id} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </nav>
  )
}

function ListingBanner({ listing }: { listing: ListingCard }) {
  if (!listing.available) {
    return <p className="mx-4 mt-3 rounded-lg bg-gray-100 px-3 py-2 text-sm text-ink">This listing is no longer available.</p>
  }
  return (
    <p className="mx-4 mt-3 flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm">
      <span>
        About{' '}
        <Link to={listing.path} className="font-semibold text-brand-800 underline underline-offset-2">
          {listing.title}
        </Link>
      </span>
      <span className="text-ink">{formatCents(listing.allInMonthlyCents)} a month all-in</span>
    </p>
  )
}

function DirectHeader({ thread }: { thread: DirectThread }) {
  const other = thread.conversation.other
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden="true" className="shrink-0">
            <Avatar src={other.image ?? ''} name={other.name} label="" size="size-10" />
          </span>
          <h2 id="thread-title" className="truncate text-lg font-bold text-ink">
            {other.name}
          </h2>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value={thread.isBlocked ? 'unblock' : 'block'} />
          <Button variant={thread.isBlocked ? 'secondary' : 'quiet'}>
            {thread.isBlocked ? `Unblock ${other.name}` : `Block ${other.name}`}
          </Button>
        </Form>
      </div>
      {thread.isBlocked ? (
        <p className="mx-4 mt-3 text-sm text-ink-soft">You blocked {other.name}: they cannot send you messages until you unblock them.</p>
      ) : null}
      {thread.listing ? <ListingBanner listing={thread.listing} /> : null}
    </>
  )
}

function VisitorInvitation() {
  return (
    <p className="border-t border-gray-200 p-4 text-ink">
      You are reading the room as a visitor.{' '}
      <Link to="/login?redirectTo=/chat" className="font-semibold text-brand-800 underline underline-offset-2">
        Log in
      </Link>{' '}
      or{' '}
      <Link to="/register?redirectTo=/chat" className="font-semibold text-brand-800 underline underline-offset-2">
        sign up
      </Link>{' '}
      to join the conversation.
    </p>
  )
}

/** Whether the window is as wide as the md breakpoint (both panes shown); false until the browser says. */
function useIsWide() {
  const [isWide, setIsWide] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(min-width: 48rem)')
    const update = () => setIsWide(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return isWide
}

export function ChatView({ data, failure, showList }: { data: ChatPageData; failure?: ChatFailure; showList: boolean }) {
  const { thread, viewer } = data
  const isWide = useIsWide()
  const currentId = thread.kind === 'direct' ? thread.conversation.id : null
  const threadKey = `${currentId ?? 'room'}:${thread.before ?? 'latest'}`
  const otherFailure = failure && failure.intent !== 'send' && failure.messageId === undefined ? failure : undefined
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Chat room</h1>
      {otherFailure ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusalText(otherFailure)}
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={showList ? '' : 'hidden md:block'}>
          {/* On a phone, the list alone is not the room: it is not marked as the page shown. */}
          <Sidebar data={data} currentId={currentId} isRoomOpen={currentId === null && (!showList || isWide)} />
        </div>
        {/* As tall as the window leaves below the page's title, so the message box is always in view
            and the messages scroll above it. */}
        <section
          aria-labelledby="thread-title"
          className={`flex h-[calc(100dvh-10rem)] min-h-[26rem] min-w-0 flex-col rounded-2xl border border-gray-200 bg-white shadow-sm md:h-[calc(100dvh-14rem)] ${showList ? 'hidden md:flex' : ''}`}
        >
          {viewer ? (
            <p className="px-4 pt-3 md:hidden">
              <Link to="/chat?view=list" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
                <span aria-hidden="true">← </span>Back to all chats
              </Link>
            </p>
          ) : null}
          {thread.kind === 'direct' ? (
            <DirectHeader thread={thread} />
          ) : (
            <div className="border-b border-gray-200 px-4 py-3">
              <h2 id="thread-title" className="text-lg font-bold text-ink">
                Community room
              </h2>
              <p className="text-sm text-ink-soft">Renters and landlords on Cooper Home ask questions and share advice here.</p>
            </div>
          )}
          <Thread key={threadKey} viewer={viewer} thread={thread} clientTxnId={data.clientTxnId} failure={failure} />
          {viewer ? null : <VisitorInvitation />}
        </section>
      </div>
    </div>
  )
}
