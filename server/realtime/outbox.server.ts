// The frames an instance sends to its sockets. Events wait a moment and leave together, one frame per
// socket: one event alone, several as a JSON array. Every frame costs a system call and the
// receiver's wake-up, and a room message is a frame to every socket, so the number of frames (not
// of events) is what a crowded instance pays for (docs/decisions/011-realtime.md):
// - news after a quiet spell goes at once (on the next turn of the event loop); news in a busy spell
//   waits for the next flush and shares its frame;
// - flushes are at least FLUSH_INTERVAL_MS apart, and further apart when one flush took long: the
//   next waits FLUSH_SPACING times as long as the last took, so writing frames never takes more than
//   about half of the process's time and HTTP requests and the bus are still served between flushes
//   (5,000 sockets: a flush of ~60 ms, one every ~120 ms, instead of back-to-back flushes the
//   receivers could not keep up with);
// - the events every socket gets (room messages, presence) are kept once per flush, not once per
//   socket, and encoded once: a socket that has nothing else waiting is sent that one shared buffer.
import type { WebSocket } from 'ws'

/** Frames leave at most this often. */
export const FLUSH_INTERVAL_MS = 40
/** A flush that took t ms is followed by the next no sooner than FLUSH_SPACING × t ms after it began. */
const FLUSH_SPACING = 2
/** However long a flush took, the next one is at most this far behind. */
const MAX_FLUSH_INTERVAL_MS = 1_000
/** A socket this far behind on reading is dropped; it catches up over HTTP when it reconnects. */
export const MAX_BUFFERED_BYTES = 1024 * 1024

export type Recipient = {
  ws: WebSocket
  personId: string | null
  /** This socket's own events since the last flush, each after as many shared events of the flush. */
  own: { after: number; text: string }[]
  /** Shared events of this flush queued before the socket joined: not for it. */
  joinedAfter: number
}

type Shared = { text: string; exceptPersonId: string | null }

export function createOutbox(recipients: Set<Recipient>) {
  let shared: Shared[] = []
  const waiting = new Set<Recipient>()
  let timer: NodeJS.Timeout | NodeJS.Immediate | undefined
  let nextFlushAt = 0

  const frameOf = (texts: string[]) => Buffer.from(texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`)

  /** The texts for one socket with events of its own (or joined, or excepted): shared and own in order. */
  const textsFor = (recipient: Recipient, events: Shared[]) => {
    const texts: string[] = []
    let own = 0
    for (let i = 0; i <= events.length; i += 1) {
      while (own < recipient.own.length && recipient.own[own]!.after <= i) texts.push(recipient.own[own++]!.text)
      const event = events[i]
      if (!event || i < recipient.joinedAfter) continue
      if (event.exceptPersonId === null || event.exceptPersonId !== recipient.personId) texts.push(event.text)
    }
    return texts
  }

  const flush = () => {
    timer = undefined
    const began = performance.now()
    const events = shared
    shared = []
    const excepted = new Set(events.flatMap((e) => (e.exceptPersonId ? [e.exceptPersonId] : [])))
    let sharedFrame: Buffer | undefined
    for (const recipient of events.length > 0 ? recipients : waiting) {
      const { ws } = recipient
      const isPlain = recipient.own.length === 0 && recipient.joinedAfter === 0 && !(recipient.personId && excepted.has(recipient.personId))
      const texts = isPlain ? null : textsFor(recipient, events)
      recipient.own = []
      recipient.joinedAfter = 0
      if (ws.readyState !== ws.OPEN) continue
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate()
        continue
      }
      if (texts === null) ws.send((sharedFrame ??= frameOf(events.map((e) => e.text))), { binary: false })
      else if (texts.length > 0) ws.send(frameOf(texts), { binary: false })
    }
    waiting.clear()
    const took = performance.now() - began
    nextFlushAt = began + Math.min(MAX_FLUSH_INTERVAL_MS, Math.max(FLUSH_INTERVAL_MS, took * FLUSH_SPACING))
  }

  const schedule = () => {
    if (timer) return
    const wait = nextFlushAt - performance.now()
    timer = wait > 0 ? setTimeout(flush, wait) : setImmediate(flush)
  }

  return {
    /** A socket that joins now hears only the shared events queued from now on. */
    join(recipient: Recipient) {
      recipient.joinedAfter = shared.length
    },
    toOne(recipient: Recipient, text: string) {
      if (recipient.ws.readyState !== recipient.ws.OPEN) return
      recipient.own.push({ after: shared.length, text })
      waiting.add(recipient)
      schedule()
    },
    /** To every socket, but those of `exceptPersonId` (someone's own typing). */
    toAll(text: string, exceptPersonId: string | null = null) {
      if (recipients.size === 0) return
      shared.push({ text, exceptPersonId })
      schedule()
    },
    /** Sends what is waiting now (before a goodbye). */
    flushNow() {
      if (!timer) return
      clearTimeout(timer as NodeJS.Timeout)
      clearImmediate(timer as NodeJS.Immediate)
      flush()
    },
  }
}
