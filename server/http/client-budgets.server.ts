// Budgets of reads per client address, kept in this process's memory: reads that cost the server
// real work (the search map) are bounded per client so that one client's loop cannot slow everyone's
// searches. Each instance keeps its own counts (a client spread over N instances gets N budgets):
// they protect an instance's time, which is why they need no shared store and no write per request.
import type { Context, MiddlewareHandler } from 'hono'
import { problem } from './problem.server.ts'
import { budgetAddressOf, clientAddressOf } from './proxy.server.ts'

/** Past this many clients counted at once, the oldest windows are dropped (a flood of addresses cannot grow it further). */
const MOST_CLIENTS = 100_000

export type ReadBudget = { rule: { windowSeconds: number; max: number }; message: string }

/**
 * A middleware that lets each client address (an IPv6 /64) make at most `rule.max` requests in a
 * window of `rule.windowSeconds`, then answers 429 with Retry-After until its window ends. Off when
 * `enabled` is false (RATE_LIMIT=false).
 */
export function readBudget(
  { rule, message }: ReadBudget,
  { enabled, trustProxy }: { enabled: boolean; trustProxy: boolean },
): MiddlewareHandler {
  const windows = new Map<string, { started: number; count: number }>()
  return async (c: Context, next) => {
    if (!enabled) return next()
    const now = Date.now()
    const address = budgetAddressOf(clientAddressOf(c, trustProxy))
    let window = windows.get(address)
    if (!window || now - window.started >= rule.windowSeconds * 1000) {
      windows.delete(address)
      if (windows.size >= MOST_CLIENTS) {
        // Maps keep insertion order: the first keys are the oldest windows.
        for (const key of [...windows.keys()].slice(0, MOST_CLIENTS / 10)) windows.delete(key)
      }
      window = { started: now, count: 0 }
      windows.set(address, window)
    }
    window.count += 1
    if (window.count > rule.max) {
      const retryAfter = Math.max(1, Math.ceil((window.started + rule.windowSeconds * 1000 - now) / 1000))
      c.header('Retry-After', String(retryAfter))
      return problem(c, 429, message)
    }
    return next()
  }
}
