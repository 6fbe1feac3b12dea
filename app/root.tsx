import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { appContext } from '#app/context.ts'
import { socialLinks } from '#app/site-config.ts'
import { countUnreadMessages } from '#server/accounts/profile.server.ts'
import { getCurrentSession } from '#server/accounts/session.server.ts'
import { readToast } from '#server/http/flash.server.ts'
import './app.css'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, nonce } = context.get(appContext)
  const current = await getCurrentSession(services, request)
  const unread = current ? await countUnreadMessages(services.database.db, current.user.email) : 0
  const { toast, headers } = await readToast(request)
  const { config } = services
  return data(
    {
      user: current?.user ?? null,
      unread,
      toast,
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

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white antialiased">
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main>
      <h1>{isNotFound ? 'Page not found' : 'Something went wrong'}</h1>
    </main>
  )
}
