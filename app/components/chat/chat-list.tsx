// The list pane of /chat: the signed-in user's private conversations (unread first, then the latest),
// the Community room as an entry of its own, marked public, and for administrators the reports.
import { Link } from 'react-router'
import { Avatar } from '#app/components/avatar.tsx'
import { ROOM_PATH } from '#common/messages/inbox.ts'
import type { ChatViewer, ConversationSummary } from '#common/messages/types.ts'

export function unreadLabel(count: number) {
  return count === 1 ? '1 unread message' : `${count > 99 ? 'More than 99' : count} unread messages`
}

export function UnreadCount({ count }: { count: number }) {
  return (
    <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  )
}

/** "You: Hello", "Message deleted", "No messages yet". */
export function previewOf(item: ConversationSummary, selfId: string) {
  const last = item.lastMessage
  return !last ? 'No messages yet' : last.deleted ? 'Message deleted' : `${last.senderId === selfId ? 'You: ' : ''}${last.body}`
}

function ConversationLink({ item, isCurrent, selfId }: { item: ConversationSummary; isCurrent: boolean; selfId: string }) {
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
          {item.unread > 0 ? <UnreadCount count={item.unread} /> : null}
        </span>
        {item.listing ? <span className="block truncate text-xs text-brand-800">{item.listing.title}</span> : null}
        {item.maintenance ? <span className="block truncate text-xs text-brand-800">Repair: {item.maintenance.title}</span> : null}
        <span className="block truncate text-sm font-normal text-ink-soft">{previewOf(item, selfId)}</span>
      </span>
    </Link>
  )
}

function RoomLink({ isSignedIn, isCurrent }: { isSignedIn: boolean; isCurrent: boolean }) {
  return (
    <Link
      to={isSignedIn ? ROOM_PATH : '/chat'}
      aria-current={isCurrent ? 'page' : undefined}
      className="flex items-center gap-3 rounded-lg border border-transparent px-3 py-2.5 text-ink hover:bg-sun-100 aria-[current=page]:border-sun-500 aria-[current=page]:bg-sun-100"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-sun-300 text-lg font-bold"
      >
        #
      </span>
      <span className="min-w-0">
        <span className="block font-semibold">Community room</span>
        <span className="block text-sm text-ink-soft">Public · everyone can read it</span>
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

export function ChatList({
  viewer,
  conversations,
  reportsToReview,
  currentId,
  isRoomOpen,
}: {
  viewer: ChatViewer | null
  /** In inbox order (`inboxOrder`). */
  conversations: ConversationSummary[]
  reportsToReview: number | null
  currentId: number | null
  isRoomOpen: boolean
}) {
  return (
    <nav aria-label="Chats" className="rounded-2xl border border-gray-200 bg-white p-2 shadow-sm">
      {viewer ? (
        <>
          <h2 className="px-3 pt-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">Private messages</h2>
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
          <h2 className="mt-3 px-3 text-xs font-semibold tracking-wide text-ink-soft uppercase">Public</h2>
        </>
      ) : null}
      <ul className="mt-1 space-y-1">
        <li>
          <RoomLink isSignedIn={Boolean(viewer)} isCurrent={isRoomOpen} />
        </li>
        {reportsToReview !== null ? (
          <li>
            <ReportsLink count={reportsToReview} />
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
