// End-to-end tests in Debian's Chromium at a desktop and a phone size, against the production
// build with a real SMTP catcher and a real OpenID Connect provider (tests/e2e/stack.ts). A test whose
// steps and checks are the same at any size (a server's answer, mail, a live message, a form without
// JavaScript, a journey whose pages are the same at any size) carries the tag @any-size and runs at the
// desktop size only, its accessibility scans checking each page at both sizes (tests/e2e/axe.ts); every
// test that reads the layout, the viewport, a position or scrolling, or opens the phone's menu or filters
// runs at both (README, "Test layers and their budgets").
import { defineConfig } from '@playwright/test'
import { APP_URL, CHROMIUM_ARGS, VIEWPORTS } from './tests/e2e/environment.ts'
import type { E2eOptions } from './tests/e2e/fixtures.ts'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Node 24 runs the TypeScript stack directly; from an older Node, npx finds the project's Node 24.
const nodeForStack = Number(process.versions.node.split('.')[0]) >= 24 ? JSON.stringify(process.execPath) : 'npx node'

export default defineConfig<E2eOptions>({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three at once on two cores: with two, the suite's processes used about 340 s of CPU against a wall
  // time of 500 s and more, since a test mostly waits (pages, sockets, mail), so a third worker uses the
  // idle core. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // Time limits are a net for a hung test, not a measure of speed: on a shared two-core machine a journey
  // of two parties with a dozen axe scans took 60–90 s (twice its time on a quiet one), and CI's machine has
  // been slower still, so the net is set at two minutes; the longest journeys set their own.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    // Recording a trace of every test costs a fifth of the suite's time on two cores; a failure keeps its
    // screenshot and page snapshot. To trace: npx playwright test --trace on.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Tests about one layout only (the phone menu, the desktop bar) carry a tag naming it; tests whose
    // behaviour does not depend on the size (@any-size) run at the desktop size only, and so do tests that
    // make costly data once and then walk their read-only checks at each size in turn (@each-size, eachSize).
    { name: 'desktop', grepInvert: /@mobile-only/, use: { viewport: VIEWPORTS.desktop, layout: 'desktop' } },
    { name: 'mobile', grepInvert: /@desktop-only|@any-size|@each-size/, use: { viewport: VIEWPORTS.mobile, layout: 'mobile' } },
  ],
  webServer: {
    command: `${nodeForStack} tests/e2e/stack.ts`,
    url: `${APP_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
