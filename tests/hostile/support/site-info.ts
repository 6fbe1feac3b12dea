// What the global set-up tells the test files about the running sites.

export type DatabaseKind = 'pglite' | 'postgres'

export type SiteInfo = {
  database: DatabaseKind
  /** The site's public origin (PUBLIC_URL); requests go straight to it. */
  origin: string
  /** The server process, whose memory the oversize-body tests read from /proc. */
  pid: number
  /** DATA_DIR: the server writes its mail here (no SMTP_URL). */
  dataDir: string
}

/**
 * The hostile suite's ports (3420–3449; HOSTILE_PORT moves the first, the second follows it, for a
 * second run on the same machine); other suites use 3310–3312, 3363–3367 and 3390–3399.
 */
const firstPort = Number(process.env.HOSTILE_PORT ?? 3420)
export const PORTS: Record<DatabaseKind, number> = { pglite: firstPort, postgres: firstPort + 1 }

/** Made in the database before the server starts: no request can make an administrator. */
export const ADMIN = { name: 'Hana Admin', email: 'hostile.admin@example.com', password: 'a sturdy admin passphrase' }

declare module 'vitest' {
  export interface ProvidedContext {
    hostileSites: SiteInfo[]
  }
}
