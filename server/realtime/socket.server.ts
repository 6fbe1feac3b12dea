// Over 300 lines: connections, fan-out, frame batching and presence share one server's state.
// The live socket at /ws on the same HTTP server as the site. It authenticates with the session
// cookie, refuses other sites' pages, and forwards the bus's news to the people it concerns. It never
// stores anything: sending and reading go over HTTP, the socket only carries news.
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { TYPING_INTERVAL_MS, type ServerEvent } from '#common/realtime-events.ts'
import { countUnreadMessages } from '#server/accounts/index.server.ts'
import { findOtherParticipant } from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'
import type { PublicNews } from './events.server.ts'

export const SOCKET_PATH = '/ws'
const HEARTBEAT_MS = 30_000
/** A client this far behind on reading is dropped; it catches up over HTTP when it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024
const PRESENCE_THROTTLE_MS = 1_000
/** Frames to the sockets leave at most this often (see `flush`). */
const FLUSH_INTERVAL_MS = 40
/** Instances repeat their figure this often; one silent for PRESENCE_EXPIRY_MS no longer counts. */
const PRESENCE_REPEAT_MS = 15_000
const PRESENCE_EXPIRY_MS = 45_000

type Person = { id: string; name: string; email: string }
type Client = { ws: WebSocket; person: Person | null; isAlive: boolean; outbox: string[] }

export type RealtimeSocket = {
  /** People connected to this instance. */
  localOnline(): number
  close(): Promise<void>
}

/** Whether a page of this site opened the socket: its Origin is the public URL's or the Host's. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string) {
  if (origin === undefined) return true // not a browser: it carries no victim's cookie
  if (origin === new URL(publicUrl).origin) return true
  try {
    return host !== undefined && new URL(origin).host === host
  } catch {
    return false
  }
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`,
  )
}

function headersOf(request: http.IncomingMessage) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
  }
  return headers
}

/**
 * Serves /ws on the server. Upgrades to other paths are refused unless `sharesUpgrades` (development,
 * where Vite's hot reload socket takes its own).
 */
export function attachRealtimeSocket(
  server: http.Server,
  services: Services,
  { sharesUpgrades = false }: { sharesUpgrades?: boolean } = {},
): RealtimeSocket {
  const { config, logger, realtime } = services
  const { db } = services.database
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false })
  const clients = new Set<Client>()
  const byUser = new Map<string, Set<Client>>()
  const lastTypingAt = new Map<string, number>()
  const presence = new Map<string, { online: number; at: number }>()
  let totalOnline = 0

  // Events for a socket wait in its outbox and go out together as one frame: one event alone,
  // several as a JSON array. Every frame costs a system call per socket, and a message to the room
  // is a frame to every socket, so frames leave at most every FLUSH_INTERVAL_MS: news after a quiet
  // spell goes at once (on the next turn of the event loop), news in a busy spell waits for the
  // next flush and shares its frame. A thousand sockets at fifty room messages a second then cost
  // 25,000 writes a second instead of 50,000, for at most 40 ms of delay.
  const waiting = new Set<Client>()
  let flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined
  let lastFlushAt = 0
  const flush = () => {
    flushTimer = undefined
    lastFlushAt = performance.now()
    const encoded = new Map<string, Buffer>()
    for (const client of waiting) {
      const texts = client.outbox
      client.outbox = []
      if (client.ws.readyState !== client.ws.OPEN) continue
      if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.ws.terminate()
        continue
      }
      const text = texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`
      let frame = encoded.get(text)
      if (!frame) encoded.set(text, (frame = Buffer.from(text)))
      client.ws.send(frame, { binary: false })
    }
    waiting.clear()
  }
  const scheduleFlush = () => {
    if (flushTimer) return
    const wait = lastFlushAt + FLUSH_INTERVAL_MS - performance.now()
    flushTimer = wait > 0 ? setTimeout(flush, wait) : setImmediate(flush)
  }
  const send = (client: Client, text: string) => {
    if (client.ws.readyState !== client.ws.OPEN) return
    client.outbox.push(text)
    waiting.add(client)
    scheduleFlush()
  }
  const sendToUser = (userId: string, event: ServerEvent) => {
    const sockets = byUser.get(userId)
    if (!sockets) return
    const text = JSON.stringify(event)
    for (const client of sockets) send(client, text)
  }
  const sendToAll = (event: ServerEvent, exceptUserId?: string) => {
    const text = JSON.stringify(event)
    for (const client of clients) if (!exceptUserId || client.person?.id !== exceptUserId) send(client, text)
  }

  // Presence: people (a signed-in user once, however many tabs; each visitor's socket) on this
  // instance, summed with the latest figure every other instance announced.
  const localOnline = () => byUser.size + [...clients].filter((c) => !c.person).length
  const sumOnline = () => {
    const now = Date.now()
    let sum = 0
    for (const [id, figure] of presence) {
      if (id !== realtime.instanceId && now - figure.at > PRESENCE_EXPIRY_MS) presence.delete(id)
      else sum += figure.online
    }
    return sum
  }
  let presenceTimer: NodeJS.Timeout | undefined
  const announcePresence = () => {
    presence.set(realtime.instanceId, { online: localOnline(), at: Date.now() })
    if (presenceTimer) return
    presenceTimer = setTimeout(() => {
      presenceTimer = undefined
      void realtime.publish({ kind: 'presence', instanceId: realtime.instanceId, online: localOnline() })
    }, PRESENCE_THROTTLE_MS)
  }
  const presenceRepeat = setInterval(() => {
    void realtime.publish({ kind: 'presence', instanceId: realtime.instanceId, online: localOnline() })
  }, PRESENCE_REPEAT_MS)

  const onNews = (news: PublicNews) => {
    switch (news.kind) {
      case 'dm':
        for (const userId of new Set(news.userIds)) sendToUser(userId, { type: 'dm', message: news.message })
        return
      case 'room':
        sendToAll({ type: 'room', message: news.message })
        return
      case 'dm-deleted':
        for (const userId of new Set(news.userIds)) {
          sendToUser(userId, { type: 'dm-deleted', conversationId: news.conversationId, seq: news.seq })
        }
        return
      case 'room-deleted':
        sendToAll({ type: 'room-deleted', seq: news.seq })
        return
      case 'read':
        sendToUser(news.userId, { type: 'read', conversationId: news.conversationId, throughSeq: news.throughSeq, readAt: news.readAt })
        return
      case 'unread':
        sendToUser(news.userId, { type: 'unread', unread: news.unread })
        return
      case 'typing': {
        const event: ServerEvent = { type: 'typing', conversationId: news.conversationId, user: news.user }
        if (news.toUserId) sendToUser(news.toUserId, event)
        else sendToAll(event, news.user.id)
        return
      }
      case 'listings-changed':
        return
      case 'presence': {
        presence.set(news.instanceId, { online: news.online, at: Date.now() })
        const sum = sumOnline()
        if (sum !== totalOnline) {
          totalOnline = sum
          sendToAll({ type: 'presence', online: sum })
        }
        return
      }
    }
  }
  const unsubscribe = realtime.subscribe(onNews)

  const onTyping = async (person: Person, conversationId: number | null) => {
    const now = Date.now()
    if (now - (lastTypingAt.get(person.id) ?? 0) < TYPING_INTERVAL_MS) return
    lastTypingAt.set(person.id, now)
    const user = { id: person.id, name: person.name }
    if (conversationId === null) {
      await realtime.publish({ kind: 'typing', conversationId: null, user, toUserId: null })
      return
    }
    const other = await findOtherParticipant(db, { userId: person.id, conversationId })
    if (other) await realtime.publish({ kind: 'typing', conversationId, user, toUserId: other })
  }

  const onClientMessage = (client: Client, data: WebSocket.RawData) => {
    if (!client.person) return
    let event: unknown
    try {
      event = JSON.parse(String(data))
    } catch {
      return
    }
    if (typeof event !== 'object' || event === null || (event as { type?: unknown }).type !== 'typing') return
    const { conversationId } = event as { conversationId?: unknown }
    if (conversationId !== null && !(typeof conversationId === 'number' && Number.isSafeInteger(conversationId) && conversationId > 0))
      return
    onTyping(client.person, conversationId).catch((error: unknown) => logger.warn({ err: error }, 'typing news failed'))
  }

  const connect = async (ws: WebSocket, person: Person | null) => {
    const client: Client = { ws, person, isAlive: true, outbox: [] }
    clients.add(client)
    if (person) {
      let sockets = byUser.get(person.id)
      if (!sockets) byUser.set(person.id, (sockets = new Set()))
      sockets.add(client)
    }
    ws.on('pong', () => (client.isAlive = true))
    ws.on('message', (data) => onClientMessage(client, data))
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      clients.delete(client)
      if (person) {
        const sockets = byUser.get(person.id)
        sockets?.delete(client)
        if (sockets?.size === 0) {
          byUser.delete(person.id)
          lastTypingAt.delete(person.id)
        }
      }
      announcePresence()
    })
    announcePresence()
    totalOnline = sumOnline()
    const unread = person ? await countUnreadMessages(db, person.email) : 0
    send(client, JSON.stringify({ type: 'hello', userId: person?.id ?? null, unread, online: totalOnline } satisfies ServerEvent))
  }

  const onUpgrade = async (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    if (pathname !== SOCKET_PATH) {
      if (!sharesUpgrades) refuse(socket, 404, 'Not Found')
      return
    }
    socket.on('error', () => socket.destroy())
    if (!isAllowedOrigin(request.headers.origin, request.headers.host, config.publicUrl)) {
      refuse(socket, 403, 'Forbidden')
      return
    }
    let person: Person | null = null
    try {
      const session = await services.auth.api.getSession({ headers: headersOf(request) })
      if (session) person = { id: session.user.id, name: session.user.name, email: session.user.email }
    } catch (error) {
      logger.warn({ err: error }, 'the socket session could not be read')
      refuse(socket, 503, 'Service Unavailable')
      return
    }
    if (socket.destroyed) return
    wss.handleUpgrade(request, socket, head, (ws) => {
      connect(ws, person).catch((error: unknown) => {
        logger.warn({ err: error }, 'a socket could not be greeted')
        ws.close(1011)
      })
    })
  }
  const upgradeListener = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(request, socket, head)
  server.on('upgrade', upgradeListener)

  // A socket that did not answer the last ping is gone (a sleeping laptop, a dropped network).
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.isAlive) {
        client.ws.terminate()
        continue
      }
      client.isAlive = false
      client.ws.ping()
    }
  }, HEARTBEAT_MS)

  return {
    localOnline,
    async close() {
      server.off('upgrade', upgradeListener)
      clearInterval(heartbeat)
      clearInterval(presenceRepeat)
      clearTimeout(presenceTimer)
      // What is waiting still goes out, before the goodbye.
      if (flushTimer) {
        clearTimeout(flushTimer as NodeJS.Timeout)
        clearImmediate(flushTimer as NodeJS.Immediate)
        flush()
      }
      unsubscribe()
      // 1012: service restart. Clients reconnect (to this or another instance) and catch up.
      for (const client of clients) client.ws.close(1012, 'Server restarting')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      for (const client of clients) client.ws.terminate()
    },
  }
}
