// /robots.txt: private pages and forms stay out of search engines; the sitemap index is named in full.
import type { Route } from './+types/robots'
import { appContext } from '#server/http/app-context.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'

export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const origin = publicOrigin(services.config, request)
  const lines = [
    'User-agent: *',
    'Disallow: /userprofile',
    'Disallow: /chat',
    'Disallow: /searches',
    'Disallow: /notifications',
    'Disallow: /api/',
    'Disallow: /properties/new',
    'Disallow: /properties/*/edit',
    'Disallow: /properties/*/save',
    'Disallow: /properties/*/manage',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
