import { badgeText, unreadLabel } from '#app/utils/badge.ts'

/** The Chat room link's badge; absent when nothing is unread. */
export function UnreadBadge({ count }: { count: number }) {
  const text = badgeText(count)
  if (text === null) return null
  return (
    <>
      <span
        aria-hidden="true"
        data-unread-badge=""
        className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white"
      >
        {text}
      </span>
      <span className="sr-only"> ({unreadLabel(count)})</span>
    </>
  )
}
