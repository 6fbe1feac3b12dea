// /chat: the Community room beside the signed-in user's conversations (on a phone, the conversations
// first while any has unread messages). Visitors read the room.
import { useSearchParams } from 'react-router'
import type { Route } from './+types/chat'
import { appContext } from '#server/http/app-context.server.ts'
import { ChatView } from '#app/components/chat/chat-view.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { chatAction, loadChatPage } from './chat.server.ts'

export function meta() {
  return pageMeta('Chat room', 'The Cooper Home community chat room, where renters and landlords ask questions and share advice.')
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadChatPage(context.get(appContext).services, request, { conversationId: null })
}

export async function action({ request, context }: Route.ActionArgs) {
  return chatAction(context.get(appContext).services, request, { conversationId: null })
}

export default function Chat({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  // On a phone one pane shows: the conversations when asked for, or when private messages wait
  // unread (unless the room was asked for); else the room.
  const view = searchParams.get('view')
  const hasUnread = loaderData.conversations.some((conversation) => conversation.unread > 0)
  const showList = Boolean(loaderData.viewer) && (view === 'list' || (view !== 'room' && hasUnread))
  return <ChatView data={loaderData} failure={actionData} showList={showList} />
}
