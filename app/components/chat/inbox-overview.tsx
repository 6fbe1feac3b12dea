// The pane beside the list when /chat opens on the inbox (a wide screen): how many messages wait,
// the conversation to open next, and the way to the public room, with no message box, so that
// nothing typed here can land anywhere by surprise.
import { Link } from 'react-router'
import { Avatar } from '#app/components/avatar.tsx'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { ROOM_PATH } from '#common/messages/inbox.ts'
import type { ChatViewer, ConversationSummary } from '#common/messages/types.ts'
import { UnreadCount, previewOf } from './chat-list.tsx'

function unreadSummary(conversations: readonly ConversationSummary[]) {
  const waiting = conversations.filter((item) => item.unread > 0)
  const messages = waiting.reduce((sum, item) => sum + item.unread, 0)
  if (messages === 0) return 'You have read every message.'
  const what = messages === 1 ? '1 unread message' : `${messages.toLocaleString('en-US')} unread messages`
  return waiting.length === 1 ? `You have ${what}.` : `You have ${what} in ${waiting.length} conversations.`
}

export function InboxOverview({ viewer, conversations }: { viewer: ChatViewer; conversations: ConversationSummary[] }) {
  // The list's first: an unread conversation when there is one, else the latest.
  const next = conversations[0]
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <div className="border-b border-gray-200 px-4 py-3">
        <h2 id="thread-title" className="text-lg font-bold text-ink">
          Private messages
        </h2>
        <p className="text-sm text-ink-soft">Your conversations with landlords and renters. Only the two of you read each one.</p>
      </div>
      <div className="flex flex-col gap-6 px-4 py-6 sm:px-8">
        <p className="text-lg font-semibold text-ink">{unreadSummary(conversations)}</p>
        {next ? (
          <Link
            to={`/chat/${next.id}`}
            className="flex items-center gap-4 rounded-xl border border-gray-200 p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50"
          >
            <span aria-hidden="true" className="shrink-0">
              <Avatar src={next.other.image ?? ''} name={next.other.name} label="" size="size-12" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="truncate font-semibold text-ink">
                  {next.unread > 0 ? 'Reply to' : 'Open the conversation with'} {next.other.name}
                </span>
                {next.unread > 0 ? <UnreadCount count={next.unread} /> : null}
              </span>
              {next.listing ? <span className="block truncate text-sm text-brand-800">About {next.listing.title}</span> : null}
              <span className="block truncate text-sm text-ink-soft">{previewOf(next, viewer.id)}</span>
            </span>
            <ArrowRightIcon className="size-5 shrink-0 text-brand-700" />
          </Link>
        ) : null}
        <p className="rounded-lg border border-sun-300 bg-sun-100 px-4 py-3 text-sm text-ink">
          The{' '}
          <Link to={ROOM_PATH} className="font-semibold text-brand-800 underline underline-offset-2">
            Community room
          </Link>{' '}
          is public: everyone, signed in or not, can read what is posted there. Answer a renter or a landlord in your private messages.
        </p>
      </div>
    </div>
  )
}
