// A page of messages in sequence order, the same for a conversation and the room: the newest page,
// the page before a number (scrolling back) or everything after one (catching up after a reconnect),
// asked for one row beyond the page to know whether there is more.
import { asc, desc, gt, lt, type AnyColumn, type SQL } from 'drizzle-orm'
import { THREAD_PAGE_SIZE } from './direct-rows.server.ts'

export type SeqPageRequest = { beforeSeq?: number; afterSeq?: number; limit?: number }

export type SeqPage = {
  /** The condition on the sequence number (none for the newest page). */
  where: SQL | undefined
  orderBy: SQL
  /** One beyond the page, to tell whether there is more. */
  limit: number
  /** The page's rows in sequence order, and whether there are messages before and after them. */
  pageOf<Row>(rows: Row[], firstSeqOf: (page: Row[]) => number): { rows: Row[]; hasEarlier: boolean; hasLater: boolean }
}

export function seqPage(seq: AnyColumn, { beforeSeq, afterSeq, limit = THREAD_PAGE_SIZE }: SeqPageRequest): SeqPage {
  const size = Math.min(Math.max(1, limit), THREAD_PAGE_SIZE)
  const isCatchingUp = afterSeq !== undefined
  return {
    where: isCatchingUp ? gt(seq, afterSeq) : beforeSeq !== undefined ? lt(seq, beforeSeq) : undefined,
    orderBy: isCatchingUp ? asc(seq) : desc(seq),
    limit: size + 1,
    pageOf(rows, firstSeqOf) {
      const hasMore = rows.length > size
      const page = rows.slice(0, size)
      if (!isCatchingUp) page.reverse()
      return {
        rows: page,
        hasEarlier: isCatchingUp ? firstSeqOf(page) > 1 : hasMore,
        hasLater: isCatchingUp ? hasMore : false,
      }
    },
  }
}
