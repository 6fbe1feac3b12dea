import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return pageMeta('Cooper Index', 'The Cooper Index tracks asking rents for homes listed on Cooper Home, area by area.')
}

export default function Cooper() {
  return (
    <PageHeader kicker="Rents, area by area" title="Cooper Index">
      <p>
        The Cooper Index tracks the asking rents of homes listed on Cooper Home, so renters and landlords can see what similar homes cost in
        each area.
      </p>
    </PageHeader>
  )
}
