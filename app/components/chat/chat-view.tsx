// The /chat pages: the list (the user's private conversations, unread first, and the public Community
// room) beside the open pane: a conversation, the room, or on /chat for someone with conversations the
// inbox's overview. Below the md breakpoint one pane shows at a time: the list (the inbox, or
// /chat?view=list) or the thread, which then carries a link back to the list.
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'
import { refusalText } from '#common/forms.ts'
import { Avatar } from '#app/components/avatar.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatCents } from '#app/utils/format.ts'
import { inboxOrder } from '#common/messages/inbox.ts'
import { type ChatFailure, type ChatPageData, type DirectThread, type ListingCard } from '#common/messages/types.ts'
import { ChatList } from './chat-list.tsx'
import { InboxOverview } from './inbox-overview.tsx'
import { useLiveConversations } from './live.ts'
import { Thread } from './thread.tsx'

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
      {thread.conversation.maintenance ? (
        <p className="mx-4 mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm">
          About the repair{' '}
          <Link
            to={`/maintenance/${thread.conversation.maintenance.id}`}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {thread.conversation.maintenance.title}
          </Link>
        </p>
      ) : null}
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

function RoomHeader() {
  return (
    <div className="border-b border-gray-200 px-4 py-3">
      <h2 id="thread-title" className="flex flex-wrap items-center gap-2 text-lg font-bold text-ink">
        Community room
        <span className="rounded-full bg-sun-300 px-2 py-0.5 text-xs font-semibold tracking-wide text-ink uppercase">Public</span>
      </h2>
      <p className="text-sm text-ink-soft">
        Renters and landlords on Cooper Home ask questions and share advice here, for everyone to read.
      </p>
    </div>
  )
}

export function ChatView({ data, failure, showList }: { data: ChatPageData; failure?: ChatFailure; showList: boolean }) {
  const { thread, viewer } = data
  const isWide = useIsWide()
  // Live news reorders the list: a conversation with a new unread message moves up.
  const conversations = inboxOrder(useLiveConversations(data.conversations, Boolean(viewer)))
  const currentId = thread.kind === 'direct' ? thread.conversation.id : null
  const threadKey = thread.kind === 'inbox' ? 'inbox' : `${currentId ?? 'room'}:${thread.before ?? 'latest'}`
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
          <ChatList
            viewer={viewer}
            conversations={conversations}
            reportsToReview={data.reportsToReview}
            currentId={currentId}
            isRoomOpen={thread.kind === 'room' && (!showList || isWide)}
          />
        </div>
        {/* As tall as the window leaves below the page's title, so the message box is always in view
            and the messages scroll above it. */}
        <section
          aria-labelledby="thread-title"
          className={`flex h-[calc(100dvh-10rem)] min-h-[26rem] min-w-0 flex-col rounded-2xl border border-gray-200 bg-white shadow-sm md:h-[calc(100dvh-14rem)] ${showList ? 'hidden md:flex' : ''}`}
        >
          {viewer && thread.kind !== 'inbox' ? (
            <p className="px-4 pt-3 md:hidden">
              <Link to="/chat?view=list" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
                <span aria-hidden="true">← </span>Back to all chats
              </Link>
            </p>
          ) : null}
          {thread.kind === 'inbox' ? (
            viewer ? (
              <InboxOverview viewer={viewer} conversations={conversations} />
            ) : null
          ) : (
            <>
              {thread.kind === 'direct' ? <DirectHeader thread={thread} /> : <RoomHeader />}
              <Thread key={threadKey} viewer={viewer} thread={thread} clientTxnId={data.clientTxnId} failure={failure} />
            </>
          )}
          {viewer ? null : <VisitorInvitation />}
        </section>
      </div>
    </div>
  )
}
