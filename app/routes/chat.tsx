import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return pageMeta('Chat room', 'The Cooper Home community chat room, where renters and landlords ask questions and share advice.')
}

export default function Chat() {
  return (
    <PageHeader kicker="Community" title="Chat room">
      <p>The community chat room is where renters and landlords on Cooper Home ask questions and share advice.</p>
    </PageHeader>
  )
}
