// The FAQ: the published questions by topic, as a disclosure list with deep links (/faq#slug) and a
// filter, described to search engines as a schema.org FAQPage.
import type { Route } from './+types/faq'
import { FaqList } from '#app/components/faq/faq-list.tsx'
import { scriptSafeJson } from '#app/components/listings/detail/seo.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { siteConfig } from '#common/site-config.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { findPublishedFaq } from '#server/content/index.server.ts'

const QUERY_MAX_LENGTH = 100

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const groups = await findPublishedFaq(services.database.db)
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, QUERY_MAX_LENGTH)
  return { groups, query, canonicalUrl: `${services.config.publicUrl}/faq` }
}

const DESCRIPTION =
  'Answers to common questions about accounts, searching, listing a home, messages, the Cooper Index and staying safe on Cooper Home.'

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta('Frequently Asked Questions', DESCRIPTION),
    ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl }] : []),
  ]
}

function faqJsonLd(groups: Route.ComponentProps['loaderData']['groups']) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((group) =>
      group.entries.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answerText },
      })),
    ),
  }
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { groups, query } = loaderData
  return (
    <div className="mx-auto max-w-3xl">
      <script
        type="application/ld+json"
        // Escaped by scriptSafeJson, so no answer can close the element.
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(faqJsonLd(groups)) }}
      />
      <PageHeader kicker="Help" title="Frequently Asked Questions">
        <p>
          Answers to common questions about accounts, listings, messages and costs on Cooper Home. Cannot find yours? Write to{' '}
          <a href={`mailto:${siteConfig.email}`} className="font-medium text-brand-700 underline underline-offset-2">
            {siteConfig.email}
          </a>
          .
        </p>
      </PageHeader>
      {groups.length === 0 ? (
        <p className="mt-8 text-ink-soft">No questions are published yet.</p>
      ) : (
        <FaqList groups={groups} initialQuery={query} />
      )}
    </div>
  )
}
