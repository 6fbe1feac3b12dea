// The real services of Cooper Home on a throwaway database, with mail going over SMTP to an
// in-process server. One per test file (beforeAll), closed in afterAll.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { appContext } from '#server/http/app-context.server.ts'
import { parseConfig } from '#server/config.server.ts'
import { createHttpApp } from '#server/http/app.server.ts'
import { createServices, type Services } from '#server/services.server.ts'
import type { CalendarFetchPolicy } from '#server/stays/ical.server.ts'
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts'
import { createTestDatabase } from './test-database.ts'

export const TEST_ORIGIN = 'http://localhost:3000'

export type TestServices = {
  services: Services
  mail: MailCatcher
  app: ReturnType<typeof createHttpApp>
  dataDir: string
  /** A React Router context for calling loaders and actions directly. */
  context(): RouterContextProvider
  close(): Promise<void>
}

/** `calendarPolicy`: what imported calendars may reach, when a test serves feeds of its own (server/stays/ical-policy.server.ts). */
export async function createTestServices(
  env: Record<string, string> = {},
  { calendarPolicy }: { calendarPolicy?: CalendarFetchPolicy } = {},
): Promise<TestServices> {
  const database = await createTestDatabase()
  const mail = await startMailCatcher()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-test-'))
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    // Tests run jobs themselves (services.jobs.runUntilIdle()), so nothing runs behind their back.
    JOBS_WORKERS: 'false',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...env,
  })
  const services = await createServices(config, { database, calendarPolicy })
  const app = createHttpApp({ services })
  return {
    services,
    mail,
    app,
    dataDir,
    context() {
      const context = new RouterContextProvider()
      context.set(appContext, { services, requestId: 'test', nonce: 'test', log: services.logger })
      return context
    },
    async close() {
      // The throwaway database and folder go even when a step fails (a test may close the database itself).
      try {
        await services.realtime.close()
        await services.jobs.stop()
        await mail.close()
      } finally {
        await database.drop()
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

/** A request as the browser would send it from one of our pages. */
export function formRequest(pathname: string, fields: Record<string, string>, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Origin', TEST_ORIGIN)
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  return new Request(`${TEST_ORIGIN}${pathname}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    ...init,
    headers,
  })
}

export function jsonRequest(pathname: string, body: unknown, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Origin', TEST_ORIGIN)
  headers.set('Content-Type', 'application/json')
  return new Request(`${TEST_ORIGIN}${pathname}`, {
    method: 'POST',
    body: JSON.stringify(body),
    ...init,
    headers,
  })
}
