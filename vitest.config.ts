import { defineConfig } from 'vitest/config'

const integration = ['app/**/*.integration.test.{ts,tsx}', 'server/**/*.integration.test.ts', 'tests/integration/**/*.test.ts']

export default defineConfig({
  test: {
    onConsoleLog: undefined,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: integration,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          env: { TEST_DB: 'pglite' },
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
          globalSetup: ['tests/support/postgres-global-setup.ts'],
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
    ],
  },
})
