// The event bus between app instances (docs/decisions/011-realtime.md). On PostgreSQL every instance
// LISTENs on one channel and writers NOTIFY it after their transaction committed; on PGlite there is
// one process, so an in-process emitter with the same interface does.
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database, Db } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { readThread, readRoom } from '#server/messages/index.server.ts'
import type { News, PublicNews } from './events.server.ts'

export const CHANNEL = 'cooper_events'
/** NOTIFY refuses payloads of 8000 bytes or more; larger messages travel as a reference. */
export const MAX_PAYLOAD_BYTES = 7900

export type NewsHandler = (news: PublicNews) => void

export type RealtimeBus = {
  /** This process's id, so instances can tell their own presence figures from others'. */
  instanceId: string
  /** Tells every instance. Call only after the write committed. Never throws: a lost event is caught up by clients over HTTP. */
  publish(news: PublicNews): Promise<void>
  subscribe(handler: NewsHandler): () => void
  close(): Promise<void>
}

function fanOut(handlers: Set<NewsHandler>, news: PublicNews, logger: Logger) {
  for (const handler of handlers) {
    try {
      handler(news)
    } catch (error) {
      logger.error({ err: error, kind: news.kind }, 'a realtime subscriber failed')
    }
  }
}

export async function startRealtimeBus({ database, logger }: { database: Database; logger: Logger }): Promise<RealtimeBus> {
  const { connection } = database
  if (connection.kind === 'pglite') return createLocalBus(logger)
  return createPostgresBus({ url: connection.url, db: database.db, logger })
}

/** One process: subscribers hear each event on the next turn of the event loop. */
export function createLocalBus(logger: Logger): RealtimeBus {
  const handlers = new Set<NewsHandler>()
  return {
    instanceId: crypto.randomUUID(),
    async publish(news) {
      setImmediate(() => fanOut(handlers, news, logger))
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    async close() {
      handlers.clear()
    },
  }
}

/** The payload NOTIFY carries: the news itself, or a reference to a message too large to carry. */
export function encodeNews(news: PublicNews): string {
  const text = JSON.stringify(news)
  if (Buffer.byteLength(text) < MAX_PAYLOAD_BYTES) return text
  const ref: News =
    news.kind === 'dm'
      ? { kind: 'dm-ref', conversationId: news.message.conversationId, seq: news.message.seq, userIds: news.userIds }
      : news.kind === 'room'
        ? { kind: 'room-ref', seq: news.message.seq }
        : news
  return JSON.stringify(ref)
}

/** Turns a received payload back into news, reading referenced messages from the database. */
export async function decodeNews(db: Db, payload: string): Promise<PublicNews | null> {
  const news = JSON.parse(payload) as News
  if (news.kind === 'dm-ref') {
    const page = await readThread(db, { userId: news.userIds[0], conversationId: news.conversationId, afterSeq: news.seq - 1, limit: 1 })
    const message = page.messages[0]
    return message ? { kind: 'dm', message: { ...message, readAt: null }, userIds: news.userIds } : null
  }
  if (news.kind === 'room-ref') {
    const page = await readRoom(db, { afterSeq: news.seq - 1, limit: 1 })
    const message = page.messages[0]
    return message ? { kind: 'room', message } : null
  }
  return news
}

const RECONNECT_MIN_MS = 500
const RECONNECT_MAX_MS = 10_000

function createPostgresBus({ url, db, logger }: { url: string; db: Db; logger: Logger }): Promise<RealtimeBus> {
  const handlers = new Set<NewsHandler>()
  const instanceId = crypto.randomUUID()
  let client: pg.Client | null = null
  let isClosed = false
  let delay = RECONNECT_MIN_MS
  let retryTimer: NodeJS.Timeout | undefined

  const receive = async (payload: string | undefined) => {
    if (!payload) return
    try {
      const news = await decodeNews(db, payload)
      if (news) fanOut(handlers, news, logger)
    } catch (error) {
      logger.warn({ err: error }, 'an unreadable realtime event was dropped')
    }
  }

  // A dedicated connection: LISTEN belongs to a session, which a pool would hand to others.
  const listen = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'cooper-home realtime' })
    next.on('notification', (note) => {
      if (note.channel === CHANNEL) void receive(note.payload)
    })
    next.on('error', (error) => {
      logger.warn({ err: error }, 'the realtime LISTEN connection failed; reconnecting')
      dropAndRetry(next)
    })
    next.on('end', () => dropAndRetry(next))
    await next.connect()
    await next.query(`LISTEN ${CHANNEL}`)
    client = next
    delay = RECONNECT_MIN_MS
  }

  const scheduleRetry = () => {
    if (isClosed || retryTimer) return
    retryTimer = setTimeout(() => void retry(), delay)
  }
  const dropAndRetry = (failed: pg.Client) => {
    if (client === failed) client = null
    failed.removeAllListeners('end')
    failed.end().catch(() => {})
    scheduleRetry()
  }
  const retry = async () => {
    retryTimer = undefined
    try {
      await listen()
      logger.info('the realtime LISTEN connection is back')
    } catch (error) {
      delay = Math.min(delay * 2, RECONNECT_MAX_MS)
      logger.warn({ err: error, retryInMs: delay }, 'the realtime LISTEN connection could not be opened')
      scheduleRetry()
    }
  }

  const bus: RealtimeBus = {
    instanceId,
    async publish(news) {
      try {
        await db.execute(sql`select pg_notify(${CHANNEL}, ${encodeNews(news)})`)
      } catch (error) {
        logger.warn({ err: error, kind: news.kind }, 'a realtime event could not be published')
      }
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    async close() {
      isClosed = true
      clearTimeout(retryTimer)
      handlers.clear()
      const current = client
      client = null
      if (current) {
        current.removeAllListeners('end')
        await current.end().catch(() => {})
      }
    },
  }
  return listen().then(() => bus)
}
