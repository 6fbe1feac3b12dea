import os from 'node:os'
import { defineConfig } from 'vitest/config'

const integration = ['app/**/*.integration.test.{ts,tsx}', 'server/**/*.integration.test.ts', 'tests/integration/**/*.test.ts']

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
      {
        test: {
          name: 'pglite',
          include: integration,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/migrated-database-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          include: integration,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/migrated-database-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
