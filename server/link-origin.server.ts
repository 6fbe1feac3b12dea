// The origin of the links the site mails for a request (the address confirmation, the password
// reset): PUBLIC_URL when it is set. Without it (the site run on this machine) the loopback name the
// person browsed, localhost, 127.0.0.1 or [::1] on the server's port, so the link opens where their
// session cookie is; never any other Host, which anyone can send. Mail sent later by a sweep, with no
// request behind it, links to the configured public URL.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Config } from '#server/config.server.ts'

type OriginConfig = Pick<Config, 'PUBLIC_URL' | 'publicUrl' | 'PORT'>

const current = new AsyncLocalStorage<string>()

/** The loopback origins that are this site when PUBLIC_URL is not set (none when it is). */
export function loopbackOrigins(config: OriginConfig): string[] {
  if (config.PUBLIC_URL) return []
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${config.PORT}`)
}

/** True for an origin links may use: the public URL, or one of its loopback aliases. */
export function isLinkOrigin(config: OriginConfig, origin: unknown): origin is string {
  return origin === config.publicUrl || (typeof origin === 'string' && loopbackOrigins(config).includes(origin))
}

/** The origin of the links mailed for this request. */
export function linkOriginOf(config: OriginConfig, request: Request): string {
  const origin = new URL(request.url).origin
  return isLinkOrigin(config, origin) ? origin : config.publicUrl
}

/** Runs `work` (a request, a job) with mailed links on `origin`. */
export function withLinkOrigin<T>(origin: string, work: () => T): T {
  return current.run(origin, work)
}

/** The origin of mailed links here: the request's or job's, else the public URL. */
export function linkOrigin(config: OriginConfig): string {
  return current.getStore() ?? config.publicUrl
}

/** The request's or job's link origin, for work queued now (undefined outside one). */
export function currentLinkOrigin(): string | undefined {
  return current.getStore()
}

/** A link better-auth made on the public URL, moved to the link origin of this request or job. */
export function relink(url: string, config: OriginConfig): string {
  const origin = linkOrigin(config)
  return origin !== config.publicUrl && url.startsWith(`${config.publicUrl}/`) ? origin + url.slice(config.publicUrl.length) : url
}
