// What the JSON API reads from a request before a domain function sees it: the id a path names and
// the JSON object a write sends. The same answers on every API: a malformed id names nothing (404),
// a body that is not a JSON object is refused (400).
import type { Context } from 'hono'
import { parsePositiveId } from '#common/ids.ts'
import { AppError } from '#server/errors.server.ts'

/** The id in a path (`what` names the thing in the 404 when there is none). */
export function pathIdOf(value: string | undefined, what: string): number {
  const id = parsePositiveId(value)
  if (id === null) throw new AppError('not-found', `No such ${what}.`)
  return id
}

/** The request's body, which must be a JSON object; its fields are the schema's to judge. */
export async function jsonObjectOf(c: Context): Promise<unknown> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new AppError('invalid', 'Send a JSON body.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('invalid', 'Send a JSON object.')
  return body
}
