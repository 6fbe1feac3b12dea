// JSON problem bodies (RFC 9457 fields) for the API: one shape for every 4xx, with field errors when the
// input was at fault.
import type { Context } from 'hono'
import { statusOf, type AppError, type FieldErrors } from '#server/errors.server.ts'

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  429: 'Too Many Requests',
}

export type Problem = { type: string; title: string; status: number; detail: string; errors?: FieldErrors }

export function problem(c: Context, status: 400 | 401 | 403 | 404 | 409 | 413 | 429, detail: string, errors?: FieldErrors) {
  const body: Problem = { type: 'about:blank', title: titles[status]!, status, detail, ...(errors ? { errors } : {}) }
  // Plain application/json, like every other problem body this server sends (403 cross-site, 500).
  return c.json(body, status)
}

export function problemOf(c: Context, error: AppError) {
  return problem(c, statusOf[error.code], error.message, error.fieldErrors)
}
