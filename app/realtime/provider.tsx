// One live socket per tab, shared by everything on the page through hooks. It connects only in the
// browser, and again when the signed-in user changes (the socket knows its user from the cookie).
import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { useNavigation, useRevalidator } from 'react-router'
import { createRealtimeClient, socketUrl, type RealtimeClient, type RealtimeStatus } from './client.ts'
import { TYPING_INTERVAL_MS, type RealtimeEvent } from '#common/realtime-events.ts'

type Realtime = { client: RealtimeClient | null; status: RealtimeStatus; unread: number }

const RealtimeContext = createContext<Realtime | null>(null)

let activeClient: RealtimeClient | null = null
let lastTyping = { key: '', at: 0 }

/** Tells the other participant (or the room, with null) that this user is typing; at most every 3 s. */
export function sendTyping(conversationId: number | null) {
  const key = String(conversationId)
  const now = Date.now()
  if (lastTyping.key === key && now - lastTyping.at < TYPING_INTERVAL_MS) return
  lastTyping = { key, at: now }
  activeClient?.send({ type: 'typing', conversationId })
}

export function RealtimeProvider({
  userKey,
  unread: serverUnread,
  children,
}: {
  /** Who is signed in (null for a visitor): a new user gets a new socket. */
  userKey: string | null
  /** The unread count the server rendered; the socket keeps it live from there. */
  unread: number
  children: React.ReactNode
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null)
  const [status, setStatus] = useState<RealtimeStatus>('connecting')
  const [unread, setUnread] = useState(serverUnread)

  // A fresh server figure (after a navigation or a form post) wins over the last event.
  useEffect(() => setUnread(serverUnread), [serverUnread])

  useEffect(() => {
    const next = createRealtimeClient({ url: socketUrl(window.location) })
    activeClient = next
    setClient(next)
    setStatus(next.status())
    const offStatus = next.onStatus(setStatus)
    const offEvents = next.subscribe((event) => {
      if (event.type === 'hello' || event.type === 'unread') setUnread(event.unread)
    })
    return () => {
      offStatus()
      offEvents()
      next.stop()
      if (activeClient === next) activeClient = null
    }
  }, [userKey])

  return <RealtimeContext value={{ client, status, unread: userKey ? unread : 0 }}>{children}</RealtimeContext>
}

/** Calls the listener with every event of the socket (and 'reconnected' after each reconnect). */
export function useRealtimeEvent(listener: (event: RealtimeEvent) => void) {
  const client = useContext(RealtimeContext)?.client ?? null
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => client?.subscribe((event) => latest.current(event)), [client])
}

/**
 * Reloads the page's data when an event it shows arrives. Not while a form is being sent or a page is
 * loading: that navigation loads fresh data itself, and a reload started beside it could take the
 * flash cookie its redirect carries, so the "Tour confirmed." the person just caused would never show.
 */
export function useRevalidateOn(isShown: (event: RealtimeEvent) => boolean) {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  useRealtimeEvent((event) => {
    if (navigation.state === 'idle' && isShown(event)) void revalidator.revalidate()
  })
}

/** The live unread count for the badge; `fallback` outside a provider. */
export function useUnreadCount(fallback = 0): number {
  return useContext(RealtimeContext)?.unread ?? fallback
}
