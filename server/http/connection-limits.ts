// How long one connection may take, so that slow or silent clients cannot hold the server's
// connections: the request's headers must arrive within 10 s, the whole request (an upload on a slow
// line included) within 2 minutes. An idle keep-alive connection stays 65 s, longer than the 60 s a
// load balancer in front usually keeps one, so the balancer never reuses a connection being closed.
import type http from 'node:http'
import type { Socket } from 'node:net'
import { budgetAddressOf } from './proxy.server.ts'

export const CONNECTION_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  /** How often Node checks the two timeouts above (its default, 30 s, would let them run long). */
  checkIntervalMs: 1_000,
} as const

export type ConnectionGuard = {
  /** Headers of a connection's first request must arrive within this (HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number
  /** Open connections one client address (an IPv6 /64) may hold at once; 0 for no cap (CONNECTIONS_PER_CLIENT). */
  connectionsPerClient: number
}

/**
 * Closes what Node's own timeouts leave open. Node times a request's headers only once its first
 * byte has come: a connection that never sends one stays open for good, and a client could hold
 * thousands. Here a connection that has sent nothing within the headers timeout is closed (one that
 * has sent part of its headers gets Node's 408 by then, within its check interval), and a client
 * address past its share of open connections is refused at once.
 * Behind a trusted proxy every connection comes from the proxy, so the cap is the proxy's to keep.
 */
export function guardConnections(server: http.Server, guard: ConnectionGuard): void {
  server.headersTimeout = guard.headersTimeoutMs
  const open = new Map<string, number>()
  const waiting = new WeakMap<Socket, NodeJS.Timeout>()
  const served = (socket: Socket) => {
    const timer = waiting.get(socket)
    if (timer) clearTimeout(timer)
    waiting.delete(socket)
  }
  server.on('connection', (socket: Socket) => {
    if (guard.connectionsPerClient > 0) {
      const address = budgetAddressOf(socket.remoteAddress ?? '')
      const count = (open.get(address) ?? 0) + 1
      if (count > guard.connectionsPerClient) {
        socket.destroy()
        return
      }
      open.set(address, count)
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1
        if (left > 0) open.set(address, left)
        else open.delete(address)
      })
    }
    // A connection that has sent part of its headers is Node's to time: it answers 408 within its check interval.
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy()
    }, guard.headersTimeoutMs)
    timer.unref()
    waiting.set(socket, timer)
    socket.once('close', () => served(socket))
  })
  server.on('request', (request: http.IncomingMessage) => served(request.socket))
  server.on('upgrade', (request: http.IncomingMessage) => served(request.socket))
}
