// /chat/:conversationId: one private conversation, marked read on opening. Only its two
// participants see it; anyone else gets 404, so its existence does not leak.
import type { Route } from './+types/chat-conversation'
import { appContext } from '#server/http/app-context.server.ts'
import { ChatView } from '#app/components/chat/chat-view.tsx'
import { siteConfig } from '#common/site-config.ts'
import { chatAction, loadChatPage } from './chat.server.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.thread.kind === 'direct' ? loaderData.thread.conversation.other.name : 'a conversation'
  return [{ title: `Chat with ${name} · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadChatPage(context.get(appContext).services, request, { conversationId: params.conversationId })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return chatAction(context.get(appContext).services, request, { conversationId: params.conversationId })
}

export default function ChatConversation({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatView data={loaderData} failure={actionData} showList={false} />
}
