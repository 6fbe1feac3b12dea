// Real sockets for tests: the site's HTTP app on a real port with /ws attached, and clients that keep
// every event they receive so a test can wait for one or assert that one never came.
import http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import WebSocket from 'ws'
import type { ServerEvent } from '#common/realtime-events.ts'
import { attachRealtimeSocket, type RealtimeSocket } from '#server/realtime/socket.server.ts'
import { TEST_ORIGIN, type TestServices } from './test-services.ts'

export type LiveServer = { url: string; wsUrl: string; socket: RealtimeSocket; close(): Promise<void> }

export async function startLiveServer(t: TestServices): Promise<LiveServer> {
  const server = http.createServer(getRequestListener((request) => t.app.fetch(request)))
  const socket = attachRealtimeSocket(server, t.services)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    socket,
    async close() {
      await socket.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type TestSocket = {
  events: ServerEvent[]
  /** Resolves with the first event (already received or coming) that matches. */
  waitFor<T extends ServerEvent['type']>(
    type: T,
    matches?: (event: Extract<ServerEvent, { type: T }>) => boolean,
  ): Promise<Extract<ServerEvent, { type: T }>>
  send(event: unknown): void
  /** Resolves with the close code when the server (or the client) closes the socket. */
  closed: Promise<number>
  close(): Promise<void>
}

/** Opens a socket as a page of the site would (Origin of the site, the user's cookie if any). */
export function openSocket(
  wsUrl: string,
  { cookie, origin = TEST_ORIGIN }: { cookie?: string; origin?: string } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(wsUrl, { headers: { origin, ...(cookie ? { cookie } : {}) } })
  const events: ServerEvent[] = []
  const waiters = new Set<() => void>()
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  ws.on('message', (data) => {
    // One event, or several sent together as an array.
    events.push(...([] as ServerEvent[]).concat(JSON.parse(String(data)) as ServerEvent | ServerEvent[]))
    for (const wake of waiters) wake()
  })
  const socket: TestSocket = {
    events,
    closed,
    waitFor(type, matches = () => true) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => e.type === type && matches(e as never))
          if (found) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(found as never)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No ${type} event; received: ${JSON.stringify(events)}`))
        }, 10_000)
        waiters.add(check)
        check()
      })
    },
    send(event) {
      ws.send(JSON.stringify(event))
    },
    close() {
      if (ws.readyState === WebSocket.CLOSED) return Promise.resolve()
      return new Promise((resolve) => {
        ws.once('close', () => resolve())
        ws.close()
      })
    },
  }
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket))
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)))
    ws.once('error', reject)
  })
}
