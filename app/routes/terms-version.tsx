// One version of the Terms of Use at its own address, /terms/<label>: an earlier version (no longer
// in force), the one in force, or one scheduled to take effect. Drafts and unknown labels are 404.
import type { Route } from './+types/terms-version'
import { ErrorPage } from '#app/components/error-page.tsx'
import { TermsDocument } from '#app/components/terms/terms-document.tsx'
import { formatDate } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { findTermsDocument, listTermsVersions } from '#server/content/index.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { db } = services.database
  const now = new Date()
  const [doc, versions] = await Promise.all([findTermsDocument(db, { label: params.label, now }), listTermsVersions(db, now)])
  if (!doc) throw new Response('Not Found', { status: 404 })
  // The version in force is the one /terms shows: that is its address for search engines.
  const path = doc.state === 'in-force' ? '/terms' : `/terms/${encodeURIComponent(doc.label)}`
  return { doc, versions, canonicalUrl: `${services.config.publicUrl}${path}` }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return pageMeta('Terms version not found', 'This version of the Terms of Use does not exist.')
  const { doc } = data
  const when = doc.state === 'scheduled' ? `taking effect on ${formatDate(doc.effectiveAt)}` : `effective ${formatDate(doc.effectiveAt)}`
  return [
    ...pageMeta(`Terms of Use, version ${doc.label}`, `Version ${doc.label} of the Terms of Use of Cooper Home, ${when}.`),
    { tagName: 'link', rel: 'canonical', href: data.canonicalUrl },
    // Only the version in force is the page to find in search engines.
    ...(doc.state === 'in-force' ? [] : [{ name: 'robots', content: 'noindex' }]),
  ]
}

export default function TermsVersion({ loaderData }: Route.ComponentProps) {
  return <TermsDocument doc={loaderData.doc} versions={loaderData.versions} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} related={{ to: '/terms', label: 'Read the Terms of Use in force' }} />
}
