// The whole site as the end-to-end tests meet it, started by Playwright's webServer: the SMTP
// catcher (its messages listed over HTTP for the test workers), a real OpenID Connect provider and
// the production server (`server/main.ts` on the build) on a fresh PGlite data folder. SIGTERM or
// SIGINT stops the server first, then the rest, and removes the data folder.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startMailCatcher } from '../support/mail-catcher.ts'
import {
  APP_PORT,
  APP_URL,
  MAIL_HTTP_PORT,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_ISSUER,
  OIDC_NAME,
  OIDC_PORT,
  OIDC_REDIRECT_URI,
} from './environment.ts'
import { startOidcProvider } from './oidc-provider.ts'

const root = path.resolve(import.meta.dirname, '..', '..')

if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) {
  console.error('The end-to-end tests run against the production build, and there is none: run `npm run build` first (`npm test` does).')
  process.exit(1)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-e2e-'))
const mail = await startMailCatcher({ httpPort: MAIL_HTTP_PORT })
const oidc = await startOidcProvider({
  issuer: OIDC_ISSUER,
  port: OIDC_PORT,
  clientId: OIDC_CLIENT_ID,
  clientSecret: OIDC_CLIENT_SECRET,
  redirectUri: OIDC_REDIRECT_URI,
})

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(APP_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: APP_URL,
  DATA_DIR: dataDir,
  SMTP_URL: mail.url,
  OIDC_ISSUER,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_NAME,
  RATE_LIMIT: 'true',
  // Each test sends its own X-Forwarded-For, so the rate limits (which stay on) count per test as
  // they would per visitor, and tests do not use up each other's allowance.
  TRUST_PROXY: 'true',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error',
}
// The tests run on the embedded database, whatever the surrounding shell points at.
delete env.DATABASE_URL

const server = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], { cwd: root, env, stdio: 'inherit' })

let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await Promise.allSettled([mail.close(), oidc.close()])
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(code)
}

server.once('exit', (code, signal) => {
  if (stopping) return
  console.error(`The Cooper Home server stopped unexpectedly (${signal ?? `exit code ${code}`}).`)
  void stop(1)
})
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))
