// Configuration, parsed once at start from the environment. A bad variable stops the start with
// a message naming it. Every variable is documented in the README.
import { z } from 'zod'

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

const optionalUrl = (protocols: string[]) =>
  optionalText.refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
    message: `must start with ${protocols.join(' or ')}`,
  })

/** The platforms whose calendars hosts most often import, when the operator names none. */
const DEFAULT_CALENDAR_HOSTS =
  'www.airbnb.com,www.vrbo.com,www.homeaway.com,ical.booking.com,admin.booking.com,calendar.google.com,outlook.office365.com,outlook.live.com'

/** Host names, comma-separated: exact names, or `*.example.com` for its subdomains. */
const hostList = z
  .string()
  .default(DEFAULT_CALENDAR_HOSTS)
  .transform((value) =>
    value
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)), {
    message: 'must be host names separated by commas (a name may start with *. for its subdomains)',
  })

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl(['http://', 'https://']),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    AUTH_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
    MAIL_FROM: z.string().default('Cooper Home <hello@cooperhome.example>'),
    // The shared secret a mail provider's bounce webhook sends (POST /api/mail/bounces, as a Bearer
    // token); without it the endpoint does not exist (server/http/mail-bounces-api.server.ts).
    MAIL_BOUNCE_SECRET: optionalText.refine((value) => value === undefined || value.length >= 24, {
      message: 'must be at least 24 characters',
    }),
    OIDC_ISSUER: optionalUrl(['http://', 'https://']),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: z.string().default('Single sign-on'),
    TRUST_PROXY: booleanText,
    SEED_DEMO_DATA: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
    JOBS_WORKERS: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SOCIAL_FACEBOOK_URL: optionalUrl(['https://', 'http://']),
    SOCIAL_INSTAGRAM_URL: optionalUrl(['https://', 'http://']),
    // The map background: any XYZ tile server; the pages work without it.
    MAP_TILE_URL: z
      .string()
      .trim()
      .refine((value) => /^https?:\/\//.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
        message: 'must be an http(s) URL containing {z}, {x} and {y}',
      })
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default('© OpenStreetMap contributors'),
    RATE_LIMIT: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    // The hosts a listing's imported calendars may be fetched from (server/stays/ical-policy.server.ts).
    STAY_CALENDAR_HOSTS: hostList,
    // A connection's request headers must arrive within this; one that never sends a byte is closed then.
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    // Open connections one client address (an IPv6 /64) may hold; 0 for no cap. Not applied behind
    // TRUST_PROXY, where every connection comes from the proxy.
    CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(100),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET]
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      })
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'more than one process needs DATABASE_URL: the embedded database belongs to one process',
      })
    }
  })
  .transform((env) => ({
    ...env,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    isDevelopment: env.NODE_ENV === 'development',
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME,
          }
        : undefined,
  }))

export type Config = z.output<typeof configSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`)
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
}
