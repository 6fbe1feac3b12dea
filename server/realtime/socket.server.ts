// The live socket at /ws on the same HTTP server as the site. It authenticates with the session
// cookie, refuses other sites' pages, and forwards the bus's news to the people it concerns. It never
// stores anything: sending and reading go over HTTP, the socket only carries news. Its frames leave
// through outbox.server.ts.
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { TYPING_INTERVAL_MS, type ServerEvent } from '#common/realtime-events.ts'
import { countUnreadMessages } from '#server/accounts/index.server.ts'
import { findOtherParticipant } from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'
import type { PublicNews } from './events.server.ts'
import { headersOf, isAllowedOrigin, requestOriginOf } from './origin.server.ts'
import { createOutbox, type Recipient } from './outbox.server.ts'

export const SOCKET_PATH = '/ws'
/** Every socket is pinged once in this long; the pings go out a slice at a time, one slice a second. */
const HEARTBEAT_MS = 30_000
const HEARTBEAT_TICK_MS = 1_000
const PRESENCE_THROTTLE_MS = 1_000
/** Instances repeat their figure this often; one silent for PRESENCE_EXPIRY_MS no longer counts. */
const PRESENCE_REPEAT_MS = 15_000
const PRESENCE_EXPIRY_MS = 45_000
/**
 * What one socket may send (docs/security.md): a bucket of INBOUND_BURST frames refilled with
 * INBOUND_PER_SECOND a second. A page sends at most one "typing" every 3 s; a socket that empties the
 * bucket is closed with INBOUND_CLOSE_CODE (policy violation) and its further frames are not read.
 */
export const INBOUND_BURST = 30
export const INBOUND_PER_SECOND = 5
export const INBOUND_CLOSE_CODE = 1008
export const INBOUND_CLOSE_REASON = 'Too many messages'

type Person = { id: string; name: string; email: string }
type Client = Recipient & {
  person: Person | null
  isAlive: boolean
  /** Which of the heartbeat's slices pings it. */
  slot: number
  /** Frames it may still send now, and when the bucket was last refilled. */
  tokens: number
  refilledAt: number
  isFlooding: boolean
}

export type RealtimeSocket = {
  /** People connected to this instance. */
  localOnline(): number
  close(): Promise<void>
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`,
  )
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
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false, clientTracking: false })
  const clients = new Set<Client>()
  const byUser = new Map<string, Set<Client>>()
  const lastTypingAt = new Map<string, number>()
  const presence = new Map<string, { online: number; at: number }>()
  let totalOnline = 0
  let visitors = 0
  let slots = 0

  const outbox = createOutbox(clients)
  const send = (client: Client, text: string) => outbox.toOne(client, text)
  const sendToUser = (userId: string, event: ServerEvent) => {
    const sockets = byUser.get(userId)
    if (!sockets) return
    const text = JSON.stringify(event)
    for (const client of sockets) send(client, text)
  }
  const sendToAll = (event: ServerEvent, exceptUserId?: string) => outbox.toAll(JSON.stringify(event), exceptUserId ?? null)

  // Presence: people (a signed-in user once, however many tabs; each visitor's socket) on this
  // instance, summed with the latest figure every other instance announced.
  const localOnline = () => byUser.size + visitors
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
      case 'tour':
        for (const userId of new Set(news.userIds)) sendToUser(userId, { type: 'tour', tourId: news.tourId, state: news.state })
        return
      case 'application':
        for (const userId of new Set(news.userIds)) {
          sendToUser(userId, { type: 'application', applicationId: news.applicationId, state: news.state })
        }
        return
      case 'lease':
        for (const userId of new Set(news.userIds)) sendToUser(userId, { type: 'lease', leaseId: news.leaseId, state: news.state })
        return
      case 'maintenance':
        for (const userId of new Set(news.userIds))
          sendToUser(userId, { type: 'maintenance', requestId: news.requestId, state: news.state })
        return
      case 'stay-calendar':
        for (const userId of new Set(news.userIds)) {
          sendToUser(userId, { type: 'stay-calendar', listingId: news.listingId, feedId: news.feedId, conflicts: news.conflicts })
        }
        return
      case 'stay':
        for (const userId of new Set(news.userIds)) sendToUser(userId, { type: 'stay', bookingId: news.bookingId, state: news.state })
        return
      case 'alerts':
        for (const { userId, unread } of news.counts) sendToUser(userId, { type: 'alerts', unread })
        return
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

  /** Takes a token from the socket's bucket; a socket that has none left is closed. */
  const mayReceive = (client: Client) => {
    if (client.isFlooding) return false
    const now = performance.now()
    client.tokens = Math.min(INBOUND_BURST, client.tokens + ((now - client.refilledAt) / 1000) * INBOUND_PER_SECOND)
    client.refilledAt = now
    if (client.tokens >= 1) {
      client.tokens -= 1
      return true
    }
    // Its further frames stay unread; the close frame goes out and the connection ends soon after.
    client.isFlooding = true
    logger.warn({ userId: client.person?.id ?? null }, 'a socket sent too many messages and was closed')
    client.ws.close(INBOUND_CLOSE_CODE, INBOUND_CLOSE_REASON)
    client.ws.pause()
    setTimeout(() => client.ws.terminate(), 1_000).unref()
    return false
  }

  const onClientMessage = (client: Client, data: WebSocket.RawData) => {
    if (!mayReceive(client) || !client.person) return
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
    const client: Client = {
      ws,
      personId: person?.id ?? null,
      own: [],
      joinedAfter: 0,
      person,
      isAlive: true,
      slot: slots++ % (HEARTBEAT_MS / HEARTBEAT_TICK_MS),
      tokens: INBOUND_BURST,
      refilledAt: performance.now(),
      isFlooding: false,
    }
    outbox.join(client)
    clients.add(client)
    if (!person) visitors += 1
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
      if (!person) visitors -= 1
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
    if (!isAllowedOrigin(request.headers.origin, requestOriginOf(request, config.TRUST_PROXY), config.publicUrl)) {
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

  // A socket that did not answer the last ping is gone (a sleeping laptop, a dropped network). Each
  // tick pings one slice of the sockets, so thousands of pings and pongs do not all come at once.
  let tick = 0
  const heartbeat = setInterval(() => {
    const slot = tick++ % (HEARTBEAT_MS / HEARTBEAT_TICK_MS)
    for (const client of clients) {
      if (client.slot !== slot) continue
      if (!client.isAlive) {
        client.ws.terminate()
        continue
      }
      client.isAlive = false
      client.ws.ping()
    }
  }, HEARTBEAT_TICK_MS)

  return {
    localOnline,
    async close() {
      server.off('upgrade', upgradeListener)
      clearInterval(heartbeat)
      clearInterval(presenceRepeat)
      clearTimeout(presenceTimer)
      // What is waiting still goes out, before the goodbye.
      outbox.flushNow()
      unsubscribe()
      // 1012: service restart. Clients reconnect (to this or another instance) and catch up.
      for (const client of clients) client.ws.close(1012, 'Server restarting')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      for (const client of clients) client.ws.terminate()
    },
  }
}
