// Global setup of the integration projects: migrates one database for the whole run, which each test
// file then copies (see test-database.ts). On PostgreSQL it first checks that the server answers:
// with CI=true a missing server fails the run.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#server/db/client.server.ts'
import { newTestDatabaseName, onTestServer, testDatabaseUrl } from './test-postgres.ts'

async function pgliteSnapshot(project: TestProject): Promise<() => void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null })
  if (database.connection.kind !== 'pglite') throw new Error('Expected PGlite')
  const dump = await database.connection.client.dumpDataDir('none')
  await database.close()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-pglite-'))
  const file = path.join(dir, 'migrated.tar')
  fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  try {
    await onTestServer('select 1')
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the integration tests and did not answer at ${testDatabaseUrl()} ` +
        `(set TEST_DATABASE_URL): ${(error as Error).message}`,
    )
  }
  const name = newTestDatabaseName('template')
  await onTestServer(`create database ${name}`)
  const database = await openDatabase({ kind: 'postgres', url: testDatabaseUrl(name), poolSize: 1 })
  await database.close()
  project.provide('postgresTemplate', name)
  return () => onTestServer(`drop database if exists ${name} with (force)`)
}

export default function setup(project: TestProject) {
  return project.name === 'postgres' ? postgresTemplate(project) : pgliteSnapshot(project)
}
