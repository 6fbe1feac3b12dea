import { describe, expect, it } from 'vitest'
import { backoffDelay, createRealtimeClient } from './client.ts'
import type { RealtimeEvent } from '#common/realtime-events.ts'

class FakeSocket {
  readyState = 0
  sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null
  send(text: string) {
    this.sent.push(text)
  }
  close() {
    this.readyState = 3
    this.onclose?.()
  }
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  drop() {
    this.readyState = 3
    this.onclose?.()
  }
}

function harness() {
  const sockets: FakeSocket[] = []
  const timers: { fn: () => void; ms: number }[] = []
  const client = createRealtimeClient({
    url: 'ws://localhost/ws',
    open: () => {
      const socket = new FakeSocket()
      sockets.push(socket)
      return socket as never
    },
    schedule: (fn, ms) => {
      timers.push({ fn, ms })
      return timers.length as never
    },
    cancel: () => {},
  })
  const events: RealtimeEvent[] = []
  client.subscribe((e) => events.push(e))
  return { client, sockets, timers, events }
}

describe('backoffDelay', () => {
  it('starts at 1 s, doubles and stops at 30 s, within ±25 % jitter', () => {
    const mid = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect(backoffDelay(0, () => 0)).toBe(750)
    expect(backoffDelay(0, () => 1)).toBe(1250)
    expect(backoffDelay(20, () => 1)).toBe(37500)
  })
})

describe('createRealtimeClient', () => {
  it('passes server events on, reconnects with growing delays and says reconnected after a reconnect', () => {
    const { client, sockets, timers, events } = harness()
    expect(client.status()).toBe('connecting')
    sockets[0]!.open()
    expect(client.status()).toBe('open')
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'unread', unread: 2 }) })
    sockets[0]!.onmessage?.({ data: 'not json' })
    // Events sent together arrive as one array, in order.
    sockets[0]!.onmessage?.({
      data: JSON.stringify([
        { type: 'presence', online: 3 },
        { type: 'unread', unread: 3 },
      ]),
    })
    expect(events).toEqual([
      { type: 'unread', unread: 2 },
      { type: 'presence', online: 3 },
      { type: 'unread', unread: 3 },
    ])

    sockets[0]!.drop()
    expect(client.status()).toBe('closed')
    expect(timers).toHaveLength(1)
    timers[0]!.fn()
    sockets[1]!.drop()
    timers[1]!.fn()
    expect(timers[1]!.ms).toBeGreaterThan(timers[0]!.ms)
    sockets[2]!.open()
    expect(events.at(-1)).toEqual({ type: 'reconnected' })
    expect(events.filter((e) => e.type === 'reconnected')).toHaveLength(1)

    // After a successful open the delay starts again from 1 s.
    sockets[2]!.drop()
    expect(timers[2]!.ms).toBeLessThanOrEqual(1250)
  })

  it('sends typing only while open and stops reconnecting once stopped', () => {
    const { client, sockets, timers } = harness()
    client.send({ type: 'typing', conversationId: 4 })
    sockets[0]!.open()
    client.send({ type: 'typing', conversationId: null })
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: 'typing', conversationId: null })])
    client.stop()
    expect(client.status()).toBe('closed')
    expect(timers).toHaveLength(0)
  })
})

describe('stopping while connecting', () => {
  it('waits for the socket to open before closing it, and reports nothing from it', () => {
    const { client, sockets, events } = harness()
    client.stop()
    expect(sockets[0]!.readyState).toBe(0)
    sockets[0]!.open()
    expect(sockets[0]!.readyState).toBe(3)
    expect(events).toEqual([])
  })
})
