// The outbox's frames: what each socket receives, in which order, and that the events every socket
// gets are one shared buffer.
import { describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { createOutbox, type Recipient } from './outbox.server.ts'

type Sent = { recipient: string; frame: Buffer }

function fakeSocket(name: string, sent: Sent[], { open = true, bufferedAmount = 0 } = {}) {
  const ws = {
    OPEN: 1,
    readyState: open ? 1 : 3,
    bufferedAmount,
    terminated: false,
    send(frame: Buffer) {
      sent.push({ recipient: name, frame })
    },
    terminate() {
      ws.terminated = true
    },
  }
  return ws
}

function setUp(names: [string, string | null][]) {
  const sent: Sent[] = []
  const recipients = new Set<Recipient>()
  const byName = new Map<string, Recipient & { ws: ReturnType<typeof fakeSocket> }>()
  const outbox = createOutbox(recipients)
  const add = (name: string, personId: string | null, options?: Parameters<typeof fakeSocket>[2]) => {
    const recipient = { ws: fakeSocket(name, sent, options) as unknown as WebSocket, personId, own: [], joinedAfter: 0 }
    outbox.join(recipient)
    recipients.add(recipient)
    byName.set(name, recipient as never)
    return recipient
  }
  for (const [name, personId] of names) add(name, personId)
  const framesOf = (name: string) => sent.filter((s) => s.recipient === name).map((s) => JSON.parse(String(s.frame)) as unknown)
  return { sent, outbox, add, byName, framesOf }
}

const flushed = () => new Promise((resolve) => setTimeout(resolve, 60))

describe('the outbox', () => {
  it('sends the events every socket gets as one shared buffer, and a socket with news of its own its own frame in order', async () => {
    const { sent, outbox, byName, framesOf } = setUp([
      ['a', 'ann'],
      ['b', 'bob'],
      ['visitor', null],
    ])
    outbox.toAll('{"n":1}')
    outbox.toOne(byName.get('b')!, '{"own":1}')
    outbox.toAll('{"n":2}')
    await flushed()
    expect(framesOf('a')).toEqual([[{ n: 1 }, { n: 2 }]])
    expect(framesOf('visitor')).toEqual([[{ n: 1 }, { n: 2 }]])
    expect(framesOf('b')).toEqual([[{ n: 1 }, { own: 1 }, { n: 2 }]])
    const shared = sent.filter((s) => s.recipient !== 'b').map((s) => s.frame)
    expect(shared[0]).toBe(shared[1])
  })

  it('leaves out the excepted person’s sockets, and a socket that joined after an event was queued', async () => {
    const { outbox, add, framesOf } = setUp([
      ['typist', 'tia'],
      ['other', 'oli'],
    ])
    outbox.toAll('{"typing":"tia"}', 'tia')
    add('late', 'lou')
    outbox.toAll('{"n":1}')
    await flushed()
    expect(framesOf('typist')).toEqual([{ n: 1 }])
    expect(framesOf('other')).toEqual([[{ typing: 'tia' }, { n: 1 }]])
    expect(framesOf('late')).toEqual([{ n: 1 }])
  })

  it('skips a closed socket and drops one too far behind', async () => {
    const { outbox, add, framesOf, byName } = setUp([['ok', 'ann']])
    add('closed', 'cal', { open: false })
    add('behind', 'ben', { bufferedAmount: 2 * 1024 * 1024 })
    outbox.toAll('{"n":1}')
    await flushed()
    expect(framesOf('ok')).toEqual([{ n: 1 }])
    expect(framesOf('closed')).toEqual([])
    expect(framesOf('behind')).toEqual([])
    expect((byName.get('behind')!.ws as unknown as { terminated: boolean }).terminated).toBe(true)
  })

  it('sends news after a quiet spell at once, and news in a busy spell together at the next flush', async () => {
    const { outbox, framesOf } = setUp([['a', 'ann']])
    outbox.toAll('{"n":1}')
    await new Promise((resolve) => setImmediate(resolve))
    expect(framesOf('a')).toEqual([{ n: 1 }])
    outbox.toAll('{"n":2}')
    outbox.toAll('{"n":3}')
    await new Promise((resolve) => setImmediate(resolve))
    expect(framesOf('a')).toEqual([{ n: 1 }])
    await flushed()
    expect(framesOf('a')).toEqual([{ n: 1 }, [{ n: 2 }, { n: 3 }]])
  })
})
