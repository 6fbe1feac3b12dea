// A burst of requests for one slot, as a popular open house draws: in this process they go through the
// slot one at a time, and once the slot is known to be full the ones still waiting are refused without
// a query. Without it every request reads the slot before any has committed, all but a few then queue
// on the slot's row lock inside a transaction, each holding a pooled connection while it waits, and
// the burst takes as long as all of them in turn. The database stays the guarantee: across processes
// (and for anything this gate does not see) the upsert's condition and the slot's CHECK hold capacity.
//
// What the gate knows lasts only while requests for the slot are waiting: when the last one leaves, the
// slot is forgotten, so a place given back afterwards (a cancellation) is found by the next request.
import type { Db } from '#server/db/client.server.ts'

type Gate = { tail: Promise<unknown>; full: boolean; waiting: number }

const gatesByDb = new WeakMap<Db, Map<string, Gate>>()

/** The outcome an attempt reports to the gate: whether it left the slot full. */
export type GateOutcome<T> = { value: T; full: boolean }

/**
 * Runs `attempt` when the requests for the same slot that came before it in this process are done.
 * If one of them found or left the slot full, the error `refusal` makes is thrown instead, at once. An
 * attempt that throws an error `isFull` recognises marks the slot full too.
 */
export async function throughSlotGate<T>(
  db: Db,
  slot: { listingId: number; startsAt: Date },
  { attempt, refusal, isFull }: { attempt: () => Promise<GateOutcome<T>>; refusal: () => Error; isFull: (error: unknown) => boolean },
): Promise<T> {
  let gates = gatesByDb.get(db)
  if (!gates) gatesByDb.set(db, (gates = new Map()))
  const key = `${slot.listingId}\n${slot.startsAt.getTime()}`
  let gate = gates.get(key)
  if (!gate) gates.set(key, (gate = { tail: Promise.resolve(), full: false, waiting: 0 }))
  const current = gate
  current.waiting += 1
  const turn = current.tail.then(async (): Promise<T> => {
    if (current.full) throw refusal()
    try {
      const { value, full } = await attempt()
      if (full) current.full = true
      return value
    } catch (error) {
      if (isFull(error)) current.full = true
      throw error
    }
  })
  current.tail = turn.catch(() => undefined)
  try {
    return await turn
  } finally {
    current.waiting -= 1
    if (current.waiting === 0 && gates.get(key) === current) gates.delete(key)
  }
}
