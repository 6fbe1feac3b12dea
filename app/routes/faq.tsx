import { PageHeader } from '#app/components/page-header.tsx'
import { siteConfig } from '#common/site-config.ts'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return pageMeta('FAQ', 'Answers to common questions about accounts, listings, messages and costs on Cooper Home.')
}

export default function Faq() {
  return (
    <PageHeader kicker="Help" title="Frequently Asked Questions">
      <p>
        Answers to common questions about accounts, listings, messages and costs on Cooper Home. Cannot find yours? Write to{' '}
        <a href={`mailto:${siteConfig.email}`} className="font-medium text-brand-700 underline underline-offset-2">
          {siteConfig.email}
        </a>
        .
      </p>
    </PageHeader>
  )
}
