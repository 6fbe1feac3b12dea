import { Links, Outlet, Scripts, ScrollRestoration, data, useRouteLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/root'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteFrame, anonymousFrame, type FrameData } from '#app/components/frame/site-frame.tsx'
import { UnreadMeta } from '#app/components/frame/unread-meta.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { RealtimeProvider } from '#app/realtime/provider.tsx'
import { socialLinks } from '#common/site-config.ts'
import { ToastProvider } from '#app/utils/toast.tsx'
import { countUnreadMessages, getCurrentSession } from '#server/accounts/index.server.ts'
import { countSavedListings } from '#server/listings/index.server.ts'
import { readToast } from '#server/http/flash.server.ts'
import { findTermsToAccept } from '#server/content/index.server.ts'
import { countUnreadAlerts } from '#server/alerts/index.server.ts'
// The toast styles first, so the brand's overrides in app.css win.
import 'react-toastify/ReactToastify.css'
import './app.css'

// Zod compiles object schemas with `new Function` where it can. The page's Content-Security-Policy
// forbids eval, so in the browser Zod parses without compiling, rather than trying and being refused
// (a violation the browser reports on every page that parses a form).
if (typeof document !== 'undefined') z.config({ jitless: true })

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, nonce } = context.get(appContext)
  const current = await getCurrentSession(services, request)
  const unread = current ? await countUnreadMessages(services.database.db, current.user.email) : 0
  // Only someone who ever saved a home has a list to count (the profile's setList).
  const saved = current?.user.setList
    ? await countSavedListings(services.database.db, { user: { id: current.userId, email: current.user.email } })
    : 0
  const termsToAccept = current ? await findTermsToAccept(services.database.db, current.userId) : null
  const alerts = current ? await countUnreadAlerts(services.database.db, current.userId) : 0
  const { toast, headers } = await readToast(request)
  const { config } = services
  return data(
    {
      user: current?.user ?? null,
      unread,
      saved,
      alerts,
      termsToAccept,
      // Each flash gets its own id so the page shows it exactly once.
      toast: toast ? { ...toast, id: crypto.randomUUID() } : null,
      nonce,
      social: socialLinks({ facebook: config.SOCIAL_FACEBOOK_URL, instagram: config.SOCIAL_INSTAGRAM_URL }),
      oidc: config.oidc ? { name: config.oidc.name } : null,
    },
    { headers },
  )
}

export type RootData = Awaited<ReturnType<typeof loader>>['data']

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

function frameData(root: RootData | undefined): FrameData {
  if (!root) return anonymousFrame
  return {
    user: root.user,
    unread: root.unread,
    saved: root.saved,
    alerts: root.alerts,
    social: root.social,
    toast: root.toast,
    termsToAccept: root.termsToAccept,
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Undefined when the root loader itself failed; the frame then shows the visitor's view.
  const root = useRootData()
  return (
    <RealtimeProvider userKey={root?.user?.email ?? null} unread={root?.unread ?? 0}>
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#12463a" />
          <UnreadMeta />
          <Links nonce={root?.nonce} />
        </head>
        <body className="min-h-screen bg-paper text-ink antialiased">
          <ToastProvider>
            <SiteFrame data={frameData(root)}>{children}</SiteFrame>
          </ToastProvider>
          <ScrollRestoration nonce={root?.nonce} />
          <Scripts nonce={root?.nonce} />
        </body>
      </html>
    </RealtimeProvider>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />
}
