// /chat/start?listing=…: "Message the landlord" after signing in. A signed-in person arriving from this
// site lands in the conversation about the listing; one arriving from another site's link is asked
// first (the button); a visitor is sent to log in and back here.
import { Link } from 'react-router'
import type { Route } from './+types/chat-start'
import { appContext } from '#server/http/app-context.server.ts'
import { MessageForm } from '#app/components/listings/detail/contact-card.tsx'
import { siteConfig } from '#common/site-config.ts'
import { loadChatStart } from './chat-start.server.ts'

export function meta() {
  return [{ title: `Message the landlord · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadChatStart(context.get(appContext).services, request)
}

export default function ChatStart({ loaderData }: Route.ComponentProps) {
  const { listing } = loaderData
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Message the landlord</h1>
      <p className="mt-3 text-ink">
        Start a private conversation with the landlord of{' '}
        <Link to={listing.path} className="font-semibold text-brand-800 underline underline-offset-2">
          {listing.title}
        </Link>
        ? Only the two of you will read it.
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-4">
        <MessageForm
          listingId={listing.id}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Message the landlord
        </MessageForm>
        <Link to={listing.path} className="font-semibold text-brand-800 underline underline-offset-2">
          Back to the listing
        </Link>
      </div>
    </div>
  )
}
