// The Terms of Use in force, with the list of earlier versions and the next one, if one is scheduled.
import type { Route } from './+types/terms'
import { PageHeader } from '#app/components/page-header.tsx'
import { TermsDocument } from '#app/components/terms/terms-document.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { findScheduledTerms, findTermsDocument, listTermsVersions } from '#server/content/index.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { db } = services.database
  const now = new Date()
  const [doc, versions, scheduled] = await Promise.all([
    findTermsDocument(db, { now }),
    listTermsVersions(db, now),
    findScheduledTerms(db, now),
  ])
  return { doc: doc ?? null, versions, scheduled: scheduled ?? null, canonicalUrl: `${services.config.publicUrl}/terms` }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(
      'Terms of Use',
      'The Terms of Use of Cooper Home: the rules for renters, landlords and visitors of our rental marketplace, in plain language.',
    ),
    ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl }] : []),
  ]
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { doc, versions, scheduled } = loaderData
  if (!doc) {
    return (
      <PageHeader kicker="Legal" title="Terms of Use">
        <p>No version of the Terms of Use is in force yet. Please check back soon.</p>
      </PageHeader>
    )
  }
  return <TermsDocument doc={doc} versions={versions} scheduled={scheduled} />
}
