// The alerts count beside the avatar: a bell linking to /notifications, named with its count
// ("Notifications, 3 unread"). Its first figure comes from the root loader, then live from the socket's
// `alerts` event. Separate from the chat's unread badge, which stays as it is.
import { useEffect, useState } from 'react'
import { NavLink } from 'react-router'
import { useRealtimeEvent } from '#app/realtime/provider.tsx'
import { badgeText } from '#app/utils/badge.ts'

/** The unread alerts: the server's figure, then each `alerts` event (a fresher server figure wins again). */
function useAlertsCount(serverCount: number): number {
  const [count, setCount] = useState(serverCount)
  useEffect(() => setCount(serverCount), [serverCount])
  useRealtimeEvent((event) => {
    if (event.type === 'alerts') setCount(event.unread)
  })
  return count
}

/** "Notifications, 3 unread", or "Notifications" when nothing is unread. */
export function alertsLabel(count: number): string {
  const text = badgeText(count)
  return text === null ? 'Notifications' : `Notifications, ${text} unread`
}

export function AlertsLink({ count: serverCount, className, onNavigate }: { count: number; className: string; onNavigate: () => void }) {
  const count = useAlertsCount(serverCount)
  const text = badgeText(count)
  return (
    <NavLink
      to="/notifications"
      aria-label={alertsLabel(count)}
      title={alertsLabel(count)}
      onClick={onNavigate}
      data-alerts-link=""
      className={`relative inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
        <path d="M10 2.5a5 5 0 0 0-5 5v2.9l-1.3 2.6a.75.75 0 0 0 .67 1.08h11.26a.75.75 0 0 0 .67-1.08L15 10.4V7.5a5 5 0 0 0-5-5Zm-2 13h4a2 2 0 0 1-4 0Z" />
      </svg>
      <span aria-hidden="true" className="lg:sr-only">
        Notifications
      </span>
      {text === null ? null : (
        <span
          aria-hidden="true"
          data-alerts-count=""
          className="inline-flex min-w-5 items-center justify-center rounded-full border border-brand-800 bg-white px-1.5 text-xs leading-5 font-bold text-brand-800 tabular-nums"
        >
          {text}
        </span>
      )}
    </NavLink>
  )
}
