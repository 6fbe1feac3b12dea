// Where the end-to-end stack listens. The config, the stack script and the test workers all read
// these, so one place decides the ports; E2E_*_PORT moves them when a port is taken.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

export const APP_PORT = port('E2E_APP_PORT', 3310)
export const OIDC_PORT = port('E2E_OIDC_PORT', 3311)
export const MAIL_HTTP_PORT = port('E2E_MAIL_PORT', 3312)

/** The site's public origin; the session cookie and the OIDC redirect URI belong to it. */
export const APP_URL = `http://localhost:${APP_PORT}`
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`
export const MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`

export const OIDC_CLIENT_ID = 'cooper-home-e2e'
export const OIDC_CLIENT_SECRET = 'cooper-home-e2e-client-secret-0123456789'
export const OIDC_NAME = 'Cooper Test ID'
/** better-auth's callback for the generic OAuth provider with id "oidc". */
export const OIDC_REDIRECT_URI = `${APP_URL}/api/auth/callback/oidc`

/** Headless Debian Chromium as these machines need it: no sandbox (root), no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The two sizes the suite runs at (the projects in playwright.config.ts): a desktop screen and a phone. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const
