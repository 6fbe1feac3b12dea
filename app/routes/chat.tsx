// /chat: for a signed-in user with private conversations, their inbox (unread first); the public
// Community room for visitors, for someone with no conversation yet, and at /chat?view=room.
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
  // On a phone one pane shows: the list when /chat opens on the inbox or the list is asked for; else the room.
  const showList = Boolean(loaderData.viewer) && (loaderData.thread.kind === 'inbox' || searchParams.get('view') === 'list')
  return <ChatView data={loaderData} failure={actionData} showList={showList} />
}
