// The burst of bench/alerts.ts, as the alert jobs' workers of one instance work it: the listings
// of a bulk import's changes taken one after another, whichever instance is free taking the next.
import { isMainThread } from 'node:worker_threads'
import type { Db } from '#server/db/client.server.ts'
import { matchListing } from '#server/alerts/index.server.ts'

const round = (ms: number) => Math.round(ms * 100) / 100

type SlowMatch = { ms: number; listingId: number; matches: number }
/** What one matching instance did of a burst: changes matched, matches, instant ones, its five slowest. */
export type Share = { matched: number; matches: number; instant: number; slowest: SlowMatch[] }

/**
 * Matches the burst's listings (`shared`: the next to take at 0, the listings after it) --concurrency
 * at a time, as one instance's alert job workers, each taking the next change any instance has not
 * taken; each listing's instant matches counted where its e-mail jobs would be queued.
 */
export async function matchShare(
  db: Db,
  shared: Int32Array,
  { concurrency, started }: { concurrency: number; started: number },
): Promise<Share> {
  const share: Share = { matched: 0, matches: 0, instant: 0, slowest: [] }
  const total = shared.length - 1
  const worker = async () => {
    for (let at = Atomics.add(shared, 0, 1); at < total; at = Atomics.add(shared, 0, 1)) {
      const listingId = shared[at + 1]!
      const matchStarted = performance.now()
      const found = await matchListing(db, { listingId })
      share.slowest.push({ ms: round(performance.now() - matchStarted), listingId, matches: found.length })
      share.slowest.sort((a, b) => b.ms - a.ms).splice(5)
      share.matched += 1
      share.matches += found.length
      share.instant += found.filter((match) => match.frequency === 'instant').length
      if (isMainThread && (at + 1) % 500 === 0)
        process.stderr.write(`\r  ${at + 1} of ${total} taken in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return share
}
