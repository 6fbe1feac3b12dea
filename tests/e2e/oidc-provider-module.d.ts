// The small part of oidc-provider 9 (which ships no types) that the end-to-end stack uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AccountClaims = { sub: string; [claim: string]: unknown }
  export type Account = { accountId: string; claims(): AccountClaims | Promise<AccountClaims> }

  export type Configuration = {
    clients?: Array<Record<string, unknown>>
    claims?: Record<string, string[]>
    cookies?: { keys?: string[] }
    features?: Record<string, { enabled: boolean }>
    pkce?: { required?: () => boolean }
    ttl?: Record<string, number>
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
