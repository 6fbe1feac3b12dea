import os from 'node:os'
import { defineConfig } from 'vitest/config'

const integration = ['app/**/*.integration.test.{ts,tsx}', 'server/**/*.integration.test.ts', 'tests/integration/**/*.test.ts']

// The integration files share their workers' loaded modules (isolate: false) instead of importing the
// server anew for each file: on eight files that took a third off their CPU time (65.7 → 43.7 s). Each
// file still has its own database, services and mail catcher, made in beforeAll and closed in
// afterAll, and the server keeps its caches per database or per services, so no file sees another's
// data. A file that changes something of the process (a module's state, process.env, a mock) must
// undo it in afterAll; `isolate: true` here brings back a fresh worker per file.
const integrationProject = {
  include: integration,
  isolate: false,
  globalSetup: ['tests/support/migrated-database-setup.ts'],
  setupFiles: ['tests/support/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  test: {
    onConsoleLog: undefined,
    // Vitest's default leaves one of two cores to itself; integration files spend much of their time
    // waiting on a database, so two workers on a 2-core machine finish the suite sooner (316 → 185 s).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: integration,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      { test: { name: 'pglite', env: { TEST_DB: 'pglite' }, ...integrationProject } },
      { test: { name: 'postgres', env: { TEST_DB: 'postgres' }, ...integrationProject } },
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Hostile input against the production server on both databases (tests/hostile/support/global-setup.ts
          // starts one of each); the files take turns, so one file's flood never skews another's memory figures.
          name: 'hostile',
          include: ['tests/hostile/**/*.test.ts'],
          globalSetup: ['tests/hostile/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
