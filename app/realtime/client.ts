// The browser's end of the live socket: one connection per tab that reconnects with backoff (1 s
// doubling to 30 s, with jitter) and says 'reconnected' after each reconnect, so open threads ask
// over HTTP for what they missed. No server code: the page's first load stays small.
import { socketUrl, type ClientEvent, type RealtimeEvent, type ServerEvent } from '#common/realtime-events.ts'

export type RealtimeStatus = 'connecting' | 'open' | 'closed'

export const BACKOFF_MIN_MS = 1_000
export const BACKOFF_MAX_MS = 30_000

/** The wait before reconnect attempt `attempt` (0 first): doubling from 1 s up to 30 s, then ±25 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MIN_MS * 2 ** attempt, BACKOFF_MAX_MS)
  return Math.round(base * (0.75 + random() * 0.5))
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((this: WebSocket, ev: Event) => unknown) | null
  onmessage: ((this: WebSocket, ev: MessageEvent) => unknown) | null
  onclose: ((this: WebSocket, ev: CloseEvent) => unknown) | null
  onerror: ((this: WebSocket, ev: Event) => unknown) | null
}

export type RealtimeClient = {
  status(): RealtimeStatus
  subscribe(listener: (event: RealtimeEvent) => void): () => void
  onStatus(listener: (status: RealtimeStatus) => void): () => void
  send(event: ClientEvent): void
  stop(): void
}

export function createRealtimeClient({
  url,
  open = (u) => new WebSocket(u) as unknown as SocketLike,
  schedule = (fn, ms) => setTimeout(fn, ms),
  cancel = (id) => clearTimeout(id),
}: {
  url: string
  open?: (url: string) => SocketLike
  schedule?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>
  cancel?: (id: ReturnType<typeof setTimeout>) => void
}): RealtimeClient {
  const listeners = new Set<(event: RealtimeEvent) => void>()
  const statusListeners = new Set<(status: RealtimeStatus) => void>()
  let status: RealtimeStatus = 'connecting'
  let socket: SocketLike | null = null
  let attempt = 0
  let hasBeenOpen = false
  let isStopped = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const emit = (event: RealtimeEvent) => {
    for (const listener of listeners) listener(event)
  }
  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return
    status = next
    for (const listener of statusListeners) listener(next)
  }

  const connect = () => {
    timer = undefined
    setStatus('connecting')
    const current = open(url)
    socket = current
    current.onopen = () => {
      attempt = 0
      setStatus('open')
      if (hasBeenOpen) emit({ type: 'reconnected' })
      hasBeenOpen = true
    }
    current.onmessage = (message) => {
      if (socket !== current) return
      // A frame carries one event, or several as an array when they were sent together.
      let data: ServerEvent | ServerEvent[]
      try {
        data = JSON.parse(String(message.data)) as ServerEvent | ServerEvent[]
      } catch {
        return
      }
      for (const event of Array.isArray(data) ? data : [data]) {
        if (event && typeof event.type === 'string') emit(event)
      }
    }
    current.onclose = () => {
      if (socket !== current) return
      socket = null
      setStatus('closed')
      if (isStopped) return
      timer = schedule(connect, backoffDelay(attempt))
      attempt += 1
    }
    current.onerror = () => {
      // A close event follows; reconnecting happens there.
    }
  }
  connect()

  return {
    status: () => status,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onStatus(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    send(event) {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify(event))
    },
    stop() {
      isStopped = true
      if (timer !== undefined) cancel(timer)
      const current = socket
      socket = null
      setStatus('closed')
      if (!current) return
      // Closing a socket that is still connecting makes the browser log an error; close it once open.
      if (current.readyState === 0) current.onopen = () => current.close()
      else current.close()
    },
  }
}

export { socketUrl }
